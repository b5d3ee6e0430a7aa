// Cross-field rules of the stock registrations (issue 17), run by validarRecurso in the form and on the server
// after the field rules. Texts are ours (the spec has none for these).

export const MENSAGENS_ESTOQUE = {
  maximoMenorQueMinimo: 'O Estoque Máximo deve ser maior ou igual ao Estoque Mínimo.',
  maiorQueZero: 'Informe um valor maior que zero.',
  quantidadeReceita: 'A quantidade deve ser maior que zero.',
  rendimento: 'O rendimento deve ser maior que zero.',
} as const;

/** A decimal the field rules accepted (text or number): its value, or undefined when it is blank. */
function numero(valor: unknown): number | undefined {
  if (valor === undefined || valor === null || valor === '') return undefined;
  const n = Number(valor);
  return Number.isFinite(n) ? n : undefined;
}

/** estoqueCadastro: the maximum is not below the minimum. */
export function validarEstoqueCadastro(valores: Readonly<Record<string, unknown>>): Record<string, string> {
  const minimo = numero(valores.estoqueMinimo);
  const maximo = numero(valores.estoqueMaximo);
  return minimo !== undefined && maximo !== undefined && maximo < minimo
    ? { estoqueMaximo: MENSAGENS_ESTOQUE.maximoMenorQueMinimo }
    : {};
}

/** A conversion factor of 0 would turn a purchase into no stock at all. */
export function validarFatorConversao(valores: Readonly<Record<string, unknown>>): Record<string, string> {
  const fator = numero(valores.fatorConversao);
  return fator !== undefined && fator <= 0 ? { fatorConversao: MENSAGENS_ESTOQUE.maiorQueZero } : {};
}

/** Recipe: a yield above zero and every line with a quantity above zero (the key names the line). */
export function validarFichaTecnica(valores: Readonly<Record<string, unknown>>): Record<string, string> {
  const erros: Record<string, string> = {};
  const rendimento = numero(valores.rendimento);
  if (rendimento !== undefined && rendimento <= 0) erros.rendimento = MENSAGENS_ESTOQUE.rendimento;
  const itens = Array.isArray(valores.itens) ? (valores.itens as Record<string, unknown>[]) : [];
  itens.forEach((linha, i) => {
    const q = numero(linha?.quantidade);
    if (q !== undefined && q <= 0) erros[`itens.${i}.quantidade`] = MENSAGENS_ESTOQUE.quantidadeReceita;
  });
  return erros;
}
