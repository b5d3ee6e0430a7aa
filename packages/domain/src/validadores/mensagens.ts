// Message texts of spec 1 section 5 and spec 2 section 5, copied exactly (accents and typos included).
export const MENSAGENS_VALIDACAO = {
  obrigatorio: '* Obrigatório',
  campoObrigatorio: 'Campo Obrigatório',
  dataInvalida: 'Data Inválida',
  cpfInvalido: 'CPF Inválido',
  cnpjInvalido: 'CNPJ Inválido',
  cpfOuCnpjInvalido: 'CPF ou CNPJ Inválido, favor preencher corretamente',
  emailInvalido: 'E-mail Inválido',
  cepInvalido: 'CEP inválido!',
  /** The spec shows both capitalisations; the address form uses the first, the lookup the second. */
  cepInvalidoMaiusculo: 'CEP Inválido!',
  cepNaoLocalizado: 'CEP não localizado!',
  senhaNaoInformada: 'Campo senha não informado, o mesmo é obrigatório!',
  identificadorInvalido: 'Informações inválidas, digite um E-mail ou Código Interno validos.',
  mesaInvalida: 'Numero da mesa inválido',
  grupoEmpresarialNaoInformado: 'Grupo Empresarial não informado.',
} as const;

/** 'Valor mínimo obrigatório: X e valor máximo de : Y' and the single-bound variants (spec 1 section 5). */
export function mensagemValor(min: number | undefined, max: number | undefined): string {
  if (min !== undefined && max !== undefined) {
    return `Valor mínimo obrigatório: ${min} e valor máximo de : ${max}`;
  }
  if (min !== undefined) return `Valor mínimo obrigatório: ${min}`;
  return `Valor máximo obrigatório: ${max}`;
}

/**
 * 'Quantidade mínimo obrigatório: X e quantidade máximo de: Y' (spec 1 section 5); the spec does not write
 * the single-bound variants, so they follow the value messages: 'Quantidade mínimo obrigatório: X' and
 * 'Quantidade máximo obrigatório: Y'.
 */
export function mensagemQuantidade(min: number | undefined, max: number | undefined): string {
  if (min !== undefined && max !== undefined) {
    return `Quantidade mínimo obrigatório: ${min} e quantidade máximo de: ${max}`;
  }
  if (min !== undefined) return `Quantidade mínimo obrigatório: ${min}`;
  return `Quantidade máximo obrigatório: ${max}`;
}
