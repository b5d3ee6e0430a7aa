import { describe, expect, it } from 'vitest';
import { AREAS_DEMO } from '../../seed/seed-call-center.ts';
import { type LojaRoteamento, lerAreas, lerLocalizacao, lojasQueAtendem } from './roteamento.ts';

const centro: LojaRoteamento = {
  _id: 'c',
  descricao: 'Loja Centro',
  codigoInterno: 1,
  localizacao: { lat: -25.4296, lng: -49.2713 },
  areasAtendimento: lerAreas(AREAS_DEMO.centro),
};
const shopping: LojaRoteamento = {
  _id: 's',
  descricao: 'Loja Shopping',
  codigoInterno: 2,
  localizacao: { lat: -25.4398, lng: -49.2776 },
  areasAtendimento: lerAreas(AREAS_DEMO.shopping),
};
const ids = (p: { lat: number; lng: number }, lojas = [centro, shopping]) =>
  lojasQueAtendem(p, lojas).map((c) => c.loja._id);

describe('store routing by service area', () => {
  it('an address inside one area only goes to that store (polygon, circle, rectangle)', () => {
    expect(ids({ lat: -25.42, lng: -49.255 })).toEqual(['c']); // polygon only
    expect(ids({ lat: -25.4433, lng: -49.2933 })).toEqual(['s']); // circle and rectangle
    expect(ids({ lat: -25.448, lng: -49.305 })).toEqual(['s']); // rectangle only
  });

  it('overlapping areas: the nearest store wins, whichever is listed first', () => {
    expect(ids({ lat: -25.4302, lng: -49.2701 })).toEqual(['c', 's']);
    expect(ids({ lat: -25.436, lng: -49.28 })).toEqual(['s', 'c']);
    expect(ids({ lat: -25.436, lng: -49.28 }, [centro, shopping].reverse())).toEqual(['s', 'c']);
  });

  it('ties and stores without a location: internal code, located stores first', () => {
    const gemea = { ...centro, _id: 'g', codigoInterno: 0 };
    expect(ids({ lat: -25.4302, lng: -49.2701 }, [centro, gemea])).toEqual(['g', 'c']);
    const semLocal = { ...centro, _id: 'x', codigoInterno: 0, localizacao: null };
    expect(ids({ lat: -25.4302, lng: -49.2701 }, [semLocal, centro])).toEqual(['c', 'x']);
  });

  it('outside every area: no store', () => {
    expect(ids({ lat: -25.4422, lng: -49.3304 })).toEqual([]);
    expect(ids({ lat: -23.56, lng: -46.65 })).toEqual([]);
  });

  it('reads stored locations and skips half-drawn areas', () => {
    expect(lerLocalizacao({ lat: '-25.4296000', lng: '-49.2713000' })).toEqual({
      lat: -25.4296,
      lng: -49.2713,
    });
    expect(lerLocalizacao({ lat: '', lng: 1 })).toBeNull();
    expect(lerAreas([{ tipo: 'poligono', pontos: [{ lat: 1, lng: 1 }] }, ...AREAS_DEMO.centro])).toHaveLength(
      1,
    );
    expect(lerAreas(null)).toEqual([]);
  });
});
