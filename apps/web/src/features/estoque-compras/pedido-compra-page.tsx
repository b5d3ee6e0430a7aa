import {
  DESCRICAO_STATUS_PEDIDO_COMPRA,
  escreverCentavos,
  lerEstoque,
  PERMISSAO,
  type PedidoCompra,
  type PedidoCompraResumo,
  STATUS_PEDIDO_COMPRA,
  type StatusPedidoCompra,
  totalDoPedido,
  valorDaLinha,
} from '@retaguarda/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  DatePicker,
  Descriptions,
  Drawer,
  Empty,
  Flex,
  Form,
  Input,
  Modal,
  Select,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { notificar } from '../../lib/notify/notificar.ts';
import { SeletorEmpresaUsuario, useTemPermissao } from '../auth/empresas-usuario.tsx';
import { SeletorReferencia } from '../recursos/seletor-referencia.tsx';
import {
  alterarPedido,
  cancelarPedido,
  chavesCompras,
  criarPedido,
  enviarPedido,
  novoIdPedido,
  pedidoQuery,
  pedidosQuery,
} from './api.ts';
import {
  COR_STATUS_PEDIDO,
  formatarData,
  formatarMoeda,
  formatarQuantidade,
  useEmpresaInicial,
} from './comum.tsx';
import { decimalDigitado } from './regras.ts';

// estoquePedidoCompra (issue 17): purchase orders per store and supplier. A draft is edited here (lines in the
// supplier's unit with its conversion factor, quantity and unit price; totals as the server computes them),
// then sent; the inbound NF-e screen receives a note of the supplier on it (what is still pending and what came
// above it shown there) until it is received, or it is cancelled. List state (store, states, open order) lives in
// the URL.

const ABERTOS: StatusPedidoCompra[] = ['rascunho', 'enviado', 'parcial'];

interface LinhaForm {
  chave: string;
  produto: string | null;
  unidade: string | null;
  fator: string;
  quantidade: string;
  preco: string;
}

interface PedidoForm {
  _id: string;
  fornecedor: string | null;
  dataPrevista: string | null;
  observacao: string;
  linhas: LinhaForm[];
}

const linhaVazia = (): LinhaForm => ({
  chave: novoIdPedido(),
  produto: null,
  unidade: null,
  fator: '1',
  quantidade: '',
  preco: '',
});

function formDoPedido(p: PedidoCompra): PedidoForm {
  const texto = (v: string) => v.replace(/\.?0+$/, '').replace('.', ',');
  return {
    _id: p._id,
    fornecedor: p.fornecedor._id,
    dataPrevista: p.dataPrevista,
    observacao: p.observacao ?? '',
    linhas: p.itens.map((i) => ({
      chave: `${p._id}:${i.ordem}`,
      produto: i.produto._id,
      unidade: i.unidade?._id ?? null,
      fator: texto(i.fatorConversao),
      quantidade: texto(i.quantidade),
      preco: texto(i.precoUnitario),
    })),
  };
}

/** Value of a typed line in cents, or null while it is not a valid quantity and price. */
function valorDigitado(l: LinhaForm): bigint | null {
  const q = decimalDigitado(l.quantidade);
  const p = decimalDigitado(l.preco);
  return q && p ? valorDaLinha(lerEstoque(q), lerEstoque(p)) : null;
}

