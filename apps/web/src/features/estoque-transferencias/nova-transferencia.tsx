import { ArrowLeftOutlined, DeleteOutlined, PlusOutlined, WarningOutlined } from '@ant-design/icons';
import { escreverCentavos, formatarMoeda, type ProdutoEstoque } from '@retaguarda/domain';
import { PERMISSAO } from '@retaguarda/domain/catalogos/permissoes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Flex,
  Form,
  Input,
  Space,
  Table,
  Tooltip,
  Typography,
  theme,
} from 'antd';
import { useMemo, useState } from 'react';
import { novoId } from '../../lib/ids/novo-id.ts';
import { notificar } from '../../lib/notify/notificar.ts';
import { useSessao } from '../../lib/session/sessao.ts';
import { SeletorEmpresaUsuario, useTemPermissao } from '../auth/empresas-usuario.tsx';
import { chavesTransferencia, criarTransferencia, produtosQuery } from './api.ts';
import { SeletorLojaDoGrupo, SeletorProduto } from './comum.tsx';
import {
  type FormularioTransferencia,
  figurasDaLinha,
  formatarCusto,
  formatarQuantidade,
  type LinhaFormulario,
  montarTransferencia,
} from './regras.ts';

// A new transfer: origin (a store of the user), destination (any store of the group), the lines with the
// origin's balance and average, saved as a draft or shipped at once. The document's id is made when the form
// opens, so a double click or a retry after a lost answer creates it once.

const linhaVazia = (): LinhaFormulario => ({
  chave: novoId(),
  produto: null,
  quantidade: '',
  planoDeContaCredito: '',
  planoDeContaDebito: '',
});

