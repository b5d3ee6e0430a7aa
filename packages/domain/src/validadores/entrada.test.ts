import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  erroZodPtBr,
  lerDataIso,
  lerNumeroEntrada,
  MENSAGENS_ENTRADA as M,
  mensagemCasasDecimais,
  textoInseguroEm,
  validarTextoSeguro,
  zDataTexto,
  zDecimal,
  zDecimalEntrada,
  zDecimalTexto,
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

  it('decimal pieces of hand-written routes: notation, limit, places, sign; dates of real days as ISO', () => {
    const erro = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
      r.success ? undefined : r.error?.issues[0]?.message;
    const dinheiro = zDecimalTexto({ casas: 2, minimo: 0 });
    expect(dinheiro.parse(' 12.50 ')).toBe('12.50');
    expect(dinheiro.parse('0')).toBe('0');
    expect(erro(dinheiro.safeParse('1.239'))).toBe(mensagemCasasDecimais(2));
    expect(erro(dinheiro.safeParse('-1.00'))).toBe(M.negativo);
    expect(erro(dinheiro.safeParse('1'.repeat(30)))).toBe(M.decimalLimite);
    expect(erro(dinheiro.safeParse('1000000000000'))).toBe(M.decimalLimite);
    expect(erro(dinheiro.safeParse('0x1F'))).toBe(M.numeroNotacao);
    expect(erro(dinheiro.safeParse('1e3'))).toBe(M.numeroNotacao);
    for (const nada of ['NaN', 'Infinity', '-Infinity', 'doze', ''])
      expect(erro(dinheiro.safeParse(nada))).toBe(M.numero);
    expect(erro(dinheiro.safeParse(12))).toBe(M.numero);
    expect(erro(zDecimalTexto({ positivo: true }).safeParse('0'))).toBe(M.positivo);
    expect(erro(zDecimalTexto().safeParse('1.1234567'))).toBe(mensagemCasasDecimais(6));
    expect(erro(zDecimalTexto({ maximo: 100 }).safeParse('100.01'))).toBe('Valor máximo: 100.');
    const taxa = zDecimalEntrada({ casas: 2, minimo: 0 });
    expect(taxa.parse(7.5)).toBe('7.5');
    expect(taxa.parse('7.50')).toBe('7.50');
    expect(erro(taxa.safeParse(1e30))).toBe(M.decimalLimite);
    expect(erro(taxa.safeParse(1e-7))).toBe(mensagemCasasDecimais(2));
    expect(erro(taxa.safeParse(-1))).toBe(M.negativo);
    expect(erro(taxa.safeParse(true))).toBe(M.numero);
    expect(zDataTexto.parse('2026-11-21')).toBe('2026-11-21');
    expect(zDataTexto.parse('21/11/2026')).toBe('2026-11-21T00:00:00.000');
    for (const ruim of ['2020-02-30', '0000-01-01', '275760-09-13', '31/02/2020', 'ontem', 5])
      expect(erro(zDataTexto.safeParse(ruim))).toBe(M.data);
  });
});
