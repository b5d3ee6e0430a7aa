import { CheckOutlined, CloseOutlined, SoundOutlined, SyncOutlined } from '@ant-design/icons';
import { formatarHora, formatarMoeda, TIPO_VENDA } from '@retaguarda/domain';
import type { IntegracaoSaida, PedidoAppSaida } from '@retaguarda/domain/delivery-apps/index';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Card, Flex, Table, Tag, Typography } from 'antd';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { notificar } from '../../lib/notify/notificar.ts';
import { useSessao } from '../../lib/session/sessao.ts';
import { conectarSocket } from '../../lib/socket/socket-cliente.ts';
import {
  chavesDelivery,
  decidirCancelamento,
  decidirPedido,
  INTERVALO_PEDIDOS_MS,
  integracoesQuery,
  pedidosQuery,
  reprocessarPedido,
} from './api.ts';
import { ativarSom, somAtivo, somDisponivel, tocarAviso } from './aviso-sonoro.ts';
import { dataHora, LinksDelivery, nomePedido, SePermitido, vazio } from './comum.tsx';
import { DialogoNegarCancelamento, DialogoRecusa } from './dialogos-pedido.tsx';

// Route appIntegracaoDelivery (issue 20 "Delivery apps"): the order desk. Orders waiting to be accepted, with
// the time left before the app cancels them (8 minutes from their arrival) and a beep when a new one comes;
// the customers' cancellation requests; the orders that need attention (unknown item, bad data), retried
// after the fix. Refreshed every 10 s and at once when a delivery sale of the store is announced.

/** The marketplace cancels an order not confirmed within 8 minutes. */
export const PRAZO_CONFIRMACAO_MS = 8 * 60_000;

const SITUACOES: Record<PedidoAppSaida['situacao'], { rotulo: string; cor: string }> = {
  atencao: { rotulo: 'Precisa de atenção', cor: 'red' },
  aguardando: { rotulo: 'Aguardando aceite', cor: 'orange' },
  aceito: { rotulo: 'Aceito', cor: 'green' },
  recusado: { rotulo: 'Recusado', cor: 'default' },
  cancelado: { rotulo: 'Cancelado', cor: 'default' },
};

const ESTADOS_APP: Record<string, string> = {
  CREATED: 'Novo',
  CONFIRMED: 'Confirmado',
  PREPARING: 'Em preparo',
  READY_FOR_PICKUP: 'Pronto para retirada',
  DISPATCHED: 'Saiu para entrega',
  DELIVERED: 'Entregue',
  CONCLUDED: 'Concluído',
  CANCELLATION_REQUESTED: 'Cancelamento pedido pela loja',
  ORDER_CANCELLATION_REQUEST: 'Cliente pediu cancelamento',
  CANCELLED: 'Cancelado',
};

/** "mm:ss" left until the app cancels, or null when the time is over. */
export function tempoRestante(recebidoEm: string, agora: number): { ms: number; texto: string } {
  const ms = Date.parse(recebidoEm) + PRAZO_CONFIRMACAO_MS - agora;
  const s = Math.max(0, Math.ceil(ms / 1000));
  return { ms, texto: `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}` };
}

function useAgora(intervaloMs: number): number {
  const [agora, setAgora] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setAgora(Date.now()), intervaloMs);
    return () => clearInterval(t);
  }, [intervaloMs]);
  return agora;
}

/** A delivery sale announced on the store's room (an app order became a sale): the list is asked again. */
function useVendaDelivery(aoAnunciar: () => void): void {
  const token = useSessao((s) => s.usuario?.token);
  const empresaId = useSessao((s) => s.empresa?._id);
  const ref = useRef(aoAnunciar);
  ref.current = aoAnunciar;
  useEffect(() => {
    if (!token || !empresaId) return;
    const conexao = conectarSocket({ token, empresaId, aoStatus: () => {}, aoVersaoAtualizada: () => {} });
    conexao.socket.on('vendaAlterada', (d: { tipoVenda?: unknown }) => {
      if (d?.tipoVenda === TIPO_VENDA.delivery) ref.current();
    });
    return conexao.encerrar;
  }, [token, empresaId]);
}

