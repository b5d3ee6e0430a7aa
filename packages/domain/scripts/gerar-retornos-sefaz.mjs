// Generates src/catalogos/retornos-sefaz.gen.ts: the authority return codes (cStat) and their messages.
import { escreverGerado, lerReferencia, texto } from './comum.mjs';

const fonte = 'sefaz/sped-nfe__cstat.json';
// The 2019 list lacks codes the spec names (spec 2 section 8); their MOC texts are added here.
const ACRESCIMOS = [{ cod: '905', msg: 'Rejeição: Campos do grupo Fatura não informados', correct: '' }];

const vistos = new Set();
const linhas = [...JSON.parse(lerReferencia(fonte)), ...ACRESCIMOS]
  .filter((r) => /^\d{3}$/.test(r.cod ?? '') && typeof r.msg === 'string' && r.msg.trim() !== '')
  .sort((a, b) => Number(a.cod) - Number(b.cod))
  .filter((r) => {
    if (vistos.has(r.cod)) return false;
    vistos.add(r.cod);
    return true;
  })
  .map((r) => `  [${Number(r.cod)}, ${texto(r.msg.trim())}, ${texto((r.correct ?? '').trim())}],`);

escreverGerado(
  'src/catalogos/retornos-sefaz.gen.ts',
  fonte,
  [
    '/** [cStat, message, correction hint (sped-nfe, may be empty)], sorted by cStat. */',
    'export const TABELA_RETORNO_SEFAZ: readonly (readonly [number, string, string])[] = [',
    ...linhas,
    '];',
  ].join('\n'),
);
