import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  sqlFuncaoCriarVenda,
  sqlFuncaoCriarVendasEmLote,
  sqlFuncaoGravarSeVersao,
  sqlFuncaoGravarVenda,
  sqlFuncaoInserirVenda,
} from '../src/modules/vendas/vendas.repositorio.ts';

// venda_gravar is generated from the column maps of vendas.tables.ts: a column added there without a new
// migration carrying the regenerated function would be silently left out of saves. Regenerate with
// `npx drizzle-kit generate --custom --config drizzle-vendas.config.ts` and the text of sqlFuncaoGravarVenda().
describe('sale functions of the vendas chain', () => {
  it.each([
    ['venda_gravar', sqlFuncaoGravarVenda()],
    ['venda_inserir', sqlFuncaoInserirVenda()],
    ['venda_gravar_se_versao', sqlFuncaoGravarSeVersao()],
    ['venda_criar', sqlFuncaoCriarVenda()],
    ['venda_criar_lote', sqlFuncaoCriarVendasEmLote()],
  ])('the newest migration defining %s matches the code', (nome, texto) => {
    const pasta = path.resolve(import.meta.dirname, '../drizzle/vendas');
    const arquivos = fs
      .readdirSync(pasta)
      .filter((f) => f.endsWith('.sql'))
      .sort()
      .filter((f) => fs.readFileSync(path.join(pasta, f), 'utf8').includes(`FUNCTION ${nome}(`));
    const ultimo = arquivos.at(-1);
    expect(ultimo).toBeDefined();
    expect(fs.readFileSync(path.join(pasta, ultimo as string), 'utf8')).toBe(texto);
  });
});
