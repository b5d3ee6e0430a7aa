import type { AddressInfo } from 'node:net';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { construirApp } from '../src/app.ts';
import { lerConfig } from '../src/config.ts';
import { type AppTeste, criarAppTeste } from './app-teste.ts';

// Realtime over Socket.IO: token-authenticated sockets, rooms per group and store, and (with the Redis
// adapter) events that cross server instances. This machine runs Redis on 6379; CI sets REDIS_URL.
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

let t: AppTeste;
let token: string;
const abertos: Socket[] = [];

async function ouvir(app: AppTeste['app']): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

function conectar(url: string, tok: string | undefined): Socket {
  const s = io(url, {
    path: '/socket.io',
    transports: ['websocket', 'polling'],
    auth: { token: tok },
    reconnection: false,
  });
  abertos.push(s);
  return s;
}

const evento = <T>(s: Socket, nome: string, ms = 3000) =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`sem evento ${nome}`)), ms);
    s.once(nome, (dados: T) => {
      clearTimeout(timer);
      resolve(dados);
    });
  });

beforeAll(async () => {
  t = await criarAppTeste({ redisUrl: REDIS_URL });
  token = await t.login('admin@exemplo.com.br', 'admin123');
});
afterAll(async () => {
  for (const s of abertos) s.close();
  await t.fechar();
});

describe('realtime', () => {
  it('refuses a socket without a valid token', async () => {
    const url = await ouvir(t.app);
    const s = conectar(url, 'forjado');
    const erro = await evento<Error>(s, 'connect_error');
    expect(erro.message).toBe('Acesso Expirado! Favor refazer o login');
  });

  it('joins a store room only with access, and receives changes of its group within 1 s', async () => {
    const url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const s = conectar(url, token);
    await evento(s, 'connect');
    const negado = await s.emitWithAck('entrarEmpresa', { empresaId: 'f'.repeat(24) });
    expect(negado).toEqual({
      valido: false,
      data: { message: 'Usuário sem permissão para acessar essa empresa.' },
    });
    const aceito = await s.emitWithAck('entrarEmpresa', { empresaId: t.demo.empresas.centro });
    expect(aceito).toEqual({ valido: true, data: { empresaId: t.demo.empresas.centro } });

    const chegada = evento<{ tabela: string; acao: string }>(s, 'recursoAlterado');
    await t.post('/api/descontoMotivo', { descricao: 'Evento em tempo real' }, token, {
      empresa: t.demo.empresas.gestor,
    });
    // Counted from the write's answer: the request itself is the benches' business, and under two test files at a
    // time it can take most of a second on its own.
    const gravado = Date.now();
    expect(await chegada).toMatchObject({ tabela: 'descontoMotivo', acao: 'incluir' });
    expect(Date.now() - gravado).toBeLessThan(1000);
  });

  it('with the Redis adapter, an event emitted by another server instance reaches the socket', async () => {
    const outra = await construirApp({
      config: { ...lerConfig({}), webDist: '/nao-existe', redisUrl: REDIS_URL },
      banco: t.banco,
      logger: false,
    });
    try {
      await outra.ready();
      const url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
      const s = conectar(url, token);
      await evento(s, 'connect');
      const chegada = evento<{ tabela: string }>(s, 'recursoAlterado');
      const r = await outra.inject({
        method: 'POST',
        url: '/api/descontoMotivo',
        headers: { token, empresa: t.demo.empresas.gestor },
        payload: { descricao: 'Vindo da outra instância' },
      });
      expect(r.json().valido).toBe(true);
      expect(await chegada).toMatchObject({ tabela: 'descontoMotivo' });
    } finally {
      await outra.close();
    }
  });
});
