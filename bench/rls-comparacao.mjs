// The cost of row-level security (issue 14 point 10, decision 0009): the counter-sale and getPopulate benches,
// each run without RLS (BENCH_SEM_RLS=1: the connecting superuser, which bypasses the policies) and with it
// (the default: every request's queries as retaguarda_app with its group), one right after the other in the
// same run so that both see the same machine. Prints one JSON object with both figures of each bench.
// Run: node bench/rls-comparacao.mjs   (BENCH_SEGUNDOS, BENCH_TERMINAIS, BENCH_MODOS as the benches take them)
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';

const pasta = path.dirname(new URL(import.meta.url).pathname);
const BENCHES = ['venda-balcao.bench.ts', 'api-getpopulate.bench.ts'];

function rodar(arquivo, semRls) {
  const env = { ...process.env };
  if (semRls) env.BENCH_SEM_RLS = '1';
  else delete env.BENCH_SEM_RLS;
  console.error(`# ${arquivo} ${semRls ? 'sem RLS' : 'com RLS'}`);
  const r = spawnSync('npx', ['tsx', path.join(pasta, arquivo)], {
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (r.status !== 0) throw new Error(`${arquivo} terminou com ${r.status}`);
  const linhas = r.stdout.trim().split('\n');
  return JSON.parse(linhas[linhas.length - 1]);
}

const resultado = { bench: 'rls-comparacao', cargaMaquinaInicio: os.loadavg().map((n) => n.toFixed(1)) };
for (const arquivo of BENCHES) {
  resultado[arquivo] = { semRls: rodar(arquivo, true), comRls: rodar(arquivo, false) };
}
resultado.cargaMaquinaFim = os.loadavg().map((n) => n.toFixed(1));
console.log(JSON.stringify(resultado));
