// Generates src/catalogos/ufs.gen.ts: the 27 UFs with their IBGE code (cUF), name and region.
import { escreverGerado, lerCsv, lerReferencia, texto } from './comum.mjs';

const fonte = 'tabelas/kelvins__estados_cUF.csv';
const linhas = lerCsv(lerReferencia(fonte))
  .sort((a, b) => Number(a.codigo_uf) - Number(b.codigo_uf))
  .map((l) => `  [${Number(l.codigo_uf)}, ${texto(l.uf)}, ${texto(l.nome)}, ${texto(l.regiao)}],`);
if (linhas.length !== 27) throw new Error(`esperadas 27 UFs, vieram ${linhas.length}`);

escreverGerado(
  'src/catalogos/ufs.gen.ts',
  fonte,
  [
    '/** [cUF (IBGE), sigla, nome, região] of the 27 federative units, sorted by cUF. */',
    'export const TABELA_UF: readonly (readonly [number, string, string, string])[] = [',
    ...linhas,
    '];',
  ].join('\n'),
);
