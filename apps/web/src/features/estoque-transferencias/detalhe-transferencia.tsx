import { ArrowLeftOutlined, ArrowRightOutlined, SendOutlined, StopOutlined } from '@ant-design/icons';
import {
  DESCRICAO_TIPO_CUSTO,
  formatarDataHora,
  formatarMoeda,
  type ItemTransferencia,
  type TituloTransferencia,
  type TransferenciaDetalhe,
} from '@retaguarda/domain';
import { PERMISSAO } from '@retaguarda/domain/catalogos/permissoes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  DatePicker,
  Descriptions,
  Empty,
  Flex,
  Grid,
  Input,
  Modal,
  Result,
  Space,
  Spin,
  Table,
  Typography,
  theme,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { Link } from 'react-router';
import { notificar } from '../../lib/notify/notificar.ts';
import { useTemPermissao } from '../auth/empresas-usuario.tsx';
import {
  cancelarTransferencia,
  chavesTransferencia,
  enviarTransferencia,
  receberTransferencia,
  transferenciaQuery,
} from './api.ts';
import { TagStatusTransferencia, useNomesDasLojas } from './comum.tsx';
import {
  divergenciaDigitada,
  formatarCusto,
  formatarQuantidade,
  type LinhaRecebimento,
  linhasParaReceber,
  montarRecebimento,
} from './regras.ts';

// One transfer: who sent what and at which cost, what arrived, the titles finance will generate. The origin
// ships a draft or cancels (a shipped transfer comes back to it); the destination receives, saying what arrived
// and why anything is missing.

export function DetalheTransferencia({ id, aoVoltar }: { id: string; aoVoltar: () => void }) {
  const q = useQuery(transferenciaQuery(id));
  if (q.isPending) return <Spin />;
  if (q.isError) {
    return (
      <Result
        status="warning"
        title={q.error.message}
        extra={<Button onClick={aoVoltar}>Voltar às transferências</Button>}
      />
    );
  }
  return <Detalhe d={q.data} aoVoltar={aoVoltar} />;
}