/** Plays the beep when an order waiting for acceptance appears that was not listed before. */
function useAvisoNovos(aguardando: readonly PedidoAppSaida[] | undefined): void {
  const vistos = useRef<Set<string> | null>(null);
  useEffect(() => {
    if (!aguardando) return;
    const ids = new Set(aguardando.map((p) => p._id));
    const antes = vistos.current;
    vistos.current = ids;
    if (antes && [...ids].some((id) => !antes.has(id))) tocarAviso();
  }, [aguardando]);
}

function BotaoSom() {
  const [ativo, setAtivo] = useState(somAtivo);
  useEffect(() => {
    // The first gesture anywhere on the page unlocks the sound.
    const liberar = () => void ativarSom().then(setAtivo);
    window.addEventListener('pointerdown', liberar, { once: true });
    window.addEventListener('keydown', liberar, { once: true });
    return () => {
      window.removeEventListener('pointerdown', liberar);
      window.removeEventListener('keydown', liberar);
    };
  }, []);
  if (!somDisponivel()) return <Tag>Sem som neste navegador</Tag>;
  return ativo ? (
    <Tag icon={<SoundOutlined />} color="green">
      Som ativo
    </Tag>
  ) : (
    <Button size="small" icon={<SoundOutlined />} onClick={() => void ativarSom().then(setAtivo)}>
      Ativar som
    </Button>
  );
}

type Acao = () => Promise<unknown>;

function useExecutar(): [string | null, (chave: string, acao: Acao, sucesso: string) => Promise<boolean>] {
  const cliente = useQueryClient();
  const [emCurso, setEmCurso] = useState<string | null>(null);
  const executar = async (chave: string, acao: Acao, sucesso: string) => {
    setEmCurso(chave);
    try {
      await acao();
      notificar({ tipo: 'success', mensagem: sucesso });
      return true;
    } catch {
      // The API client showed the server's message.
      return false;
    } finally {
      setEmCurso(null);
      await cliente.invalidateQueries({ queryKey: chavesDelivery.todas });
    }
  };
  return [emCurso, executar];
}

function Secao({
  titulo,
  quantos,
  cor,
  children,
}: {
  titulo: string;
  quantos: number;
  cor: string;
  children: ReactNode;
}) {
  return (
    <Card
      size="small"
      title={
        <Flex gap={8} align="center">
          {titulo}
          <Badge count={quantos} showZero color={quantos > 0 ? cor : '#bfbfbf'} />
        </Flex>
      }
    >
      {children}
    </Card>
  );
}

