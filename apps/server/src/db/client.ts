import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { MODULOS_MIGRACAO, migracoesDoModulo } from './migracoes.ts';
import { protegerPglite, protegerPool, SQL_APLICAR_RLS } from './rls.ts';
import { travarDiretorio } from './trava-dados.ts';

export type Db = PgDatabase<PgQueryResultHKT>;

export interface Banco {
  db: Db;
  tipo: 'pglite' | 'postgres';
  fechar(): Promise<void>;
  /** PGlite only: the whole data directory as a tarball (the tests' seeded model database). */
  exportar?(): Promise<Blob>;
}

// Numeric columns come back as strings in both drivers: money never passes through a float.
export async function abrirBanco(opcoes: {
  databaseUrl?: string | undefined;
  dataDir?: string;
  /**
   * false: queries keep the connecting role, which bypasses row-level security (only for the bench that
   * measures its cost, decision 0009). Default true.
   */
  rls?: boolean;
  /** PGlite in memory started from a tarball of `exportar` (tests: a migrated and seeded model). */
  modelo?: Blob;
}): Promise<Banco> {
  const rls = opcoes.rls ?? true;
  if (opcoes.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: opcoes.databaseUrl,
      max: Number(process.env.PG_POOL_MAX ?? 20),
    });
    // An idle connection dropped by the server (restart, failover, admin command) must not crash the process:
    // the pool discards it and opens a new one on the next query.
    pool.on('error', (erro) => console.error('[pg] conexão ociosa perdida:', erro.message));
    const db = drizzlePg(pool);
    for (const modulo of MODULOS_MIGRACAO) await migratePg(db, migracoesDoModulo(modulo));
    await pool.query(SQL_APLICAR_RLS);
    if (rls) protegerPool(pool);
    return { db: db as unknown as Db, tipo: 'postgres', fechar: () => pool.end() };
  }
  // `memory://` keeps an embedded database in RAM (tests); otherwise files under DATA_DIR.
  const destino = opcoes.dataDir ?? 'memory://';
  const emArquivo = !destino.startsWith('memory://');
  if (emArquivo) fs.mkdirSync(destino, { recursive: true });
  // A second server on the same files would silently lose the first one's writes: refuse it.
  const liberar = emArquivo ? travarDiretorio(destino) : () => undefined;
  try {
    const cliente = emArquivo
      ? new PGlite(path.join(destino, 'pglite'))
      : new PGlite(opcoes.modelo ? { loadDataDir: opcoes.modelo } : undefined);
    await cliente.waitReady;
    const db = drizzlePglite(cliente);
    for (const modulo of MODULOS_MIGRACAO) await migratePglite(db, migracoesDoModulo(modulo));
    await cliente.exec(SQL_APLICAR_RLS);
    if (rls) protegerPglite(cliente);
    return {
      db: db as unknown as Db,
      tipo: 'pglite',
      fechar: async () => {
        await cliente.close();
        liberar();
      },
      exportar: () => cliente.dumpDataDir('none'),
    };
  } catch (erro) {
    liberar();
    throw erro;
  }
}
