// getPopulate of 50 products by an authenticated user, autocannon at 50 connections, on PGlite and on
// PostgreSQL (BENCH_DATABASE_URL, default the local server). The server listens in this process; autocannon
// runs as a child process so it does not share the server's event loop. Prints one JSON object.
import { execFile } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { construirApp } from '../apps/server/src/app.ts';
import { lerConfig } from '../apps/server/src/config.ts';
import type { Banco } from '../apps/server/src/db/client.ts';
import { consultar } from '../apps/server/src/db/consultar.ts';
import { novoId } from '../apps/server/src/lib/ids.ts';
import { sha256Hex } from '../apps/server/src/modules/auth/auth.service.ts';
import { semear } from '../apps/server/src/seed/seed.ts';
import { medirNosDoisBancos } from './bancos.ts';

const DURACAO = Number(process.env.BENCH_SEGUNDOS ?? 10);

async function medir(banco: Banco) {
  const demo = await semear(banco.db);
  // 200 more products so that 50 of them match the filter.
  for (let i = 0; i < 200; i++) {
    await consultar(
      banco.db,
      sql`insert into produto_geral (id, grupo_empresarial_id, codigo_interno, descricao, preco, ativo, tipo_produto)
          values (${novoId()}, ${demo.grupoId}, ${1000 + i}, ${`Produto Bench ${i}`}, ${(10 + i / 10).toFixed(2)}, true, '{"id":1,"grupo":"tipoProduto","descricao":"Normal","sigla":"Normal","referencia":null}'::jsonb)`,
    );
  }
  const app = await construirApp({
    config: { ...lerConfig({}), webDist: '/nao-existe' },
    banco,
    logger: false,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const login = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email: 'admin@exemplo.com.br', senha: sha256Hex('admin123'), grupoEmpresarial: demo.grupoId },
  });
  const token = (login.json() as { data: { token: string } }).data.token;
  const corpo = JSON.stringify({
    filtro: { descricao: { $regex: 'bench', $options: 'i' }, ativo: true },
    select: 'descricao preco codigoInterno unidade',
    sort: { codigoInterno: 1 },
    limit: 50,
  });
  const conferencia = await app.inject({
    method: 'POST',
    url: '/api/produtoGeral/getPopulate',
    headers: { token, 'content-type': 'application/json' },
    payload: corpo,
  });
  const n = (conferencia.json() as { data: unknown[] }).data.length;
  if (n !== 50) throw new Error(`esperava 50 produtos, veio ${n}`);
  const { stdout } = await promisify(execFile)(
    'npx',
    [
      'autocannon',
      '-j',
      '-c',
      '50',
      '-d',
      String(DURACAO),
      '-m',
      'POST',
      '-H',
      `token=${token}`,
      '-H',
      'content-type=application/json',
      '-b',
      corpo,
      `${url}/api/produtoGeral/getPopulate`,
    ],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  const r = JSON.parse(stdout) as {
    requests: { average: number };
    latency: { p50: number; p99: number };
    errors: number;
    non2xx: number;
  };
  await app.close();
  return {
    requisicoesPorSegundo: Math.round(r.requests.average),
    latenciaP50ms: r.latency.p50,
    latenciaP99ms: r.latency.p99,
    erros: r.errors + r.non2xx,
  };
}

const { pglite: resultadoPglite, postgres: resultadoPostgres } = await medirNosDoisBancos(medir);

console.log(
  JSON.stringify({
    bench: 'api-getpopulate-50-produtos',
    conexoes: 50,
    segundos: DURACAO,
    pglite: resultadoPglite,
    postgres: resultadoPostgres,
  }),
);
