// List state of a resource screen in the URL (STYLE "Declaring ~100 back-office resources", as Saleor):
// page, page size, sort, search, column filters, visible columns and the open dialog survive a reload
// and can be shared as a link.

export interface EstadoLista {
  pagina: number;
  tamanho: number;
  /** Field name, '-' prefixed for descending; '' = the definition's default order. */
  ordem: string;
  busca: string;
  filtros: Record<string, string>;
  /** Visible columns; empty = the definition's columns. */
  colunas: string[];
  /** 'novo' or the id of the record open in the form. */
  abrir: string;
  /** Id of the record whose history is open. */
  historico: string;
}

export const TAMANHOS_PAGINA = [10, 20, 50, 100] as const;
const TAMANHO_PADRAO = 20;

function inteiroPositivo(texto: string | null, padrao: number): number {
  const n = Number(texto);
  return Number.isInteger(n) && n > 0 ? n : padrao;
}

export function lerEstadoLista(params: URLSearchParams): EstadoLista {
  let filtros: Record<string, string> = {};
  const f = params.get('f');
  if (f) {
    try {
      const lido: unknown = JSON.parse(f);
      if (lido && typeof lido === 'object' && !Array.isArray(lido)) {
        filtros = Object.fromEntries(
          Object.entries(lido).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== ''),
        );
      }
    } catch {
      // A damaged link just opens without filters.
    }
  }
  const tamanho = inteiroPositivo(params.get('t'), TAMANHO_PADRAO);
  return {
    pagina: inteiroPositivo(params.get('p'), 1),
    tamanho: (TAMANHOS_PAGINA as readonly number[]).includes(tamanho) ? tamanho : TAMANHO_PADRAO,
    ordem: params.get('o') ?? '',
    busca: params.get('q') ?? '',
    filtros,
    colunas: (params.get('c') ?? '').split(',').filter(Boolean),
    abrir: params.get('abrir') ?? '',
    historico: params.get('hist') ?? '',
  };
}

/** Only what differs from the defaults goes into the address. */
export function escreverEstadoLista(estado: EstadoLista): URLSearchParams {
  const p = new URLSearchParams();
  if (estado.pagina > 1) p.set('p', String(estado.pagina));
  if (estado.tamanho !== TAMANHO_PADRAO) p.set('t', String(estado.tamanho));
  if (estado.ordem) p.set('o', estado.ordem);
  if (estado.busca) p.set('q', estado.busca);
  const filtros = Object.entries(estado.filtros).filter(([, v]) => v !== '');
  if (filtros.length > 0) p.set('f', JSON.stringify(Object.fromEntries(filtros)));
  if (estado.colunas.length > 0) p.set('c', estado.colunas.join(','));
  if (estado.abrir) p.set('abrir', estado.abrir);
  if (estado.historico) p.set('hist', estado.historico);
  return p;
}
