import { describe, expect, it } from 'vitest';
import { configuracaoVendaSchema } from './configuracao.ts';
import { pontoNaArea } from './entrega.ts';

describe('store settings with service areas', () => {
  it('reads areas whose numbers come as decimal text, keeping the fee settings beside them', () => {
    // The server reads a store's settings with every number as text; areas drawn as numbers must not
    // make the whole settings invalid (the delivery fee bands would be lost).
    const c = configuracaoVendaSchema.parse({
      empresa: '0123456789abcdef01234567',
      taxaKm: [{ km: '3', taxaEntrega: '5.00' }],
      areasAtendimento: [
        { tipo: 'circulo', centro: { lat: '-25.4398', lng: '-49.2776' }, raioMetros: '2500' },
        { tipo: 'retangulo', norte: '-25.438', sul: '-25.45', leste: '-49.29', oeste: '-49.31' },
        {
          tipo: 'poligono',
          pontos: [
            { lat: -25.418, lng: -49.282 },
            { lat: '-25.418', lng: '-49.25' },
            { lat: -25.437, lng: -49.25 },
          ],
        },
      ],
    });
    expect(c.taxaKm).toEqual([{ km: '3', taxaEntrega: '5.00' }]);
    expect(c.areasAtendimento[0]).toEqual({
      tipo: 'circulo',
      descricao: '',
      centro: { lat: -25.4398, lng: -49.2776 },
      raioMetros: 2500,
    });
    expect(pontoNaArea({ lat: -25.44, lng: -49.28 }, c.areasAtendimento[0]!)).toBe(true);
    expect(pontoNaArea({ lat: -25.445, lng: -49.3 }, c.areasAtendimento[1]!)).toBe(true);
  });

  it('still refuses a radius that is not positive and a coordinate that is not a number', () => {
    const base = { empresa: '0123456789abcdef01234567' };
    const circulo = (raioMetros: unknown, lat: unknown = -25) => ({
      ...base,
      areasAtendimento: [{ tipo: 'circulo', centro: { lat, lng: -49 }, raioMetros }],
    });
    expect(configuracaoVendaSchema.safeParse(circulo('0')).success).toBe(false);
    expect(configuracaoVendaSchema.safeParse(circulo(100, 'abc')).success).toBe(false);
    expect(configuracaoVendaSchema.safeParse(circulo(100, '')).success).toBe(false);
  });
});
