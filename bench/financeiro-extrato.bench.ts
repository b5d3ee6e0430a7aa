// The acquirer settlement-file import (issue 18, calendarioRecebimento), bulk settlement against the per-title path
// it replaced, on a fresh PostgreSQL database (BENCH_DATABASE_URL, default the local server):
// - the old path (each title through baixarTitulos, one movement per title) on a file of BENCH_LINHAS_ANTIGO lines;
// - the bulk path (baixa-lote.ts: one statement settles every title, one movement per payment day) on the same size;
// - the bulk path on BENCH_LINHAS lines through the HTTP route as the screen sends it; aim < 10 s for 100,000;
// - the same big file again (writes nothing).
// The old path's file is imported first, on days after the account's newest movement; the bulk files pay earlier
// days, so each of their day movements is back-dated (one additive UPDATE of the later balances); the running
// balance of the account is checked at the end.
// Files: 1% of the titles never paid, 1% paid 0.10 short, 1% unknown lines, 1% a day late.
// Run: npx tsx bench/financeiro-extrato.bench.ts   (BENCH_LINHAS, BENCH_LINHAS_ANTIGO to change the sizes)
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { CABECALHO_EXTRATO } from '@retaguarda/domain';
import type { RespostaImportacaoExtrato } from '@retaguarda/domain/financeiro/calendario-recebimento';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { construirApp } from '../apps/server/src/app.ts';
import { lerConfig } from '../apps/server/src/config.ts';
import { abrirBanco } from '../apps/server/src/db/client.ts';
import { consultar, consultarUm } from '../apps/server/src/db/consultar.ts';
import { sha256Hex } from '../apps/server/src/modules/auth/auth.service.ts';
import { contaPorChave, planoPorChave } from '../apps/server/src/modules/financeiro/cadastros-padrao.ts';
import {
  importarExtrato,
  type OpcoesImportacao,
} from '../apps/server/src/modules/financeiro/extrato-operadora.service.ts';
import { semear } from '../apps/server/src/seed/seed.ts';

const LINHAS = Number(process.env.BENCH_LINHAS ?? 100_000);
const LINHAS_ANTIGO = Number(process.env.BENCH_LINHAS_ANTIGO ?? 2_000);
const cargaAntes = os.loadavg().map((n) => n.toFixed(1));
const inicioBench = performance.now();
/** Progress on stderr (stdout holds only the JSON). */
const passo = (texto: string) =>
  console.error(
    `# ${Math.round((performance.now() - inicioBench) / 1000)} s: ${texto} (load ${os.loadavg()[0]?.toFixed(1)})`,
  );

const base = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const nome = `bench_financeiro_extrato_${Date.now()}`;
const admin = new pg.Client({ connectionString: base });
await admin.connect();
await admin.query(`create database ${nome}`);
const alvo = new URL(base);
alvo.pathname = `/${nome}`;
const banco = await abrirBanco({ databaseUrl: alvo.toString() });
const db = banco.db;
const demo = await semear(db);
const grupo = demo.grupoId;
const loja = demo.empresas.centro;
const usuario = String(
  (await consultarUm(db, sql`select id from usuario where email = 'financeiro@exemplo.com.br'`))?.id,
);
const receita = await planoPorChave(db, grupo, 'receitaVendas');
const taxa = await planoPorChave(db, grupo, 'taxasCartao');
const conta = await contaPorChave(db, grupo, loja, 'bancoLoja');

// One acquirer per file, so each import reads and settles only its own titles.
async function novaOperadora(descricao: string): Promise<string> {
  const id = `${Date.now().toString(16).slice(-8)}${Math.random().toString(16).slice(2, 18).padEnd(16, '0')}`;
  await db.execute(
    sql`insert into operadora (id, grupo_empresarial_id, empresa_id, descricao) values (${id}, ${grupo}, ${loja}, ${descricao})`,
  );
  return id;
}

