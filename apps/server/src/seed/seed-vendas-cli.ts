import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { construirApp } from '../app.ts';
import { lerConfig } from '../config.ts';
import { abrirBanco } from '../db/client.ts';
import { consultarUm } from '../db/consultar.ts';
import { bancoVazio, semear } from './seed.ts';
import { gerarVendas } from './seed-vendas.ts';

// `npm run seed:vendas -- --vendas 1000000 [--lojas 10] [--dias 365] [--seed 1]`: a year of sales of the demo group
// (seed-vendas.ts) in the database of DATABASE_URL (or the embedded one of DATA_DIR). Creates the demo data
// first when the database is empty. Prints the figures as one JSON object.
const { values } = parseArgs({
  options: {
    vendas: { type: 'string', default: '100000' },
    lojas: { type: 'string', default: '10' },
    dias: { type: 'string', default: '365' },
    seed: { type: 'string', default: '1' },
    modelos: { type: 'string', default: '150' },
    lote: { type: 'string', default: '50000' },
    'ultimo-dia': { type: 'string' },
    'sem-consumo-estoque': { type: 'boolean', default: false },
    'sem-agregados': { type: 'boolean', default: false },
  },
});
const inteiro = (nome: string, v: string | undefined, min: number) => {
  const n = Number(v);
  if (!Number.isInteger(n) || n < min) {
    console.error(`--${nome} deve ser um inteiro >= ${min}`);
    process.exit(2);
  }
  return n;
};
const opcoes = {
  vendas: inteiro('vendas', values.vendas, 1),
  lojas: inteiro('lojas', values.lojas, 1),
  dias: inteiro('dias', values.dias, 1),
  semente: inteiro('seed', values.seed, 0),
  modelos: inteiro('modelos', values.modelos, 20),
  lote: inteiro('lote', values.lote, 1000),
  ...(values['ultimo-dia'] ? { ultimoDia: values['ultimo-dia'] } : {}),
  semConsumoEstoque: values['sem-consumo-estoque'] === true,
  semAgregados: values['sem-agregados'] === true,
  log: (m: string) => console.error(`[seed:vendas] ${m}`),
};

const config = lerConfig();
const banco = await abrirBanco({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  if (await bancoVazio(banco.db)) await semear(banco.db);
  const grupo = String(
    (
      await consultarUm(
        banco.db,
        sql`select id from grupo_empresarial where descricao = 'Grupo Exemplo' order by created_at limit 1`,
      )
    )?.id ?? '',
  );
  if (!grupo) throw new Error('Grupo Exemplo não encontrado neste banco.');
  const app = await construirApp({
    config: { ...config, webDist: '/nao-existe', logLevel: 'warn' },
    banco,
    logger: false,
  });
  await app.ready();
  try {
    console.log(JSON.stringify(await gerarVendas(app, banco.db, grupo, opcoes)));
  } finally {
    await app.close();
  }
} finally {
  await banco.fechar();
}
