import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ErroApi } from '../../lib/api/cliente.ts';
import type { VendaNaFila } from './armazenamento-local.ts';
import type { VendaServidor } from './venda-api.ts';

// The IndexedDB store replaced by a map: the queue logic is what is under test.
const banco = new Map<string, VendaNaFila>();
vi.mock('./armazenamento-local.ts', () => ({
  enfileirarVenda: async (v: VendaNaFila) => {
    banco.set(v._id, structuredClone(v));
  },
  removerDaFila: async (id: string) => {
    banco.delete(id);
  },
  vendasNaFila: async () => [...banco.values()].sort((a, b) => a.criadaEm.localeCompare(b.criadaEm)),
}));

const { enviarFila } = await import('./fila-offline.ts');

const na = (id: string, criadaEm: string): VendaNaFila => ({
  _id: id,
  empresa: 'e',
  criadaEm,
  corpo: { _id: id, empresa: 'e', tipoVenda: 53, produtos: [{ produto: 'p' }] },
  pagamentos: [{ _id: `${id}-pg`, formaPagamento: 'din', valorPago: '10.00' }],
  terminal: 't',
  total: '10.00',
  tentativas: 0,
  etapa: 'pendente',
});

function servidorFalso(opcoes: { recusar?: string; semRede?: boolean } = {}) {
  const vendas = new Map<string, VendaServidor>();
  const chamadas: string[] = [];
  const venda = (id: string) => vendas.get(id) as VendaServidor;
  return {
    chamadas,
    vendas,
    envio: {
      // Like POST /api/venda: a new sale may come whole (payments, end); a known _id answers the stored sale.
      criar: async (c: { _id: string; produtos?: unknown[]; pagamentos?: unknown[]; encerrar?: boolean }) => {
        chamadas.push(`criar ${c._id}${c.encerrar ? ' inteira' : ''}`);
        if (opcoes.semRede) throw new ErroApi('rede', 'Failed to fetch');
        if (c._id === opcoes.recusar)
          throw new ErroApi('envelope', 'Produto não encontrado!', { message: 'x' }, 200);
        if (!vendas.has(c._id))
          vendas.set(c._id, {
            _id: c._id,
            status: { id: c.encerrar ? 59 : 57 },
            pagamentos: c.pagamentos ?? [],
            produtos: c.produtos ?? [],
          } as unknown as VendaServidor);
        return venda(c._id);
      },
      adicionar: async (id: string, itens: unknown[]) => {
        chamadas.push(`adicionar ${id} ${itens.length}`);
        venda(id).produtos.push(...(itens as never[]));
        return venda(id);
      },
      pagar: async (id: string, p: { _id: string }) => {
        chamadas.push(`pagar ${id}`);
        const v = venda(id);
        if (!v.pagamentos.some((x) => x._id === p._id)) v.pagamentos.push(p as never);
        return v;
      },
      encerrar: async (id: string) => {
        chamadas.push(`encerrar ${id}`);
        venda(id).status = { id: 59 };
        return venda(id);
      },
    },
  };
}

beforeEach(() => banco.clear());

describe('offline queue', () => {
  it('sends every queued sale in order and empties the queue', async () => {
    banco.set('a', na('a', '1'));
    banco.set('b', na('b', '2'));
    const s = servidorFalso();
    const r = await enviarFila(s.envio);
    expect(r).toEqual({ enviadas: 2, recusadas: 0, pendentes: 0, semServidor: false });
    // Each sale the server never saw goes whole: one request with its items, payments and end.
    expect(s.chamadas).toEqual(['criar a inteira', 'criar b inteira']);
    expect(s.vendas.get('a')?.pagamentos).toEqual([
      { _id: 'a-pg', formaPagamento: 'din', valorPago: '10.00', terminal: 't' },
    ]);
    expect(banco.size).toBe(0);
  });

  it('a sale already created on the server (a round cut after the creation) goes on step by step', async () => {
    banco.set('a', { ...na('a', '1'), etapa: 'criada' });
    const s = servidorFalso();
    await s.envio.criar({ _id: 'a', produtos: [{ produto: 'p' }] });
    s.chamadas.length = 0;
    await enviarFila(s.envio);
    expect(s.chamadas).toEqual(['criar a', 'pagar a', 'encerrar a']);
    expect(s.vendas.get('a')?.status.id).toBe(59);
  });

  it('a sale the server refuses is set aside and never blocks the next one', async () => {
    banco.set('a', na('a', '1'));
    banco.set('b', na('b', '2'));
    const s = servidorFalso({ recusar: 'a' });
    const r = await enviarFila(s.envio);
    expect(r.enviadas).toBe(1);
    expect(r.recusadas).toBe(1);
    expect(banco.get('a')).toMatchObject({ etapa: 'recusada', erro: 'Produto não encontrado!' });
    // A second round does not send the refused one again.
    s.chamadas.length = 0;
    await enviarFila(s.envio);
    expect(s.chamadas).toEqual([]);
  });

  it('without the server everything stays queued; a retry after a lost answer pays once', async () => {
    banco.set('a', na('a', '1'));
    const fora = servidorFalso({ semRede: true });
    expect(await enviarFila(fora.envio)).toMatchObject({ enviadas: 0, pendentes: 1, semServidor: true });
    expect(banco.get('a')?.tentativas).toBe(1);
    // The server already has the sale with its payment (the first answer was lost): nothing doubles.
    const s = servidorFalso();
    await s.envio.criar({ _id: 'a', produtos: [] } as never);
    await s.envio.pagar('a', { _id: 'a-pg' });
    s.chamadas.length = 0;
    await enviarFila(s.envio);
    expect(s.vendas.get('a')?.pagamentos).toHaveLength(1);
    // ...and the item typed offline after the server went away is added once.
    expect(s.chamadas).toEqual(['criar a inteira', 'adicionar a 1', 'encerrar a']);
    expect(s.vendas.get('a')?.produtos).toHaveLength(1);
    expect(banco.size).toBe(0);
  });
});
