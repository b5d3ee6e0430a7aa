import { DeleteOutlined, PlusOutlined, WarningOutlined } from '@ant-design/icons';
import {
  DESCRICAO_MOTIVO_SAIDA,
  formatarMoeda,
  MOTIVOS_SAIDA_MANUAL,
  type MotivoSaidaManual,
  type ProdutoEstoque,
} from '@retaguarda/domain';
import { PERMISSAO } from '@retaguarda/domain/catalogos/permissoes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  DatePicker,
  Descriptions,
  Flex,
  Form,
  Grid,
  Input,
  Select,
  Space,
  Table,
  Tooltip,
  Typography,
  theme,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { novoId } from '../../lib/ids/novo-id.ts';
import { notificar } from '../../lib/notify/notificar.ts';
import { useSessao } from '../../lib/session/sessao.ts';
import { SeletorEmpresaUsuario, useTemPermissao } from '../auth/empresas-usuario.tsx';
import { chavesEstoque, lancarSaidaManual, produtosEstoqueQuery } from './api.ts';
import { SeletorProdutoEstoque } from './comum.tsx';
import { formatarCusto, formatarQuantidade } from './formato.ts';
import { ListaSaidasManuais } from './lista-saidas-manuais.tsx';
import {
  type FormularioSaida,
  figurasDaLinha,
  type LinhaSaida,
  montarDocumento,
  totalDaSaida,
} from './saida-manual.ts';

// estoqueSaidaManual (issue 17): losses, breakage, expiry, internal use. A document of lines valued at the
// average cost, posted once however often it is sent (its id is made when the form opens), and the store's
// recent exits below it, where a wrong line is reversed with a reason.

const linhaVazia = (): LinhaSaida => ({ chave: novoId(), produto: null, quantidade: '' });

const formularioNovo = (empresa: string | undefined, motivo?: MotivoSaidaManual): FormularioSaida => ({
  _id: novoId(),
  empresa,
  data: undefined,
  motivo,
  observacao: '',
  linhas: [linhaVazia()],
});

export function SaidaManualPage() {
  const empresaSessao = useSessao((s) => s.empresa?._id);
  const [empresa, setEmpresa] = useState(empresaSessao);
  const [novoDocumento, setNovoDocumento] = useState<string | null>(null);
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Flex gap={8} align="center" wrap>
        <label htmlFor="saida-empresa">Empresa</label>
        <SeletorEmpresaUsuario id="saida-empresa" valor={empresa} aoMudar={setEmpresa} />
      </Flex>
      <FormularioSaidaManual empresa={empresa} aoLancar={setNovoDocumento} />
      {empresa && <ListaSaidasManuais empresa={empresa} destaque={novoDocumento} />}
    </Space>
  );
}

