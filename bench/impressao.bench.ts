// Print queue throughput: N waiting jobs drained by A agents over HTTP, each with its own agent token
// (POST /api/impressao/agente/reservar with limit 10, then POST /api/impressao/agente/:id/impresso per job),
// on PGlite and on PostgreSQL (BENCH_DATABASE_URL, default the local server). Checks that no job was claimed
// twice and no claim exceeded its limit. Prints one JSON.
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { construirApp } from '../apps/server/src/app.ts';
import { lerConfig } from '../apps/server/src/config.ts';
import type { Banco } from '../apps/server/src/db/client.ts';
import { consultar, consultarUm } from '../apps/server/src/db/consultar.ts';
import { sha256Hex } from '../apps/server/src/modules/auth/auth.service.ts';
import { semear } from '../apps/server/src/seed/seed.ts';
import { medirNosDoisBancos } from './bancos.ts';

const TRABALHOS = Number(process.env.BENCH_TRABALHOS ?? 2000);
const AGENTES = Number(process.env.BENCH_AGENTES ?? 4);

async function medir(banco: Banco) {
  const demo = await semear(banco.db);
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
  const terminal = (
    await consultarUm(
      banco.db,
      sql`select id from terminal where empresa_id = ${demo.empresas.centro} and descricao like 'Terminal Caixa%'`,
    )
  )?.id as string;
  // One real job through the API, then copies of it (same bytes) so the queue holds N.
  const criado = await app.inject({
    method: 'POST',
    url: '/api/impressao',
    headers: { token },
    payload: {
      terminal,
      documento: {
        layout: 'sangria',
        cabecalho: { empresa: 'Loja Centro', data: new Date().toISOString() },
        caixa: 'Caixa 01',
        valor: '10.00',
      },
    },
  });
  const modelo = (criado.json() as { data: { _id: string }[] }).data[0]?._id as string;
  await consultar(
    banco.db,
    sql`insert into impressao (id, grupo_empresarial_id, empresa_id, terminal_id, setor_impressao_id, impressora_id,
          descricao, conteudo, tipo_impressao, tipo_status, via, total_vias, created_at, updated_at)
        select lpad(to_hex(n), 24, '0'), grupo_empresarial_id, empresa_id, terminal_id, setor_impressao_id,
          impressora_id, descricao, conteudo, tipo_impressao, 1, 1, 1, now() + n * interval '1 microsecond', now()
        from impressao, generate_series(1, ${TRABALHOS - 1}) as n where id = ${modelo}`,
  );
  const post = async <T>(caminho: string, corpo: unknown, comToken: string): Promise<T> => {
    const r = await fetch(`${url}${caminho}`, {
      method: 'POST',
      headers: { token: comToken, 'content-type': 'application/json' },
      body: JSON.stringify(corpo),
    });
    const env = (await r.json()) as { valido: boolean; data: T };
    if (!env.valido) throw new Error(JSON.stringify(env));
    return env.data;
  };
  // One token per agent (one store PC each), issued by the administrator (permission 818).
  const tokensAgentes: string[] = [];
  for (let a = 0; a < AGENTES; a++) {
    const emitido = await post<{ token: string }>(
      '/api/impressao/tokenAgente',
      { empresa: demo.empresas.centro, descricao: `bench-agente-${a}` },
      token,
    );
    tokensAgentes.push(emitido.token);
  }
  const vistos = new Map<string, number>();
  const latencias: number[] = [];
  let acimaDoLimite = 0;
  const inicio = performance.now();
  await Promise.all(
    tokensAgentes.map(async (tokenAgente, a) => {
      const agente = `bench-agente-${a}`;
      for (;;) {
        const t0 = performance.now();
        const lote = await post<{ _id: string }[]>(
          '/api/impressao/agente/reservar',
          { agente, terminais: [terminal], limit: 10 },
          tokenAgente,
        );
        latencias.push(performance.now() - t0);
        if (lote.length > 10) acimaDoLimite++;
        if (lote.length === 0) return;
        for (const j of lote) {
          vistos.set(j._id, (vistos.get(j._id) ?? 0) + 1);
          await post(`/api/impressao/agente/${j._id}/impresso`, { agente }, tokenAgente);
        }
      }
    }),
  );
  const segundos = (performance.now() - inicio) / 1000;
  const impressos = await consultarUm(
    banco.db,
    sql`select count(*)::int as n from impressao where tipo_status = 3`,
  );
  await app.close();
  const duplicados = [...vistos.values()].filter((n) => n > 1).length;
  if (
    Number(impressos?.n) !== TRABALHOS ||
    vistos.size !== TRABALHOS ||
    duplicados > 0 ||
    acimaDoLimite > 0
  ) {
    throw new Error(
      `fila inconsistente: ${impressos?.n} impressos, ${vistos.size} vistos, ${duplicados} duplicados, ${acimaDoLimite} lotes acima do limite`,
    );
  }
  latencias.sort((x, y) => x - y);
  return {
    trabalhosPorSegundo: Math.round(TRABALHOS / segundos),
    segundos: Number(segundos.toFixed(2)),
    reservaP50ms: Number((latencias[Math.floor(latencias.length * 0.5)] ?? 0).toFixed(1)),
    reservaP99ms: Number((latencias[Math.floor(latencias.length * 0.99)] ?? 0).toFixed(1)),
    duplicados,
  };
}

const { pglite: resultadoPglite, postgres: resultadoPostgres } = await medirNosDoisBancos(medir);

console.log(
  JSON.stringify({
    bench: 'impressao-fila-reservar-confirmar',
    trabalhos: TRABALHOS,
    agentes: AGENTES,
    pglite: resultadoPglite,
    postgres: resultadoPostgres,
  }),
);
