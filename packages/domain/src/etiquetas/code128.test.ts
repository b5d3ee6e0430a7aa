import fc from 'fast-check';
import JsBarcode from 'jsbarcode';
import { describe, expect, it } from 'vitest';
import { lerCodigoBarras, modulosCodigoBarras } from './codigo-barras.ts';

// Our Code 128 (subset B) modules against a well-kept encoder's (JsBarcode, format CODE128B, rendered into a
// plain object): the same bars for any code the labels accept.
function modulosJsBarcode(codigo: string): string {
  const alvo: { encodings?: { data: string }[] } = {};
  JsBarcode(alvo, codigo, { format: 'CODE128B' });
  return (alvo.encodings ?? []).map((e) => e.data).join('');
}

const imprimivel = fc
  .array(fc.integer({ min: 32, max: 126 }), { minLength: 1, maxLength: 40 })
  .map((cs) => String.fromCharCode(...cs));

describe('Code 128 modules of the A4 sheet and the preview', () => {
  it('"QMP-1": start B, five characters, check, stop: 11 modules each and 13 for the stop', () => {
    const m = modulosCodigoBarras({ simbologia: 'code128', codigo: 'QMP-1' });
    expect(m).toHaveLength(11 * 7 + 13);
    expect(m.slice(0, 11)).toBe('11010010000'); // Start B, 211214
    expect(m.slice(-13)).toBe('1100011101011'); // stop, 2331112
    expect(m).toBe(modulosJsBarcode('QMP-1'));
  });

  it('equal to JsBarcode for every code a label accepts', () => {
    fc.assert(
      fc.property(imprimivel, (codigo) => {
        const lido = lerCodigoBarras(codigo, 'code128');
        fc.pre(!('erro' in lido));
        if ('erro' in lido) return;
        expect(modulosCodigoBarras(lido)).toBe(modulosJsBarcode(lido.codigo));
      }),
      { numRuns: 2000 },
    );
  });
});
