// The load client of the sale benches, run in a child process so that the terminals do not share the server's
// event loop, and what it costs over the measured window: this process's CPU, the database backends' CPU (Linux
// /proc) and the statements sent to PostgreSQL, per request. Used by venda-balcao and estoque-consumo.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import type { Db } from '../apps/server/src/db/client.ts';
import { consultarUm } from '../apps/server/src/db/consultar.ts';
import { sha256Hex } from '../apps/server/src/modules/auth/auth.service.ts';
import type { DadosDemo } from '../apps/server/src/seed/seed.ts';

// Statements sent to PostgreSQL by this process (node-postgres), to count round trips per request.
let comandosSql = 0;
const consultaOriginal = pg.Client.prototype.query as (...args: unknown[]) => unknown;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  comandosSql++;
  return consultaOriginal.apply(this, args);
} as typeof pg.Client.prototype.query;

/** CPU seconds used so far by the PostgreSQL backends serving database `nome` (Linux /proc). */
export function cpuDoBanco(nome: string | undefined): number {
  if (!nome) return 0;
  let ticks = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (!readFileSync(`/proc/${pid}/cmdline`, 'latin1').includes(` ${nome} `)) continue;
      const campos = readFileSync(`/proc/${pid}/stat`, 'latin1').split(') ')[1]?.split(' ') ?? [];
      ticks += Number(campos[11]) + Number(campos[12]);
    } catch {
      // the backend ended meanwhile
    }
  }
  return ticks / 100;
}

/** Runs the load client; samples this process's CPU, the database's CPU and the SQL count over its window. */
export function rodarCliente(cliente: string, url: string, dados: unknown, nomeBanco: string | undefined) {
  return new Promise<Record<string, unknown>>((resolve, reject) => {
    const filho = spawn(process.execPath, [cliente, url, JSON.stringify(dados)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let inicio: { cpu: NodeJS.CpuUsage; banco: number; sql: number; t: number } | undefined;
    let medido: Record<string, number> = {};
    let ultima = '{}';
    createInterface({ input: filho.stdout }).on('line', (linha) => {
      const msg = JSON.parse(linha) as { fase?: string };
      if (msg.fase === 'medindo') {
        inicio = {
          cpu: process.cpuUsage(),
          banco: cpuDoBanco(nomeBanco),
          sql: comandosSql,
          t: performance.now(),
        };
      } else if (msg.fase === 'fim' && inicio) {
        const cpu = process.cpuUsage(inicio.cpu);
        medido = {
          cpuServidorS: (cpu.user + cpu.system) / 1e6,
          cpuBancoS: cpuDoBanco(nomeBanco) - inicio.banco,
          comandosSql: comandosSql - inicio.sql,
          janelaS: (performance.now() - inicio.t) / 1000,
        };
      } else ultima = linha;
    });
    filho.on('error', reject);
    filho.on('close', (codigo) => {
      if (codigo !== 0) return reject(new Error(`cliente terminou com ${codigo}`));
      const r = JSON.parse(ultima) as Record<string, unknown>;
      const requisicoes = Number(r.requisicoesPorSegundo) * (medido.janelaS ?? 0);
      const porReq = (v: number | undefined) =>
        requisicoes > 0 && v !== undefined ? Math.round((v * 1000 * 100) / requisicoes) / 100 : null;
      resolve({
        ...r,
        // Per request, over the measured window: what the aims cost in CPU whatever else runs on the machine.
        cpuServidorMsPorRequisicao: porReq(medido.cpuServidorS),
        cpuBancoMsPorRequisicao: nomeBanco ? porReq(medido.cpuBancoS) : null,
        comandosSqlPorRequisicao: nomeBanco ? porReq((medido.comandosSql ?? 0) / 1000) : null,
        usoCpuServidor: medido.janelaS
          ? Math.round(((medido.cpuServidorS ?? 0) / medido.janelaS) * 100) / 100
          : null,
      });
    });
  });
}

/**
 * Logs the cashier in, opens the cash period of the store's register and answers what the load client needs
 * to sell at the counter (token, store, terminal, payment forms and five products of the demo data).
 */
export async function dadosDaVendaBalcao(
  app: FastifyInstance,
  db: Db,
  demo: DadosDemo,
  carga: { conexoes: number; duracaoMs: number; aquecimentoMs?: number },
) {
  const login = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email: 'caixa@exemplo.com.br', senha: sha256Hex('caixa123'), grupoEmpresarial: demo.grupoId },
  });
  const token = (login.json() as { data: { token: string } }).data.token;
  const empresa = demo.empresas.centro;
  const um = async (consulta: ReturnType<typeof sql>) => (await consultarUm(db, consulta))?.id as string;
  const terminal = await um(
    sql`select id from terminal where empresa_id = ${empresa} and configuracoes ? 'caixa' limit 1`,
  );
  const produto = (descricao: string) => um(sql`select id from produto_geral where descricao = ${descricao}`);
  const forma = (tipo: number) =>
    um(sql`select id from forma_pagamento where empresa_id = ${empresa} and (tipo->>'id')::int = ${tipo}`);
  const abrir = await app.inject({
    method: 'POST',
    url: '/api/periodo/abrir',
    headers: { token, empresa },
    payload: { terminal },
  });
  if (!(abrir.json() as { valido: boolean }).valido) throw new Error(abrir.body);
  return {
    token,
    empresa,
    terminal,
    conexoes: carga.conexoes,
    duracaoMs: carga.duracaoMs,
    aquecimentoMs: carga.aquecimentoMs ?? 3000,
    dinheiro: await forma(77),
    debito: await forma(79),
    produtos: [
      await produto('Pizza Grande Calabresa'),
      await produto('Refrigerante Lata 350ml'),
      await produto('X-Burguer'),
      await produto('Água Mineral 500ml'),
      await produto('Refrigerante 2L'),
    ],
  };
}
