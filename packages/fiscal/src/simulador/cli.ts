// Starts the SEFAZ simulator for demos: npx tsx packages/fiscal/src/simulador/cli.ts --porta 8443 [--arquivo sefaz.json]
// Change the scenario at runtime: curl -k -X POST https://localhost:8443/_simulador/cenario -d '{"modo":"rejeitar","cStat":778}'
// As one state's SEFAZ with the ICP chain checked: --ufs SP --ac icp-brasil.pem (PEM bundle of trusted CAs).
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { ehUf, type Uf } from '../ufs.ts';
import { type CenarioSefaz, iniciarSimuladorSefaz } from './servidor.ts';

const { values } = parseArgs({
  options: {
    porta: { type: 'string', default: '8443' },
    host: { type: 'string', default: 'localhost' },
    arquivo: { type: 'string' },
    cenario: { type: 'string' },
    'exigir-certificado': { type: 'boolean', default: false },
    ufs: { type: 'string' },
    ac: { type: 'string' },
  },
});

const opcoes: Parameters<typeof iniciarSimuladorSefaz>[0] = {
  porta: Number(values.porta),
  host: values.host,
  exigirCertificadoCliente: values['exigir-certificado'],
};
if (values.arquivo) opcoes.arquivo = values.arquivo;
if (values.cenario) opcoes.cenario = JSON.parse(values.cenario) as CenarioSefaz;
if (values.ufs) {
  opcoes.ufs = values.ufs
    .split(',')
    .map((u) => u.trim().toUpperCase())
    .filter((u): u is Uf => ehUf(u));
}
if (values.ac) {
  opcoes.acConfiaveis =
    readFileSync(values.ac, 'latin1').match(
      /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g,
    ) ?? [];
}

const sim = await iniciarSimuladorSefaz(opcoes);
console.log(JSON.stringify({ url: sim.url, cenario: sim.cenario(), certificadoPem: sim.certificadoPem }));
const sair = async () => {
  await sim.fechar();
  process.exit(0);
};
process.on('SIGINT', sair);
process.on('SIGTERM', sair);
