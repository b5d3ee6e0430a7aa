import type { StatusPedidoCompra } from '@retaguarda/domain';
import dayjs from 'dayjs';
import { useSessao } from '../../lib/session/sessao.ts';

// Pieces the purchase screens share (the user's stores and permissions: auth/empresas-usuario.tsx): the order
// state colours (antd preset names, so both themes colour them) and the pt-BR formats.

export const COR_STATUS_PEDIDO: Record<StatusPedidoCompra, string> = {
  rascunho: 'default',
  enviado: 'processing',
  parcial: 'warning',
  recebido: 'success',
  cancelado: 'error',
};

/** The store the screen opens on: the one of the session. */
export const useEmpresaInicial = (): string | undefined => useSessao((s) => s.empresa?._id);

const moeda = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
export const formatarMoeda = (valor: string | number | null | undefined): string =>
  moeda.format(Number(valor ?? 0));

const numero = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 6 });
/** '12.500000' -> '12,5' */
export const formatarQuantidade = (valor: string | null | undefined): string =>
  valor === null || valor === undefined || valor === '' ? '' : numero.format(Number(valor));

/** A unit cost: R$ with 2 decimals, or up to 4 when it has them. */
export const formatarCusto = (valor: string | null | undefined): string =>
  valor === null || valor === undefined
    ? ''
    : `R$ ${Number(valor).toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 4 })}`;

export const formatarData = (iso: string | null | undefined): string =>
  iso ? dayjs(iso).format('DD/MM/YYYY') : '';
