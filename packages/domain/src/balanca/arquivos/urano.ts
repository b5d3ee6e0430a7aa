import { lerDinheiro } from '../../dinheiro/decimal.ts';
import { campoNumero, campoTexto } from './texto-fixo.ts';
import type { ItemBalanca } from './tipos.ts';

// Urano POP-S / POP-Z are loaded by Urano's URF32 program from PRODUTOS.TXT (layout cross-checked with ACBr's
// ACBrCargaBal "modUranoURF32"): numbers padded with spaces on the left, the price written with a comma.

/** '12.50' -> '    12,50' (9 characters, no thousands separator). */
function precoUrano(preco: string, codigo: number): string {
  const centavos = lerDinheiro(preco);
  const t = `${Math.floor(centavos / 100)},${String(centavos % 100).padStart(2, '0')}`;
  if (t.length > 9)
    throw new RangeError(
      `Preço do produto ${codigo} ${preco} não cabe em 9 caracteres no arquivo da balança.`,
    );
  return t.padStart(9, ' ');
}

function espacos(valor: number, tamanho: number, nome: string): string {
  return campoNumero(valor, tamanho, nome).replace(/^0+(?=\d)/, (z) => ' '.repeat(z.length));
}

/**
 * PRODUTOS.TXT, 43 characters: code 6, '*' (send to the scale), type 1 (0 weight, 6 unit), description 20,
 * price 9, shelf life 5, shelf-life unit 1 (D days).
 */
export function linhaProdutosUrano(item: ItemBalanca): string {
  return [
    espacos(item.codigo, 6, 'Código'),
    '*',
    item.tipoVenda === 'peso' ? '0' : '6',
    campoTexto(item.descricao, 20),
    precoUrano(item.preco, item.codigo),
    espacos(item.validadeDias, 5, 'Validade'),
    'D',
  ].join('');
}
