import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { abrirBanco, type Banco } from '../src/db/client.ts';
import { type DadosDemo, semear } from '../src/seed/seed.ts';

// Every integration test file starts from a migrated and seeded database. Migrating a fresh one and seeding the
// demo cost most of a file's time (tens of seconds on a busy machine, times ~150 files, times two backends), so
// the first file to need it builds a model once and the others copy it:
// - PGlite: the model's data directory as a tarball in the OS temp folder, loaded into each file's own
//   in-memory database;
// - PostgreSQL: a model database, and each file's database `create database ... template` of it.
// The model's name is a hash of everything that shapes it (server code, migrations, domain, the day, since the
// demo dates things "today"), so a change of any of them builds a new one; builders take a lock (a directory
// on disk, an advisory lock on the server), so parallel files build it once.

const raiz = path.resolve(import.meta.dirname, '../../..');
const FONTES = ['apps/server/src', 'apps/server/drizzle', 'packages/domain/src'];

function arquivos(dir: string): string[] {
  const saida: string[] = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) saida.push(...arquivos(p));
    else if (!e.name.endsWith('.test.ts')) saida.push(p);
  }
  return saida.sort();
}

let chaveCalculada: string | undefined;
function chaveModelo(): string {
  if (chaveCalculada) return chaveCalculada;
  const h = createHash('sha256');
  for (const f of FONTES.flatMap((d) => arquivos(path.join(raiz, d)))) {
    h.update(path.relative(raiz, f));
    h.update(fs.readFileSync(f));
  }
  h.update(new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date()));
  chaveCalculada = h.digest('hex').slice(0, 20);
  return chaveCalculada;
}

/** Models of older code (47 MB each) left in the temp folder: gone once nobody started from them lately. */
function apagarModelosVelhos(atual: string) {
  const pasta = path.dirname(atual);
  for (const nome of fs.readdirSync(pasta)) {
    const p = path.join(pasta, nome);
    if (!nome.startsWith('retaguarda-modelo-') || p.startsWith(atual)) continue;
    const st = fs.statSync(p, { throwIfNoEntry: false });
    if (st && Date.now() - st.mtimeMs > 15 * 60_000) fs.rmSync(p, { recursive: true, force: true });
  }
}

const esperar = (ms: number) => new Promise((ok) => setTimeout(ok, ms));

/** The PGlite model: built here under a directory lock, or waited for while another file builds it. */
async function modeloPglite(): Promise<{ tar: Blob; demo: DadosDemo }> {
  const base = path.join(os.tmpdir(), `retaguarda-modelo-${chaveModelo()}`);
  const trava = `${base}.trava`;
  for (let i = 0; ; i++) {
    if (fs.existsSync(`${base}.json`)) {
      const demo = JSON.parse(fs.readFileSync(`${base}.json`, 'utf8')) as DadosDemo;
      return { tar: new Blob([fs.readFileSync(`${base}.tar`)]), demo };
    }
    try {
      fs.mkdirSync(trava);
    } catch {
      // Another file builds it; a lock older than 5 minutes belongs to a run that died.
      const idade = Date.now() - (fs.statSync(trava, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (idade > 300_000) fs.rmSync(trava, { recursive: true, force: true });
      if (i > 3000) throw new Error('banco modelo: a construção não terminou');
      await esperar(200);
      continue;
    }
    try {
      const banco = await abrirBanco({});
      const demo = await semear(banco.db);
      const tar = await banco.exportar!();
      await banco.fechar();
      fs.writeFileSync(`${base}.tar.tmp`, Buffer.from(await tar.arrayBuffer()));
      fs.renameSync(`${base}.tar.tmp`, `${base}.tar`);
      fs.writeFileSync(`${base}.json.tmp`, JSON.stringify(demo));
      fs.renameSync(`${base}.json.tmp`, `${base}.json`);
      apagarModelosVelhos(base);
      return { tar, demo };
    } finally {
      fs.rmSync(trava, { recursive: true, force: true });
    }
  }
}

async function semSessoes(admin: pg.Client, nome: string) {
  for (let i = 0; i < 100; i++) {
    const r = await admin.query('select count(*)::int as n from pg_stat_activity where datname = $1', [nome]);
    if (r.rows[0]?.n === 0) return;
    await esperar(50);
  }
}

/** The PostgreSQL model database (built once under an advisory lock) and the seed's ids. */
async function modeloPostgres(url: string): Promise<{ nome: string; demo: DadosDemo }> {
  const nome = `modelo_${chaveModelo()}`;
  const arquivoDemo = path.join(os.tmpdir(), `retaguarda-${nome}.json`);
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`select pg_advisory_lock(hashtext('retaguarda:banco-modelo'))`);
    const existe = await admin.query('select 1 from pg_database where datname = $1', [nome]);
    if (existe.rowCount && fs.existsSync(arquivoDemo)) {
      return { nome, demo: JSON.parse(fs.readFileSync(arquivoDemo, 'utf8')) as DadosDemo };
    }
    await admin.query(`drop database if exists ${nome} with (force)`);
    // Models of older code are dropped (each is a whole database).
    const velhos = await admin.query(`select datname from pg_database where datname like 'modelo\\_%'`);
    for (const v of velhos.rows)
      await admin.query(`drop database if exists ${String(v.datname)} with (force)`);
    await admin.query(`create database ${nome}`);
    const alvo = new URL(url);
    alvo.pathname = `/${nome}`;
    const banco = await abrirBanco({ databaseUrl: alvo.toString() });
    const demo = await semear(banco.db);
    await banco.fechar();
    await semSessoes(admin, nome);
    fs.writeFileSync(arquivoDemo, JSON.stringify(demo));
    return { nome, demo };
  } finally {
    await admin
      .query(`select pg_advisory_unlock(hashtext('retaguarda:banco-modelo'))`)
      .catch(() => undefined);
    await admin.end();
  }
}

/** A migrated and seeded database of this test file's own (PGlite, or PostgreSQL when asked). */
export async function bancoSemeado(): Promise<{ banco: Banco; demo: DadosDemo; descartar(): Promise<void> }> {
  if (process.env.TEST_BACKEND !== 'postgres') {
    const { tar, demo } = await modeloPglite();
    return { banco: await abrirBanco({ modelo: tar }), demo, descartar: async () => {} };
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_BACKEND=postgres precisa de TEST_DATABASE_URL');
  const { nome: modelo, demo } = await modeloPostgres(url);
  const nome = `teste_${Date.now()}_${Math.random().toString(16).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${nome} template ${modelo}`);
  await admin.end();
  const alvo = new URL(url);
  alvo.pathname = `/${nome}`;
  const banco = await abrirBanco({ databaseUrl: alvo.toString() });
  return {
    banco,
    demo,
    async descartar() {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await semSessoes(c, nome);
      await c.query(`drop database if exists ${nome} with (force)`);
      await c.end();
    },
  };
}
