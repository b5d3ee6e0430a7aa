import { describe, expect, it } from 'vitest';
import { situacaoCozinhaItem, situacaoCozinhaVenda } from './situacao-cozinha.ts';

describe('situacaoCozinhaItem', () => {
  it('is ready only when every station finished the item', () => {
    expect(situacaoCozinhaItem([])).toBeNull();
    expect(situacaoCozinhaItem([{ status: 'pendente' }])).toBe('enviado');
    expect(situacaoCozinhaItem([{ status: 'producao' }, { status: 'pendente' }])).toBe('emPreparo');
    expect(situacaoCozinhaItem([{ status: 'pronto' }, { status: 'pendente' }])).toBe('emPreparo');
    expect(situacaoCozinhaItem([{ status: 'pronto' }, { status: 'despachado' }])).toBe('pronto');
  });

  it('sums the rows of a sale by item and ignores cancelled rows', () => {
    expect(
      situacaoCozinhaVenda([
        { vendaItemId: 'a', status: 'despachado', cancelado: false },
        { vendaItemId: 'b', status: 'pendente', cancelado: false },
        { vendaItemId: 'c', status: 'pronto', cancelado: true },
      ]),
    ).toEqual({ a: 'pronto', b: 'enviado' });
  });
});
