import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type ConfiguracaoCodigoBalanca,
  configuracaoCodigoBalancaSchema,
  digitoEan13,
  ehCodigoBalanca,
  gerarCodigoBalanca,
  lerCodigoBalanca,
  quantidadeCodigoBalanca,
} from './codigo-balanca.ts';

const peso: ConfiguracaoCodigoBalanca = {
  habilitado: true,
  tamanhoCodigo: 5,
  tipoValor: 'peso',
  tamanhoValor: 5,
  casasDecimais: 3,
};
const preco: ConfiguracaoCodigoBalanca = {
  ...peso,
  tamanhoCodigo: 4,
  tipoValor: 'preco',
  tamanhoValor: 6,
  casasDecimais: 2,
};

/** Any valid setting of the schema. */
const configuracoes = fc
  .record({
    habilitado: fc.constant(true),
    tamanhoCodigo: fc.integer({ min: 4, max: 6 }),
    tipoValor: fc.constantFrom('peso' as const, 'preco' as const),
    tamanhoValor: fc.integer({ min: 4, max: 6 }),
    casasDecimais: fc.integer({ min: 0, max: 3 }),
  })
  .filter((c) => configuracaoCodigoBalancaSchema.safeParse(c).success);

/** A setting with a product code and a non-zero value that fit it, value written with its decimals. */
const etiquetas = configuracoes.chain((config) =>
  fc.record({
    config: fc.constant(config),
    codigo: fc.integer({ min: 0, max: 10 ** config.tamanhoCodigo - 1 }),
    bruto: fc.integer({ min: 1, max: 10 ** config.tamanhoValor - 1 }),
  }),
);

function comCasas(bruto: number, casas: number): string {
  if (casas === 0) return String(bruto);
  const t = String(bruto).padStart(casas + 1, '0');
  return `${t.slice(0, -casas)}.${t.slice(-casas)}`;
}

describe('in-store barcode (EAN-13 prefix 2)', () => {
  it('reads the documented examples', () => {
    // 2 00123 0 01250 D: product 123, 1.250 kg.
    const c = gerarCodigoBalanca(123, '1.25', peso);
    expect(c).toBe('2001230012502');
    expect(lerCodigoBalanca(c, peso)).toEqual({
      ok: true,
      valor: { tipoValor: 'peso', codigoProduto: 123, pesoKg: '1.250' },
    });
    // 2 0042 0 001899 D: product 42, R$ 18.99.
    const p = gerarCodigoBalanca(42, '18.99', preco);
    expect(p.slice(0, 12)).toBe('200420001899');
    expect(lerCodigoBalanca(p, preco)).toEqual({
      ok: true,
      valor: { tipoValor: 'preco', codigoProduto: 42, preco: '18.99' },
    });
  });

  it('check digit agrees with the GS1 examples', () => {
    expect(digitoEan13('789100031550')).toBe(7);
    expect(digitoEan13('400638133393')).toBe(1);
  });

  it('refuses wrong lengths, prefixes and zero values in pt-BR', () => {
    expect(lerCodigoBalanca('200123001250', peso)).toMatchObject({
      ok: false,
      mensagem: expect.stringMatching(/13 dígitos/),
    });
    expect(lerCodigoBalanca('7891000315507', peso)).toMatchObject({
      ok: false,
      mensagem: expect.stringMatching(/começar com 2/),
    });
    expect(lerCodigoBalanca(gerarCodigoBalanca(5, '0', peso), peso)).toMatchObject({
      ok: false,
      mensagem: expect.stringMatching(/sem peso/),
    });
  });

  it('property: generate then read gives back the product code and the value (weight and price)', () => {
    fc.assert(
      fc.property(etiquetas, ({ config, codigo, bruto }) => {
        const valor = comCasas(bruto, config.casasDecimais);
        const lido = lerCodigoBalanca(gerarCodigoBalanca(codigo, valor, config), config);
        expect(lido.ok).toBe(true);
        if (!lido.ok) return;
        expect(lido.valor.codigoProduto).toBe(codigo);
        const lidoValor = lido.valor.tipoValor === 'peso' ? lido.valor.pesoKg : lido.valor.preco;
        expect(lido.valor.tipoValor).toBe(config.tipoValor);
        // Same number, written with 3 (weight) or 2 (price) decimals.
        const casasSaida = config.tipoValor === 'peso' ? 3 : 2;
        expect(lidoValor).toMatch(new RegExp(`^\\d+\\.\\d{${casasSaida}}$`));
        if (config.casasDecimais <= casasSaida) expect(Number(lidoValor)).toBe(Number(valor));
      }),
      { numRuns: 500 },
    );
  });

  it('property: any other check digit is refused with a pt-BR message', () => {
    fc.assert(
      fc.property(etiquetas, fc.integer({ min: 1, max: 9 }), ({ config, codigo, bruto }, delta) => {
        const certo = gerarCodigoBalanca(codigo, comCasas(bruto, config.casasDecimais), config);
        const errado = `${certo.slice(0, 12)}${(Number(certo[12]) + delta) % 10}`;
        const lido = lerCodigoBalanca(errado, config);
        expect(lido.ok).toBe(false);
        if (!lido.ok) expect(lido.mensagem).toMatch(/^Dígito verificador inválido/);
      }),
      { numRuns: 500 },
    );
  });

  it('property: a single changed digit in the body is caught by the check digit', () => {
    fc.assert(
      fc.property(
        etiquetas,
        fc.integer({ min: 1, max: 11 }),
        fc.integer({ min: 1, max: 9 }),
        ({ config, codigo, bruto }, pos, delta) => {
          const certo = gerarCodigoBalanca(codigo, comCasas(bruto, config.casasDecimais), config);
          const trocado = `${certo.slice(0, pos)}${(Number(certo[pos]) + delta) % 10}${certo.slice(pos + 1)}`;
          expect(lerCodigoBalanca(trocado, config).ok).toBe(false);
        },
      ),
    );
  });

  it('only reads codes starting with 2 when the store enabled it', () => {
    expect(ehCodigoBalanca('2001230012502', peso)).toBe(true);
    expect(ehCodigoBalanca('2001230012502', { ...peso, habilitado: false })).toBe(false);
    expect(ehCodigoBalanca('2001230012502', undefined)).toBe(false);
    expect(ehCodigoBalanca('7891000315507', peso)).toBe(false);
  });

  it('schema refuses a code and value that do not fit the 11 digits', () => {
    const r = configuracaoCodigoBalancaSchema.safeParse({ ...peso, tamanhoCodigo: 6, tamanhoValor: 6 });
    expect(r.success).toBe(false);
  });

  it('quantity: the weight, or the price over the unit price truncated to 4 decimals', () => {
    expect(
      quantidadeCodigoBalanca({ tipoValor: 'peso', codigoProduto: 1, pesoKg: '0.375' }, '39.90'),
    ).toEqual({ ok: true, valor: '0.3750' });
    // 10.00 / 29.90 = 0.334448... -> 0.3344
    expect(
      quantidadeCodigoBalanca({ tipoValor: 'preco', codigoProduto: 1, preco: '10.00' }, '29.90'),
    ).toEqual({ ok: true, valor: '0.3344' });
    expect(
      quantidadeCodigoBalanca({ tipoValor: 'preco', codigoProduto: 1, preco: '10.00' }, '0'),
    ).toMatchObject({ ok: false });
  });
});
