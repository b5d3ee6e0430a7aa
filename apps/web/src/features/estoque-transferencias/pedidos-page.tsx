import { ArrowLeftOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  DESCRICAO_STATUS_PEDIDO_TRANSFERENCIA,
  formatarData,
  type ItemPedidoTransferencia,
  type PedidoTransferenciaDetalhe,
  type PedidoTransferenciaResumo,
  type ProdutoEstoque,
  STATUS_PEDIDO_TRANSFERENCIA,
  type StatusPedidoTransferencia,
} from '@retaguarda/domain';
import { PERMISSAO } from '@retaguarda/domain/catalogos/permissoes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  DatePicker,
  Descriptions,
  Flex,
  Form,
  Input,
  Modal,
  Result,
  Segmented,
  Select,
  Space,
  Spin,
  Table,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { novoId } from '../../lib/ids/novo-id.ts';
import { notificar } from '../../lib/notify/notificar.ts';
import { useSessao } from '../../lib/session/sessao.ts';
import { SeletorEmpresaUsuario, useTemPermissao } from '../auth/empresas-usuario.tsx';
import {
  type ConsultaPedidos,
  cancelarPedido,
  chavesTransferencia,
  criarPedido,
  finalizarPedido,
  listaPedidosQuery,
  pedidoQuery,
  reservarPedido,
} from './api.ts';
import { SeletorLojaDoGrupo, SeletorProduto, TagStatusPedido, TagStatusTransferencia } from './comum.tsx';
import {
  type FormularioPedido,
  formatarQuantidade,
  type LinhaFormulario,
  lerQuantidadeDigitada,
  montarPedido,
  quantidadeParaDigitar,
} from './regras.ts';

// estoquePedidoTransferencia and solicitacaoPedidoTransferencia (one screen, spec 1 §2): a store asks the
// central kitchen / warehouse for products; the supplier reserves what it can send (within its free balance),
// then turns the order into a transfer, shipped at once if it wants. The route chooses the side the screen
// opens on: the store's requests (solicitação) or the orders to serve (pedido).

export function PedidosTransferenciaPage() {
  const [params, setParams] = useSearchParams();
  const local = useLocation();
  const aberto = params.get('pedido');
  if (aberto) return <DetalhePedido id={aberto} aoVoltar={() => setParams({})} />;
  if (params.get('novo') === '1') {
    return <NovoPedido aoSalvar={(id) => setParams({ pedido: id })} aoVoltar={() => setParams({})} />;
  }
  const papelInicial = local.pathname.includes('solicitacao') ? 'solicitados' : 'aAtender';
  return (
    <ListaPedidos
      papelInicial={papelInicial}
      aoAbrir={(id) => setParams({ pedido: id })}
      aoCriar={() => setParams({ novo: '1' })}
    />
  );
}

