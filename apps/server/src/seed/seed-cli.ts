import { lerConfig } from '../config.ts';
import { abrirBanco } from '../db/client.ts';
import { bancoVazio, semear } from './seed.ts';
import { ligarNfceDemonstracao } from './seed-nfce-demo.ts';

// `npm run seed`: creates the demo data when the database has none (never duplicates it).
const config = lerConfig();
const banco = await abrirBanco({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
if (await bancoVazio(banco.db)) {
  const dados = await semear(banco.db);
  await ligarNfceDemonstracao(banco.db, dados);
  console.log(JSON.stringify({ semeado: true, grupoEmpresarial: dados.grupoId }));
} else {
  console.log(JSON.stringify({ semeado: false, motivo: 'o banco já tem dados' }));
}
await banco.fechar();