/** n open receivables of the acquirer due on the 30 days from `inicio`, and the acquirer's file paying them. */
async function cenario(prefixo: string, descricao: string, n: number, inicio: string) {
  const operadora = await novaOperadora(descricao);
  await db.execute(
    sql`insert into financeiro_titulo (id, grupo_empresarial_id, empresa_id, tipo, descricao, operadora_id,
          plano_conta_id, plano_conta_taxa_id, valor, taxa, competencia, vencimento, parcela, parcelas, lote, status,
          nsu, autorizacao, data_venda, origem_tipo, origem_id)
        select substr(md5(${prefixo} || g), 1, 24), ${grupo}, ${loja}, 'receber', 'Cartão - bench ' || g, ${operadora},
               ${receita}, ${taxa}, 100 + g % 50, 3.09, ${inicio}::date - 30 + g % 30, ${inicio}::date + g % 30, 1, 1,
               md5(${prefixo} || g), 1, (5000000 + g)::text, 'A' || g, ${inicio}::date - 30 + g % 30, 'pagamento',
               md5(${prefixo} || g)
          from generate_series(1, ${n}) g`,
  );
  const dia = (d: number) => {
    const x = new Date(`${inicio}T12:00:00Z`);
    x.setUTCDate(x.getUTCDate() + d);
    return x.toISOString().slice(0, 10);
  };
  const cents = (c: number) => `${Math.floor(c / 100)},${String(c % 100).padStart(2, '0')}`;
  const linhas: string[] = [CABECALHO_EXTRATO];
  for (let g = 1; g <= n; g++) {
    if (g % 100 === 7) continue; // never paid
    const venda = dia((g % 30) - 30);
    const pagamento = dia((g % 30) + (g % 100 === 11 ? 1 : 0));
    const bruto = 10000 + (g % 50) * 100;
    const liquido = bruto - 309 - (g % 100 === 3 ? 10 : 0);
    linhas.push(
      `${pagamento};${descricao};Visa;credito;${venda};${5000000 + g};A${g};1;1;${cents(bruto)};${cents(bruto - liquido)};${cents(liquido)}`,
    );
    if (g % 100 === 5)
      linhas.push(
        `${pagamento};${descricao};Visa;credito;${venda};${9000000 + g};Z${g};1;1;12,34;0,38;11,96`,
      );
  }
  return {
    operadora,
    entrada: { empresa: loja, operadora, nome: `${prefixo}.csv`, conteudo: linhas.join('\n') },
  };
}

passo('seeded');
const t0 = performance.now();
// Imported in this order: the old path's days are each after the account's newest movement (its cheapest case: no
// back-dated movement); the bulk path's files pay days before those movements (every day's movement back-dated).
const antigo = await cenario('antigo', 'Rede', LINHAS_ANTIGO, '2025-10-01');
const novoPequeno = await cenario('novo2k', 'GetNet', LINHAS_ANTIGO, '2025-10-01');
const grande = await cenario('novo', 'Cielo bench', LINHAS, '2025-09-01');
await db.execute(sql`vacuum analyze financeiro_titulo`);
const carga = Math.round(performance.now() - t0);

type Entrada = typeof antigo.entrada;
/** As the route does it: the service in one transaction. */
async function importarServico(entrada: Entrada, opcoes: OpcoesImportacao) {
  const t = performance.now();
  const r = await db.transaction((tx) => importarExtrato(tx, { grupo, usuario }, entrada, opcoes));
  return { ms: Math.round(performance.now() - t), r };
}
const figura = (ms: number, r: RespostaImportacaoExtrato) => ({
  linhas: r.resumo.linhas,
  ms,
  msPor1000Linhas: Math.round((ms / r.resumo.linhas) * 1000 * 10) / 10,
  baixadas: r.resumo.baixadas,
  divergencias: r.resumo.divergencias,
  tempos: r.tempos,
});

passo('data loaded; old per-title path');
const velho = await importarServico(antigo.entrada, { baixa: 'porTitulo' });
passo('bulk path, same size');
const pequeno = await importarServico(novoPequeno.entrada, { baixa: 'lote' });

const app = await construirApp({
  config: { ...lerConfig({}), webDist: '/nao-existe', logLevel: 'warn' },
  banco,
  logger: false,
});
await app.ready();
const login = await app.inject({
  method: 'POST',
  url: '/api/login',
  payload: { email: 'financeiro@exemplo.com.br', senha: sha256Hex('financeiro123'), grupoEmpresarial: grupo },
});
const token = (login.json() as { data: { token: string } }).data.token;
/**
 * CPU seconds spent so far by this process (the app: parse, match) and by the PostgreSQL backends of the bench's
 * database (read from /proc, same machine): on a loaded machine the wall time is a floor, the CPU time is the cost.
 */