function ListaPedidos({
  papelInicial,
  aoAbrir,
  aoCriar,
}: {
  papelInicial: ConsultaPedidos['papel'];
  aoAbrir: (id: string) => void;
  aoCriar: () => void;
}) {
  const empresaSessao = useSessao((s) => s.empresa?._id);
  const [consulta, setConsulta] = useState<ConsultaPedidos>({
    empresa: empresaSessao ?? '',
    papel: papelInicial,
    status: '',
  });
  const podeIncluir = useTemPermissao(consulta.empresa, PERMISSAO.estoquePedidoTransferenciaIncluir);
  const lista = useQuery({ ...listaPedidosQuery(consulta), enabled: Boolean(consulta.empresa) });
  const mudar = (parcial: Partial<ConsultaPedidos>) => setConsulta((c) => ({ ...c, ...parcial }));
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Flex gap={12} align="center" wrap>
        <label htmlFor="pedido-empresa">Empresa</label>
        <SeletorEmpresaUsuario
          id="pedido-empresa"
          valor={consulta.empresa || undefined}
          aoMudar={(empresa) => mudar({ empresa })}
        />
        <Segmented<ConsultaPedidos['papel']>
          aria-label="Pedidos"
          value={consulta.papel}
          onChange={(papel) => mudar({ papel })}
          options={[
            { value: 'solicitados', label: 'Solicitações desta loja' },
            { value: 'aAtender', label: 'Pedidos a atender' },
          ]}
        />
        <label htmlFor="pedido-status">Situação</label>
        <Select
          id="pedido-status"
          style={{ minWidth: 150 }}
          value={consulta.status}
          onChange={(status: StatusPedidoTransferencia | '') => mudar({ status })}
          options={[
            { value: '', label: 'Todas' },
            ...STATUS_PEDIDO_TRANSFERENCIA.map((s) => ({
              value: s,
              label: DESCRICAO_STATUS_PEDIDO_TRANSFERENCIA[s],
            })),
          ]}
        />
        <Button
          type="primary"
          icon={<PlusOutlined />}
          disabled={!podeIncluir}
          onClick={aoCriar}
          style={{ marginLeft: 'auto' }}
        >
          Nova solicitação
        </Button>
      </Flex>
      <Table<PedidoTransferenciaResumo>
        size="small"
        rowKey="_id"
        loading={lista.isFetching}
        dataSource={lista.data?.itens ?? []}
        pagination={{ pageSize: 20, showSizeChanger: false, hideOnSinglePage: true }}
        scroll={{ x: 1000 }}
        data-testid="lista-pedidos"
        onRow={(p) => ({ onClick: () => aoAbrir(p._id), style: { cursor: 'pointer' } })}
        locale={{
          emptyText:
            consulta.papel === 'solicitados'
              ? 'Esta loja não pediu nada ainda.'
              : 'Nenhum pedido para esta loja atender.',
        }}
        columns={[
          {
            title: 'Nº',
            dataIndex: 'numero',
            width: 70,
            render: (n: number, p) => <Typography.Link onClick={() => aoAbrir(p._id)}>{n}</Typography.Link>,
          },
          {
            title: 'Loja que pede',
            key: 'solicitante',
            ellipsis: true,
            render: (_, p) => p.solicitante.descricao,
          },
          {
            title: 'Fornecedora',
            key: 'fornecedora',
            ellipsis: true,
            render: (_, p) => p.fornecedora.descricao,
          },
          {
            title: 'Situação',
            dataIndex: 'status',
            width: 120,
            render: (s: StatusPedidoTransferencia) => <TagStatusPedido status={s} />,
          },
          { title: 'Itens', dataIndex: 'itens', width: 70, align: 'right' },
          {
            title: 'Precisa até',
            dataIndex: 'dataNecessidade',
            width: 120,
            render: (v: string | null) => (v ? v.split('-').reverse().join('/') : ''),
          },
          {
            title: 'Origem',
            dataIndex: 'origem',
            width: 150,
            render: (o: string) => (o === 'listaReposicao' ? 'Lista de reposição' : 'Manual'),
          },
          { title: 'Criado em', dataIndex: 'createdAt', width: 120, render: (v: string) => formatarData(v) },
          {
            title: 'Transferência',
            key: 'transferencia',
            width: 150,
            render: (_, p) =>
              p.transferencia ? (
                <Space size={4}>
                  <Link
                    to={`/estoqueTransferencia?transferencia=${p.transferencia._id}`}
                    onClick={(e) => e.stopPropagation()}
                  >
                    nº {p.transferencia.numero}
                  </Link>
                  <TagStatusTransferencia status={p.transferencia.status} />
                </Space>
              ) : (
                ''
              ),
          },
        ]}
      />
    </Space>
  );
}

const linhaVazia = (): LinhaFormulario => ({
  chave: novoId(),
  produto: null,
  quantidade: '',
  planoDeContaCredito: '',
  planoDeContaDebito: '',
});

