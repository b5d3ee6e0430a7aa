import { escreverQuantidade, lerQuantidade } from '@retaguarda/domain';
import type { AlteracaoProducao } from './layouts.ts';

// Production tickets as a diff against what the kitchen already got (STYLE: Odoo point_of_sale
// order_change): a line printed before is printed again only for what changed, new quantity, more of it,
// a new note or pizza parts, or a quantity taken back (cancelled). Pure: the caller stores `enviado`.

export interface LinhaProducao {
  /** Stable key of the sale line (the item's _id, or its numeroItem while unconfirmed). */
  chave: string;
  descricao: string;
  /** Decimal text, as the sale carries it. */
  quantidade: string;
  obs: string;
  /** Pizza parts and additions, already described ("1/2 Calabresa"). */
  partes: readonly string[];
  cancelado: boolean;
  /** Print sectors (setorImpressao ids) that produce this line; empty = none configured. */
  setores: readonly string[];
  atendente?: string | null;
}

export interface LinhaEnviada {
  quantidade: string;
  descricao: string;
  obs: string;
  partes: string[];
  setores: string[];
}

/** What each sector already got, per line key. */
export type Enviado = Record<string, LinhaEnviada>;

export interface AlteracaoComChave extends AlteracaoProducao {
  chave: string;
}

export interface ResultadoProducao {
  /** Changes to print, per print sector id, in the order of the sale lines. */
  porSetor: Map<string, AlteracaoComChave[]>;
  /** Changed lines whose product has no print sector (nothing is printed for them). */
  semSetor: AlteracaoComChave[];
  /** The new state to store once the tickets are queued. */
  enviado: Enviado;
}

const iguais = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((x, i) => x === b[i]);

export function calcularProducao(linhas: readonly LinhaProducao[], anterior: Enviado): ResultadoProducao {
  const porSetor = new Map<string, AlteracaoComChave[]>();
  const semSetor: AlteracaoComChave[] = [];
  const enviado: Enviado = {};

  const emitir = (setores: readonly string[], a: AlteracaoComChave) => {
    if (setores.length === 0) {
      semSetor.push(a);
      return;
    }
    for (const s of setores) {
      const lista = porSetor.get(s) ?? [];
      lista.push(a);
      porSetor.set(s, lista);
    }
  };

  const vistas = new Set<string>();
  for (const l of linhas) {
    vistas.add(l.chave);
    const q = l.cancelado ? 0 : lerQuantidade(l.quantidade);
    const antes = anterior[l.chave];
    const p = antes ? lerQuantidade(antes.quantidade) : 0;
    const base = {
      chave: l.chave,
      descricao: l.descricao,
      obs: l.obs,
      partes: [...l.partes],
      atendente: l.atendente ?? null,
    };
    if (q > 0) {
      enviado[l.chave] = {
        quantidade: escreverQuantidade(q),
        descricao: l.descricao,
        obs: l.obs,
        partes: [...l.partes],
        setores: [...l.setores],
      };
    }
    if (p === 0 && q > 0) {
      emitir(l.setores, { ...base, tipo: 'novo', quantidade: escreverQuantidade(q) });
    } else if (antes && p > 0 && q === 0) {
      emitir(antes.setores, {
        ...base,
        descricao: antes.descricao,
        obs: antes.obs,
        partes: antes.partes,
        tipo: 'cancelado',
        quantidade: escreverQuantidade(p),
      });
    } else if (antes && p > 0 && q > 0) {
      if (antes.obs !== l.obs || !iguais(antes.partes, l.partes)) {
        emitir(l.setores, { ...base, tipo: 'alterado', quantidade: escreverQuantidade(q) });
      } else if (q > p) {
        emitir(l.setores, { ...base, tipo: 'acrescimo', quantidade: escreverQuantidade(q - p) });
      } else if (q < p) {
        emitir(antes.setores, { ...base, tipo: 'cancelado', quantidade: escreverQuantidade(p - q) });
      }
    }
  }
  // Lines sent before and gone from the sale (deleted): cancel all of what was sent.
  for (const [chave, antes] of Object.entries(anterior)) {
    if (vistas.has(chave)) continue;
    emitir(antes.setores, {
      chave,
      tipo: 'cancelado',
      quantidade: antes.quantidade,
      descricao: antes.descricao,
      obs: antes.obs,
      partes: antes.partes,
      atendente: null,
    });
  }
  return { porSetor, semSetor, enviado };
}
