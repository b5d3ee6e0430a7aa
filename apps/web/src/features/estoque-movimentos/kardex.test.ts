import type { MovimentoKardex } from '@retaguarda/domain';
import { describe, expect, it } from 'vitest';
import {
  cursorDoFim,
  documentoDoMovimento,
  filtrarPeriodo,
  inicioDoDia,
  podeSerEstornado,
  totaisDaPagina,
} from './kardex.ts';

const mov = (over: Partial<MovimentoKardex>): MovimentoKardex => ({
  _id: 'm1',
  data: '2026-05-10T15:00:00.000Z',
  tipo: 1,
  tipoDescricao: 'Entrada',
  quantidade: '10.000000',
  custoUnitario: '20.000000',
  valor: '200.00',
  saldoApos: '10.000000',
  custoMedioApos: '20.000000',
  origemTipo: 'entrada',
  origemId: '0123456789abcdef01234567',
  estornoDe: null,
  estornado: false,
  estornavel: true,
  motivo: null,
  documento: null,
  usuario: null,
  cursor: '2026-05-10T15:00:00.000Z|1',
  ...over,
});

describe('period of business days', () => {
  it('starts a day at midnight in São Paulo', () => {
    expect(inicioDoDia('2026-05-10')).toBe('2026-05-10T03:00:00.000Z');
  });

  it('opens a period ending on a day at the next day start, month and year turns included', () => {
    expect(cursorDoFim('2026-05-10')).toBe('2026-05-11T03:00:00.000Z|0');
    expect(cursorDoFim('2026-12-31')).toBe('2027-01-01T03:00:00.000Z|0');
    expect(cursorDoFim(undefined)).toBeUndefined();
  });

  it('keeps the rows of the period and takes the first older one as the opening position', () => {
    const dentro = mov({ _id: 'a', data: '2026-05-10T03:00:00.000Z' });
    const antes = mov({ _id: 'b', data: '2026-05-10T02:59:59.999Z', saldoApos: '4.000000' });
    const r = filtrarPeriodo(
      [dentro, antes, mov({ _id: 'c', data: '2026-05-01T00:00:00.000Z' })],
      'x',
      '2026-05-10',
    );
    expect(r.itens.map((m) => m._id)).toEqual(['a']);
    expect(r.anterior?._id).toBe('b');
    expect(r.temMais).toBe(false);
  });

  it('pages on while the page is all inside the period', () => {
    expect(filtrarPeriodo([mov({})], 'cursor', '2026-05-01').temMais).toBe(true);
    expect(filtrarPeriodo([mov({})], null, '2026-05-01').temMais).toBe(false);
    expect(filtrarPeriodo([mov({})], 'cursor', undefined)).toEqual({
      itens: [mov({})],
      anterior: null,
      temMais: true,
    });
  });
});

describe('page totals', () => {
  it('sums entries and exits apart, quantities and values positive', () => {
    expect(
      totaisDaPagina([
        mov({ quantidade: '10', valor: '200.00' }),
        mov({ quantidade: '-1.5', valor: '-30.00' }),
        mov({ quantidade: '-0.25', valor: '-5.00' }),
        mov({ quantidade: '2', valor: '0.00' }),
      ]),
    ).toEqual({
      entradas: '12.000000',
      saidas: '1.750000',
      valorEntradas: '200.00',
      valorSaidas: '35.00',
    });
  });
});

describe('origin and reversal', () => {
  it('names the document', () => {
    expect(documentoDoMovimento(mov({ documento: 'NF 123' }))).toBe('Entrada NF 123');
    expect(documentoDoMovimento(mov({ origemTipo: 'saida_manual' }))).toBe('Saída manual #234567');
    expect(documentoDoMovimento(mov({ origemTipo: 'outra', origemId: null }))).toBe('outra');
  });

  it('offers the reversal the server allows (manual moves not reversed yet; never an NF-e line alone)', () => {
    expect(podeSerEstornado(mov({}))).toBe(true);
    expect(podeSerEstornado(mov({ estornavel: false }))).toBe(false);
  });
});