export function IntegracaoDeliveryPage() {
  const cliente = useQueryClient();
  const pedidos = useQuery(pedidosQuery(INTERVALO_PEDIDOS_MS));
  const integracoes = useQuery(integracoesQuery());
  const agora = useAgora(1000);
  const [emCurso, executar] = useExecutar();
  const [recusando, setRecusando] = useState<PedidoAppSaida | null>(null);
  const [negando, setNegando] = useState<PedidoAppSaida | null>(null);
  useVendaDelivery(() => void cliente.invalidateQueries({ queryKey: chavesDelivery.pedidos() }));

  const porIntegracao = new Map<string, IntegracaoSaida>((integracoes.data ?? []).map((i) => [i._id, i]));
  const todos = pedidos.data ?? [];
  const aguardando = todos
    .filter((p) => p.situacao === 'aguardando' && p.estadoApp === 'CREATED')
    .sort((a, b) => a.recebidoEm.localeCompare(b.recebidoEm));
  const cancelamentos = todos.filter(
    (p) => p.estadoApp === 'ORDER_CANCELLATION_REQUEST' && p.situacao !== 'cancelado',
  );
  const atencao = todos.filter((p) => p.situacao === 'atencao');
  const recentes = todos
    .filter((p) => !aguardando.includes(p) && !cancelamentos.includes(p) && !atencao.includes(p))
    .slice(0, 20);
  useAvisoNovos(pedidos.data ? aguardando : undefined);

  const rotuloPedido = (p: PedidoAppSaida) => (
    <Flex vertical gap={0}>
      <Typography.Text strong>
        {porIntegracao.get(p.integracao)?.appNome ?? `App ${p.app}`} {nomePedido(p)}
      </Typography.Text>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {porIntegracao.get(p.integracao)?.empresa.descricao ?? ''}
      </Typography.Text>
    </Flex>
  );
  const colunaPedido = {
    title: 'Pedido',
    key: 'pedido',
    render: (_: unknown, p: PedidoAppSaida) => rotuloPedido(p),
  };
  const colunaTotal = {
    title: 'Total',
    key: 'total',
    align: 'right' as const,
    render: (_: unknown, p: PedidoAppSaida) => (p.total ? formatarMoeda(p.total) : '—'),
  };
  const colunaRecebido = {
    title: 'Recebido',
    key: 'recebido',
    render: (_: unknown, p: PedidoAppSaida) => dataHora(p.recebidoEm),
  };

  return (
    <Flex vertical gap={16}>
      <Card
        title="Pedidos dos aplicativos de delivery"
        extra={<LinksDelivery atual="appIntegracaoDelivery" />}
        styles={{ body: { paddingTop: 12, paddingBottom: 12 } }}
      >
        <Flex gap={16} align="center" wrap>
          <BotaoSom />
          <Typography.Text type="secondary">
            {pedidos.dataUpdatedAt
              ? `Atualizado às ${formatarHora(pedidos.dataUpdatedAt, true)}`
              : 'Carregando...'}{' '}
            · a cada {INTERVALO_PEDIDOS_MS / 1000} s
          </Typography.Text>
          <Button
            size="small"
            icon={<SyncOutlined />}
            loading={pedidos.isFetching}
            onClick={() => void pedidos.refetch()}
          >
            Atualizar
          </Button>
        </Flex>
      </Card>

      <Secao titulo="Aguardando aceite" quantos={aguardando.length} cor="orange">
        <Table<PedidoAppSaida>
          rowKey="_id"
          size="small"
          pagination={false}
          loading={pedidos.isLoading}
          dataSource={aguardando}
          locale={{
            emptyText: vazio('Nenhum pedido aguardando.'),
          }}
          columns={[
            colunaPedido,
            colunaRecebido,
            {
              title: 'Tempo para aceitar',
              key: 'prazo',
              render: (_, p) => {
                const r = tempoRestante(p.recebidoEm, agora);
                return r.ms <= 0 ? (
                  <Tag color="red">Prazo esgotado</Tag>
                ) : (
                  <Tag color={r.ms < 2 * 60_000 ? 'red' : 'orange'} aria-label={`Restam ${r.texto}`}>
                    <span style={{ fontVariantNumeric: 'tabular-nums', fontSize: 14 }}>{r.texto}</span>
                  </Tag>
                );
              },
            },
            colunaTotal,
            {
              title: 'Ações',
              key: 'acoes',
              render: (_, p) => (
                <SePermitido empresa={p.empresa}>
                  <Flex gap={8}>
                    <Button
                      type="primary"
                      icon={<CheckOutlined />}
                      loading={emCurso === `aceitar:${p._id}`}
                      onClick={() =>
                        void executar(
                          `aceitar:${p._id}`,
                          () => decidirPedido(p._id, { acao: 'aceitar' }),
                          `Pedido ${nomePedido(p)} aceito.`,
                        )
                      }
                    >
                      Aceitar
                    </Button>
                    <Button danger icon={<CloseOutlined />} onClick={() => setRecusando(p)}>
                      Recusar
                    </Button>
                  </Flex>
                </SePermitido>
              ),
            },
          ]}
        />
      </Secao>

      <Secao titulo="Pedidos de cancelamento" quantos={cancelamentos.length} cor="red">
        <Table<PedidoAppSaida>
          rowKey="_id"
          size="small"
          pagination={false}
          dataSource={cancelamentos}
          locale={{ emptyText: vazio('Nenhum pedido de cancelamento.') }}
          columns={[
            colunaPedido,
            colunaRecebido,
            colunaTotal,
            {
              title: 'Ações',
              key: 'acoes',
              render: (_, p) => (
                <SePermitido empresa={p.empresa}>
                  <Flex gap={8}>
                    <Button
                      loading={emCurso === `cancelar:${p._id}`}
                      onClick={() =>
                        void executar(
                          `cancelar:${p._id}`,
                          () => decidirCancelamento(p._id, { acao: 'aceitar' }),
                          `Cancelamento do pedido ${nomePedido(p)} aceito.`,
                        )
                      }
                    >
                      Aceitar cancelamento
                    </Button>
                    <Button danger onClick={() => setNegando(p)}>
                      Negar
                    </Button>
                  </Flex>
                </SePermitido>
              ),
            },
          ]}
        />
      </Secao>

      <Secao titulo="Precisam de atenção" quantos={atencao.length} cor="red">
        <Table<PedidoAppSaida>
          rowKey="_id"
          size="small"
          pagination={false}
          dataSource={atencao}
          locale={{ emptyText: vazio('Nenhum pedido precisa de atenção.') }}
          columns={[
            colunaPedido,
            colunaRecebido,
            {
              title: 'Motivo',
              key: 'motivo',
              render: (_, p) => (
                <Flex vertical gap={4} style={{ maxWidth: 520 }}>
                  <Typography.Text type="danger">{p.motivo ?? '—'}</Typography.Text>
                  {p.itensSemProduto.length > 0 && (
                    <Link to={`/appTerceirosCadastro?integracao=${p.integracao}`}>
                      Mapear {p.itensSemProduto.length} item(ns)
                    </Link>
                  )}
                </Flex>
              ),
            },
            {
              title: 'Ações',
              key: 'acoes',
              render: (_, p) => (
                <SePermitido empresa={p.empresa}>
                  <Flex gap={8}>
                    <Button
                      icon={<SyncOutlined />}
                      loading={emCurso === `reprocessar:${p._id}`}
                      onClick={() =>
                        void executar(
                          `reprocessar:${p._id}`,
                          () => reprocessarPedido(p._id),
                          `Pedido ${nomePedido(p)} reprocessado.`,
                        )
                      }
                    >
                      Reprocessar
                    </Button>
                    <Button danger onClick={() => setRecusando(p)}>
                      Recusar
                    </Button>
                  </Flex>
                </SePermitido>
              ),
            },
          ]}
        />
      </Secao>

      <Card size="small" title="Últimos pedidos">
        <Table<PedidoAppSaida>
          rowKey="_id"
          size="small"
          pagination={false}
          dataSource={recentes}
          locale={{ emptyText: vazio('Nenhum pedido ainda.') }}
          columns={[
            colunaPedido,
            colunaRecebido,
            {
              title: 'Situação',
              key: 'situacao',
              render: (_, p) => <Tag color={SITUACOES[p.situacao].cor}>{SITUACOES[p.situacao].rotulo}</Tag>,
            },
            {
              title: 'No aplicativo',
              key: 'estado',
              render: (_, p) => ESTADOS_APP[p.estadoApp] ?? p.estadoApp,
            },
            { title: 'Motivo', key: 'motivo', render: (_, p) => p.motivo ?? '' },
            colunaTotal,
          ]}
        />
      </Card>

      <DialogoRecusa
        pedido={recusando}
        aoFechar={() => setRecusando(null)}
        aoConfirmar={(p, motivo) =>
          executar(
            `recusar:${p._id}`,
            () => decidirPedido(p._id, { acao: 'recusar', motivo }),
            `Pedido ${nomePedido(p)} recusado.`,
          )
        }
      />
      <DialogoNegarCancelamento
        pedido={negando}
        aoFechar={() => setNegando(null)}
        aoConfirmar={(p, codigo, motivo) =>
          executar(
            `negar:${p._id}`,
            () => decidirCancelamento(p._id, { acao: 'negar', codigo, motivo }),
            `Cancelamento do pedido ${nomePedido(p)} negado.`,
          )
        }
      />
    </Flex>
  );
}
