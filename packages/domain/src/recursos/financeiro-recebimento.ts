import { permissoesDoRecurso } from '../catalogos/permissoes.ts';
import { PRODUTOS_CARTAO, regraRecebimentoSchema } from '../financeiro/recebiveis.ts';
import { booleano, decimal, definirRecurso, inteiro, ref, texto } from './definir-recurso.ts';

// Card settlement rules of an acquirer (issue 18, calendarioRecebimento): per store, as the acquirer is.

const CAMPOS_REGRA = [
  'operadora',
  'bandeira',
  'produto',
  'parcelasDe',
  'parcelasAte',
  'dias',
  'intervaloDias',
  'taxaPercentual',
  'taxaAntecipacaoPercentual',
  'diasUteis',
] as const;

/**
 * The domain's rule schema over the form's values (the cross-field rules: range, one instalment for debit,
 * prepaid and voucher). A partial update without the product is checked field by field only.
 */
export function validarRegraRecebimento(v: Readonly<Record<string, unknown>>): Record<string, string> {
  if (v.produto === undefined || v.produto === null) return {};
  const entrada: Record<string, unknown> = { operadora: 'x', taxaPercentual: '0' };
  for (const campo of CAMPOS_REGRA)
    if (v[campo] !== undefined && v[campo] !== null) entrada[campo] = v[campo];
  const r = regraRecebimentoSchema.safeParse(entrada);
  if (r.success) return {};
  const erros: Record<string, string> = {};
  for (const issue of r.error.issues) {
    const campo = String(issue.path[0] ?? 'produto');
    erros[campo] ??= issue.message;
  }
  return erros;
}

/**
 * When and how much an acquirer pays (spec issue 18: debit D+1, credit D+30, instalments every 30 days,
 * prepaid D+2, each per acquirer × brand × product × instalment range with its fee and anticipation).
 */
export const operadoraRegraRecebimento = definirRecurso({
  tabela: 'operadoraRegraRecebimento',
  titulo: 'Regra de Recebimento da Operadora',
  escopo: 'empresa',
  campos: {
    operadora: ref('Operadora', 'operadora', { obrigatorio: true }),
    bandeira: ref('Bandeira (vazio = todas)', 'tipoPagamentoBandeira'),
    produto: texto('Produto', { obrigatorio: true, opcoes: PRODUTOS_CARTAO }),
    parcelasDe: inteiro('Parcelas de', { min: 1, max: 99 }),
    parcelasAte: inteiro('Parcelas até', { min: 1, max: 99 }),
    dias: inteiro('Dias para o recebimento', { min: 0, max: 365 }),
    intervaloDias: inteiro('Intervalo entre parcelas (dias)', { min: 1, max: 365 }),
    taxaPercentual: decimal('Taxa (MDR) %', 4, { obrigatorio: true, min: 0, max: 100 }),
    taxaAntecipacaoPercentual: decimal('Taxa de antecipação % a.m.', 4, { min: 0, max: 100 }),
    diasUteis: booleano('Somente dias úteis', { padrao: true }),
  },
  lista: {
    colunas: ['operadora', 'bandeira', 'produto', 'parcelasDe', 'parcelasAte', 'dias', 'taxaPercentual'],
    ordem: 'produto',
  },
  permissoes: permissoesDoRecurso('operadora'),
  validar: validarRegraRecebimento,
});