function Detalhe({ d, aoVoltar }: { d: TransferenciaDetalhe; aoVoltar: () => void }) {
  const { token } = theme.useToken();
  const queryClient = useQueryClient();
  const t = d.transferencia;
  const podeEnviar = useTemPermissao(t.origem._id, PERMISSAO.estoqueTransferenciaAlterar);
  const podeReceber = useTemPermissao(t.destino._id, PERMISSAO.estoqueTransferenciaAlterar);
  const podeCancelar = useTemPermissao(t.origem._id, PERMISSAO.estoqueTransferenciaExcluir);
  const [recebendo, setRecebendo] = useState<LinhaRecebimento[] | null>(null);
  const [cancelando, setCancelando] = useState(false);
  const [recusa, setRecusa] = useState<string | null>(null);

  const depois = (novo: TransferenciaDetalhe, mensagem: string) => {
    queryClient.setQueryData(chavesTransferencia.detalhe(t._id), novo);
    void queryClient.invalidateQueries({ queryKey: chavesTransferencia.estoque });
    notificar({ tipo: 'success', mensagem });
    setRecusa(null);
  };
  const enviar = useMutation({
    mutationFn: () => enviarTransferencia(t._id),
    onSuccess: (n) => depois(n, `Transferência nº ${t.numero} enviada para ${t.destino.descricao}.`),
    onError: (e) => setRecusa(e.message),
  });

  const titulo = (
    <Flex gap={8} align="center" wrap>
      <span>Transferência nº {t.numero}</span>
      <TagStatusTransferencia status={t.status} />
      <Typography.Text type="secondary" style={{ fontWeight: 'normal' }}>
        {t.origem.descricao} <ArrowRightOutlined /> {t.destino.descricao}
      </Typography.Text>
    </Flex>
  );
  const acoes = (
    <Space wrap>
      {t.status === 'rascunho' && (
        <Button
          type="primary"
          icon={<SendOutlined />}
          disabled={!podeEnviar}
          loading={enviar.isPending}
          onClick={() => enviar.mutate()}
        >
          Enviar
        </Button>
      )}
      {t.status === 'enviada' && !recebendo && (
        <Button
          type="primary"
          disabled={!podeReceber}
          onClick={() => setRecebendo(linhasParaReceber(d.itens))}
        >
          Receber
        </Button>
      )}
      {(t.status === 'rascunho' || t.status === 'enviada') && (
        <Button danger icon={<StopOutlined />} disabled={!podeCancelar} onClick={() => setCancelando(true)}>
          {t.status === 'enviada' ? 'Cancelar envio' : 'Cancelar'}
        </Button>
      )}
    </Space>
  );

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Button icon={<ArrowLeftOutlined />} onClick={aoVoltar}>
        Transferências
      </Button>
      <Card size="small" title={titulo} extra={acoes} data-testid="detalhe-transferencia">
        {t.status === 'enviada' && !podeReceber && (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 12 }}
            title={`Em trânsito: quem recebe é um usuário de ${t.destino.descricao} com a permissão Transferência de Estoque - Alterar.`}
          />
        )}
        <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }} style={{ marginBottom: 12 }}>
          <Descriptions.Item label="Criada">
            {formatarDataHora(t.createdAt)}
            {t.criadoPor ? ` · ${t.criadoPor.nome}` : ''}
          </Descriptions.Item>
          {t.enviadoEm && (
            <Descriptions.Item label="Enviada">
              {formatarDataHora(t.enviadoEm)}
              {t.enviadoPor ? ` · ${t.enviadoPor.nome}` : ''}
            </Descriptions.Item>
          )}
          {t.recebidoEm && (
            <Descriptions.Item label="Recebida">
              {formatarDataHora(t.recebidoEm)}
              {t.recebidoPor ? ` · ${t.recebidoPor.nome}` : ''}
            </Descriptions.Item>
          )}
          {t.canceladoEm && (
            <Descriptions.Item label="Cancelada">
              {formatarDataHora(t.canceladoEm)}
              {t.canceladoPor ? ` · ${t.canceladoPor.nome}` : ''} — {t.motivoCancelamento}
            </Descriptions.Item>
          )}
          {t.tipoCusto && (
            <Descriptions.Item label="Custo de transferência">
              {DESCRICAO_TIPO_CUSTO[t.tipoCusto]}
              {t.percentualAdicional && Number(t.percentualAdicional) > 0
                ? ` + ${Number(t.percentualAdicional).toLocaleString('pt-BR')}%`
                : ''}
              {t.atualizarPrecoCusto ? ' · atualiza o custo do produto' : ''}
            </Descriptions.Item>
          )}
          {t.pedido && (
            <Descriptions.Item label="Pedido">
              <Link to={`/estoquePedidoTransferencia?pedido=${t.pedido._id}`}>
                Pedido nº {t.pedido.numero}
              </Link>
            </Descriptions.Item>
          )}
          {t.observacao && <Descriptions.Item label="Observação">{t.observacao}</Descriptions.Item>}
          {t.observacaoRecebimento && (
            <Descriptions.Item label="Observação do recebimento">{t.observacaoRecebimento}</Descriptions.Item>
          )}
        </Descriptions>
        {recusa && (
          <Alert
            type="error"
            showIcon
            role="alert"
            data-testid="recusa-transferencia"
            style={{ marginBottom: 12 }}
            title="A operação não foi feita"
            description={recusa}
          />
        )}
        {recebendo ? (
          <Recebimento
            d={d}
            linhas={recebendo}
            aoMudar={setRecebendo}
            aoDesistir={() => setRecebendo(null)}
            aoReceber={(n) => {
              setRecebendo(null);
              depois(
                n,
                Number(n.transferencia.valorDivergencia ?? 0) > 0
                  ? `Transferência nº ${t.numero} recebida com divergência de ${formatarMoeda(n.transferencia.valorDivergencia ?? '0')}.`
                  : `Transferência nº ${t.numero} recebida.`,
              );
            }}
          />
        ) : (
          <TabelaItens d={d} />
        )}
      </Card>
      <Financeiro d={d} />
      <CancelarDialog
        aberto={cancelando}
        enviada={t.status === 'enviada'}
        aoFechar={() => setCancelando(false)}
        aoConfirmar={(motivo) => cancelarTransferencia(t._id, motivo)}
        aoCancelar={(n) => {
          setCancelando(false);
          depois(
            n,
            t.status === 'enviada'
              ? `Transferência nº ${t.numero} cancelada: os produtos voltaram para ${t.origem.descricao}.`
              : `Transferência nº ${t.numero} cancelada.`,
          );
        }}
      />
      <Typography.Text style={{ color: token.colorTextDescription }}>
        Os produtos saem da origem pelo custo médio e entram no destino pelo custo de transferência. O que não
        chega fica registrado como perda no transporte, com o motivo, e não entra em nenhuma loja.
      </Typography.Text>
    </Space>
  );
}

