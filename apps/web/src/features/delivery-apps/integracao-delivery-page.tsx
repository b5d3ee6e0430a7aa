import { CheckOutlined, CloseOutlined, SoundOutlined, SyncOutlined } from '@ant-design/icons';
import { formatarHora } from '@retaguarda/domain';
import {
  EVENTO_PEDIDO_APP,
  eventoPedidoAppSchema,
  type IntegracaoSaida,
  type PedidoAppSaida,
  PRAZO_CONFIRMACAO_MS,
} from '@retaguarda/domain/delivery-apps/index';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, type TableColumnsType, Tag, Typography } from 'antd';
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
import { LinksDelivery, nomePedido, SePermitido } from './comum.tsx';
import { DialogoMotivo } from './dialogos-pedido.tsx';
import { SecaoPedidos } from './secao-pedidos.tsx';

// Route appIntegracaoDelivery (issue 20 "Delivery apps"): the order desk. Orders waiting to be accepted, with
// their items, customer and payments, the time left before the app cancels them (8 minutes from the app's
// createdAt) and a beep when a new one comes; the customers' cancellation requests with their reason; the
// orders that need attention (unknown item, bad data), retried after the fix. Refreshed every 10 s and at once
// when the server announces an order of the store (pedidoAppAlterado on the socket).

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

/** The app's deadline; an order that never read well has none: 8 minutes from its arrival then. */
export const prazoDe = (p: Pick<PedidoAppSaida, 'prazoConfirmacao' | 'recebidoEm'>) =>
  p.prazoConfirmacao ?? new Date(Date.parse(p.recebidoEm) + PRAZO_CONFIRMACAO_MS).toISOString();

