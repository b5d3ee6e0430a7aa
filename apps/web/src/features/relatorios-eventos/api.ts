import type { FiltroRelatorioEntrada } from '@retaguarda/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { chaves } from '../../lib/api/chaves.ts';
import { api } from '../../lib/api/cliente.ts';

// Calls of the four event reports (apps/server/src/modules/relatorios-eventos): request `{ filtro, pagina }` with
// the shared default report filter (packages/domain/src/relatorios), answer the totals of the whole filter and
// one page of 50 rows.

export type RotaRelatorioEventos =
  | 'relatorioVendaCancelamentos'
  | 'relatorioVendaDescontos'
  | 'relatorioVendaTransferencias'
  | 'relatorioQrCode';

export interface ProdutoEvento {
  descricao: string | null;
  quantidade: string;
  valor: string;
}

/** A detail row: a sale event, or (QR code) a sale. Money as decimal strings. */
export interface LinhaEvento {
  _id: string;
  dataHora: string;
  empresaId: string;
  empresa: string | null;
  numero: number | null;
  tipoVenda: number | null;
  mesa: number | null;
  comanda: number | null;
  status: number | null;
  operador: string | null;
  valor?: string;
  // events
  vendaId?: string;
  supervisor?: string | null;
  motivo?: string;
  vendaCompleta?: boolean;
  produtos?: ProdutoEvento[];
  // transfers
  mesaOrigem?: number | null;
  mesaDestino?: number | null;
  vendaDestino?: string | null;
  numeroDestino?: number | null;
  // QR code orders
  localPedido?: number | null;
  atendente?: string | null;
  vendaDescricao?: string;
  total?: string;
  itens?: number;
}

export interface RespostaRelatorioEventos {
  totais: Record<string, unknown>;
  detalhe: { pagina: number; porPagina: number; total: number; linhas: LinhaEvento[] };
}

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
  api.post<RespostaRelatorioEventos>(
    rota,
    { filtro, pagina },
    { acao: 'ao gerar o relatório', ...(silencioso ? { silencioso } : {}) },
  );

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