function TabelaItens({ d }: { d: TransferenciaDetalhe }) {
  const { token } = theme.useToken();
  const t = d.transferencia;
  const rascunho = t.status === 'rascunho';
  const recebida = t.status === 'recebida';
  return (
    <Table<ItemTransferencia>
      size="small"
      rowKey={(i) => i.produto._id}
      pagination={false}
      dataSource={d.itens}
      scroll={{ x: 990 }}
      data-testid="itens-transferencia"
      columns={[
        {
          title: 'Produto',
          key: 'produto',
          width: 200,
          render: (_, i) => (
            <span>
              {i.produto.codigoInterno !== null && (
                <Typography.Text type="secondary">{i.produto.codigoInterno} · </Typography.Text>
              )}
              {i.produto.descricao}
            </span>
          ),
        },
        {
          title: 'Quantidade',
          key: 'quantidade',
          align: 'right',
          width: 110,
          render: (_, i) =>
            `${formatarQuantidade(i.quantidade, i.produto.unidade)} ${i.produto.unidade ?? ''}`,
        },
        ...(rascunho
          ? [
              {
                title: 'Saldo na origem',
                key: 'saldo',
                align: 'right' as const,
                width: 130,
                render: (_: unknown, i: ItemTransferencia) =>
                  `${formatarQuantidade(i.saldoOrigem, i.produto.unidade)} ${i.produto.unidade ?? ''}`,
              },
            ]
          : [
              {
                title: 'Custo de saída',
                key: 'custoSaida',
                align: 'right' as const,
                width: 110,
                render: (_: unknown, i: ItemTransferencia) => formatarCusto(i.custoSaida),
              },
              {
                title: 'Custo de transferência',
                key: 'custo',
                align: 'right' as const,
                width: 130,
                render: (_: unknown, i: ItemTransferencia) => formatarCusto(i.custoUnitario),
              },
              {
                title: 'Valor enviado',
                key: 'valor',
                align: 'right' as const,
                width: 120,
                render: (_: unknown, i: ItemTransferencia) =>
                  i.valorEnviado ? formatarMoeda(i.valorEnviado) : '',
              },
            ]),
        ...(recebida
          ? [
              {
                title: 'Recebido',
                key: 'recebido',
                align: 'right' as const,
                width: 100,
                render: (_: unknown, i: ItemTransferencia) =>
                  formatarQuantidade(i.quantidadeRecebida, i.produto.unidade),
              },
              {
                title: 'Divergência',
                key: 'divergencia',
                width: 220,
                render: (_: unknown, i: ItemTransferencia) =>
                  i.divergencia && Number(i.divergencia) > 0 ? (
                    <span style={{ color: token.colorError }} data-testid="divergencia">
                      {formatarQuantidade(i.divergencia, i.produto.unidade)} ·{' '}
                      {formatarMoeda(i.valorDivergencia ?? '0')} — {i.motivoDivergencia}
                    </span>
                  ) : (
                    ''
                  ),
              },
            ]
          : []),
      ]}
      summary={() =>
        t.valorEnviado ? (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0} colSpan={4}>
              <Typography.Text strong>Total</Typography.Text>
            </Table.Summary.Cell>
            <Table.Summary.Cell index={4} align="right">
              <strong data-testid="total-enviado">{formatarMoeda(t.valorEnviado)}</strong>
            </Table.Summary.Cell>
            {recebida && (
              <>
                <Table.Summary.Cell index={5} align="right">
                  {formatarMoeda(t.valorRecebido ?? '0')}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={6}>
                  {Number(t.valorDivergencia ?? 0) > 0 && (
                    <span style={{ color: token.colorError }}>
                      {formatarMoeda(t.valorDivergencia ?? '0')}
                    </span>
                  )}
                </Table.Summary.Cell>
              </>
            )}
          </Table.Summary.Row>
        ) : null
      }
    />
  );
}

