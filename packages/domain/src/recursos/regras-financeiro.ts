import type { ResultadoRegra } from '../validadores/genericos.ts';

// Field rules of the finance registrations, shared by the generic form and the server's validation.

const CODIGO_PLANO = /^\d{1,4}(\.\d{1,4}){0,5}$/;

/** A chart-of-accounts code: numbers separated by dots, up to six levels ('3', '3.01', '3.01.002'). */
export function validarCodigoPlano(valor: string): ResultadoRegra {
  return CODIGO_PLANO.test(valor) || 'Código inválido: use números separados por ponto (ex.: 3.01.002).';
}

export function validarPlanoConta(v: Readonly<Record<string, unknown>>): Record<string, string> {
  const erros: Record<string, string> = {};
  if (v._id !== undefined && v._id === v.financeiroPlanoContaPai)
    erros.financeiroPlanoContaPai = 'Uma conta não pode ser pai dela mesma.';
  return erros;
}
