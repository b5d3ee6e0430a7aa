import { caminhosSegredo, type DefinicaoRecurso, MASCARA_SEGREDO } from '@retaguarda/domain';
import type { Linha } from '../../db/consultar.ts';

// Issue 14 point 3: a secret field of a registration (`segredo: true` in its definition: the SMTP password,
// an app's key) leaves the server and enters the audit trail only as the mask. Fields that once held a
// secret and moved to an encrypted place (the company's plain NFC-e CSC, now in the fiscal setup) are
// dropped on the way in and on the way out, whatever an old row or a client still carries.

const ABANDONADOS: Readonly<Record<string, readonly (readonly string[])[]>> = {
  empresa: [
    ['nfce', 'csc'],
    ['nfce', 'idCsc'],
  ],
};

/** A copy of `linha` where the object holding `partes` is copied along the path (the rest is shared). */
function copiarAte(linha: Linha, partes: readonly string[]): { copia: Linha; pai: Linha | undefined } {
  const copia: Linha = { ...linha };
  let atual: Linha = copia;
  for (const p of partes.slice(0, -1)) {
    const prox = atual[p];
    if (typeof prox !== 'object' || prox === null || Array.isArray(prox)) return { copia, pai: undefined };
    const clone = { ...(prox as Linha) };
    atual[p] = clone;
    atual = clone;
  }
  return { copia, pai: atual };
}

function ler(linha: unknown, partes: readonly string[]): unknown {
  let atual = linha;
  for (const p of partes) {
    if (typeof atual !== 'object' || atual === null) return undefined;
    atual = (atual as Linha)[p];
  }
  return atual;
}

const preenchido = (v: unknown) => v !== undefined && v !== null && v !== '';

/** The row as a client or the audit may see it: secrets masked, abandoned fields gone. */
export function mascararSegredos(def: DefinicaoRecurso, linha: Linha): Linha {
  let saida = linha;
  for (const partes of caminhosSegredo(def)) {
    if (!preenchido(ler(saida, partes))) continue;
    const { copia, pai } = copiarAte(saida, partes);
    if (pai) pai[partes.at(-1) ?? ''] = MASCARA_SEGREDO;
    saida = copia;
  }
  for (const partes of ABANDONADOS[def.tabela] ?? []) {
    if (ler(saida, partes) === undefined) continue;
    const { copia, pai } = copiarAte(saida, partes);
    if (pai) delete pai[partes.at(-1) ?? ''];
    saida = copia;
  }
  return saida;
}

/**
 * A write's body with each secret sent back as the mask replaced by the stored value (`atual`, the row
 * before the write; none on an insert: the mask then means empty) and the abandoned fields dropped.
 */
export function manterSegredos(def: DefinicaoRecurso, corpo: unknown, atual: Linha | undefined): unknown {
  if (typeof corpo !== 'object' || corpo === null || Array.isArray(corpo)) return corpo;
  let saida = corpo as Linha;
  for (const partes of caminhosSegredo(def)) {
    if (ler(saida, partes) !== MASCARA_SEGREDO) continue;
    const { copia, pai } = copiarAte(saida, partes);
    const guardado = ler(atual, partes);
    if (pai) pai[partes.at(-1) ?? ''] = typeof guardado === 'string' ? guardado : '';
    saida = copia;
  }
  for (const partes of ABANDONADOS[def.tabela] ?? []) {
    if (ler(saida, partes) === undefined) continue;
    const { copia, pai } = copiarAte(saida, partes);
    if (pai) delete pai[partes.at(-1) ?? ''];
    saida = copia;
  }
  return saida;
}
