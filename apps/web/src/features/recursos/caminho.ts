// Immutable read/write of a dotted path ('endereco.cep', 'outrosEnderecos.1.cep') in the form values.

export function lerNoCaminho(obj: unknown, caminho: string): unknown {
  let atual: unknown = obj;
  for (const parte of caminho.split('.')) {
    if (atual === null || typeof atual !== 'object') return undefined;
    atual = (atual as Record<string, unknown>)[parte];
  }
  return atual;
}

export function definirNoCaminho<T>(obj: T, caminho: string, valor: unknown): T {
  const [cabeca, ...resto] = caminho.split('.');
  if (cabeca === undefined) return obj;
  const filho =
    resto.length === 0
      ? valor
      : definirNoCaminho(
          obj && typeof obj === 'object' ? (obj as Record<string, unknown>)[cabeca] : undefined,
          resto.join('.'),
          valor,
        );
  if (Array.isArray(obj)) {
    const copia = [...obj];
    copia[Number(cabeca)] = filho;
    return copia as T;
  }
  return { ...(obj && typeof obj === 'object' ? obj : {}), [cabeca]: filho } as T;
}