export function PedidoCompraPage() {
  const [params, setParams] = useSearchParams();
  const empresaInicial = useEmpresaInicial();
  const empresa = params.get('empresa') ?? empresaInicial;
  const status = (params.getAll('status').length ? params.getAll('status') : ABERTOS).filter(
    (s): s is StatusPedidoCompra => (STATUS_PEDIDO_COMPRA as readonly string[]).includes(s),
  );
  const aberto = params.get('pedido');
  const [novo, setNovo] = useState<PedidoForm | null>(null);
  const podeIncluir = useTemPermissao(empresa, PERMISSAO.estoquePedidoCompraIncluir);
  const mudarParams = (f: (p: URLSearchParams) => void) =>
    setParams((p) => {
      const n = new URLSearchParams(p);
      f(n);
      return n;
    });
  const lista = useQuery({
    ...pedidosQuery({ empresa: empresa ?? '', status }),
    enabled: Boolean(empresa),
  });

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Flex wrap gap={12} align="center">
        <span>Empresa</span>
        <SeletorEmpresaUsuario
          id="pedido-empresa"
          valor={empresa}
          aoMudar={(e) =>
            mudarParams((p) => {
              p.set('empresa', e);
              p.delete('pedido');
            })
          }
        />
        <span>Situação</span>
        <Select
          mode="multiple"
          aria-label="Situação"
          style={{ minWidth: 320 }}
          value={status}
          onChange={(v: StatusPedidoCompra[]) =>
            mudarParams((p) => {
              p.delete('status');
              for (const s of v) p.append('status', s);
            })
          }
          options={STATUS_PEDIDO_COMPRA.map((s) => ({ value: s, label: DESCRICAO_STATUS_PEDIDO_COMPRA[s] }))}
        />
        {podeIncluir && (
          <Button
            type="primary"
            disabled={!empresa}
            onClick={() =>
              setNovo({
                _id: novoIdPedido(),
                fornecedor: null,
                dataPrevista: null,
                observacao: '',
                linhas: [linhaVazia()],
              })
            }
          >
            Novo pedido
          </Button>
        )}
      </Flex>
      <Table<PedidoCompraResumo>
        rowKey="_id"
        size="small"
        loading={lista.isFetching}
        dataSource={lista.data ?? []}
        locale={{ emptyText: <Empty description="Nenhum pedido de compra nesta situação." /> }}
        pagination={{ pageSize: 20, showSizeChanger: false }}
        onRow={(p) => ({ onDoubleClick: () => mudarParams((n) => n.set('pedido', p._id)) })}
        columns={[
          { title: 'Nº', dataIndex: 'numero', width: 70 },
          { title: 'Fornecedor', key: 'fornecedor', ellipsis: true, render: (_, p) => p.fornecedor.nome },
          { title: 'Data', dataIndex: 'dataPedido', width: 110, render: (v: string) => formatarData(v) },
          {
            title: 'Previsto',
            dataIndex: 'dataPrevista',
            width: 110,
            render: (v: string | null) => (v ? formatarData(`${v}T12:00:00`) : ''),
          },
          { title: 'Itens', dataIndex: 'linhas', width: 70, align: 'right' },
          {
            title: 'Valor',
            dataIndex: 'valorTotal',
            width: 120,
            align: 'right',
            render: (v: string) => formatarMoeda(v),
          },
          {
            title: 'Recebido',
            dataIndex: 'valorRecebido',
            width: 120,
            align: 'right',
            render: (v: string) => formatarMoeda(v),
          },
          {
            title: 'Situação',
            dataIndex: 'status',
            width: 150,
            render: (s: StatusPedidoCompra) => (
              <Tag color={COR_STATUS_PEDIDO[s]}>{DESCRICAO_STATUS_PEDIDO_COMPRA[s]}</Tag>
            ),
          },
          {
            title: '',
            key: 'abrir',
            width: 90,
            render: (_, p) => (
              <Button size="small" onClick={() => mudarParams((n) => n.set('pedido', p._id))}>
                Abrir
              </Button>
            ),
          },
        ]}
      />
      {novo && empresa && (
        <Drawer open size={1040} title="Novo pedido de compra" onClose={() => setNovo(null)} destroyOnHidden>
          <FormularioPedido
            empresa={empresa}
            inicial={novo}
            criar
            aoSalvar={(p) => {
              setNovo(null);
              mudarParams((n) => n.set('pedido', p._id));
            }}
          />
        </Drawer>
      )}
      {aberto && <PedidoAberto id={aberto} aoFechar={() => mudarParams((n) => n.delete('pedido'))} />}
    </Space>
  );
}

function PedidoAberto({ id, aoFechar }: { id: string; aoFechar: () => void }) {
  const pedido = useQuery(pedidoQuery(id));
  const p = pedido.data;
  return (
    <Drawer
      open
      size={1040}
      loading={pedido.isPending}
      title={
        p ? (
          <Space>
            <span>{`Pedido de compra nº ${p.numero} — ${p.fornecedor.nome}`}</span>
            <Tag color={COR_STATUS_PEDIDO[p.status]}>{DESCRICAO_STATUS_PEDIDO_COMPRA[p.status]}</Tag>
          </Space>
        ) : (
          'Pedido de compra'
        )
      }
      onClose={aoFechar}
      destroyOnHidden
    >
      {p &&
        (p.status === 'rascunho' ? (
          <FormularioPedido
            key={p._id}
            empresa={p.empresa}
            inicial={formDoPedido(p)}
            pedido={p}
            aoSalvar={() => {}}
          />
        ) : (
          <DetalhePedido pedido={p} />
        ))}
    </Drawer>
  );
}

