#!/usr/bin/env -S node --import tsx
import { AgenteImpressao } from './agente.ts';
import { ErroConfiguracao, lerConfiguracao } from './config.ts';

// Entry point: `npx tsx apps/print-agent/src/cli.ts --servidor http://... --token ... --terminais id1,id2`.

let opcoes: ReturnType<typeof lerConfiguracao>;
try {
  opcoes = lerConfiguracao(process.argv.slice(2), process.env);
} catch (erro) {
  if (erro instanceof ErroConfiguracao) {
    console.error(erro.message);
    process.exit(2);
  }
  throw erro;
}

const agente = new AgenteImpressao(opcoes);
for (const sinal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(sinal, () => {
    // The current job finishes (or stays in the journal); nothing is lost by stopping here.
    void agente.parar().then(() => process.exit(0));
  });
}
await agente.iniciar();
