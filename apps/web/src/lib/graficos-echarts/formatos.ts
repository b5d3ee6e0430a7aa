import { formatarMoeda, formatarNumero } from '@retaguarda/domain';

// pt-BR figures inside the charts (axes, tooltips, labels), through the domain's formatting: R$ 1.234,56.
// echarts hands formatters numbers, strings or arrays; anything that is not a finite number shows as a dash.

const numero = (v: unknown): number | null => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : Number.NaN;
  return Number.isFinite(n) ? n : null;
};

/** "R$ 1.234,56". */
export function moedaGrafico(v: unknown): string {
  const n = numero(v);
  return n === null ? '—' : formatarMoeda(n);
}

/**
 * Axis ticks are round figures: "R$ 1.500" (no cents) keeps the axis narrow. Axes using it set `minInterval: 1`, so
 * small or empty series never get ticks 0,2 apart that would all read "R$ 0" / "R$ 1".
 */
export function moedaEixo(v: unknown): string {
  const n = numero(v);
  if (n === null) return '—';
  const t = formatarNumero(n, 0);
  return t.startsWith('-') ? `-R$ ${t.slice(1)}` : `R$ ${t}`;
}

/** "1.234" (counts); `casas` decimals for quantities. */
export function numeroGrafico(v: unknown, casas = 0): string {
  const n = numero(v);
  return n === null ? '—' : formatarNumero(n, casas);
}