function FormularioPedido({
  empresa,
  inicial,
  pedido,
  criar,
  aoSalvar,
}: {
  empresa: string;
  inicial: PedidoForm;
  pedido?: PedidoCompra;
  criar?: boolean;
  aoSalvar: (p: PedidoCompra) => void;
}) {
  const queryClient = useQueryClient();
  const [f, setF] = useState<PedidoForm>(inicial);
  const [erro, setErro] = useState<string | null>(null);
  const [cancelando, setCancelando] = useState(false);
  const podeAlterar = useTemPermissao(
    empresa,
    criar ? PERMISSAO.estoquePedidoCompraIncluir : PERMISSAO.estoquePedidoCompraAlterar,
  );
  const podeEnviar = useTemPermissao(empresa, PERMISSAO.estoquePedidoCompraAlterar);
  const mudarLinha = (chave: string, parcial: Partial<LinhaForm>) =>
    setF((x) => ({ ...x, linhas: x.linhas.map((l) => (l.chave === chave ? { ...l, ...parcial } : l)) }));
  const problema = (): string | null => {
    if (!f.fornecedor) return 'Escolha o fornecedor.';
    const linhas = f.linhas.filter((l) => l.produto || l.quantidade || l.preco);
    if (!linhas.length) return 'Informe ao menos um produto.';
    for (const [k, l] of linhas.entries()) {
      const n = k + 1;
      if (!l.produto) return `Item ${n}: escolha o produto.`;
      const q = decimalDigitado(l.quantidade);
      if (!q || Number(q) <= 0) return `Item ${n}: informe uma quantidade maior que zero.`;
      if (decimalDigitado(l.preco) === null) return `Item ${n}: informe o preço unitário.`;
      const fator = decimalDigitado(l.fator);
      if (!fator || Number(fator) <= 0) return `Item ${n}: informe um fator de conversão maior que zero.`;
    }
    return null;
  };
  const corpo = () => ({
    fornecedor: f.fornecedor ?? '',
    dataPrevista: f.dataPrevista,
    observacao: f.observacao.trim() || null,
    itens: f.linhas
      .filter((l) => l.produto)
      .map((l) => ({
        produto: l.produto ?? '',
        unidade: l.unidade,
        fatorConversao: decimalDigitado(l.fator) ?? '1',
        quantidade: decimalDigitado(l.quantidade) ?? '',
        precoUnitario: decimalDigitado(l.preco) ?? '',
      })),
  });
  const salvar = useMutation({
    mutationFn: async (enviar: boolean) => {
      const p = criar
        ? await criarPedido({ _id: f._id, empresa, ...corpo() })
        : await alterarPedido(f._id, corpo());
      return enviar ? enviarPedido(p._id) : p;
    },
    onSuccess: (p) => {
      queryClient.setQueryData(chavesCompras.pedido(p._id), p);
      void queryClient.invalidateQueries({ queryKey: chavesCompras.todas });
      notificar({
        tipo: 'success',
        mensagem:
          p.status === 'enviado'
            ? `Pedido nº ${p.numero} enviado ao fornecedor.`
            : `Pedido nº ${p.numero} salvo.`,
      });
      aoSalvar(p);
    },
    onError: (e) => setErro(e.message),
  });
  const validas = f.linhas.filter((l) => valorDigitado(l) !== null);
  const total = totalDoPedido(
    validas.map((l) => ({
      quantidade: lerEstoque(decimalDigitado(l.quantidade) ?? '0'),
      precoUnitario: lerEstoque(decimalDigitado(l.preco) ?? '0'),
    })),
  );
  const gravar = (enviar: boolean) => {
    const p = problema();
    setErro(p);
    if (!p) salvar.mutate(enviar);
  };

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Form layout="vertical">
        <Flex wrap gap={16}>
          <Form.Item
            label="Fornecedor"
            htmlFor="pedido-fornecedor"
            required
            style={{ minWidth: 320, flex: 1 }}
          >
            <SeletorReferencia
              id="pedido-fornecedor"
              tabela="pessoa"
              valor={f.fornecedor}
              onChange={(v) => setF((x) => ({ ...x, fornecedor: typeof v === 'string' ? v : null }))}
              placeholder="Nome ou CNPJ do fornecedor"
              desabilitado={!podeAlterar}
            />
          </Form.Item>
          <Form.Item label="Entrega prevista" htmlFor="pedido-previsto">
            <DatePicker
              id="pedido-previsto"
              format="DD/MM/YYYY"
              value={f.dataPrevista ? dayjs(f.dataPrevista) : null}
              onChange={(d) => setF((x) => ({ ...x, dataPrevista: d ? d.format('YYYY-MM-DD') : null }))}
              disabled={!podeAlterar}
            />
          </Form.Item>
        </Flex>
        <Form.Item label="Observação" htmlFor="pedido-observacao">
          <Input.TextArea
            id="pedido-observacao"
            rows={2}
            maxLength={500}
            value={f.observacao}
            onChange={(e) => setF((x) => ({ ...x, observacao: e.target.value }))}
            disabled={!podeAlterar}
          />
        </Form.Item>
      </Form>
      <Table<LinhaForm>
        rowKey="chave"
        size="small"
        pagination={false}
        dataSource={f.linhas}
        scroll={{ x: 900 }}
        columns={[
          { title: '#', key: 'n', width: 40, render: (_, _l, i) => i + 1 },
          {
            title: 'Produto',
            key: 'produto',
            width: 280,
            render: (_, l, i) => (
              <SeletorReferencia
                id={`pedido-produto-${i + 1}`}
                tabela="produtoGeral"
                valor={l.produto}
                onChange={(v) => mudarLinha(l.chave, { produto: typeof v === 'string' ? v : null })}
                placeholder="Produto"
                desabilitado={!podeAlterar}
              />
            ),
          },
          {
            title: 'Unidade do fornecedor',
            key: 'unidade',
            width: 150,
            render: (_, l, i) => (
              <SeletorReferencia
                id={`pedido-unidade-${i + 1}`}
                tabela="unidadeMedida"
                valor={l.unidade}
                onChange={(v) => mudarLinha(l.chave, { unidade: typeof v === 'string' ? v : null })}
                placeholder="A do estoque"
                desabilitado={!podeAlterar}
              />
            ),
          },
          {
            title: 'Fator',
            key: 'fator',
            width: 80,
            render: (_, l, i) => (
              <Input
                aria-label={`Fator de conversão do item ${i + 1}`}
                value={l.fator}
                status={decimalDigitado(l.fator) ? undefined : 'error'}
                onChange={(e) => mudarLinha(l.chave, { fator: e.target.value })}
                disabled={!podeAlterar}
              />
            ),
          },
          {
            title: 'Quantidade',
            key: 'quantidade',
            width: 110,
            render: (_, l, i) => (
              <Input
                aria-label={`Quantidade do item ${i + 1}`}
                value={l.quantidade}
                status={l.quantidade && !decimalDigitado(l.quantidade) ? 'error' : undefined}
                onChange={(e) => mudarLinha(l.chave, { quantidade: e.target.value })}
                disabled={!podeAlterar}
              />
            ),
          },
          {
            title: 'Preço unit.',
            key: 'preco',
            width: 110,
            render: (_, l, i) => (
              <Input
                aria-label={`Preço unitário do item ${i + 1}`}
                prefix="R$"
                value={l.preco}
                status={l.preco && decimalDigitado(l.preco) === null ? 'error' : undefined}
                onChange={(e) => mudarLinha(l.chave, { preco: e.target.value })}
                disabled={!podeAlterar}
              />
            ),
          },
          {
            title: 'Valor',
            key: 'valor',
            width: 110,
            align: 'right',
            render: (_, l) => {
              const v = valorDigitado(l);
              return v === null ? '' : formatarMoeda(escreverCentavos(v));
            },
          },
          {
            title: '',
            key: 'remover',
            width: 80,
            render: (_, l) =>
              podeAlterar && f.linhas.length > 1 ? (
                <Button
                  size="small"
                  type="text"
                  danger
                  onClick={() => setF((x) => ({ ...x, linhas: x.linhas.filter((y) => y.chave !== l.chave) }))}
                >
                  Remover
                </Button>
              ) : null,
          },
        ]}
        summary={() => (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0} colSpan={7}>
              {`Total (${validas.length} ${validas.length === 1 ? 'item' : 'itens'})`}
            </Table.Summary.Cell>
            <Table.Summary.Cell index={7} align="right">
              <Typography.Text strong>{formatarMoeda(escreverCentavos(total))}</Typography.Text>
            </Table.Summary.Cell>
            <Table.Summary.Cell index={8} />
          </Table.Summary.Row>
        )}
      />
      {podeAlterar && (
        <Button onClick={() => setF((x) => ({ ...x, linhas: [...x.linhas, linhaVazia()] }))}>
          Adicionar produto
        </Button>
      )}
      {erro && <Alert type="error" showIcon role="alert" title={erro} />}
      {podeAlterar && (
        <Flex gap={8} justify="end" wrap>
          {pedido && (
            <Button danger onClick={() => setCancelando(true)}>
              Cancelar pedido
            </Button>
          )}
          <Button loading={salvar.isPending && salvar.variables === false} onClick={() => gravar(false)}>
            Salvar rascunho
          </Button>
          {podeEnviar && (
            <Button
              type="primary"
              loading={salvar.isPending && salvar.variables === true}
              onClick={() => gravar(true)}
            >
              Salvar e enviar ao fornecedor
            </Button>
          )}
        </Flex>
      )}
      {pedido && <CancelarDialog aberto={cancelando} pedido={pedido} aoFechar={() => setCancelando(false)} />}
    </Space>
  );
}