/** "mm:ss" left until the deadline (00:00 once it is over; `ms` then negative or zero). */
export function tempoRestante(prazo: string, agora: number): { ms: number; texto: string } {
  const ms = Date.parse(prazo) - agora;
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

/** An app order of the store arrived or changed (announced on its room): the list is asked again. */
function usePedidoAnunciado(aoAnunciar: () => void): void {
  const token = useSessao((s) => s.usuario?.token);
  const empresaId = useSessao((s) => s.empresa?._id);
  const ref = useRef(aoAnunciar);
  ref.current = aoAnunciar;
  useEffect(() => {
    if (!token || !empresaId) return;
    const conexao = conectarSocket({ token, empresaId, aoStatus: () => {}, aoVersaoAtualizada: () => {} });
    conexao.socket.on(EVENTO_PEDIDO_APP, (d: unknown) => {
      if (eventoPedidoAppSchema.safeParse(d).success) ref.current();
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

export function IntegracaoDeliveryPage() {
  const cliente = useQueryClient();
  const pedidos = useQuery(pedidosQuery(INTERVALO_PEDIDOS_MS));
  const integracoes = useQuery(integracoesQuery());
  const agora = useAgora(1000);
  const [emCurso, executar] = useExecutar();
  const [recusando, setRecusando] = useState<PedidoAppSaida | null>(null);
  const [negando, setNegando] = useState<PedidoAppSaida | null>(null);
  usePedidoAnunciado(() => void cliente.invalidateQueries({ queryKey: chavesDelivery.pedidos() }));

  const porIntegracao = new Map<string, IntegracaoSaida>((integracoes.data ?? []).map((i) => [i._id, i]));
  const todos = pedidos.data ?? [];
  const aguardando = todos
    .filter((p) => p.situacao === 'aguardando' && p.estadoApp === 'CREATED')
    .sort((a, b) => prazoDe(a).localeCompare(prazoDe(b)));
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
  const botao = (
    p: PedidoAppSaida,
    chave: string,
    rotulo: string,
    chamada: () => Promise<unknown>,
    sucesso: string,
    extra: Partial<{ icon: ReactNode; type: 'primary' }> = {},
  ) => (
    <Button
      {...extra}
      loading={emCurso === `${chave}:${p._id}`}
      onClick={() => void executar(`${chave}:${p._id}`, chamada, sucesso)}
    >
      {rotulo}
    </Button>
  );

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
            · a cada {INTERVALO_PEDIDOS_MS / 1000} s e na chegada de cada pedido
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

      <SecaoPedidos
        testId="secao-aguardando"
        titulo="Aguardando aceite"
        cor="orange"
        pedidos={aguardando}
        carregando={pedidos.isLoading}
        vazioTexto="Nenhum pedido aguardando."
        rotuloPedido={rotuloPedido}
        detalhes
        colunas={[
          {
            title: 'Tempo para aceitar',
            key: 'prazo',
            render: (_, p) => {
              const r = tempoRestante(prazoDe(p), agora);
              return r.ms <= 0 ? (
                <Tag color="red">Prazo esgotado</Tag>
              ) : (
                <Tag
                  color={r.ms < 2 * 60_000 ? 'red' : 'orange'}
                  aria-label={`Restam ${r.texto}`}
                  data-testid="prazo"
                >
                  <span style={{ fontVariantNumeric: 'tabular-nums', fontSize: 14 }}>{r.texto}</span>
                </Tag>
              );
            },
          },
          colunaAcoes((p) => (
            <>
              {botao(
                p,
                'aceitar',
                'Aceitar',
                () => decidirPedido(p._id, { acao: 'aceitar' }),
                `Pedido ${nomePedido(p)} aceito.`,
                { type: 'primary', icon: <CheckOutlined /> },
              )}
              <Button danger icon={<CloseOutlined />} onClick={() => setRecusando(p)}>
                Recusar
              </Button>
            </>
          )),
        ]}
      />

      <SecaoPedidos
        testId="secao-cancelamentos"
        titulo="Pedidos de cancelamento"
        cor="red"
        pedidos={cancelamentos}
        vazioTexto="Nenhum pedido de cancelamento."
        rotuloPedido={rotuloPedido}
        detalhes
        colunas={[
          {
            title: 'Motivo do cliente',
            key: 'motivoCliente',
            render: (_, p) => p.motivoCancelamentoCliente ?? '—',
          },
          colunaAcoes((p) => (
            <>
              {botao(
                p,
                'cancelar',
                'Aceitar cancelamento',
                () => decidirCancelamento(p._id, { acao: 'aceitar' }),
                `Cancelamento do pedido ${nomePedido(p)} aceito.`,
              )}
              <Button danger onClick={() => setNegando(p)}>
                Negar
              </Button>
            </>
          )),
        ]}
      />

      <SecaoPedidos
        testId="secao-atencao"
        titulo="Precisam de atenção"
        cor="red"
        pedidos={atencao}
        vazioTexto="Nenhum pedido precisa de atenção."
        rotuloPedido={rotuloPedido}
        colunas={[
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
          colunaAcoes((p) => (
            <>
              {botao(
                p,
                'reprocessar',
                'Reprocessar',
                () => reprocessarPedido(p._id),
                `Pedido ${nomePedido(p)} reprocessado.`,
                { icon: <SyncOutlined /> },
              )}
              <Button danger onClick={() => setRecusando(p)}>
                Recusar
              </Button>
            </>
          )),
        ]}
      />

      <SecaoPedidos
        testId="secao-recentes"
        titulo="Últimos pedidos"
        cor={null}
        pedidos={recentes}
        vazioTexto="Nenhum pedido ainda."
        rotuloPedido={rotuloPedido}
        colunas={[
          {
            title: 'Situação',
            key: 'situacao',
            render: (_, p) => <Tag color={SITUACOES[p.situacao].cor}>{SITUACOES[p.situacao].rotulo}</Tag>,
          },
          {
            title: 'No aplicativo',
            key: 'estado',
            render: (_, p) => <span data-testid="estado-app">{ESTADOS_APP[p.estadoApp] ?? p.estadoApp}</span>,
          },
          {
            title: 'Motivo',
            key: 'motivo',
            render: (_, p) => p.motivo ?? p.motivoCancelamentoCliente ?? '',
          },
        ]}
      />

      <DialogoMotivo
        tipo="recusa"
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
      <DialogoMotivo
        tipo="negativa"
        pedido={negando}
        aoFechar={() => setNegando(null)}
        aoConfirmar={(p, motivo, codigo) =>
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

/** The 'Ações' column of an order table: its buttons side by side, only where the user holds 868. */
function colunaAcoes(botoes: (p: PedidoAppSaida) => ReactNode): TableColumnsType<PedidoAppSaida>[number] {
  return {
    title: 'Ações',
    key: 'acoes',
    render: (_, p) => (
      <SePermitido empresa={p.empresa}>
        <Flex gap={8}>{botoes(p)}</Flex>
      </SePermitido>
    ),
  };
}
