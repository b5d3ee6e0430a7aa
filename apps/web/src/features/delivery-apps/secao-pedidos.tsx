import { formatarMoeda } from '@retaguarda/domain';
import { type PedidoAppSaida, trocoDe } from '@retaguarda/domain/delivery-apps/index';
import { Badge, Card, Flex, Table, type TableColumnsType, Tag, Typography } from 'antd';
import type { HTMLAttributes, ReactNode } from 'react';
import { dataHora, vazio } from './comum.tsx';

// One section of the order desk: a card with its count and a table of orders whose first columns (the order,
// when it arrived) and the total are the same in every section; each section adds its own columns between
// them, and its actions (key 'acoes') last. With `detalhes`, every row opens below it the order as the app
// sent it: items with options and notes, the customer and address, and how it is paid (prepaid, or to
// collect with the change to bring).

export function DetalhePedido({ pedido: p }: { pedido: PedidoAppSaida }) {
  const bloco = { minWidth: 220, flex: '1 1 220px' };
  return (
    <Flex gap={24} wrap data-testid={`detalhe-${p._id}`}>
      <div style={bloco}>
        <Typography.Text type="secondary">Itens</Typography.Text>
        <ul style={{ margin: 0, paddingLeft: 18 }}>
          {p.itens.map((item, n) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the app's items have no key of ours and never reorder
            <li key={n}>
              <Typography.Text strong>
                {item.quantidade}x {item.nome}
              </Typography.Text>{' '}
              <Typography.Text type="secondary">{formatarMoeda(item.total)}</Typography.Text>
              {item.opcoes.map((o, m) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: as above
                <div key={m} style={{ paddingLeft: 8 }}>
                  + {o.quantidade}x {o.nome}
                  {o.obs ? ` (${o.obs})` : ''}
                </div>
              ))}
              {item.obs && <div style={{ paddingLeft: 8 }}>Obs: {item.obs}</div>}
            </li>
          ))}
        </ul>
      </div>
      <div style={bloco}>
        <Typography.Text type="secondary">Cliente</Typography.Text>
        {p.cliente ? (
          <Flex vertical>
            <Typography.Text strong>{p.cliente.nome || '—'}</Typography.Text>
            {p.cliente.telefone && <span>Tel. {p.cliente.telefone}</span>}
            {p.cliente.endereco && <span>{p.cliente.endereco}</span>}
          </Flex>
        ) : (
          <div>—</div>
        )}
      </div>
      <div style={bloco}>
        <Typography.Text type="secondary">Pagamento</Typography.Text>
        {p.pagamentos.map((pg, n) => {
          const troco = trocoDe(pg);
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: the app's payments have no key and never reorder
            <Flex key={n} gap={6} align="center" wrap>
              <Tag color={pg.modo === 'prepago' ? 'green' : 'orange'}>
                {pg.modo === 'prepago' ? 'Pago no app' : 'Cobrar na entrega'}
              </Tag>
              <span>
                {pg.metodo}
                {pg.bandeira ? ` ${pg.bandeira}` : ''} {formatarMoeda(pg.valor)}
              </span>
              {pg.trocoPara && (
                <Typography.Text strong>
                  Troco para {formatarMoeda(pg.trocoPara)}
                  {troco ? ` (levar ${formatarMoeda(troco)})` : ''}
                </Typography.Text>
              )}
            </Flex>
          );
        })}
      </div>
    </Flex>
  );
}

export function SecaoPedidos({
  titulo,
  cor,
  pedidos,
  vazioTexto,
  rotuloPedido,
  colunas,
  detalhes = false,
  carregando,
  testId,
}: {
  titulo: string;
  /** Badge colour when the section has orders; null: a plain card without a count. */
  cor: string | null;
  pedidos: PedidoAppSaida[];
  vazioTexto: string;
  rotuloPedido: (p: PedidoAppSaida) => ReactNode;
  colunas: TableColumnsType<PedidoAppSaida>;
  detalhes?: boolean;
  carregando?: boolean;
  testId: string;
}) {
  const quantos = pedidos.length;
  return (
    <Card
      size="small"
      data-testid={testId}
      title={
        <Flex gap={8} align="center">
          {titulo}
          {cor && <Badge count={quantos} showZero color={quantos > 0 ? cor : '#bfbfbf'} />}
        </Flex>
      }
    >
      <Table<PedidoAppSaida>
        rowKey="_id"
        size="small"
        pagination={false}
        loading={carregando}
        dataSource={pedidos}
        locale={{ emptyText: vazio(vazioTexto) }}
        onRow={(p) => ({ 'data-testid': `pedido-app-${p._id}` }) as HTMLAttributes<HTMLElement>}
        expandable={
          detalhes
            ? {
                expandedRowKeys: pedidos.map((p) => p._id),
                showExpandColumn: false,
                expandedRowRender: (p) => <DetalhePedido pedido={p} />,
              }
            : undefined
        }
        columns={[
          { title: 'Pedido', key: 'pedido', render: (_, p) => rotuloPedido(p) },
          { title: 'Recebido', key: 'recebido', render: (_, p) => dataHora(p.recebidoEm) },
          ...colunas.filter((c) => c.key !== 'acoes'),
          {
            title: 'Total',
            key: 'total',
            align: 'right',
            render: (_, p) => (p.total ? formatarMoeda(p.total) : '—'),
          },
          // The buttons stay last, after the total they answer for.
          ...colunas.filter((c) => c.key === 'acoes'),
        ]}
      />
    </Card>
  );
}
