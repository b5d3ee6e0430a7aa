// Writes docs/ROUTES.md from the route data file. Run: npx tsx apps/web/scripts/gerar-rotas-md.ts
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rotasMarkdown } from '../src/routes/rotas-markdown.ts';

const destino = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'docs', 'ROUTES.md');
writeFileSync(destino, rotasMarkdown());
console.log(`escrito ${destino}`);
