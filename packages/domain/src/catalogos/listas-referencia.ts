import type { ItemCatalogo } from './catalogo.ts';
import { ufs } from './fiscais.ts';
import {
  sexos,
  statusOperacaoCaixa,
  statusPagamento,
  tiposEndereco,
  tiposEnderecoEletronico,
  tiposPessoa,
  tiposTelefone,
} from './gerais.ts';
import { statusExpedicao, tiposPagamento } from './venda.ts';

// Reference lists served by GET lista/{n} (spec 1 section 7, spec 2 section 7).
export const LISTA_REFERENCIA = {
  uf: 1,
  tipoEndereco: 2,
  tipoTelefone: 3,
  tipoEnderecoEletronico: 4,
  sexo: 5,
  tipoPessoa: 7,
  statusOperacao: 8,
  statusPagamento: 10,
  statusExpedicao: 11,
  tipoPagamento: 14,
} as const;
export type NumeroListaReferencia = (typeof LISTA_REFERENCIA)[keyof typeof LISTA_REFERENCIA];

/** A list entry; `selecionado` marks the entries a filter starts with. */
export type ItemLista = ItemCatalogo & { readonly selecionado?: boolean };

/** Payment-status and dispatch-status lists have their first four entries selected by default. */
function primeirosSelecionados(itens: readonly ItemCatalogo[]): ItemLista[] {
  return itens.map((entrada, indice) => ({ ...entrada, selecionado: indice < 4 }));
}

function montar(): Record<number, ItemLista[]> {
  return {
    [LISTA_REFERENCIA.uf]: [...ufs.itens],
    [LISTA_REFERENCIA.tipoEndereco]: [...tiposEndereco.itens],
    [LISTA_REFERENCIA.tipoTelefone]: [...tiposTelefone.itens],
    [LISTA_REFERENCIA.tipoEnderecoEletronico]: [...tiposEnderecoEletronico.itens],
    [LISTA_REFERENCIA.sexo]: [...sexos.itens],
    [LISTA_REFERENCIA.tipoPessoa]: [...tiposPessoa.itens],
    [LISTA_REFERENCIA.statusOperacao]: [...statusOperacaoCaixa.itens],
    [LISTA_REFERENCIA.statusPagamento]: primeirosSelecionados(statusPagamento.itens),
    // 7 'Em cancelamento' exists but is not offered in the list (spec 1 section 4).
    [LISTA_REFERENCIA.statusExpedicao]: primeirosSelecionados(
      statusExpedicao.itens.filter((i) => i.id !== 7),
    ),
    [LISTA_REFERENCIA.tipoPagamento]: [...tiposPagamento.itens],
  };
}

/** `listasReferencia[n]` is the answer of GET lista/{n}. */
export const listasReferencia: Record<number, ItemCatalogo[]> = montar();

/** A fresh copy of list n (callers may mutate it), or undefined for an unknown list. */
export function listaReferencia(numero: number): ItemLista[] | undefined {
  return montar()[numero];
}
