// Generates src/validadores/prefixos-gs1.gen.ts from the GS1 prefix ranges (SOURCES.md section 4).
import { escreverGerado, lerCsv, lerReferencia, texto } from './comum.mjs';

const fonte = 'tabelas/biip__gs1_prefixes_ranges.csv';
const faixas = lerCsv(lerReferencia(fonte)).map((linha) => {
  if (linha.range_start.length !== Number(linha.digits_matched)) throw new Error(`faixa estranha ${linha}`);
  return `  [${texto(linha.range_start)}, ${texto(linha.range_end)}, ${texto(linha.usage)}],`;
});

escreverGerado(
  'src/validadores/prefixos-gs1.gen.ts',
  fonte,
  [
    '/** GS1 prefix ranges on the GTIN-13 form: [first prefix, last prefix (same length), usage]. */',
    'export const FAIXAS_PREFIXO_GS1: readonly (readonly [string, string, string])[] = [',
    ...faixas,
    '];',
  ].join('\n'),
);
