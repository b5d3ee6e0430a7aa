import { z } from 'zod';
import { lerDinheiro } from '../dinheiro/decimal.ts';

// A supervisor release (POST /api/liberacaoSupervisor) is bound to what the supervisor released: the
// permission, the store, the operator who asked and, when given, the sale or NFC-e and the discount. The
// server checks each binding when the release is used, and spends it (issue 14 point 2).

const id = z.string().regex(/^[0-9a-f]{24}$/, 'Id inválido');

/** The discount a release covers: the mode and value typed before the supervisor was asked. */
export const descontoLiberadoSchema = z.object({
  modo: z.number().int().min(0).max(4),
  valor: z.string().regex(/^\d{1,12}(\.\d{1,4})?$/, 'Valor do desconto inválido'),
});
export type DescontoLiberado = z.infer<typeof descontoLiberadoSchema>;

/** What a release is for, sent with the release request. */
export const vinculoLiberacaoSchema = z.object({
  /** The sale the protected action acts on. */
  venda: id.optional(),
  /** The NFC-e (access key) being cancelled. */
  chaveNota: z
    .string()
    .regex(/^\d{44}$/, 'Chave de acesso inválida')
    .optional(),
  desconto: descontoLiberadoSchema.optional(),
});
export type VinculoLiberacao = z.infer<typeof vinculoLiberacaoSchema>;

export const MENSAGENS_LIBERACAO = {
  invalida: 'Liberação de supervisor inválida ou expirada!',
  usada: 'Liberação de supervisor já utilizada!',
  outroUsuario: 'Liberação de supervisor emitida para outro usuário!',
  outraVenda: 'Liberação de supervisor emitida para outra venda!',
  outraNota: 'Liberação de supervisor emitida para outra nota!',
  outraLoja: 'Liberação de supervisor emitida para outra loja!',
  outroDesconto: 'Liberação de supervisor emitida para outro desconto!',
  semLoja: 'Informe a loja da liberação de supervisor.',
  semDesconto: 'Informe o desconto a ser liberado.',
  pinBloqueado:
    'Muitas senhas erradas para este supervisor. Liberação bloqueada por alguns minutos; o administrador foi avisado.',
  pedinteBloqueado:
    'Muitas senhas de supervisor erradas neste usuário. Aguarde alguns minutos para pedir nova liberação.',
  acimaMaximoDiario:
    'Desconto acima do máximo diário da loja: exige a permissão Desconto Acima do Máximo Diário.',
} as const;

/** Same discount: same mode and the same amount (1.5 = 1.50). */
export function mesmoDesconto(a: DescontoLiberado, b: { modo: number; valor: string }): boolean {
  try {
    return a.modo === b.modo && lerDinheiro(a.valor) === lerDinheiro(b.valor);
  } catch {
    return false;
  }
}

/**
 * Permission 9: the manual discounts of a store in one day may reach `maximo` (R$, the store's
 * configuracoes.descontoMaximoDiario); above it the supervisor of the release (or the operator) must hold
 * permission 9. No maximum configured = no limit.
 */
export function excedeDescontoMaximoDiario(
  jaConcedido: string,
  novo: string,
  maximo: string | number | null | undefined,
): boolean {
  if (maximo === null || maximo === undefined || maximo === '') return false;
  return lerDinheiro(jaConcedido) + lerDinheiro(novo) > lerDinheiro(maximo);
}
