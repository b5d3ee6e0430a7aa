import { DESCRICAO_STATUS_INVENTARIO, type StatusInventario } from '@retaguarda/domain';
import { Tag } from 'antd';

// Pieces of the count screens: the status tag (the user's stores and permissions: auth/empresas-usuario.tsx).

const COR: Record<StatusInventario, string> = {
  aberto: 'default',
  emContagem: 'processing',
  conferido: 'warning',
  efetivado: 'success',
  cancelado: 'error',
  estornado: 'magenta',
};

export function TagStatus({ status }: { status: StatusInventario }) {
  return (
    <Tag color={COR[status]} data-testid="status-inventario">
      {DESCRICAO_STATUS_INVENTARIO[status]}
    </Tag>
  );
}
