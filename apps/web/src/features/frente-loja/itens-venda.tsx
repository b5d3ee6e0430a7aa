import type { Venda, VendaItem } from '@retaguarda/domain';
import { formatarMoeda, formatarNumero } from '@retaguarda/domain';
import { Button, Empty, Tag, Typography, theme } from 'antd';
import { memo } from 'react';

// The lines of the sale. Rows are memoised by item object: the engine returns the same object for an
// untouched line only when nothing changed, so adding the 101st line re-renders the lines whose values
// moved (combo, general discount) and the new one.

const LinhaItem = memo(function LinhaItem({
  item,
  selecionado,
  aoSelecionar,
}: {
  item: VendaItem;
  selecionado: boolean;
  aoSelecionar: (n: number) => void;
}) {
  const { token } = theme.useToken();
  const desconto = Number(item.desconto);
  return (
    <button
      type="button"
      data-testid={`item-${item.numeroItem}`}
      aria-pressed={selecionado}
      onClick={() => aoSelecionar(item.numeroItem)}
      style={{
        width: '100%',
        border: 'none',
        font: 'inherit',
        color: 'inherit',
        textAlign: 'start',
        display: 'grid',
        gridTemplateColumns: '36px 1fr 70px 90px 96px',
        alignItems: 'center',
        gap: 8,
        padding: '6px 8px',
        minHeight: 44,
        cursor: 'pointer',
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
        // The combo colour is registration data (corPredominanteCombo), shown as the line's marker.
        borderInlineStart: `6px solid ${item.comboAtivo && item.corPredominanteCombo ? item.corPredominanteCombo : 'transparent'}`,
        background: selecionado ? token.colorPrimaryBg : 'transparent',
        textDecoration: item.cancelado ? 'line-through' : undefined,
        opacity: item.cancelado ? 0.55 : 1,
      }}
    >
      <Typography.Text type="secondary">{item.numeroItem}</Typography.Text>
      <div style={{ minWidth: 0 }}>
        <Typography.Text strong ellipsis style={{ display: 'block' }}>
          {item.produto.descricao}
        </Typography.Text>
        {item.produtosFilho.length > 0 && (
          <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block' }}>
            {item.produtosFilho
              .map(
                (f) =>
                  `${f.quantidadeParte}/${item.produtosFilho.reduce((s, x) => s + x.quantidadeParte, 0)} ${f.produto.descricao}`,
              )
              .join(' · ')}
          </Typography.Text>
        )}
        {item.obs && (
          <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block' }}>
            Obs: {item.obs}
          </Typography.Text>
        )}
        <span>
          {item.comboAtivo && <Tag color={item.corPredominanteCombo ?? undefined}>Combo</Tag>}
          {item.promocaoAtivo && <Tag color="green">Promoção</Tag>}
          {Number(item.descontoHappyHour) > 0 && <Tag color="purple">Happy hour</Tag>}
          {Number(item.descontoPersonalizado) > 0 && <Tag color="orange">Desconto</Tag>}
          {item.existePosicaoPago && <Tag>Posição paga</Tag>}
          {item.cancelado && <Tag color="red">Cancelado</Tag>}
        </span>
      </div>
      <Typography.Text style={{ textAlign: 'right' }}>
        {formatarNumero(item.quantidade, 3).replace(/,?0+$/, '').replace(/,$/, '')}
      </Typography.Text>
      <Typography.Text type="secondary" style={{ textAlign: 'right' }}>
        {formatarMoeda(item.precoVenda)}
      </Typography.Text>
      <div style={{ textAlign: 'right' }}>
        <Typography.Text strong data-testid={`item-${item.numeroItem}-valor`}>
          {formatarMoeda(item.valorLiquido)}
        </Typography.Text>
        {desconto > 0 && (
          <Typography.Text type="success" style={{ display: 'block', fontSize: 12 }}>
            -{formatarMoeda(item.desconto)}
          </Typography.Text>
        )}
      </div>
    </button>
  );
});

export const ItensVenda = memo(function ItensVenda({
  venda,
  selecionado,
  aoSelecionar,
}: {
  venda: Pick<Venda, 'produtos'>;
  selecionado: number | null;
  aoSelecionar: (n: number) => void;
}) {
  if (venda.produtos.length === 0)
    return <Empty description="Nenhum item lançado. Busque um produto ou leia o código de barras." />;
  return (
    <section aria-label="Itens da venda" data-testid="itens-venda">
      {venda.produtos.map((i) => (
        <LinhaItem
          key={i.numeroItem}
          item={i}
          selecionado={selecionado === i.numeroItem}
          aoSelecionar={aoSelecionar}
        />
      ))}
    </section>
  );
});

export function BotaoGrande(props: React.ComponentProps<typeof Button>) {
  return <Button size="large" style={{ minHeight: 48, ...props.style }} {...props} />;
}