function NovoPedido({ aoSalvar, aoVoltar }: { aoSalvar: (id: string) => void; aoVoltar: () => void }) {
  const queryClient = useQueryClient();
  const empresaSessao = useSessao((s) => s.empresa?._id);
  const [f, setF] = useState<FormularioPedido>(() => ({
    _id: novoId(),
    empresaSolicitante: empresaSessao,
    empresaFornecedora: undefined,
    dataNecessidade: undefined,
    observacao: '',
    linhas: [linhaVazia()],
  }));
  const [erros, setErros] = useState<string[]>([]);
  const podeIncluir = useTemPermissao(f.empresaSolicitante, PERMISSAO.estoquePedidoTransferenciaIncluir);
  const mudar = (parcial: Partial<FormularioPedido>) => {
    setF((a) => ({ ...a, ...parcial }));
    setErros([]);
  };
  const mudarLinha = (chave: string, parcial: Partial<LinhaFormulario>) => {
    setF((a) => ({ ...a, linhas: a.linhas.map((l) => (l.chave === chave ? { ...l, ...parcial } : l)) }));
    setErros([]);
  };
  const salvar = useMutation({
    mutationFn: () => {
      const r = montarPedido(f);
      if (!r.ok) {
        setErros(r.erros);
        return Promise.reject(new Error(''));
      }
      return criarPedido(r.documento);
    },
    onSuccess: (d) => {
      notificar({
        tipo: 'success',
        mensagem: `Pedido nº ${d.pedido.numero} enviado para ${d.pedido.fornecedora.descricao}.`,
      });
      void queryClient.invalidateQueries({ queryKey: chavesTransferencia.todas });
      aoSalvar(d.pedido._id);
    },
    onError: (e) => {
      if (e.message) setErros([e.message]);
    },
  });
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Button icon={<ArrowLeftOutlined />} onClick={aoVoltar}>
        Pedidos de transferência
      </Button>
      <Card size="small" title="Nova solicitação de transferência" data-testid="formulario-pedido">
        <Form layout="vertical" disabled={!podeIncluir || salvar.isPending}>
          <Flex gap={16} wrap>
            <Form.Item label="Loja que pede" htmlFor="pedido-solicitante" required>
              <SeletorEmpresaUsuario
                id="pedido-solicitante"
                rotulo="Loja que pede"
                valor={f.empresaSolicitante}
                aoMudar={(empresaSolicitante) => mudar({ empresaSolicitante, _id: novoId() })}
              />
            </Form.Item>
            <Form.Item label="Pedir para" htmlFor="pedido-fornecedora" required>
              <SeletorLojaDoGrupo
                id="pedido-fornecedora"
                rotulo="Pedir para"
                valor={f.empresaFornecedora}
                exceto={f.empresaSolicitante}
                aoMudar={(empresaFornecedora) => mudar({ empresaFornecedora })}
              />
            </Form.Item>
            <Form.Item label="Precisa até" htmlFor="pedido-data">
              <DatePicker
                id="pedido-data"
                format="DD/MM/YYYY"
                minDate={dayjs()}
                value={f.dataNecessidade ? dayjs(f.dataNecessidade) : null}
                onChange={(v) => mudar({ dataNecessidade: v ? v.format('YYYY-MM-DD') : undefined })}
              />
            </Form.Item>
            <Form.Item label="Observação" htmlFor="pedido-observacao" style={{ flex: 1, minWidth: 240 }}>
              <Input
                id="pedido-observacao"
                maxLength={300}
                value={f.observacao}
                placeholder="Opcional"
                onChange={(e) => mudar({ observacao: e.target.value })}
              />
            </Form.Item>
          </Flex>
          <Table<LinhaFormulario>
            size="small"
            rowKey="chave"
            pagination={false}
            dataSource={f.linhas}
            scroll={{ x: 760 }}
            columns={[
              {
                title: 'Produto',
                key: 'produto',
                width: 340,
                render: (_, l, i) => (
                  <SeletorProduto
                    id={`pedido-produto-${i}`}
                    empresa={f.empresaSolicitante}
                    valor={l.produto}
                    autoFocus={i > 0 && !l.produto}
                    aoMudar={(produto: ProdutoEstoque | null) => mudarLinha(l.chave, { produto })}
                  />
                ),
              },
              {
                title: 'Saldo na loja',
                key: 'saldo',
                align: 'right',
                width: 130,
                render: (_, l) =>
                  l.produto
                    ? `${formatarQuantidade(l.produto.quantidade, l.produto.unidade)} ${l.produto.unidade ?? ''}`
                    : null,
              },
              {
                title: 'Quantidade',
                key: 'quantidade',
                width: 150,
                render: (_, l, i) => (
                  <Input
                    aria-label={`Quantidade da linha ${i + 1}`}
                    inputMode="decimal"
                    value={l.quantidade}
                    suffix={l.produto?.unidade ?? undefined}
                    style={{ textAlign: 'right' }}
                    onChange={(e) => mudarLinha(l.chave, { quantidade: e.target.value })}
                  />
                ),
              },
              {
                title: '',
                key: 'acoes',
                width: 48,
                render: (_, l, i) => (
                  <Button
                    type="text"
                    aria-label={`Remover linha ${i + 1}`}
                    icon={<DeleteOutlined />}
                    onClick={() => {
                      const resto = f.linhas.filter((x) => x.chave !== l.chave);
                      mudar({ linhas: resto.length ? resto : [linhaVazia()] });
                    }}
                  />
                ),
              },
            ]}
          />
          <Button
            type="dashed"
            icon={<PlusOutlined />}
            style={{ marginTop: 8 }}
            onClick={() => mudar({ linhas: [...f.linhas, linhaVazia()] })}
          >
            Adicionar produto
          </Button>
          {erros.length > 0 && (
            <Alert
              type="error"
              showIcon
              role="alert"
              style={{ marginTop: 12 }}
              title="Confira a solicitação"
              description={
                <ul style={{ margin: 0, paddingInlineStart: 18 }}>
                  {erros.map((e) => (
                    <li key={e}>{e}</li>
                  ))}
                </ul>
              }
            />
          )}
          <Flex justify="flex-end" style={{ marginTop: 12 }}>
            <Button
              type="primary"
              htmlType="button"
              loading={salvar.isPending}
              onClick={() => salvar.mutate()}
            >
              Solicitar
            </Button>
          </Flex>
        </Form>
      </Card>
    </Space>
  );
}

