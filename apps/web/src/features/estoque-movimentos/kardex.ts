import {
  escreverCentavos,
  escreverEstoque,
  lerEscalado,
  lerEstoque,
  type MovimentoKardex,
} from '@retaguarda/domain';

// The kardex screen's rules (relatorioMovimentacaoProdutos), pure: a period of business days turned into the
// ledger's keyset cursor, the rows of a page that fall inside the period, the page's totals, and how the origin
// of a move is named.

/** Start of a business day in São Paulo as an ISO instant (spec 1 §9: -03:00). */
export function inicioDoDia(dia: string): string {
  return new Date(`${dia}T00:00:00-03:00`).toISOString();
}

function diaSeguinte(dia: string): string {
  const d = new Date(`${dia}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/**
 * Cursor of the first page of a period ending on `fim` (included): the moves before the next day's start. The
 * ledger pages on (data, seq) < cursor, and no move has a negative seq.
 */
export function cursorDoFim(fim: string | undefined): string | undefined {
  return fim ? `${inicioDoDia(diaSeguinte(fim))}|0` : undefined;
}

export interface PaginaNoPeriodo {
  itens: MovimentoKardex[];
  /** The newest move before the period: its running figures are the opening position. */
  anterior: MovimentoKardex | null;
  /** More moves of the period on older pages. */
  temMais: boolean;
}

/** The rows of a page (newest first) that fall inside a period starting on `inicio`. */
export function filtrarPeriodo(
  itens: readonly MovimentoKardex[],
  proximo: string | null,
  inicio: string | undefined,
): PaginaNoPeriodo {
  if (!inicio) return { itens: [...itens], anterior: null, temMais: proximo !== null };
  const limite = inicioDoDia(inicio);
  const corte = itens.findIndex((m) => m.data < limite);
  if (corte < 0) return { itens: [...itens], anterior: null, temMais: proximo !== null };
  return { itens: itens.slice(0, corte), anterior: itens[corte] ?? null, temMais: false };
}

export interface TotaisKardex {
  entradas: string;
  saidas: string;
  valorEntradas: string;
  valorSaidas: string;
}

/** Σ of the entries and exits (quantities positive) and of their values. */
export function totaisDaPagina(itens: readonly MovimentoKardex[]): TotaisKardex {
  let entradas = 0n;
  let saidas = 0n;
  let valorEntradas = 0n;
  let valorSaidas = 0n;
  for (const m of itens) {
    const q = lerEstoque(m.quantidade);
    const v = BigInt(lerEscalado(m.valor, 2, 'arredondar'));
    if (q >= 0n) {
      entradas += q;
      valorEntradas += v;
    } else {
      saidas -= q;
      valorSaidas -= v;
    }
  }
  return {
    entradas: escreverEstoque(entradas),
    saidas: escreverEstoque(saidas),
    valorEntradas: escreverCentavos(valorEntradas),
    valorSaidas: escreverCentavos(valorSaidas),
  };
}

const ORIGENS: Record<string, string> = {
  saida_manual: 'Saída manual',
  entrada: 'Entrada',
  venda: 'Venda',
  estorno: 'Estorno',
  inventario: 'Inventário',
  transferencia: 'Transferência',
  producao: 'Produção',
  nfe: 'NF-e',
};

/** What caused the move, for a person: the document number when it has one, else its origin and short id. */
export function documentoDoMovimento(
  m: Pick<MovimentoKardex, 'documento' | 'origemTipo' | 'origemId'>,
): string {
  const origem = ORIGENS[m.origemTipo] ?? m.origemTipo;
  if (m.documento) return `${origem} ${m.documento}`;
  return m.origemId ? `${origem} #${m.origemId.slice(-6).toUpperCase()}` : origem;
}

/** Moves a user reverses from the screen (the others are reversed by their own document). */
/** The server says which moves may be reversed alone (manual ones; an NF-e is reversed whole by its note). */
export function podeSerEstornado(m: MovimentoKardex): boolean {
  return m.estornavel;
}
