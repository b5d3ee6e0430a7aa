import fs from 'node:fs';
import path from 'node:path';
import { generateDrizzleJson, generateMigration } from 'drizzle-kit/api';
import { describe, expect, it } from 'vitest';
import { MODULOS_MIGRACAO } from '../src/db/migracoes.ts';

// The committed migrations must describe the tables the code declares: a resource definition or table
// changed without `npm run db:generate -w apps/server` fails here instead of at a store's first start.
const raiz = path.resolve(import.meta.dirname, '..');

function ultimoSnapshot(modulo: string) {
  const meta = path.join(raiz, 'drizzle', modulo, 'meta');
  const arquivos = fs
    .readdirSync(meta)
    .filter((f) => f.endsWith('_snapshot.json'))
    .sort();
  return JSON.parse(fs.readFileSync(path.join(meta, arquivos.at(-1)!), 'utf8'));
}

function esquemaDoModulo(modulo: string): string {
  const config = fs.readFileSync(path.join(raiz, `drizzle-${modulo}.config.ts`), 'utf8');
  const caminho = /schema:\s*'([^']+)'/.exec(config)?.[1];
  if (!caminho) throw new Error(`drizzle-${modulo}.config.ts sem schema`);
  return path.join(raiz, caminho);
}

describe('migrations', () => {
  it.each(MODULOS_MIGRACAO)('module %s has no table change without a migration', async (modulo) => {
    const tabelas = (await import(esquemaDoModulo(modulo))) as Record<string, unknown>;
    const atual = generateDrizzleJson(tabelas);
    const pendentes = await generateMigration(ultimoSnapshot(modulo), atual);
    expect(pendentes, 'run: npm run db:generate -w apps/server').toEqual([]);
  });
});
