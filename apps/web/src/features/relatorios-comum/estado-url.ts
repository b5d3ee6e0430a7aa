import {
  type EstadoRelatorio,
  TIPOS_GRAFICO_RELATORIO,
  type TipoGraficoRelatorio,
} from '@retaguarda/domain/relatorios-salvos/relatorio-salvo';

// A report's state lives in its URL (a reload or a link shows the same report, STYLE "Front end"). The reports
// with a filter of their own keep their parameters there; the shared frame adds `filtro` (the default report
// filter as JSON), `colunas`, `agrupamento` and `grafico`. Saving a report stores that state; opening a saved
// report is navigating to its route with it, plus `relatorioSalvo` naming which one was opened.

export const PARAMETROS_DO_QUADRO = [
  'filtro',
  'colunas',
  'agrupamento',
  'grafico',
  'relatorioSalvo',
] as const;

const lista = (v: string | null) => (v ? v.split(',').filter(Boolean) : []);

function lerFiltro(v: string | null): Record<string, unknown> {
  if (!v) return {};
  try {
    const f: unknown = JSON.parse(v);
    return f && typeof f === 'object' && !Array.isArray(f) ? (f as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export const ehGrafico = (v: string | null): v is TipoGraficoRelatorio =>
  (TIPOS_GRAFICO_RELATORIO as readonly (string | null)[]).includes(v);

/** The state of the report on screen, read from its URL query ('?a=1&b=2' or 'a=1&b=2'). */
export function estadoDaUrl(busca: string): EstadoRelatorio {
  const p = new URLSearchParams(busca);
  const proprios = new URLSearchParams();
  for (const [k, v] of p) if (!(PARAMETROS_DO_QUADRO as readonly string[]).includes(k)) proprios.append(k, v);
  const grafico = p.get('grafico');
  return {
    parametros: proprios.toString(),
    filtro: lerFiltro(p.get('filtro')),
    colunas: lista(p.get('colunas')),
    agrupamento: lista(p.get('agrupamento')),
    grafico: ehGrafico(grafico) ? grafico : 'nenhum',
  };
}

/** The address that opens a saved report: its base route with the saved state. */
export function urlDoRelatorioSalvo(r: { _id: string; relatorio: string; estado: EstadoRelatorio }): string {
  const p = new URLSearchParams(r.estado.parametros);
  if (Object.keys(r.estado.filtro).length) p.set('filtro', JSON.stringify(r.estado.filtro));
  if (r.estado.colunas.length) p.set('colunas', r.estado.colunas.join(','));
  if (r.estado.agrupamento.length) p.set('agrupamento', r.estado.agrupamento.join(','));
  if (r.estado.grafico !== 'nenhum') p.set('grafico', r.estado.grafico);
  p.set('relatorioSalvo', r._id);
  return `/${r.relatorio}?${p.toString()}`;
}
