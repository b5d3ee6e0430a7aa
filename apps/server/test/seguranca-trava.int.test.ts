import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { abrirBanco } from '../src/db/client.ts';
import { consultarUm } from '../src/db/consultar.ts';
import { ARQUIVO_TRAVA } from '../src/db/trava-dados.ts';

// Issue 14 point 9, written as the accident: a second server started on the same DATA_DIR.

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trava-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('one embedded database, one server (issue 14 point 9)', () => {
  it('a second server on the same DATA_DIR refuses to start with a clear message', async () => {
    const primeiro = await abrirBanco({ dataDir: dir });
    try {
      await expect(abrirBanco({ dataDir: dir })).rejects.toThrow(
        /^Outro servidor já usa o banco embutido em .*processo \d+.*use DATABASE_URL \(PostgreSQL\) para vários servidores\.$/,
      );
      // The first one still works.
      expect(await consultarUm(primeiro.db, sql`select 1 as um`)).toEqual({ um: 1 });
    } finally {
      await primeiro.fechar();
    }
    expect(fs.existsSync(path.join(dir, ARQUIVO_TRAVA))).toBe(false);
    // Closed: the next server opens it.
    const segundo = await abrirBanco({ dataDir: dir });
    await segundo.fechar();
  }, 300_000);

  it('takes over the lock left by a server that died', async () => {
    fs.writeFileSync(
      path.join(dir, ARQUIVO_TRAVA),
      JSON.stringify({ pid: 2 ** 22 + 12345, host: os.hostname(), desde: '2026-01-01T00:00:00Z' }),
    );
    const banco = await abrirBanco({ dataDir: dir });
    await banco.fechar();
  }, 300_000);
});
