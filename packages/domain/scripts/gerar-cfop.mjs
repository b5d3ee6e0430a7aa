// Generates src/catalogos/cfop.gen.ts: the full official CFOP table (CONFAZ, as packaged by OCA).
import { escreverGerado, lerCsv, lerReferencia, texto } from './comum.mjs';

const fonte = 'tabelas/oca-l10n-brazil__l10n_br_fiscal.cfop.csv';
// Spec 2 section 3.2: first digit 1, 2, 3 = Entrada (state, interstate, foreign); 5, 6, 7 = Saida.
const PRIMEIRO = {
  1: ['Entrada', 'Estadual', 'in'],
  2: ['Entrada', 'InterEstadual', 'in'],
  3: ['Entrada', 'Exterior', 'in'],
  5: ['Saida', 'Estadual', 'out'],
  6: ['Saida', 'InterEstadual', 'out'],
  7: ['Saida', 'Exterior', 'out'],
};
// Spec 2 section 3.2: "5929 and 6929 are described as ECF/NFC-e" (the retail fiscal document).
const SUFIXO = { 5929: ' (ECF/NFC-e)', 6929: ' (ECF/NFC-e)' };

const linhas = lerCsv(lerReferencia(fonte))
  .sort((a, b) => a.code.localeCompare(b.code))
  .map((linha) => {
    const regra = PRIMEIRO[linha.code[0]];
    if (!/^\d{4}$/.test(linha.code) || !regra) throw new Error(`CFOP inesperado: ${linha.code}`);
    if (regra[2] !== linha.type_in_out) throw new Error(`CFOP ${linha.code}: tipo diverge da tabela`);
    const descricao = `${linha.name.trim()}${SUFIXO[linha.code] ?? ''}`;
    return `  [${linha.code}, ${texto(descricao)}],`;
  });

escreverGerado(
  'src/catalogos/cfop.gen.ts',
  fonte,
  [
    '/** [cfop, official description] for every CFOP, sorted by code. */',
    'export const TABELA_CFOP: readonly (readonly [number, string])[] = [',
    ...linhas,
    '];',
  ].join('\n'),
);
