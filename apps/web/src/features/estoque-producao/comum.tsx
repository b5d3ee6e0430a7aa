import {
  DESCRICAO_STATUS_PRODUCAO,
  formatarNumero,
  formatarNumeroEnxuto,
  type StatusProducao,
} from '@retaguarda/domain';
import { Tag } from 'antd';

// Pieces of the production screen: the status tag, formats (stores and permissions: auth/empresas-usuario.tsx).

const COR: Record<StatusProducao, string> = {
  solicitada: 'processing',
  finalizada: 'success',
  cancelada: 'default',
  estornada: 'warning',
};

export function TagStatus({ status }: { status: StatusProducao }) {
  return (
    <Tag color={COR[status]} data-testid="status-producao">
      {DESCRICAO_STATUS_PRODUCAO[status]}
    </Tag>
  );
}

/** '5.500000' -> '5,5'; '0.990000' kg -> '0,99 kg' (no trailing zeros, up to 6 places). */
export function formatarQuantidade(valor: string | null | undefined, unidade?: string | null): string {
  if (valor === null || valor === undefined || valor === '') return '';
  const texto = formatarNumeroEnxuto(valor, 6);
  return unidade ? `${texto} ${unidade}` : texto;
}

/** A unit cost at 4 places (the ledger keeps 6). */
export const formatarCusto = (valor: string | null | undefined): string =>
  valor === null || valor === undefined ? '' : `R$ ${formatarNumero(valor, 4)}`;

/** What a person types ('1,5', ' 2 ') as the API's decimal text ('1.5'), or '' when it is not one. */
export function decimalDigitado(texto: string): string {
  const limpo = texto.trim();
  // '1.234,5': dots group thousands when a comma is the decimal separator.
  const t = (limpo.includes(',') ? limpo.replace(/\./g, '') : limpo).replace(',', '.');
  return /^\d+(\.\d+)?$/.test(t) ? t : '';
}

/**
 * A 24-char lowercase hex id made on the client: the order carries it from the moment the form opens, so a
 * double click or a retry after a lost answer creates it once (the server answers the first).
 */
export function novoIdDocumento(): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
