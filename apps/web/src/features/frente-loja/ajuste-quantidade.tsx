import { itemConfirmado, type VendaItem } from '@retaguarda/domain';
import { Button, Flex } from 'antd';

/**
 * The - and + under the selected line while it is unsent (the + and - keys do the same), so a touch screen
 * changes the quantity without a keyboard. A confirmed or cancelled line has none.
 */
export function AjusteQuantidade({
  item,
  fundo,
  aoQuantidade,
}: {
  item: VendaItem;
  fundo: string;
  aoQuantidade: (n: number, passo: 1 | -1) => void;
}) {
  if (item.cancelado || itemConfirmado(item)) return null;
  return (
    <Flex
      gap={8}
      justify="flex-end"
      aria-label={`Quantidade do item ${item.numeroItem}`}
      data-testid={`item-${item.numeroItem}-quantidade`}
      style={{ padding: '4px 8px', background: fundo }}
    >
      <Button
        size="large"
        tabIndex={-1}
        aria-label="Tirar uma unidade (-)"
        style={{ minWidth: 56 }}
        onClick={() => aoQuantidade(item.numeroItem, -1)}
      >
        −
      </Button>
      <Button
        size="large"
        tabIndex={-1}
        aria-label="Somar uma unidade (+)"
        style={{ minWidth: 56 }}
        onClick={() => aoQuantidade(item.numeroItem, 1)}
      >
        +
      </Button>
    </Flex>
  );
}