function Recebimento({
  d,
  linhas,
  aoMudar,
  aoDesistir,
  aoReceber,
}: {
  d: TransferenciaDetalhe;
  linhas: LinhaRecebimento[];
  aoMudar: (l: LinhaRecebimento[]) => void;
  aoDesistir: () => void;
  aoReceber: (n: TransferenciaDetalhe) => void;
}) {
  const { token } = theme.useToken();
  const t = d.transferencia;
  const [data, setData] = useState<Dayjs | null>(null);
  const [observacao, setObservacao] = useState('');
  const [erros, setErros] = useState<string[]>([]);
  const unidade = new Map(d.itens.map((i) => [i.produto._id, i.produto.unidade]));
  const receber = useMutation({
    mutationFn: () => {
      const r = montarRecebimento(linhas, data?.toISOString(), observacao);
      if (!r.ok) {
        setErros(r.erros);
        return Promise.reject(new Error(''));
      }
      return receberTransferencia(t._id, r.documento);
    },
    onSuccess: aoReceber,
    onError: (e) => {
      if (e.message) setErros([e.message]);
    },
  });
  const mudar = (produto: string, parcial: Partial<LinhaRecebimento>) => {
    aoMudar(linhas.map((l) => (l.produto === produto ? { ...l, ...parcial } : l)));
    setErros([]);
  };
  const estreita = Grid.useBreakpoint().md === false;
  // A line's cells, shared by the table (desktop) and the cards (phone).
  const enviado = (l: LinhaRecebimento) =>
    `${formatarQuantidade(l.enviada, unidade.get(l.produto))} ${unidade.get(l.produto) ?? ''}`;
  const recebido = (l: LinhaRecebimento, i: number) => (
    <Input
      aria-label={`Quantidade recebida da linha ${i + 1}`}
      inputMode="decimal"
      value={l.recebida}
      prefix={estreita ? 'Recebido' : undefined}
      suffix={unidade.get(l.produto) ?? undefined}
      style={{ textAlign: 'right' }}
      onChange={(e) => mudar(l.produto, { recebida: e.target.value })}
    />
  );
  const motivo = (l: LinhaRecebimento, i: number) => {
    const dif = divergenciaDigitada(l);
    if (dif === null || Number(dif) === 0) return null;
    return (
      <Input
        aria-label={`Motivo da divergência da linha ${i + 1}`}
        maxLength={300}
        status={l.motivo.trim() ? undefined : 'warning'}
        placeholder={
          Number(dif) > 0
            ? `Faltaram ${formatarQuantidade(dif, unidade.get(l.produto))}: avaria, extravio...`
            : 'Recebido mais que o enviado'
        }
        value={l.motivo}
        onChange={(e) => mudar(l.produto, { motivo: e.target.value })}
      />
    );
  };
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="recebimento">
      <Typography.Text strong>Recebimento em {t.destino.descricao}: confira o que chegou.</Typography.Text>
      {estreita ? (
        // On a phone each line is a card: what was shipped, what arrived, and the reason of a difference.
        <Flex vertical gap={8}>
          {linhas.map((l, i) => (
            <Card key={l.produto} size="small" type="inner" title={l.descricao}>
              <Flex vertical gap={8}>
                <Typography.Text type="secondary">Enviado: {enviado(l)}</Typography.Text>
                {recebido(l, i)}
                {motivo(l, i)}
              </Flex>
            </Card>
          ))}
        </Flex>
      ) : (
        <Table<LinhaRecebimento>
          size="small"
          rowKey="produto"
          pagination={false}
          dataSource={linhas}
          scroll={{ x: 'max-content' }}
          columns={[
            { title: 'Produto', dataIndex: 'descricao', width: 260 },
            { title: 'Enviado', key: 'enviada', align: 'right', width: 110, render: (_, l) => enviado(l) },
            { title: 'Recebido', key: 'recebida', width: 140, render: (_, l, i) => recebido(l, i) },
            { title: 'Motivo da divergência', key: 'motivo', render: (_, l, i) => motivo(l, i) },
          ]}
        />
      )}
      <Flex gap={16} wrap align="end">
        <Flex vertical gap={4}>
          <label htmlFor="recebimento-data">Chegou em</label>
          <DatePicker
            id="recebimento-data"
            showTime={{ format: 'HH:mm' }}
            format="DD/MM/YYYY HH:mm"
            placeholder="Agora"
            value={data}
            minDate={t.enviadoEm ? dayjs(t.enviadoEm) : undefined}
            maxDate={dayjs()}
            onChange={setData}
          />
        </Flex>
        <Flex vertical gap={4} style={{ flex: 1, minWidth: 240 }}>
          <label htmlFor="recebimento-observacao">Observação</label>
          <Input
            id="recebimento-observacao"
            maxLength={300}
            value={observacao}
            onChange={(e) => setObservacao(e.target.value)}
            placeholder="Opcional"
          />
        </Flex>
      </Flex>
      {erros.length > 0 && (
        <Alert
          type="error"
          showIcon
          role="alert"
          title="O recebimento não foi registrado"
          description={
            <ul style={{ margin: 0, paddingInlineStart: 18 }}>
              {erros.map((e) => (
                <li key={e}>{e}</li>
              ))}
            </ul>
          }
        />
      )}
      <Flex justify="space-between" gap={8} wrap>
        <Typography.Text style={{ color: token.colorTextDescription }}>
          O que chegar entra no estoque de {t.destino.descricao} pelo custo de transferência; a falta fica
          como perda no transporte.
        </Typography.Text>
        <Space>
          <Button onClick={aoDesistir}>Voltar</Button>
          <Button type="primary" loading={receber.isPending} onClick={() => receber.mutate()}>
            Confirmar recebimento
          </Button>
        </Space>
      </Flex>
    </Space>
  );
}

