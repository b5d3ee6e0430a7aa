import { campoNumero, campoTexto } from './texto-fixo.ts';
import { FRACOES_MEDIDA_CASEIRA, type ItemBalanca, type TabelaNutricionalBalanca } from './tipos.ts';

// The MGV companion files that ITENSMGV.TXT points at by code (issue 20): INFNUTRI.TXT (nutrition table) and
// TXINFO.TXT (extra information). Layout read in ACBr's ACBrCargaBal (MGV 5/6 records, LGPL, documentation
// only). Each product's own code (PLU) is its table's and text's code: one record per product, no sharing to
// keep in step when one product's table changes.

const UNIDADES_PORCAO: Readonly<Record<TabelaNutricionalBalanca['unidadePorcao'], string>> = {
  g: '0',
  ml: '1',
  un: '2',
};

/** A quantity with 1 implied decimal ('2.5' g -> '025' at 3 digits); one that does not fit is refused. */
function umDecimal(valor: number, tamanho: number, nome: string): string {
  return campoNumero(Math.round(valor * 10), tamanho, nome);
}

/**
 * INFNUTRI.TXT record, 45 characters: 'N', code 6, reserved '0', portion 3 + unit 1 (0 g, 1 ml, 2 units),
 * household measure integer 2 + fraction 1 (0 none, 1 1/4, 2 1/3, 3 1/2, 4 2/3, 5 3/4) + measure 2,
 * energy kcal 4, carbohydrates 4, proteins 3, total fat 3, saturated 3, trans 3, fibre 3 (grams, 1 decimal),
 * sodium 5 (mg, 1 decimal).
 */
export function linhaInfNutri(codigo: number, n: TabelaNutricionalBalanca): string {
  const rotulo = `da tabela nutricional do produto ${codigo}`;
  return [
    'N',
    campoNumero(codigo, 6, 'Código'),
    '0',
    campoNumero(n.porcao, 3, `Porção ${rotulo}`),
    UNIDADES_PORCAO[n.unidadePorcao],
    campoNumero(n.medidaCaseiraInteira, 2, `Medida caseira ${rotulo}`),
    String(FRACOES_MEDIDA_CASEIRA.indexOf(n.medidaCaseiraFracao)),
    campoNumero(n.medidaCaseira, 2, `Código da medida caseira ${rotulo}`),
    campoNumero(n.energiaKcal, 4, `Valor energético ${rotulo}`),
    umDecimal(n.carboidratosG, 4, `Carboidratos ${rotulo}`),
    umDecimal(n.proteinasG, 3, `Proteínas ${rotulo}`),
    umDecimal(n.gordurasTotaisG, 3, `Gorduras totais ${rotulo}`),
    umDecimal(n.gordurasSaturadasG, 3, `Gorduras saturadas ${rotulo}`),
    umDecimal(n.gordurasTransG, 3, `Gorduras trans ${rotulo}`),
    umDecimal(n.fibraG, 3, `Fibra alimentar ${rotulo}`),
    umDecimal(n.sodioMg, 5, `Sódio ${rotulo}`),
  ].join('');
}

/** TXINFO.TXT record, 946 characters: code 6, observation 100 (blank), text 840 (one line; the scale wraps it). */
export function linhaTxInfo(codigo: number, texto: string): string {
  return `${campoNumero(codigo, 6, 'Código')}${' '.repeat(100)}${campoTexto(texto.replace(/\s+/g, ' ').trim(), 840)}`;
}

/** The records of the products that have them, in the items' order. */
export function linhasInfNutri(itens: readonly ItemBalanca[]): string[] {
  return itens.flatMap((i) => (i.nutricao ? [linhaInfNutri(i.codigo, i.nutricao)] : []));
}

export function linhasTxInfo(itens: readonly ItemBalanca[]): string[] {
  return itens.flatMap((i) => (i.informacaoExtra?.trim() ? [linhaTxInfo(i.codigo, i.informacaoExtra)] : []));
}