export function NovaTransferencia({
  aoSalvar,
  aoVoltar,
}: {
  aoSalvar: (id: string) => void;
  aoVoltar: () => void;
}) {
  const { token } = theme.useToken();
  const queryClient = useQueryClient();
  const empresaSessao = useSessao((s) => s.empresa?._id);
  const [f, setF] = useState<FormularioTransferencia>(() => ({
    _id: novoId(),
    empresaOrigem: empresaSessao,
    empresaDestino: undefined,
    observacao: '',
    linhas: [linhaVazia()],
  }));
  const [planos, setPlanos] = useState(false);
  const [erros, setErros] = useState<string[]>([]);
  const [recusa, setRecusa] = useState<string | null>(null);
  const podeIncluir = useTemPermissao(f.empresaOrigem, PERMISSAO.estoqueTransferenciaIncluir);
  const podeEnviar = useTemPermissao(f.empresaOrigem, PERMISSAO.estoqueTransferenciaAlterar);
  // What was said about the form goes away as soon as it changes.
  const mudar = (parcial: Partial<FormularioTransferencia>) => {
    setF((atual) => ({ ...atual, ...parcial }));
    setRecusa(null);
    setErros([]);
  };
  const mudarLinha = (chave: string, parcial: Partial<LinhaFormulario>) => {
    setF((atual) => ({
      ...atual,
      linhas: atual.linhas.map((l) => (l.chave === chave ? { ...l, ...parcial } : l)),
    }));
    setRecusa(null);
    setErros([]);
  };

  // Balances of the chosen products in the origin, fresh (after the origin changes, after any move).
  const ids = useMemo(
    () => [...new Set(f.linhas.flatMap((l) => (l.produto ? [l.produto._id] : [])))].sort(),
    [f.linhas],
  );
  const frescos = useQuery({
    ...produtosQuery(f.empresaOrigem ?? '', '', ids),
    enabled: Boolean(f.empresaOrigem) && ids.length > 0,
  });
  const linhas = useMemo(() => {
    const porId = new Map((frescos.data ?? []).map((p) => [p._id, p]));
    return f.linhas.map((l) => (l.produto ? { ...l, produto: porId.get(l.produto._id) ?? l.produto } : l));
  }, [f.linhas, frescos.data]);

  const salvar = useMutation({
    mutationFn: (enviar: boolean) => {
      const r = montarTransferencia({ ...f, linhas }, enviar);
      if (!r.ok) {
        setErros(r.erros);
        return Promise.reject(new Error(''));
      }
      setErros([]);
      return criarTransferencia(r.documento);
    },
    onSuccess: (d, enviar) => {
      notificar({
        tipo: 'success',
        mensagem: enviar
          ? `Transferência nº ${d.transferencia.numero} enviada para ${d.transferencia.destino.descricao}.`
          : `Transferência nº ${d.transferencia.numero} salva como rascunho.`,
      });
      void queryClient.invalidateQueries({ queryKey: chavesTransferencia.estoque });
      aoSalvar(d.transferencia._id);
    },
    // The server's refusals (stock, plan accounts) stay on the form; the id is kept, so a retry is the same one.
    onError: (e) => setRecusa(e.message || null),
  });

  const total = linhas.reduce((s, l) => s + figurasDaLinha(l).centavos, 0n);
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Button icon={<ArrowLeftOutlined />} onClick={aoVoltar}>
        Transferências
      </Button>
      <Card size="small" title="Nova transferência" data-testid="formulario-transferencia">
        {!podeIncluir && f.empresaOrigem && (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 12 }}
            title="Você não pode criar transferências desta loja: falta a permissão Transferência de Estoque - Incluir."
          />
        )}
        <Form layout="vertical" disabled={!podeIncluir || salvar.isPending}>
          <Flex gap={16} wrap>
            <Form.Item label="Origem" htmlFor="transferencia-origem" required>
              <SeletorEmpresaUsuario
                id="transferencia-origem"
                rotulo="Origem"
                valor={f.empresaOrigem}
                aoMudar={(empresaOrigem) =>
                  mudar({
                    empresaOrigem,
                    _id: novoId(),
                    empresaDestino: f.empresaDestino === empresaOrigem ? undefined : f.empresaDestino,
                  })
                }
              />
            </Form.Item>
            <Form.Item label="Destino" htmlFor="transferencia-destino" required>
              <SeletorLojaDoGrupo
                id="transferencia-destino"
                rotulo="Destino"
                valor={f.empresaDestino}
                exceto={f.empresaOrigem}
                aoMudar={(empresaDestino) => mudar({ empresaDestino })}
              />
            </Form.Item>
            <Form.Item
              label="Observação"
              htmlFor="transferencia-observacao"
              style={{ flex: 1, minWidth: 260 }}
            >
              <Input
                id="transferencia-observacao"
                maxLength={300}
                value={f.observacao}
                placeholder="Opcional"
                onChange={(e) => mudar({ observacao: e.target.value })}
              />
            </Form.Item>
          </Flex>
          <Checkbox
            checked={planos}
            onChange={(e) => setPlanos(e.target.checked)}
            style={{ marginBottom: 8 }}
          >
            Informar plano de conta por produto (vazio: o padrão da aba Estoque da empresa de origem)
          </Checkbox>
          <Table<LinhaFormulario>
            size="small"
            rowKey="chave"
            pagination={false}
            dataSource={linhas}
            scroll={{ x: planos ? 1300 : 1000 }}
            data-testid="linhas-transferencia"
            columns={[
              {
                title: 'Produto',
                key: 'produto',
                width: 320,
                render: (_, l, i) => (
                  <SeletorProduto
                    id={`transferencia-produto-${i}`}
                    empresa={f.empresaOrigem}
                    valor={l.produto}
                    autoFocus={i > 0 && !l.produto}
                    aoMudar={(produto: ProdutoEstoque | null) => mudarLinha(l.chave, { produto })}
                  />
                ),
              },
              {
                title: 'Saldo na origem',
                key: 'saldo',
                align: 'right',
                width: 130,
                render: (_, l) =>
                  l.produto ? (
                    <span data-testid="saldo-origem">
                      {formatarQuantidade(l.produto.quantidade, l.produto.unidade)} {l.produto.unidade ?? ''}
                    </span>
                  ) : null,
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
                width: 140,
                render: (_, l, i) => (
                  <Input
                    id={`transferencia-quantidade-${i}`}
                    aria-label={`Quantidade da linha ${i + 1}`}
                    inputMode="decimal"
                    value={l.quantidade}
                    suffix={l.produto?.unidade ?? undefined}
                    style={{ textAlign: 'right' }}
                    onChange={(e) => mudarLinha(l.chave, { quantidade: e.target.value })}
                    onPressEnter={(e) => {
                      if (i === linhas.length - 1 && l.produto) {
                        e.preventDefault();
                        mudar({ linhas: [...f.linhas, linhaVazia()] });
                      }
                    }}
                  />
                ),
              },
              {
                title: 'Saldo após',
                key: 'apos',
                align: 'right',
                width: 130,
                render: (_, l) => {
                  const fig = figurasDaLinha(l);
                  if (fig.saldoApos === null) return null;
                  const texto = `${formatarQuantidade(fig.saldoApos, l.produto?.unidade)} ${l.produto?.unidade ?? ''}`;
                  return fig.negativo ? (
                    <Tooltip title="O saldo da origem ficará negativo: a loja pode recusar o envio.">
                      <Typography.Text type="danger">
                        <WarningOutlined /> {texto}
                      </Typography.Text>
                    </Tooltip>
                  ) : (
                    texto
                  );
                },
              },
              {
                title: 'Valor (custo médio)',
                key: 'valor',
                align: 'right',
                width: 140,
                render: (_, l) => {
                  const fig = figurasDaLinha(l);
                  return fig.valor ? formatarMoeda(fig.valor) : null;
                },
              },
              ...(planos
                ? [
                    {
                      title: 'Plano crédito',
                      key: 'credito',
                      width: 140,
                      render: (_: unknown, l: LinhaFormulario, i: number) => (
                        <Input
                          aria-label={`Plano de conta de crédito da linha ${i + 1}`}
                          maxLength={24}
                          value={l.planoDeContaCredito}
                          onChange={(e) => mudarLinha(l.chave, { planoDeContaCredito: e.target.value })}
                        />
                      ),
                    },
                    {
                      title: 'Plano débito',
                      key: 'debito',
                      width: 140,
                      render: (_: unknown, l: LinhaFormulario, i: number) => (
                        <Input
                          aria-label={`Plano de conta de débito da linha ${i + 1}`}
                          maxLength={24}
                          value={l.planoDeContaDebito}
                          onChange={(e) => mudarLinha(l.chave, { planoDeContaDebito: e.target.value })}
                        />
                      ),
                    },
                  ]
                : []),
              {
                title: '',
                key: 'acoes',
                width: 48,
                render: (_, l, i) => (
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
                ),
              },
            ]}
            summary={() => (
              <Table.Summary.Row>
                <Table.Summary.Cell index={0} colSpan={5}>
                  <Button
                    type="dashed"
                    icon={<PlusOutlined />}
                    onClick={() => mudar({ linhas: [...f.linhas, linhaVazia()] })}
                  >
                    Adicionar produto
                  </Button>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={5} align="right">
                  <Typography.Text strong data-testid="total-transferencia">
                    {formatarMoeda(escreverCentavos(total))}
                  </Typography.Text>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={6} colSpan={planos ? 3 : 1} />
              </Table.Summary.Row>
            )}
          />
          {(erros.length > 0 || recusa) && (
            <Alert
              type="error"
              showIcon
              role="alert"
              data-testid="recusa-transferencia"
              style={{ marginTop: 12 }}
              title={recusa ? 'A transferência não foi salva' : 'Confira a transferência'}
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
            <Typography.Text style={{ color: token.colorTextDescription }}>
              Os produtos saem pelo custo médio da origem; chegam pelo tipo de custo e percentual da aba
              Estoque da empresa de origem.
            </Typography.Text>
            <Space>
              <Button
                htmlType="button"
                onClick={() => salvar.mutate(false)}
                loading={salvar.isPending && !salvar.variables}
              >
                Salvar rascunho
              </Button>
              <Button
                type="primary"
                htmlType="button"
                disabled={!podeEnviar}
                onClick={() => salvar.mutate(true)}
                loading={salvar.isPending && salvar.variables}
              >
                Salvar e enviar
              </Button>
            </Space>
          </Flex>
        </Form>
      </Card>
    </Space>
  );
}
