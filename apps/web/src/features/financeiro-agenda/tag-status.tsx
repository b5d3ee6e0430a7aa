import { STATUS_TITULO, type TituloAgenda } from '@retaguarda/domain';
import { Tag } from 'antd';

// A title's status as a coloured tag; an open title past its due date says "Vencido".

const COR: Record<number, string> = {
  [STATUS_TITULO.aberto]: 'blue',
  [STATUS_TITULO.pagoParcial]: 'gold',
  [STATUS_TITULO.pago]: 'green',
  [STATUS_TITULO.cancelado]: 'default',
};

export function TagStatus({ titulo }: { titulo: Pick<TituloAgenda, 'status' | 'vencido'> }) {
  return (
    <span>
      <Tag color={COR[titulo.status.id]}>{titulo.status.descricao}</Tag>
      {titulo.vencido && <Tag color="red">Vencido</Tag>}
    </span>
  );
}