function FormularioSaidaManual({
  empresa,
  aoLancar,
}: {
  empresa: string | undefined;
  aoLancar: (documento: string) => void;
}) {
  const { token } = theme.useToken();
  // On a phone each line is a card (product, quantity, then its figures) instead of a table row wider than the
  // screen; until the width is known the table stands (the desktop's layout).
  const estreita = Grid.useBreakpoint().md === false;
  const queryClient = useQueryClient();
  const podeIncluir = useTemPermissao(empresa, PERMISSAO.estoqueSaidaManualIncluir);
  const [f, setF] = useState<FormularioSaida>(() => formularioNovo(empresa));
  const [erros, setErros] = useState<string[]>([]);
  const [recusa, setRecusa] = useState<string | null>(null);
  const mudar = (parcial: Partial<FormularioSaida>) => {
    setF((atual) => ({ ...atual, ...parcial }));
    setRecusa(null);
  };
  const mudarLinha = (chave: string, parcial: Partial<LinhaSaida>) =>
    setF((atual) => ({
      ...atual,
      linhas: atual.linhas.map((l) => (l.chave === chave ? { ...l, ...parcial } : l)),
    }));

  // The form follows the store chosen above; a document already typed keeps its lines with the new store's
  // balances (read fresh below).
  if (f.empresa !== empresa) setF((atual) => ({ ...atual, empresa, _id: novoId() }));

  // Balances of the chosen products, fresh: after the store changes and after every move written here.
  const ids = useMemo(
    () => [...new Set(f.linhas.flatMap((l) => (l.produto ? [l.produto._id] : [])))].sort(),
    [f.linhas],
  );
  const frescos = useQuery({
    ...produtosEstoqueQuery(empresa ?? '', '', ids),
    enabled: Boolean(empresa) && ids.length > 0,
  });
  const linhas = useMemo(() => {
    const porId = new Map((frescos.data ?? []).map((p) => [p._id, p]));
    return f.linhas.map((l) => (l.produto ? { ...l, produto: porId.get(l.produto._id) ?? l.produto } : l));
  }, [f.linhas, frescos.data]);

  const lancar = useMutation({
    mutationFn: lancarSaidaManual,
    onSuccess: (r, documento) => {
      notificar({
        tipo: 'success',
        mensagem: `Saída lançada: ${r.movimentos.length} ${r.movimentos.length === 1 ? 'produto' : 'produtos'}, ${formatarMoeda(totalDaSaida(linhas))}.`,
      });
      aoLancar(documento._id);
      setF(formularioNovo(empresa));
      setErros([]);
      void queryClient.invalidateQueries({ queryKey: chavesEstoque.saldos() });
    },
    // Refusals of the server (negative stock, closed period) stay on the form until it changes; the
    // document keeps its id, so sending it again after a lost answer cannot post it twice.
    onError: (e) => setRecusa(e.message),
  });

  function salvar() {
    if (lancar.isPending) return;
    const r = montarDocumento({ ...f, linhas });
    setErros(r.ok ? [] : r.erros);
    setRecusa(null);
    if (r.ok) lancar.mutate(r.documento);
  }

  const total = totalDaSaida(linhas);
  const data = f.data ? dayjs(f.data) : null;

  // A line's cells, shared by the table (desktop) and the cards (phone).
  const produtoDaLinha = (l: LinhaSaida, i: number) => (
    <SeletorProdutoEstoque
      id={`saida-produto-${i}`}
      empresa={empresa}
      valor={l.produto}
      autoFocus={i > 0 && !l.produto}
      aoMudar={(produto: ProdutoEstoque | null) => {
        mudarLinha(l.chave, { produto });
        setRecusa(null);
      }}
    />
  );
  const saldoAtual = (l: LinhaSaida) =>
    l.produto ? (
      <span data-testid="saldo-atual">
        {formatarQuantidade(l.produto.quantidade, l.produto.unidade)} {l.produto.unidade ?? ''}
      </span>
    ) : null;
  const quantidadeDaLinha = (l: LinhaSaida, i: number) => (
    <Input
      id={`saida-quantidade-${i}`}
      aria-label={`Quantidade da linha ${i + 1}`}
      placeholder={estreita ? 'Quantidade' : undefined}
      inputMode="decimal"
      value={l.quantidade}
      suffix={l.produto?.unidade ?? undefined}
      style={{ textAlign: 'right' }}
      onChange={(e) => {
        mudarLinha(l.chave, { quantidade: e.target.value });
        setRecusa(null);
      }}
      onPressEnter={(e) => {
        // Enter on the last line opens a new one (typing a list of losses without the mouse).
        if (i === linhas.length - 1 && l.produto) {
          e.preventDefault();
          mudar({ linhas: [...f.linhas, linhaVazia()] });
        }
      }}
    />
  );
  const saldoApos = (l: LinhaSaida) => {
    const fig = figurasDaLinha(l);
    if (fig.saldoApos === null) return null;
    const texto = `${formatarQuantidade(fig.saldoApos, l.produto?.unidade)} ${l.produto?.unidade ?? ''}`;
    return fig.negativo ? (
      <Tooltip title="O saldo ficará negativo: a empresa pode recusar a saída.">
        <Typography.Text type="danger" data-testid="saldo-apos">
          <WarningOutlined /> {texto}
        </Typography.Text>
      </Tooltip>
    ) : (
      <span data-testid="saldo-apos">{texto}</span>
    );
  };
  const removerLinha = (l: LinhaSaida, i: number) => (
    <Button
      type="text"
      aria-label={`Remover linha ${i + 1}`}
      icon={<DeleteOutlined />}
      disabled={linhas.length === 1 && !l.produto && !l.quantidade}
      onClick={() => {
        const resto = f.linhas.filter((x) => x.chave !== l.chave);
        mudar({ linhas: resto.length ? resto : [linhaVazia()] });
      }}
    />
  );
  const adicionarLinha = (
    <Button
      type="dashed"
      icon={<PlusOutlined />}
      onClick={() => mudar({ linhas: [...f.linhas, linhaVazia()] })}
    >
      Adicionar produto
    </Button>
  );
  return (
    <Card size="small" title="Nova saída manual" data-testid="formulario-saida">
      {!podeIncluir && empresa && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          title="Você pode consultar as saídas desta empresa, mas não lançar: falta a permissão Saída Manual - Incluir."
        />
      )}
      <Form layout="vertical" onFinish={salvar} disabled={!podeIncluir || !empresa}>
        <Flex gap={16} wrap>
          <Form.Item
            label="Data"
            htmlFor="saida-data"
            style={{ minWidth: 220 }}
            extra="Em branco: a hora do lançamento."
          >
            <DatePicker
              id="saida-data"
              showTime={{ format: 'HH:mm' }}
              format="DD/MM/YYYY HH:mm"
              placeholder="Agora"
              value={data}
              maxDate={dayjs()}
              onChange={(v: Dayjs | null) => mudar({ data: v ? v.toISOString() : undefined })}
            />
          </Form.Item>
          <Form.Item label="Motivo" htmlFor="saida-motivo" required style={{ minWidth: 220 }}>
            <Select
              id="saida-motivo"
              placeholder="Escolha o motivo"
              value={f.motivo}
              onChange={(motivo: MotivoSaidaManual) => mudar({ motivo })}
              options={MOTIVOS_SAIDA_MANUAL.map((m) => ({ value: m, label: DESCRICAO_MOTIVO_SAIDA[m] }))}
            />
          </Form.Item>
          <Form.Item
            label="Observação"
            htmlFor="saida-observacao"
            required={f.motivo === 'outro'}
            style={{ flex: 1, minWidth: 260 }}
          >
            <Input
              id="saida-observacao"
              maxLength={300}
              value={f.observacao}
              placeholder={f.motivo === 'outro' ? 'Descreva o motivo da saída' : 'Opcional'}
              onChange={(e) => mudar({ observacao: e.target.value })}
            />
          </Form.Item>
        </Flex>
        {estreita ? (
          <Flex vertical gap={8} data-testid="linhas-saida">
            {linhas.map((l, i) => {
              const fig = figurasDaLinha(l);
              return (
                <Card
                  key={l.chave}
                  size="small"
                  type="inner"
                  title={`Produto ${i + 1}`}
                  extra={removerLinha(l, i)}
                >
                  <Flex vertical gap={8}>
                    {produtoDaLinha(l, i)}
                    {quantidadeDaLinha(l, i)}
                    {l.produto && (
                      <Descriptions
                        size="small"
                        column={2}
                        items={[
                          { key: 'saldo', label: 'Saldo atual', children: saldoAtual(l) },
                          {
                            key: 'custo',
                            label: 'Custo médio',
                            children: formatarCusto(l.produto.custoMedio),
                          },
                          { key: 'apos', label: 'Saldo após', children: saldoApos(l) },
                          {
                            key: 'valor',
                            label: 'Valor',
                            children: fig.valor ? formatarMoeda(fig.valor) : '—',
                          },
                        ]}
                      />
                    )}
                  </Flex>
                </Card>
              );
            })}
            <Flex justify="space-between" align="center" gap={8}>
              {adicionarLinha}
              <Typography.Text strong data-testid="total-saida">
                {formatarMoeda(total)}
              </Typography.Text>
            </Flex>
          </Flex>
        ) : (
          <Table<LinhaSaida>
            size="small"
            rowKey="chave"
            pagination={false}
            dataSource={linhas}
            scroll={{ x: 980 }}
            data-testid="linhas-saida"
            columns={[
              { title: 'Produto', key: 'produto', width: 340, render: (_, l, i) => produtoDaLinha(l, i) },
              {
                title: 'Saldo atual',
                key: 'saldo',
                align: 'right',
                width: 120,
                render: (_, l) => saldoAtual(l),
              },
              {
                title: 'Custo médio',
                key: 'custo',
                align: 'right',
                width: 120,
                render: (_, l) => (l.produto ? formatarCusto(l.produto.custoMedio) : null),
              },
              {
                title: 'Quantidade',
                key: 'quantidade',
                width: 150,
                render: (_, l, i) => quantidadeDaLinha(l, i),
              },
              {
                title: 'Saldo após',
                key: 'apos',
                align: 'right',
                width: 130,
                render: (_, l) => saldoApos(l),
              },
              {
                title: 'Valor',
                key: 'valor',
                align: 'right',
                width: 120,
                render: (_, l) => {
                  const fig = figurasDaLinha(l);
                  return fig.valor ? formatarMoeda(fig.valor) : null;
                },
              },
              { title: '', key: 'acoes', width: 48, render: (_, l, i) => removerLinha(l, i) },
            ]}
            summary={() => (
              <Table.Summary.Row>
                <Table.Summary.Cell index={0} colSpan={5}>
                  {adicionarLinha}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={5} align="right">
                  <Typography.Text strong data-testid="total-saida">
                    {formatarMoeda(total)}
                  </Typography.Text>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={6} />
              </Table.Summary.Row>
            )}
          />
        )}
        {(erros.length > 0 || recusa) && (
          <Alert
            type="error"
            showIcon
            role="alert"
            data-testid="recusa-saida"
            style={{ marginTop: 12 }}
            title={recusa ? 'A saída não foi lançada' : 'Confira a saída'}
            description={
              recusa ?? (
                <ul style={{ margin: 0, paddingInlineStart: 18 }}>
                  {erros.map((e) => (
                    <li key={e}>{e}</li>
                  ))}
                </ul>
              )
            }
          />
        )}
        <Flex justify="space-between" align="center" gap={8} wrap style={{ marginTop: 12 }}>
          <Typography.Text type="secondary" style={{ color: token.colorTextDescription }}>
            Os produtos saem pelo custo médio da empresa. Um lançamento errado é estornado na lista abaixo.
          </Typography.Text>
          <Space>
            <Button
              htmlType="button"
              onClick={() => {
                setF(formularioNovo(empresa));
                setErros([]);
                setRecusa(null);
              }}
            >
              Limpar
            </Button>
            <Button type="primary" htmlType="submit" loading={lancar.isPending}>
              Lançar saída
            </Button>
          </Space>
        </Flex>
      </Form>
    </Card>
  );
}
