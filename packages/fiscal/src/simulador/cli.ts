// Starts the SEFAZ simulator for demos: npx tsx packages/fiscal/src/simulador/cli.ts --porta 8443 [--arquivo sefaz.json]
// Change the scenario at runtime: curl -k -X POST https://localhost:8443/_simulador/cenario -d '{"modo":"rejeitar","cStat":778}'
import { parseArgs } from 'node:util';
import { type CenarioSefaz, iniciarSimuladorSefaz } from './servidor.ts';

const { values } = parseArgs({
  options: {
    porta: { type: 'string', default: '8443' },
    host: { type: 'string', default: 'localhost' },
    arquivo: { type: 'string' },
    cenario: { type: 'string' },
    'exigir-certificado': { type: 'boolean', default: false },
  },
});

const opcoes: Parameters<typeof iniciarSimuladorSefaz>[0] = {
  porta: Number(values.porta),
  host: values.host,
  exigirCertificadoCliente: values['exigir-certificado'],
};
if (values.arquivo) opcoes.arquivo = values.arquivo;
if (values.cenario) opcoes.cenario = JSON.parse(values.cenario) as CenarioSefaz;

const sim = await iniciarSimuladorSefaz(opcoes);
console.log(JSON.stringify({ url: sim.url, cenario: sim.cenario(), certificadoPem: sim.certificadoPem }));
const sair = async () => {
  await sim.fechar();
  process.exit(0);
};
process.on('SIGINT', sair);
process.on('SIGTERM', sair);
