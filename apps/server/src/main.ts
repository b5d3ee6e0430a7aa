import { construirApp } from './app.ts';
import { lerConfig } from './config.ts';
import { abrirBanco } from './db/client.ts';
import { bancoVazio, semear } from './seed/seed.ts';
import { ligarNfceDemonstracao } from './seed/seed-nfce-demo.ts';
import { iniciarSimuladorCep } from './simuladores/cep.ts';
import { iniciarSimuladorMapas } from './simuladores/mapas.ts';
import { CREDENCIAIS_DEMO_S3, iniciarSimuladorS3 } from './simuladores/s3.ts';

const config = lerConfig();
// Services that cannot be reached from a demo machine get their local simulator (never in production).
if (!process.env.CEP_URL && process.env.NODE_ENV !== 'production') {
  config.cepUrl = (await iniciarSimuladorCep()).url;
}
if (!process.env.MAPAS_URL && process.env.NODE_ENV !== 'production') {
  const mapas = await iniciarSimuladorMapas();
  config.mapasUrl = mapas.url;
  config.mapasChave ||= mapas.chave;
}
// Opt-in: uploads go to a local S3 simulator (in memory) to try the S3 path without a bucket.
if (process.env.S3_SIMULADOR === 'true' && !config.s3 && process.env.NODE_ENV !== 'production') {
  const s3 = await iniciarSimuladorS3({ leituraPublica: true });
  config.s3 = {
    endpoint: s3.url,
    regiao: s3.regiao,
    bucket: 'retaguarda',
    ...CREDENCIAIS_DEMO_S3,
    estiloCaminho: true,
    urlPublica: undefined,
  };
}
const banco = await abrirBanco({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
// An empty embedded database gets the demo data on first start (DESIGN section 4).
if (config.seedOnEmpty && !config.databaseUrl && (await bancoVazio(banco.db)))
  await ligarNfceDemonstracao(banco.db, await semear(banco.db));

const app = await construirApp({ config, banco });
await app.listen({ port: config.port, host: config.host });

// Graceful shutdown: stop accepting, let requests in flight finish, then close the database.
let encerrando = false;
async function encerrar(sinal: string) {
  if (encerrando) return;
  encerrando = true;
  app.log.info({ sinal }, 'encerrando');
  const limite = setTimeout(() => process.exit(1), 10_000);
  limite.unref();
  try {
    await app.close();
    await banco.fechar();
  } finally {
    process.exit(0);
  }
}
process.on('SIGTERM', () => void encerrar('SIGTERM'));
process.on('SIGINT', () => void encerrar('SIGINT'));
