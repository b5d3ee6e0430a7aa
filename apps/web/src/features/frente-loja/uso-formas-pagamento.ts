// How often each payment method was used on this terminal, kept on the device: the payment dialog offers
// the most used first (the order itself is the domain's formasDoTerminal).

const chave = (terminal: string) => `frenteLoja.usoFormas.${terminal}`;

export function lerUsoFormas(terminal: string): Record<string, number> {
  try {
    const bruto = localStorage.getItem(chave(terminal));
    const v = bruto ? (JSON.parse(bruto) as unknown) : {};
    if (!v || typeof v !== 'object') return {};
    return Object.fromEntries(
      Object.entries(v as Record<string, unknown>).filter(
        (e): e is [string, number] => typeof e[1] === 'number',
      ),
    );
  } catch {
    return {};
  }
}

/** One use for each method of a finished sale. */
export function contarUsoFormas(terminal: string, formas: readonly string[]): void {
  const usos = lerUsoFormas(terminal);
  for (const f of new Set(formas)) usos[f] = (usos[f] ?? 0) + 1;
  try {
    localStorage.setItem(chave(terminal), JSON.stringify(usos));
  } catch {
    // a full storage only loses the ordering
  }
}
