import { campoNumero, campoPreco, campoTexto } from './texto-fixo.ts';
import type { ItemBalanca } from './tipos.ts';

// Toledo item files, fixed width, one record per product. ITENSMGV.TXT follows Toledo's own MGV7 manual
// ("Arquivos de cadastro", help.toledobrasil.com/mgv7: DD(2)T(1)CCCCCC(6)PPPPPP(6)VVV(3)D1(25)D2(25)...
// EAN(12), the later fields optional); TXITENS.TXT is cross-checked with ACBr's ACBrCargaBal and with
// published samples ("01 03 0 000074 000699 000 FEIJAO PRETO A GRANEL").
// Product type of both layouts: 0 = by weight (price per kg), 1 = by unit.

/**
 * D1(25) + D2(25): the label prints them as two lines, so a long description breaks at the last space that
 * fits the first line (not inside a word); what does not fit the second line is cut.
 */
export function descricaoDuasLinhas(descricao: string): string {
  const texto = [...descricao.replace(/\s+/g, ' ').trim()];
  if (texto.length <= 25) return campoTexto(texto.join(''), 50);
  const espaco = texto.slice(0, 26).lastIndexOf(' ');
  const corte = espaco > 0 ? espaco : 25;
  return campoTexto(texto.slice(0, corte).join(''), 25) + campoTexto(texto.slice(corte).join('').trim(), 25);
}

function tipoToledo(item: ItemBalanca): string {
  return item.tipoVenda === 'peso' ? '0' : '1';
}

/**
 * ITENSMGV.TXT of MGV 5/6 (layout "versão 2", 150 characters): department 2, type 1, code 6, price 6
 * (2 implied decimals), shelf life 3, description 50 (two lines of 25, descricaoDuasLinhas), extra info code 6, image 4,
 * nutrition code 6, print shelf-life date 1, print packing date 1, supplier 4, lot 12, special code 11,
 * price version 1, sound 4, tare 4, fractioner 4, extra fields 1 and 2 (4 each), conservation 4, EAN 12.
 */
export function linhaItensMgv(item: ItemBalanca): string {
  return [
    campoNumero(item.departamento, 2, 'Departamento'),
    tipoToledo(item),
    campoNumero(item.codigo, 6, 'Código'),
    campoPreco(item.preco, 6, `Preço do produto ${item.codigo}`),
    campoNumero(item.validadeDias, 3, 'Validade'),
    descricaoDuasLinhas(item.descricao),
    // Extra information (TXINFO.TXT) and nutrition table (INFNUTRI.TXT): the product's own code, 0 = none.
    item.informacaoExtra?.trim() ? campoNumero(item.codigo, 6, 'Código') : '000000',
    '0000', // image
    item.nutricao ? campoNumero(item.codigo, 6, 'Código') : '000000',
    item.validadeDias > 0 ? '1' : '0', // print the shelf-life date only when there is one
    '1', // print the packing date
    '0000', // supplier
    '0'.repeat(12), // lot
    '0'.repeat(11), // special code
    '0', // price version
    '0000', // sound
    '0000', // tare
    '0000', // fractioner
    '0000',
    '0000', // extra fields 1 and 2
    '0000', // conservation
    '0'.repeat(12), // EAN-13 only for type 2 items
  ].join('');
}

/** DEPTO.TXT of MGV: department 2 + description (ACBr writes 40 characters). */
export function linhaDepartamentoMgv(codigo: number, descricao: string): string {
  return `${campoNumero(codigo, 2, 'Departamento')}${campoTexto(descricao, 40)}`;
}

/**
 * TXITENS.TXT of the older Toledo software (MGV 3/4 and Prix 3 direct load), 320 characters: department 2,
 * label model 2, type 1, code 6, price 6, shelf life 3, description 50, recipe text 250 (blank).
 */
export function linhaTxItens(item: ItemBalanca): string {
  return [
    campoNumero(item.departamento, 2, 'Departamento'),
    '00', // label model: the scale's default
    tipoToledo(item),
    campoNumero(item.codigo, 6, 'Código'),
    campoPreco(item.preco, 6, `Preço do produto ${item.codigo}`),
    campoNumero(item.validadeDias, 3, 'Validade'),
    descricaoDuasLinhas(item.descricao),
    ' '.repeat(250),
  ].join('');
}
