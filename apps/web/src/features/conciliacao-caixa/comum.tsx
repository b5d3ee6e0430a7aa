import { descreverDiferenca } from '@retaguarda/domain/caixa/fechamento';
import { Tag, Typography, theme } from 'antd';

// Pieces of the reconciliation screens: the cashier operation status tag (spec 1 section 4) and a difference
// with its sign and word (shortage in the error colour, overage in the warning one; theme tokens, both themes).

const COR_STATUS: Record<number, string> = {
  3: 'default',
  4: 'processing',
  5: 'success',
  6: 'error',
};

export function TagStatusCaixa({ status }: { status: { id: number; descricao: string } }) {
  return (
    <Tag color={COR_STATUS[status.id] ?? 'default'} data-testid="status-fechamento">
      {status.descricao}
    </Tag>
  );
}

export function Diferenca({ valor, testid }: { valor: string | null; testid?: string }) {
  const { token } = theme.useToken();
  if (valor === null) return <span>-</span>;
  const d = descreverDiferenca(valor);
  const cor =
    d.sentido === 'falta'
      ? token.colorError
      : d.sentido === 'sobra'
        ? token.colorWarning
        : token.colorSuccess;
  return (
    <Typography.Text strong style={{ color: cor }} data-testid={testid}>
      {d.texto}
    </Typography.Text>
  );
}
