// Sums the gzip size of every JS file the login route loads (entry closure + login chunk closure),
// from the Vite manifest of the last build. Usage: node apps/web/scripts/medir-login.mjs
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifesto = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
const vistos = new Set();
function incluir(chave) {
  const item = manifesto[chave];
  if (!item || vistos.has(item.file)) return;
  vistos.add(item.file);
  for (const dep of item.imports ?? []) incluir(dep);
}
const entrada = Object.keys(manifesto).find((k) => manifesto[k].isEntry);
incluir(entrada);
incluir(Object.keys(manifesto).find((k) => k.endsWith('login-page.tsx')));
let total = 0;
for (const arquivo of vistos) {
  const tamanho = gzipSync(readFileSync(join(dist, arquivo))).length;
  total += tamanho;
  console.log(`${(tamanho / 1024).toFixed(1).padStart(7)} KB  ${arquivo}`);
}
console.log(`${(total / 1024).toFixed(1).padStart(7)} KB  total gzip (login route)`);