async function cpu(): Promise<{ node: number; banco: number }> {
  const pids = await admin.query('select pid from pg_stat_activity where datname = $1', [nome]);
  let ticks = 0;
  for (const r of pids.rows as { pid: number }[]) {
    try {
      const campos = readFileSync(`/proc/${r.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      ticks += Number(campos[11]) + Number(campos[12]); // utime, stime (fields 14 and 15)
    } catch {
      // not readable (another machine): no CPU figure
    }
  }
  const u = process.cpuUsage();
  return { node: (u.user + u.system) / 1e6, banco: ticks / 100 };
}
async function importarHttp(entrada: Entrada) {
  const c0 = await cpu();
  const t = performance.now();
  const resposta = await app.inject({
    method: 'POST',
    url: '/api/financeiro/extratoOperadora/importar',
    headers: { token },
    payload: entrada,
  });
  const ms = Math.round(performance.now() - t);
  const corpo = resposta.json() as { valido: boolean; data: RespostaImportacaoExtrato };
  if (!corpo.valido) throw new Error(resposta.body.slice(0, 500));
  const c1 = await cpu();
  const cpuS = {
    node: Math.round((c1.node - c0.node) * 10) / 10,
    banco: Math.round((c1.banco - c0.banco) * 10) / 10,
  };
  return { ms, r: corpo.data, cpuS };
}
passo(`bulk path, ${LINHAS} lines through HTTP`);
const novo = await importarHttp(grande.entrada);
passo('the big file again');
const repetido = await importarHttp(grande.entrada);
if (repetido.r.resumo.novas !== 0 || repetido.r.resumo.baixadas !== 0) throw new Error('second import wrote');

// What the bank account holds: movements per path and the running balance over all of them.
const movimentos = await consultar(
  db,
  sql`select origem_tipo, count(*)::int as n from financeiro_movimentacao where conta_id = ${conta} group by 1 order by 1`,
);
const errados = await consultarUm(
  db,
  sql`select count(*)::int as n from (
        select saldo_atual, sum(valor) over (order by data, seq) as corrido from financeiro_movimentacao
         where conta_id = ${conta}) s where saldo_atual <> corrido`,
);
const cache = await consultarUm(
  db,
  sql`select (select saldo from financeiro_conta_saldo where conta_id = ${conta})
             = (select sum(valor) from financeiro_movimentacao where conta_id = ${conta}) as ok`,
);

await app.close();
await banco.fechar();
for (let i = 0; i < 50; i++) {
  const r = await admin.query('select count(*)::int as n from pg_stat_activity where datname = $1', [nome]);
  if (r.rows[0]?.n === 0) break;
  await new Promise((ok) => setTimeout(ok, 100));
}
await admin.query(`drop database ${nome} with (force)`);
await admin.end();

const antigoF = figura(velho.ms, velho.r);
const pequenoF = figura(pequeno.ms, pequeno.r);
const novoF = figura(novo.ms, novo.r);
console.log(
  JSON.stringify({
    bench: 'financeiro-extrato',
    cargaMaquina: { antes: cargaAntes, depois: os.loadavg().map((n) => n.toFixed(1)) },
    banco: 'postgres',
    msParaCarregarDados: carga,
    porTituloAntigo: antigoF,
    emLoteMesmoTamanho: pequenoF,
    emLoteArquivoGrande: { ...novoF, viaHttp: true, objetivoMs: 10_000, cpuS: novo.cpuS },
    reimportacaoMesmoArquivoMs: repetido.ms,
    reimportacaoCpuS: repetido.cpuS,
    razaoPorLinhaAntigoSobreLote: Math.round((antigoF.msPor1000Linhas / novoF.msPor1000Linhas) * 10) / 10,
    razaoMesmoTamanho: Math.round((velho.ms / pequeno.ms) * 10) / 10,
    movimentosNaConta: Object.fromEntries(movimentos.map((m) => [String(m.origem_tipo), Number(m.n)])),
    saldoCorridoErrado: Number(errados?.n),
    saldoEmCacheConfere: cache?.ok === true,
  }),
);
