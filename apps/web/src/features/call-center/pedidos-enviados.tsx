import { formatarMoeda, STATUS_VENDA, statusExpedicao } from '@retaguarda/domain';
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Flex, Modal, Spin, Tag, Typography, theme } from 'antd';
import { ItensVenda } from '../frente-loja/itens-venda.tsx';
import { callCenterApi, type PedidoEnviado } from './call-center-api.ts';
import { resumoPagamento } from './pagamento-pedido.tsx';

// Tracking: the orders this attendant sent today, per store, with the expedition status the stores' KDS
// and dispatch move (updated live by `expedicaoAlterada`, see tempo-real.ts), and each order's lines.

const CORES_STATUS: Record<number, string> = {
  0: 'default',
  1: 'processing',
  2: 'cyan',
  3: 'gold',
  4: 'success',
  5: 'error',
  6: 'error',
  7: 'warning',
};

export function TagStatus({
  pedido,
}: {
  pedido: Pick<PedidoEnviado, 'vendaId' | 'status' | 'statusExpedicao'>;
}) {
  const cancelada = pedido.status === STATUS_VENDA.cancelada;
  return (
    <Tag
      color={cancelada ? 'error' : (CORES_STATUS[pedido.statusExpedicao] ?? 'default')}
      data-testid={`status-${pedido.vendaId}`}
      style={{ fontSize: 14, padding: '2px 8px', marginInlineEnd: 0 }}
    >
      {cancelada
        ? 'Venda cancelada'
        : (statusExpedicao.porId(pedido.statusExpedicao as 0)?.descricao ?? pedido.statusExpedicao)}
    </Tag>
  );
}

const hora = (iso: string) =>
  new Date(iso).toLocaleTimeString('pt-BR', { hour: '2-digit', minute: '2-digit' });

/** Still on its way (not delivered, refused or cancelled). */
export const emAndamento = (p: PedidoEnviado) =>
  p.status !== STATUS_VENDA.cancelada && [0, 1, 2, 3, 7].includes(p.statusExpedicao);

export function PedidosEnviados({
  pedidos,
  carregando,
  aoAbrir,
}: {
  pedidos: readonly PedidoEnviado[];
  carregando: boolean;
  aoAbrir: (p: PedidoEnviado) => void;
}) {
  const { token } = theme.useToken();
  if (carregando && pedidos.length === 0) return <Spin style={{ margin: 48 }} />;
  if (pedidos.length === 0)
    return <Empty style={{ marginTop: 64 }} description="Nenhum pedido enviado hoje por você." />;
  const lojas = new Map<string, { descricao: string; pedidos: PedidoEnviado[] }>();
  for (const p of pedidos) {
    const l = lojas.get(p.empresa._id) ?? { descricao: p.empresa.descricao, pedidos: [] };
    l.pedidos.push(p);
    lojas.set(p.empresa._id, l);
  }
  return (
    <div
      data-testid="pedidos-enviados"
      style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(420px, 1fr))', gap: 12 }}
    >
      {[...lojas.entries()]
        .sort((a, b) => a[1].descricao.localeCompare(b[1].descricao))
        .map(([id, l]) => (
          <Card
            key={id}
            size="small"
            data-testid={`pedidos-loja-${id}`}
            title={l.descricao}
            extra={
              <Typography.Text type="secondary">
                {l.pedidos.filter(emAndamento).length} em andamento · {l.pedidos.length} no dia
              </Typography.Text>
            }
            styles={{ body: { padding: 0 } }}
          >
            {l.pedidos.map((p) => (
              <button
                key={p.vendaId}
                type="button"
                data-testid={`pedido-${p.vendaId}`}
                onClick={() => aoAbrir(p)}
                style={{
                  display: 'grid',
                  gridTemplateColumns: '1fr auto',
                  gap: 4,
                  width: '100%',
                  minHeight: 56,
                  padding: '8px 12px',
                  border: 'none',
                  borderBottom: `1px solid ${token.colorBorderSecondary}`,
                  background: 'transparent',
                  color: token.colorText,
                  font: 'inherit',
                  textAlign: 'start',
                  cursor: 'pointer',
                }}
              >
                <span>
                  <strong>{p.identificacao}</strong> · {p.cliente ?? 'Consumidor'}{' '}
                  <Typography.Text type="secondary">às {hora(p.enviadoEm)}</Typography.Text>
                </span>
                <TagStatus pedido={p} />
                <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                  {resumoPagamento(p.pagamento, p.tipoVenda)}
                  {p.entregador ? ` · Motoboy ${p.entregador.nome}` : ''}
                </Typography.Text>
                <Typography.Text strong style={{ textAlign: 'end' }}>
                  {formatarMoeda(p.total)}
                </Typography.Text>
              </button>
            ))}
          </Card>
        ))}
    </div>
  );
}

/** One order sent: its lines as the store has them, totals, payment and where it is. */
export function DetalhePedido({ pedido, aoFechar }: { pedido: PedidoEnviado | null; aoFechar: () => void }) {
  const detalhe = useQuery({
    queryKey: ['callCenter', 'pedido', pedido?.vendaId, pedido?.versao],
    queryFn: () => callCenterApi.pedido(pedido?.vendaId ?? ''),
    enabled: pedido !== null,
  });
  const v = detalhe.data;
  return (
    <Modal
      open={pedido !== null}
      onCancel={aoFechar}
      footer={null}
      width={760}
      destroyOnHidden
      title={
        pedido ? (
          <Flex gap={8} align="center" wrap>
            <span>
              {pedido.identificacao} · {pedido.empresa.descricao}
            </span>
            <TagStatus pedido={pedido} />
          </Flex>
        ) : null
      }
    >
      <div data-testid="detalhe-pedido">
        {!v && <Spin />}
        {v && pedido && (
          <Flex vertical gap={10}>
            <Typography.Text type="secondary">
              {pedido.cliente ?? 'Consumidor'} · enviado às {hora(pedido.enviadoEm)}
              {pedido.entregador ? ` · Motoboy ${pedido.entregador.nome}` : ''}
            </Typography.Text>
            <div style={{ maxHeight: 360, overflowY: 'auto' }}>
              <ItensVenda venda={v} selecionado={null} aoSelecionar={() => undefined} />
            </div>
            <Flex justify="space-between" wrap gap={8}>
              <Typography.Text type="secondary">
                Subtotal {formatarMoeda(v.subTotal)}
                {Number(v.totalDesconto) > 0 && <> · Descontos {formatarMoeda(v.totalDesconto)}</>}
                {Number(v.taxaEntrega) > 0 && <> · Taxa de entrega {formatarMoeda(v.taxaEntrega)}</>}
                {Number(v.totalPago) > 0 && <> · Pago {formatarMoeda(v.totalPago)}</>}
              </Typography.Text>
              <Typography.Text strong style={{ fontSize: 18 }}>
                Total {formatarMoeda(v.total)}
              </Typography.Text>
            </Flex>
            <Typography.Text data-testid="detalhe-pagamento">
              {resumoPagamento(v.pagamentoCallCenter, pedido.tipoVenda)}
            </Typography.Text>
          </Flex>
        )}
      </div>
    </Modal>
  );
}
