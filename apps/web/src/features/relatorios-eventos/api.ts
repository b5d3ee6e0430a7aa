import type {
  FiltroRelatorioEntrada,
  LinhaEventoQualquer,
  RelatorioEventosPedido,
  RespostaRelatorioEventos,
  RotaRelatorioEventos,
} from '@retaguarda/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { chaves } from '../../lib/api/chaves.ts';
import { api } from '../../lib/api/cliente.ts';

// Calls of the four event reports (apps/server/src/modules/relatorios-eventos). Request and answer shapes are the
// domain's (packages/domain/src/relatorios/eventos.ts): the totals of the whole filter and one page of 50 rows.

export type { ProdutoEvento, RotaRelatorioEventos } from '@retaguarda/domain';
/** A row of any of the four reports, as the shared page reads it. */
export type LinhaEvento = LinhaEventoQualquer;

export const chavesRelatorioEventos = {
  todas: [...chaves.todas, 'relatoriosEventos'] as const,
  pagina: (rota: RotaRelatorioEventos, filtro: FiltroRelatorioEntrada, pagina: number) =>
    [...chavesRelatorioEventos.todas, rota, filtro, pagina] as const,
};

export const buscarRelatorioEventos = (
  rota: RotaRelatorioEventos,
  filtro: FiltroRelatorioEntrada,
  pagina: number,
  silencioso = false,
) =>
  api.post<RespostaRelatorioEventos>(rota, { filtro, pagina } satisfies RelatorioEventosPedido, {
    acao: 'ao gerar o relatório',
    ...(silencioso ? { silencioso } : {}),
  });

export const relatorioEventosQuery = (
  rota: RotaRelatorioEventos,
  filtro: FiltroRelatorioEntrada,
  pagina: number,
) =>
  queryOptions({
    queryKey: chavesRelatorioEventos.pagina(rota, filtro, pagina),
    queryFn: () => buscarRelatorioEventos(rota, filtro, pagina),
    placeholderData: keepPreviousData,
  });

/** Every row of the filter for a file (pages of 50, at most `maximo` rows: a file never grows unbounded). */
export async function todasAsLinhas(
  rota: RotaRelatorioEventos,
  filtro: FiltroRelatorioEntrada,
  maximo = 5000,
): Promise<{ linhas: LinhaEvento[]; total: number }> {
  const linhas: LinhaEvento[] = [];
  let total = 0;
  for (let pagina = 1; linhas.length < maximo; pagina++) {
    const r = await buscarRelatorioEventos(rota, filtro, pagina);
    total = r.detalhe.total;
    linhas.push(...r.detalhe.linhas);
    if (r.detalhe.linhas.length < r.detalhe.porPagina || linhas.length >= total) break;
  }
  return { linhas: linhas.slice(0, maximo), total };
}
