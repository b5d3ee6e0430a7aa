import { campoNumero, campoPreco, campoTexto } from './texto-fixo.ts';
import type { ItemBalanca } from './tipos.ts';

// Filizola (Smart / Platina load through the Filizola software), cross-checked with ACBr's ACBrCargaBal.

/** CADTXT.TXT, 39 characters: code 6, type 1 (P weight, U unit), description 22, price 7 (2 implied decimals), shelf life 3. */
export function linhaCadTxt(item: ItemBalanca): string {
  return [
    campoNumero(item.codigo, 6, 'Código'),
    item.tipoVenda === 'peso' ? 'P' : 'U',
    campoTexto(item.descricao, 22),
    campoPreco(item.preco, 7, `Preço do produto ${item.codigo}`),
    campoNumero(item.validadeDias, 3, 'Validade'),
  ].join('');
}

/** SETORTXT.TXT, 25 characters: sector name 12, product code 6, position in the sector 4, quick key 3 (none). */
export function linhaSetorTxt(item: ItemBalanca, posicao: number): string {
  return [
    campoTexto(item.departamentoDescricao, 12),
    campoNumero(item.codigo, 6, 'Código'),
    campoNumero(posicao, 4, 'Posição no setor'),
    '000',
  ].join('');
}