const TIPO_TITULO: Record<TituloTransferencia['tipo'], string> = {
  receber: 'A receber',
  pagar: 'A pagar',
};

function Financeiro({ d }: { d: TransferenciaDetalhe }) {
  const nomes = useNomesDasLojas();
  const f = d.transferencia.financeiro;
  if (!f) return null;
  const explicacao =
    f.semTitulos === 'desligado'
      ? 'A empresa de origem não gera financeiro nas transferências (aba Estoque do cadastro da empresa).'
      : f.semTitulos === 'mesmaEmpresa'
        ? 'Origem e destino são da mesma empresa (mesmo CNPJ): a transferência não gera títulos, a não ser que a origem marque "Gerar financeiro para a própria loja".'
        : f.gerouFaturamento
          ? 'Os títulos já foram lançados no financeiro.'
          : d.transferencia.status === 'recebida'
            ? 'Títulos a lançar pelo financeiro, sobre o que chegou (uma vez, quando o módulo financeiro os gerar).'
            : 'Títulos previstos: o financeiro os lança sobre o que chegar, depois do recebimento.';
  return (
    <Card size="small" title="Financeiro" data-testid="financeiro-transferencia">
      <Typography.Paragraph type="secondary">{explicacao}</Typography.Paragraph>
      {f.titulos.length === 0 ? (
        f.semTitulos === null ? (
          <Empty description="Sem valor a faturar." />
        ) : null
      ) : (
        <Table<TituloTransferencia>
          size="small"
          rowKey={(x) => `${x.tipo}-${x.planoConta}`}
          pagination={false}
          dataSource={f.titulos}
          scroll={{ x: 700 }}
          columns={[
            { title: 'Título', key: 'tipo', width: 100, render: (_, x) => TIPO_TITULO[x.tipo] },
            { title: 'Empresa', key: 'empresa', render: (_, x) => nomes.get(x.empresa) ?? x.empresa },
            {
              title: 'Contraparte',
              key: 'contraparte',
              render: (_, x) => nomes.get(x.contraparte) ?? x.contraparte,
            },
            { title: 'Plano de conta', dataIndex: 'planoConta', width: 130 },
            {
              title: 'Vencimento',
              dataIndex: 'vencimento',
              width: 120,
              render: (v: string) => v.split('-').reverse().join('/'),
            },
            {
              title: 'Valor',
              dataIndex: 'valor',
              width: 120,
              align: 'right',
              render: (v: string) => formatarMoeda(v),
            },
          ]}
        />
      )}
    </Card>
  );
}

function CancelarDialog({
  aberto,
  enviada,
  aoFechar,
  aoConfirmar,
  aoCancelar,
}: {
  aberto: boolean;
  enviada: boolean;
  aoFechar: () => void;
  aoConfirmar: (motivo: string) => Promise<TransferenciaDetalhe>;
  aoCancelar: (n: TransferenciaDetalhe) => void;
}) {
  const [motivo, setMotivo] = useState('');
  const [erro, setErro] = useState<string | null>(null);
  const cancelar = useMutation({
    mutationFn: () => aoConfirmar(motivo.trim()),
    onSuccess: (n) => {
      setMotivo('');
      setErro(null);
      aoCancelar(n);
    },
    onError: (e) => setErro(e.message),
  });
  return (
    <Modal
      open={aberto}
      title={enviada ? 'Cancelar o envio' : 'Cancelar a transferência'}
      okText="Cancelar transferência"
      okButtonProps={{ danger: true, disabled: !motivo.trim(), loading: cancelar.isPending }}
      cancelText="Voltar"
      onCancel={aoFechar}
      onOk={() => cancelar.mutate()}
      destroyOnHidden
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        {enviada && (
          <Typography.Text>
            Os produtos voltam para o estoque da origem pelo custo com que saíram (estorno de cada saída).
          </Typography.Text>
        )}
        <label htmlFor="cancelar-motivo">Motivo</label>
        <Input.TextArea
          id="cancelar-motivo"
          maxLength={300}
          autoSize={{ minRows: 2 }}
          value={motivo}
          onChange={(e) => setMotivo(e.target.value)}
        />
        {erro && <Alert type="error" showIcon title={erro} />}
      </Space>
    </Modal>
  );
}