function DetalhePedido({ id, aoVoltar }: { id: string; aoVoltar: () => void }) {
  const q = useQuery(pedidoQuery(id));
  if (q.isPending) return <Spin />;
  if (q.isError) {
    return (
      <Result status="warning" title={q.error.message} extra={<Button onClick={aoVoltar}>Voltar</Button>} />
    );
  }
  return <Pedido d={q.data} aoVoltar={aoVoltar} />;
}

function Pedido({ d, aoVoltar }: { d: PedidoTransferenciaDetalhe; aoVoltar: () => void }) {
  const queryClient = useQueryClient();
  const p = d.pedido;
  const fornecedoraAltera = useTemPermissao(p.fornecedora._id, PERMISSAO.estoquePedidoTransferenciaAlterar);
  const fornecedoraTransfere = useTemPermissao(p.fornecedora._id, PERMISSAO.estoqueTransferenciaIncluir);
  const cancelaFornecedora = useTemPermissao(p.fornecedora._id, PERMISSAO.estoquePedidoTransferenciaExcluir);
  const cancelaSolicitante = useTemPermissao(p.solicitante._id, PERMISSAO.estoquePedidoTransferenciaExcluir);
  const [reserva, setReserva] = useState<Map<string, string> | null>(null);
  const [enviarJa, setEnviarJa] = useState(true);
  const [transferenciaId] = useState(novoId);
  const [cancelando, setCancelando] = useState(false);
  const [motivo, setMotivo] = useState('');
  const [recusa, setRecusa] = useState<string | null>(null);

  const atualizar = (n: PedidoTransferenciaDetalhe, mensagem: string) => {
    queryClient.setQueryData(chavesTransferencia.pedido(p._id), n);
    void queryClient.invalidateQueries({ queryKey: chavesTransferencia.estoque });
    notificar({ tipo: 'success', mensagem });
    setRecusa(null);
  };
  const reservar = useMutation({
    mutationFn: () => {
      const itens = [...(reserva ?? new Map<string, string>())].map(([produto, texto]) => {
        const q = lerQuantidadeDigitada(texto);
        if (q === null)
          throw new Error('Informe as quantidades reservadas (zero: o produto não será enviado).');
        return { produto, quantidade: q };
      });
      return reservarPedido(p._id, { itens });
    },
    onSuccess: (n) => {
      setReserva(null);
      atualizar(n, `Pedido nº ${p.numero} reservado.`);
    },
    onError: (e) => setRecusa(e.message),
  });
  const finalizar = useMutation({
    mutationFn: () => finalizarPedido(p._id, transferenciaId, enviarJa),
    onSuccess: (r) =>
      atualizar(
        r.pedido,
        enviarJa
          ? `Transferência nº ${r.transferencia.transferencia.numero} enviada para ${p.solicitante.descricao}.`
          : `Transferência nº ${r.transferencia.transferencia.numero} criada como rascunho.`,
      ),
    onError: (e) => setRecusa(e.message),
  });
  const cancelar = useMutation({
    mutationFn: () => cancelarPedido(p._id, motivo.trim()),
    onSuccess: (n) => {
      setCancelando(false);
      atualizar(n, `Pedido nº ${p.numero} cancelado.`);
    },
    onError: (e) => setRecusa(e.message),
  });
  const aberto = p.status === 'solicitado' || p.status === 'reservado';
  const acoes = (
    <Space wrap>
      {aberto && !reserva && (
        <Button
          disabled={!fornecedoraAltera}
          type={p.status === 'solicitado' ? 'primary' : 'default'}
          onClick={() =>
            setReserva(
              new Map(
                d.itens.map((i) => [
                  i.produto._id,
                  quantidadeParaDigitar(i.quantidadeReservada ?? i.quantidade),
                ]),
              ),
            )
          }
        >
          {p.status === 'solicitado' ? 'Reservar' : 'Ajustar reserva'}
        </Button>
      )}
      {p.status === 'reservado' && !reserva && (
        <>
          <Checkbox checked={enviarJa} onChange={(e) => setEnviarJa(e.target.checked)}>
            Enviar agora
          </Checkbox>
          <Button
            type="primary"
            disabled={!fornecedoraAltera || !fornecedoraTransfere}
            loading={finalizar.isPending}
            onClick={() => finalizar.mutate()}
          >
            Gerar transferência
          </Button>
        </>
      )}
      {aberto && (
        <Button
          danger
          disabled={!cancelaFornecedora && !cancelaSolicitante}
          onClick={() => setCancelando(true)}
        >
          Cancelar pedido
        </Button>
      )}
    </Space>
  );
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Button icon={<ArrowLeftOutlined />} onClick={aoVoltar}>
        Pedidos de transferência
      </Button>
      <Card
        size="small"
        title={
          <Flex gap={8} align="center">
            <span>Pedido nº {p.numero}</span>
            <TagStatusPedido status={p.status} />
          </Flex>
        }
        extra={acoes}
        data-testid="detalhe-pedido"
      >
        <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }} style={{ marginBottom: 12 }}>
          <Descriptions.Item label="Loja que pede">{p.solicitante.descricao}</Descriptions.Item>
          <Descriptions.Item label="Fornecedora">{p.fornecedora.descricao}</Descriptions.Item>
          <Descriptions.Item label="Precisa até">
            {p.dataNecessidade ? p.dataNecessidade.split('-').reverse().join('/') : '—'}
          </Descriptions.Item>
          <Descriptions.Item label="Solicitado">
            {formatarData(p.createdAt)}
            {p.criadoPor ? ` · ${p.criadoPor.nome}` : ''}
            {p.origem === 'listaReposicao' ? ' (lista de reposição)' : ''}
          </Descriptions.Item>
          {p.reservadoEm && (
            <Descriptions.Item label="Reservado">
              {formatarData(p.reservadoEm)}
              {p.reservadoPor ? ` · ${p.reservadoPor.nome}` : ''}
            </Descriptions.Item>
          )}
          {p.transferencia && (
            <Descriptions.Item label="Transferência">
              <Space size={4}>
                <Link to={`/estoqueTransferencia?transferencia=${p.transferencia._id}`}>
                  nº {p.transferencia.numero}
                </Link>
                <TagStatusTransferencia status={p.transferencia.status} />
              </Space>
            </Descriptions.Item>
          )}
          {p.canceladoEm && (
            <Descriptions.Item label="Cancelado">
              {formatarData(p.canceladoEm)} — {p.motivoCancelamento}
            </Descriptions.Item>
          )}
          {p.observacao && <Descriptions.Item label="Observação">{p.observacao}</Descriptions.Item>}
        </Descriptions>
        {recusa && (
          <Alert
            type="error"
            showIcon
            role="alert"
            style={{ marginBottom: 12 }}
            title="A operação não foi feita"
            description={recusa}
          />
        )}
        <Table<ItemPedidoTransferencia>
          size="small"
          rowKey={(i) => i.produto._id}
          pagination={false}
          dataSource={d.itens}
          scroll={{ x: 820 }}
          data-testid="itens-pedido"
          columns={[
            { title: 'Produto', key: 'produto', width: 260, render: (_, i) => i.produto.descricao },
            {
              title: 'Pedido',
              key: 'quantidade',
              align: 'right',
              width: 110,
              render: (_, i) =>
                `${formatarQuantidade(i.quantidade, i.produto.unidade)} ${i.produto.unidade ?? ''}`,
            },
            {
              title: 'Reservado',
              key: 'reservado',
              align: 'right',
              width: 150,
              render: (_, i, n) =>
                reserva ? (
                  <Input
                    aria-label={`Quantidade reservada da linha ${n + 1}`}
                    inputMode="decimal"
                    value={reserva.get(i.produto._id) ?? ''}
                    suffix={i.produto.unidade ?? undefined}
                    style={{ textAlign: 'right' }}
                    onChange={(e) => setReserva(new Map(reserva).set(i.produto._id, e.target.value))}
                  />
                ) : (
                  formatarQuantidade(i.quantidadeReservada, i.produto.unidade)
                ),
            },
            {
              title: `Saldo em ${p.fornecedora.descricao}`,
              key: 'saldoFornecedora',
              align: 'right',
              width: 170,
              render: (_, i) => formatarQuantidade(i.saldoFornecedora, i.produto.unidade),
            },
            {
              title: `Saldo em ${p.solicitante.descricao}`,
              key: 'saldoSolicitante',
              align: 'right',
              width: 170,
              render: (_, i) => formatarQuantidade(i.saldoSolicitante, i.produto.unidade),
            },
          ]}
        />
        {reserva && (
          <Flex justify="flex-end" gap={8} style={{ marginTop: 12 }}>
            <Button onClick={() => setReserva(null)}>Voltar</Button>
            <Button type="primary" loading={reservar.isPending} onClick={() => reservar.mutate()}>
              Confirmar reserva
            </Button>
          </Flex>
        )}
      </Card>
      <Modal
        open={cancelando}
        title="Cancelar o pedido"
        okText="Cancelar pedido"
        okButtonProps={{ danger: true, disabled: !motivo.trim(), loading: cancelar.isPending }}
        cancelText="Voltar"
        onCancel={() => setCancelando(false)}
        onOk={() => cancelar.mutate()}
        destroyOnHidden
      >
        <label htmlFor="pedido-cancelar-motivo">Motivo</label>
        <Input.TextArea
          id="pedido-cancelar-motivo"
          maxLength={300}
          autoSize={{ minRows: 2 }}
          value={motivo}
          onChange={(e) => setMotivo(e.target.value)}
        />
      </Modal>
    </Space>
  );
}
