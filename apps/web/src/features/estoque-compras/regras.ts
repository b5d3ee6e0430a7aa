// Rules of the purchase screens that need no React (the server checks the same again).

/**
 * A decimal as people type it ('8,40', '1.234,5', '12') as the API's text ('8.40', '1234.5'), or null when it is
 * not one (negative, letters, more than 6 places).
 */
export function decimalDigitado(texto: string): string | null {
  let t = texto.trim();
  if (!t) return null;
  if (t.includes(',')) t = t.replace(/\./g, '').replace(',', '.');
  if (!/^\d+(\.\d{1,6})?$/.test(t)) return null;
  return t;
}
