// `npm run bench`: runs every bench/*.bench.ts one after the other (each prints one JSON object).
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';

const pasta = path.dirname(new URL(import.meta.url).pathname);
const filtro = process.argv[2];
const arquivos = readdirSync(pasta)
  .filter((f) => f.endsWith('.bench.ts') && (!filtro || f.includes(filtro)))
  .sort();
let falhas = 0;
for (const arquivo of arquivos) {
  console.error(`# ${arquivo}`);
  const r = spawnSync('npx', ['tsx', path.join(pasta, arquivo)], { stdio: 'inherit', env: process.env });
  if (r.status !== 0) falhas++;
}
process.exit(falhas ? 1 : 0);
