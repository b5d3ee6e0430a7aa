import { describe, expect, it } from 'vitest';
import {
  aplicarAcaoKds,
  corPorIdade,
  expedicaoPelaProducao,
  identificacaoPedido,
  mapaTeclado,
  setoresKdsDoProduto,
  tempoDecorrido,
} from './kds.ts';

describe('KDS actions', () => {
  it.each([
    ['pendente', 'iniciar', 'producao'],
    ['producao', 'iniciar', null],
    ['pendente', 'finalizar', 'pronto'],
    ['producao', 'finalizar', 'pronto'],
    ['pronto', 'finalizar', null],
    ['pendente', 'despachar', 'despachado'],
    ['pronto', 'despachar', 'despachado'],
    ['despachado', 'despachar', null],
    ['despachado', 'recall', 'pronto'],
    ['pronto', 'recall', null],
  ] as const)('%s + %s -> %s', (de, acao, para) => {
    expect(aplicarAcaoKds(de, acao)).toBe(para);
  });
});

describe('timer colour and text', () => {
  const t0 = '2026-01-01T12:00:00.000Z';
  it('turns yellow at the alert time and red at the late time (defaults 10 and 20 min)', () => {
    expect(corPorIdade(t0, '2026-01-01T12:09:59.000Z')).toBe('normal');
    expect(corPorIdade(t0, '2026-01-01T12:10:00.000Z')).toBe('alerta');
    expect(corPorIdade(t0, '2026-01-01T12:20:00.000Z')).toBe('atrasado');
    expect(corPorIdade(t0, '2026-01-01T12:05:00.000Z', { tempoAlerta: 5, tempoAtraso: 8 })).toBe('alerta');
    // A late time below the alert time never skips the alert colour.
    expect(corPorIdade(t0, '2026-01-01T12:04:00.000Z', { tempoAlerta: 5, tempoAtraso: 2 })).toBe('normal');
  });
  it('shows mm:ss, then h:mm:ss', () => {
    expect(tempoDecorrido(t0, '2026-01-01T12:03:07.900Z')).toBe('03:07');
    expect(tempoDecorrido(t0, '2026-01-01T13:02:05.000Z')).toBe('1:02:05');
    expect(tempoDecorrido(t0, '2026-01-01T11:00:00.000Z')).toBe('00:00');
  });
});

describe('routing to KDS sectors', () => {
  const regras = [
    { _id: 'cozinha', produtos: [], setoresImpressao: [], agrupadores: ['pizzas'] },
    { _id: 'bar', produtos: ['coca'], setoresImpressao: ['imp-bar'], agrupadores: ['bebidas'] },
    { _id: 'forno', produtos: [], setoresImpressao: ['imp-forno'], agrupadores: [] },
  ];
  it('a sector naming the product wins over agrupadores and print sectors', () => {
    expect(
      setoresKdsDoProduto({ _id: 'coca', agrupadores: ['pizzas'], setoresImpressao: [] }, regras),
    ).toEqual(['bar']);
  });
  it('otherwise every sector of one of its agrupadores or print sectors', () => {
    expect(
      setoresKdsDoProduto(
        { _id: 'calabresa', agrupadores: ['pizzas'], setoresImpressao: ['imp-forno'] },
        regras,
      ),
    ).toEqual(['cozinha', 'forno']);
    expect(setoresKdsDoProduto({ _id: 'x', agrupadores: ['outros'], setoresImpressao: [] }, regras)).toEqual(
      [],
    );
  });
});

describe('expedition implied by the kitchen', () => {
  it('produced when every active item is ready or bumped, in production once one started', () => {
    expect(expedicaoPelaProducao([])).toBeNull();
    expect(expedicaoPelaProducao([{ status: 'pendente', cancelado: false }])).toBeNull();
    expect(
      expedicaoPelaProducao([
        { status: 'producao', cancelado: false },
        { status: 'pendente', cancelado: false },
      ]),
    ).toBe(1);
    expect(
      expedicaoPelaProducao([
        { status: 'pronto', cancelado: false },
        { status: 'pendente', cancelado: true },
        { status: 'despachado', cancelado: false },
      ]),
    ).toBe(2);
    expect(expedicaoPelaProducao([{ status: 'pendente', cancelado: true }])).toBeNull();
  });
});

describe('order identification and keys', () => {
  it('counter and delivery show the period sequence (spec 9), tables and tabs their number', () => {
    const base = { numero: 120, mesa: null, comanda: null, sequencialPeriodo: 7 };
    expect(identificacaoPedido({ ...base, tipoVenda: 53 })).toBe('Balcão 7');
    expect(identificacaoPedido({ ...base, tipoVenda: 55 })).toBe('Delivery 7');
    expect(identificacaoPedido({ ...base, tipoVenda: 55, sequencialPeriodo: null })).toBe('Delivery 120');
    expect(identificacaoPedido({ ...base, tipoVenda: 54, mesa: 12 })).toBe('Mesa 12');
    expect(identificacaoPedido({ ...base, tipoVenda: 56, comanda: 40 })).toBe('Comanda 40');
  });
  it('a bump-bar mapping overrides the default keys and ignores unknown actions', () => {
    const m = mapaTeclado([
      { tecla: 'F1', acao: 'despachar' },
      { tecla: 'Enter', acao: 'recall' },
      { tecla: 'F2', acao: 'explodir' },
    ]);
    expect(m.F1).toBe('despachar');
    expect(m.Enter).toBe('recall');
    expect(m.F2).toBeUndefined();
    expect(m.ArrowRight).toBe('proximo');
  });
});
