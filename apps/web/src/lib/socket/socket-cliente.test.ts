import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { definirConfig } from '../api/config.ts';

type Ouvinte = (...args: unknown[]) => void;

// A stand-in for socket.io-client's Socket: records options, emits and connect() calls.
const falso = vi.hoisted(() => {
  const estado = {
    url: '',
    opcoes: {} as Record<string, unknown>,
    ouvintes: new Map<string, Ouvinte[]>(),
    emitidos: [] as [string, unknown][],
    conexoes: 0,
    socket: {
      connected: false,
      active: true,
      on(evento: string, fn: Ouvinte) {
        estado.ouvintes.set(evento, [...(estado.ouvintes.get(evento) ?? []), fn]);
        return estado.socket;
      },
      emit(evento: string, dados: unknown) {
        estado.emitidos.push([evento, dados]);
      },
      connect() {
        estado.conexoes += 1;
      },
      disconnect() {},
      removeAllListeners() {
        estado.ouvintes.clear();
      },
    },
    disparar(evento: string, ...args: unknown[]) {
      for (const fn of estado.ouvintes.get(evento) ?? []) fn(...args);
    },
  };
  return estado;
});

vi.mock('socket.io-client', () => ({
  io: (url: string, opcoes: Record<string, unknown>) => {
    falso.url = url;
    falso.opcoes = opcoes;
    return falso.socket;
  },
}));

const { conectarSocket } = await import('./socket-cliente.ts');

beforeEach(() => {
  vi.useFakeTimers();
  definirConfig({ socketUrl: '/', socketPath: '/socket.io' });
  falso.emitidos = [];
  falso.conexoes = 0;
  falso.socket.connected = false;
  falso.socket.active = true;
});
afterEach(() => vi.useRealTimers());

describe('socket client (spec section 7)', () => {
  it('connects with the settings of config.json, websocket then polling, 15 s reconnection and the token', () => {
    const conexao = conectarSocket({
      token: 'tk',
      empresaId: 'e1',
      aoStatus: () => {},
      aoVersaoAtualizada: () => {},
    });
    expect(falso.url).toBe('/');
    expect(falso.opcoes).toMatchObject({
      path: '/socket.io',
      transports: ['websocket', 'polling'],
      reconnectionDelay: 15_000,
      auth: { token: 'tk' },
    });
    conexao.encerrar();
  });

  it('joins the company room on connect and reports the status', () => {
    const status: string[] = [];
    const conexao = conectarSocket({
      token: 'tk',
      empresaId: 'e1',
      aoStatus: (s) => status.push(s),
      aoVersaoAtualizada: () => {},
    });
    falso.socket.connected = true;
    falso.disparar('connect');
    expect(falso.emitidos).toEqual([['entrarEmpresa', { empresaId: 'e1' }]]);
    expect(status).toEqual(['conectando', 'conectado']);
    conexao.encerrar();
  });

  it.each(['io server disconnect', 'io client disconnect'])('reconnects after "%s"', (motivo) => {
    const conexao = conectarSocket({
      token: 'tk',
      empresaId: 'e1',
      aoStatus: () => {},
      aoVersaoAtualizada: () => {},
    });
    falso.socket.active = false;
    falso.disparar('disconnect', motivo);
    expect(falso.conexoes).toBe(1);
    conexao.encerrar();
  });

  it('checks the status every 5 s and reconnects a socket that gave up', () => {
    const conexao = conectarSocket({
      token: 'tk',
      empresaId: 'e1',
      aoStatus: () => {},
      aoVersaoAtualizada: () => {},
    });
    vi.advanceTimersByTime(5_000);
    expect(falso.conexoes).toBe(0); // still trying by itself
    falso.socket.active = false;
    vi.advanceTimersByTime(5_000);
    expect(falso.conexoes).toBe(1);
    conexao.encerrar();
    vi.advanceTimersByTime(20_000);
    expect(falso.conexoes).toBe(1);
  });

  it('asks for a version check on versaoAtualizada', () => {
    const aoVersao = vi.fn();
    const conexao = conectarSocket({
      token: 'tk',
      empresaId: 'e1',
      aoStatus: () => {},
      aoVersaoAtualizada: aoVersao,
    });
    falso.disparar('versaoAtualizada');
    expect(aoVersao).toHaveBeenCalledTimes(1);
    conexao.encerrar();
  });
});