function DetalhePedido({ pedido: p }: { pedido: PedidoCompra }) {
  const [cancelando, setCancelando] = useState(false);
  const podeCancelar = useTemPermissao(p.empresa, PERMISSAO.estoquePedidoCompraExcluir);
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Descriptions size="small" column={{ xs: 1, md: 3 }} bordered>
        <Descriptions.Item label="Fornecedor">{p.fornecedor.nome}</Descriptions.Item>
        <Descriptions.Item label="CNPJ/CPF">{p.fornecedor.cpfCnpj ?? ''}</Descriptions.Item>
        <Descriptions.Item label="Data do pedido">{formatarData(p.dataPedido)}</Descriptions.Item>
        <Descriptions.Item label="Entrega prevista">
          {p.dataPrevista ? formatarData(`${p.dataPrevista}T12:00:00`) : '—'}
        </Descriptions.Item>
        <Descriptions.Item label="Valor do pedido">{formatarMoeda(p.valorTotal)}</Descriptions.Item>
        <Descriptions.Item label="Valor recebido">{formatarMoeda(p.valorRecebido)}</Descriptions.Item>
        {p.observacao && (
          <Descriptions.Item label="Observação" span={3}>
            {p.observacao}
          </Descriptions.Item>
        )}
        {p.status === 'cancelado' && (
          <Descriptions.Item label="Cancelado" span={3}>
            {`${formatarData(p.canceladoEm)}: ${p.motivoCancelamento ?? ''}`}
          </Descriptions.Item>
        )}
      </Descriptions>
      <Table
        rowKey="ordem"
        size="small"
        pagination={false}
        dataSource={p.itens}
        columns={[
          { title: '#', dataIndex: 'ordem', width: 40 },
          { title: 'Produto', key: 'produto', render: (_, i) => i.produto.descricao },
          {
            title: 'Unidade',
            key: 'unidade',
            width: 120,
            render: (_, i) =>
              i.unidade
                ? `${i.unidade.sigla} (× ${formatarQuantidade(i.fatorConversao)} ${i.produto.unidade ?? ''})`.trim()
                : (i.produto.unidade ?? ''),
          },
          {
            title: 'Pedido',
            dataIndex: 'quantidade',
            width: 90,
            align: 'right',
            render: (v: string) => formatarQuantidade(v),
          },
          {
            title: 'Preço unit.',
            dataIndex: 'precoUnitario',
            width: 110,
            align: 'right',
            render: (v: string) => formatarMoeda(v),
          },
          {
            title: 'Valor',
            dataIndex: 'valor',
            width: 110,
            align: 'right',
            render: (v: string) => formatarMoeda(v),
          },
          {
            title: 'Recebido',
            dataIndex: 'quantidadeRecebida',
            width: 90,
            align: 'right',
            render: (v: string) => formatarQuantidade(v),
          },
          {
            title: 'Pendente',
            key: 'pendente',
            width: 110,
            align: 'right',
            render: (_, i) => {
              const acima = Number(i.quantidadeRecebida) - Number(i.quantidade);
              return acima > 0 ? (
                <Typography.Text type="warning">{`+${formatarQuantidade(String(acima))} acima`}</Typography.Text>
              ) : (
                formatarQuantidade(i.pendente)
              );
            },
          },
        ]}
      />
      <Typography.Title level={5} style={{ margin: 0 }}>
        Notas recebidas
      </Typography.Title>
      {p.recebimentos.length ? (
        <Table
          rowKey="notaEntrada"
          size="small"
          pagination={false}
          dataSource={p.recebimentos}
          columns={[
            { title: 'NF-e', key: 'nota', render: (_, r) => `${r.numero}/${r.serie}` },
            { title: 'Entrada', dataIndex: 'data', render: (v: string) => formatarData(v) },
            {
              title: 'Itens recebidos',
              key: 'itens',
              render: (_, r) =>
                r.itens
                  .map(
                    (i) => `linha ${i.ordem}: ${formatarQuantidade(i.quantidade)} (item ${i.nItem} da nota)`,
                  )
                  .join('; '),
            },
          ]}
        />
      ) : (
        <Typography.Text type="secondary">
          Nenhuma nota recebida ainda. Ao lançar no estoque uma NF-e deste fornecedor (Entrada de Nota
          Fiscal), escolha este pedido para recebê-la aqui.
        </Typography.Text>
      )}
      {podeCancelar && p.status !== 'cancelado' && p.status !== 'recebido' && (
        <Flex justify="end">
          <Button danger onClick={() => setCancelando(true)}>
            Cancelar pedido
          </Button>
        </Flex>
      )}
      <CancelarDialog aberto={cancelando} pedido={p} aoFechar={() => setCancelando(false)} />
    </Space>
  );
}

