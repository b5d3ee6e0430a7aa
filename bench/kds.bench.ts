// KDS: 200 orders/minute flowing through 6 stations. Each order (a counter sale with a pizza, a drink and a
// burger) is created and confirmed over HTTP, one every 300 ms without waiting for the previous one; six
// Socket.IO clients (one per station, as the screens) record when the order reaches them (kdsPedido).
// Prints launch-to-display latency (start of the confirm call -> event at the station) p50/p99/max, on
// PGlite and on PostgreSQL (BENCH_DATABASE_URL, default the local server). One JSON object on stdout.
import type { AddressInfo } from 'node:net';
import type { KdsPedidoEvento } from '@retaguarda/domain/kds/kds';
import { sql } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import { construirApp } from '../apps/server/src/app.ts';
import { lerConfig } from '../apps/server/src/config.ts';
import type { Banco } from '../apps/server/src/db/client.ts';
import { consultarUm } from '../apps/server/src/db/consultar.ts';
import { sha256Hex } from '../apps/server/src/modules/auth/auth.service.ts';
import { semear } from '../apps/server/src/seed/seed.ts';
import { medirNosDoisBancos } from './bancos.ts';

const SEGUNDOS = Number(process.env.BENCH_SEGUNDOS ?? 60);
const POR_MINUTO = Number(process.env.BENCH_PEDIDOS_MINUTO ?? 200);
const ESTACOES = 6;

const percentil = (l: number[], p: number) => l[Math.min(l.length - 1, Math.floor(l.length * p))] ?? 0;

async function medir(banco: Banco) {
  const demo = await semear(banco.db);
  const app = await construirApp({
    config: { ...lerConfig({}), webDist: '/nao-existe' },
    banco,
    logger: false,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const empresa = demo.empresas.centro;
  const login = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email: 'admin@exemplo.com.br', senha: sha256Hex('admin123'), grupoEmpresarial: demo.grupoId },
  });
  const token = (login.json() as { data: { token: string } }).data.token;
  const chamar = async (caminho: string, corpo: unknown) => {
    const r = await fetch(`${url}/api/${caminho}`, {
      method: 'POST',
      headers: { token, empresa, version: 'bench', 'content-type': 'application/json' },
      body: JSON.stringify(corpo),
    });
    const e = (await r.json()) as { valido: boolean; data: { _id?: string } };
    if (!e.valido) throw new Error(`${caminho}: ${JSON.stringify(e.data)}`);
    return e.data;
  };
  const id = async (tabela: string, descricao: string) =>
    (
      await consultarUm(
        banco.db,
        sql`select id from ${sql.identifier(tabela)} where descricao = ${descricao}`,
      )
    )?.id as string;

  // Six stations: two for each of three sectors, so every order reaches all six.
  const estacoes: string[] = [];
  for (const agrupador of ['Pizzas', 'Bebidas', 'Lanches']) {
    const setor = (await chamar('kdsSetor', { empresa, descricao: agrupador }))._id as string;
    await chamar('kdsSetorCadastroGrupo', {
      empresa,
      agrupador: await id('agrupador', agrupador),
      kdsSetor: setor,
    });
    for (const n of [1, 2]) {
      estacoes.push(
        (
          await chamar('kdsEstacao', {
            empresa,
            descricao: `${agrupador} ${n}`,
            tipo: 'producao',
            setores: [setor],
          })
        )._id as string,
      );
    }
  }
  const produtos = [
    await id('produto_geral', 'Pizza Grande Calabresa'),
    await id('produto_geral', 'Refrigerante Lata 350ml'),
    await id('produto_geral', 'X-Burguer'),
  ];

  const inicio = new Map<string, number>();
  const latencias: number[] = [];
  const chegadas = new Map<string, Set<string>>();
  const sockets: Socket[] = [];
  for (const estacao of estacoes) {
    const s = io(url, {
      path: '/socket.io',
      transports: ['websocket'],
      auth: { token },
      reconnection: false,
    });
    await new Promise<void>((resolve) => s.on('connect', () => resolve()));
    await s.emitWithAck('entrarEmpresa', { empresaId: empresa });
    s.on('kdsPedido', (e: KdsPedidoEvento) => {
      if (e.estacao !== estacao) return;
      const t0 = inicio.get(e.pedido.vendaId);
      const vistas = chegadas.get(e.pedido.vendaId) ?? new Set<string>();
      if (t0 === undefined || vistas.has(estacao)) return;
      vistas.add(estacao);
      chegadas.set(e.pedido.vendaId, vistas);
      latencias.push(performance.now() - t0);
    });
    sockets.push(s);
  }

  const total = Math.round((SEGUNDOS * POR_MINUTO) / 60);
  const intervalo = 60_000 / POR_MINUTO;
  const lancamentos: Promise<void>[] = [];
  const comeco = performance.now();
  for (let i = 0; i < total; i++) {
    const alvo = comeco + i * intervalo;
    const espera = alvo - performance.now();
    if (espera > 0) await new Promise((r) => setTimeout(r, espera));
    lancamentos.push(
      (async () => {
        const venda = await chamar('venda', {
          tipoVenda: 53,
          produtos: produtos.map((produto) => ({ produto })),
        });
        const vendaId = venda._id as string;
        inicio.set(vendaId, performance.now());
        await chamar(`venda/${vendaId}/confirmarItens`, {});
      })(),
    );
  }
  await Promise.all(lancamentos);
  // Let the last events arrive.
  const limite = performance.now() + 10_000;
  while (latencias.length < total * ESTACOES && performance.now() < limite)
    await new Promise((r) => setTimeout(r, 50));
  for (const s of sockets) s.close();
  await app.close();
  latencias.sort((a, b) => a - b);
  return {
    pedidos: total,
    esperados: total * ESTACOES,
    exibidos: latencias.length,
    p50ms: Number(percentil(latencias, 0.5).toFixed(1)),
    p99ms: Number(percentil(latencias, 0.99).toFixed(1)),
    maxms: Number((latencias.at(-1) ?? 0).toFixed(1)),
  };
}

const { pglite: resultadoPglite, postgres: resultadoPostgres } = await medirNosDoisBancos(medir);

console.log(
  JSON.stringify({
    bench: 'kds-lancamento-ate-exibicao',
    pedidosPorMinuto: POR_MINUTO,
    estacoes: ESTACOES,
    segundos: SEGUNDOS,
    metaP99ms: 500,
    pglite: resultadoPglite,
    postgres: resultadoPostgres,
  }),
);
