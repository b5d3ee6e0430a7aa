import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  erroZodPtBr,
  lerDataIso,
  lerNumeroEntrada,
  MENSAGENS_ENTRADA as M,
  textoInseguroEm,
  validarTextoSeguro,
  zDecimal,
  zInteiro,
  zTexto,
} from './entrada.ts';

describe('what the database can hold (issue 14 point 8)', () => {
  it('refuses NUL bytes and lone surrogates, keeps any other text', () => {
    expect(validarTextoSeguro('a\u0000b')).toBe(M.textoNulo);
    expect(validarTextoSeguro('a\ud800b')).toBe(M.textoMalformado);
    expect(validarTextoSeguro('x\udc00')).toBe(M.textoMalformado);
    expect(validarTextoSeguro('pão 🍕 \u0001')).toBe(true);
    expect(textoInseguroEm({ a: [{ b: 'ok' }, { c: 'x\u0000' }] })).toEqual({
      caminho: 'a.1.c',
      mensagem: M.textoNulo,
    });
    expect(textoInseguroEm({ 'k\u0000': 1 })?.mensagem).toBe(M.textoNulo);
    expect(textoInseguroEm({ a: ['ok', 2, null] })).toBeUndefined();
  });

  it('reads numbers in decimal notation within the column limits', () => {
    expect(lerNumeroEntrada('12.50')).toEqual({ numero: 12.5, texto: '12.50' });
    expect(lerNumeroEntrada(7, { inteiro: true })).toEqual({ numero: 7, texto: '7' });
    for (const hex of ['0x1F', '0b11', '0o7', '1e3', '1_000'])
      expect(lerNumeroEntrada(hex)).toEqual({ erro: M.numeroNotacao });
    expect(lerNumeroEntrada('abc')).toEqual({ erro: M.numero });
    expect(lerNumeroEntrada('')).toEqual({ erro: M.numero });
    expect(lerNumeroEntrada(Number.NaN)).toEqual({ erro: M.numero });
    expect(lerNumeroEntrada('123456789012345678901234567890')).toEqual({ erro: M.decimalLimite });
    expect(lerNumeroEntrada(2 ** 31, { inteiro: true })).toEqual({ erro: M.inteiroLimite });
    expect(lerNumeroEntrada(2 ** 31 - 1, { inteiro: true })).toEqual({
      numero: 2 ** 31 - 1,
      texto: '2147483647',
    });
    expect(lerNumeroEntrada(1.5, { inteiro: true })).toEqual({ erro: M.inteiro });
  });

  it('reads ISO dates of real days of years 1 to 9999', () => {
    expect(lerDataIso('2024-02-29')).toBe('2024-02-29');
    expect(lerDataIso('2020-01-01T10:00:00.000Z')).toBe('2020-01-01T10:00:00.000Z');
    for (const ruim of [
      '2020-02-30',
      '0000-01-01',
      '275760-09-13',
      '+275760-09-13T00:00:00Z',
      '2020-01-01T24:00',
    ])
      expect(lerDataIso(ruim), ruim).toBeUndefined();
  });

  it('zod pieces answer the same messages, and zod defaults speak pt-BR', () => {
    const esquema = z.object({ mesa: zInteiro(1), obs: zTexto(5), valor: zDecimal });
    const r = esquema.safeParse({ mesa: 2 ** 31, obs: 'a\u0000', valor: '0x10' });
    expect(r.success).toBe(false);
    const mensagens = r.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(mensagens).toEqual([`mesa: ${M.inteiroLimite}`, `obs: ${M.textoNulo}`, `valor: ${M.decimal}`]);
    const padrao = z.object({ n: z.number() }).safeParse({ n: 'x' }, { error: erroZodPtBr });
    expect(padrao.error?.issues[0]?.message).toBe('Valor inválido: informe um número.');
  });
});
