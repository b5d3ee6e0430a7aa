import type { Venda } from '@retaguarda/domain';
import { beforeEach, describe, expect, it } from 'vitest';
import { apagarRascunho, guardarRascunho, lerRascunho } from './rascunho-venda.ts';

const venda = { _id: 'v1', empresa: 'e1', produtos: [{ numeroItem: 1 }], pagamentos: [] } as unknown as Venda;
const pagamento = { _id: 'p1', formaPagamento: 'f1', valorPago: '10.00', terminal: 't1' };

describe('draft of the counter sale kept on the terminal', () => {
  beforeEach(() => localStorage.clear());

  it('comes back for the same company and terminal, and is gone once forgotten', () => {
    guardarRascunho('e1', 't1', { venda, pagamentos: [pagamento] });
    expect(lerRascunho('e1', 't1')).toEqual({ venda, pagamentos: [pagamento] });
    expect(lerRascunho('e1', 't2')).toBeNull();
    apagarRascunho('e1', 't1');
    expect(lerRascunho('e1', 't1')).toBeNull();
  });

  it('a damaged draft or one of another company is not restored', () => {
    localStorage.setItem('frenteLoja:rascunho:e1:t1', '{"venda":');
    expect(lerRascunho('e1', 't1')).toBeNull();
    localStorage.setItem(
      'frenteLoja:rascunho:e1:t1',
      JSON.stringify({ venda: { ...venda, empresa: 'e2' }, pagamentos: [] }),
    );
    expect(lerRascunho('e1', 't1')).toBeNull();
  });
});
