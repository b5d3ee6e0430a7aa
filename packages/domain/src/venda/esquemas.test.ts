import { describe, expect, it } from 'vitest';
import {
  comboSchema,
  idSchema,
  pagamentoSchema,
  promocaoSchema,
  vendaItemSchema,
  vendaSchema,
} from './esquemas.ts';
import { AGORA, EMPRESA, GRUPO, id } from './fabricas-teste.ts';

describe('esquemas zod', () => {
  it('ids: 24 hexadecimais minúsculos', () => {
    expect(idSchema.safeParse('0123456789abcdef01234567').success).toBe(true);
    expect(idSchema.safeParse('0123456789ABCDEF01234567').success).toBe(false);
    expect(idSchema.safeParse('0123').success).toBe(false);
  });
  it('venda nova: padrões do spec (Consumidor, aberta, aguardando, quantidade 1)', () => {
    const v = vendaSchema.parse({
      _id: id(1),
      empresa: EMPRESA,
      grupoEmpresarial: GRUPO,
      tipoVenda: { id: 54 },
      data: AGORA,
    });
    expect(v).toMatchObject({
      vendaDescricao: 'Consumidor',
      status: { id: 57 },
      expedicao: { status: 0 },
      total: '0.00',
      produtos: [],
    });
    const item = vendaItemSchema.parse({
      produto: { _id: id(2), descricao: 'X' },
      numeroItem: 1,
      data: AGORA,
    });
    expect(item.quantidade).toBe('1');
    expect(item.confirmado).toBe(false);
  });
  it('recusa códigos fora dos catálogos e decimais que não são texto', () => {
    expect(
      vendaSchema.safeParse({
        _id: id(1),
        empresa: EMPRESA,
        grupoEmpresarial: GRUPO,
        tipoVenda: { id: 99 },
        data: AGORA,
      }).success,
    ).toBe(false);
    const pag = {
      _id: id(3),
      formaPagamento: { _id: id(4), descricao: 'D', tipo: 77, tipoTroco: 1 },
      valor: '1.00',
      valorPago: '1.00',
      data: AGORA,
    };
    expect(pagamentoSchema.safeParse(pag).success).toBe(true);
    expect(pagamentoSchema.safeParse({ ...pag, valor: 1 }).success).toBe(false);
    expect(
      pagamentoSchema.safeParse({ ...pag, formaPagamento: { ...pag.formaPagamento, tipo: 93 } }).success,
    ).toBe(false);
  });
  it('promoção e combo com os campos do spec', () => {
    const p = promocaoSchema.parse({
      _id: id(5),
      tipoPromocao: 'novoValor',
      valor: '1.00',
      produto: id(6),
      horaInicio: '18:00',
    });
    expect(p).toMatchObject({ segunda: true, domingo: true, habilitado: true, tipoVenda: [] });
    expect(promocaoSchema.safeParse({ ...p, horaInicio: '25:00' }).success).toBe(false);
    expect(
      comboSchema.safeParse({
        _id: id(7),
        descricao: 'C',
        desconto: '1',
        tipoDesconto: 'outro',
        agrupadores: [],
      }).success,
    ).toBe(false);
  });
});

describe('instantes', () => {
  it('aceita ISO com Z ou com offset, recusa sem fuso', () => {
    const item = { produto: { _id: id(2), descricao: 'X' }, numeroItem: 1 };
    expect(vendaItemSchema.safeParse({ ...item, data: '2026-11-21T23:00:00.000Z' }).success).toBe(true);
    expect(vendaItemSchema.safeParse({ ...item, data: '2026-11-21T20:00:00-03:00' }).success).toBe(true);
    expect(vendaItemSchema.safeParse({ ...item, data: '2026-11-21 20:00' }).success).toBe(false);
  });
});
