// Money as people type it ('100', '100,5', '1.234,56', 'R$ 12,00') as the API's text ('1234.56'), or null when it
// is not a positive amount of at most 2 decimals.
export function valorDigitado(texto: string): string | null {
  let t = texto.replace(/R\$\s*/i, '').trim();
  if (!t) return null;
  if (t.includes(',')) t = t.replace(/\./g, '').replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(t) || Number(t) === 0) return null;
  return t;
}