function CancelarDialog({
  aberto,
  pedido,
  aoFechar,
}: {
  aberto: boolean;
  pedido: PedidoCompra;
  aoFechar: () => void;
}) {
  const queryClient = useQueryClient();
  const [motivo, setMotivo] = useState('');
  const [erro, setErro] = useState<string | null>(null);
  const cancelar = useMutation({
    mutationFn: () => cancelarPedido(pedido._id, motivo.trim()),
    onSuccess: (p) => {
      queryClient.setQueryData(chavesCompras.pedido(p._id), p);
      void queryClient.invalidateQueries({ queryKey: chavesCompras.todas });
      notificar({ tipo: 'success', mensagem: `Pedido nº ${p.numero} cancelado.` });
      setMotivo('');
      aoFechar();
    },
    onError: (e) => setErro(e.message),
  });
  return (
    <Modal
      open={aberto}
      title={`Cancelar o pedido nº ${pedido.numero}`}
      okText="Cancelar pedido"
      okButtonProps={{ danger: true, loading: cancelar.isPending }}
      cancelText="Voltar"
      onOk={() => {
        if (!motivo.trim()) setErro('Informe o motivo do cancelamento.');
        else cancelar.mutate();
      }}
      onCancel={aoFechar}
      destroyOnHidden
    >
      <Typography.Paragraph>
        {pedido.status === 'parcial'
          ? 'O que já foi recebido continua no estoque; o restante deixa de ser esperado.'
          : 'O pedido deixa de ser esperado do fornecedor.'}
      </Typography.Paragraph>
      <Form layout="vertical">
        <Form.Item label="Motivo do cancelamento" htmlFor="pedido-motivo-cancelamento" required>
          <Input.TextArea
            id="pedido-motivo-cancelamento"
            rows={2}
            maxLength={300}
            value={motivo}
            onChange={(e) => {
              setMotivo(e.target.value);
              setErro(null);
            }}
          />
        </Form.Item>
      </Form>
      {erro && <Alert type="error" showIcon role="alert" title={erro} />}
    </Modal>
  );
}
