import { AREAS, type DefinicaoRota, ROTAS } from './rotas.ts';

/** docs/ROUTES.md, generated from the route data file (apps/web/scripts/gerar-rotas-md.ts). */
export function rotasMarkdown(rotas: readonly DefinicaoRota[] = ROTAS): string {
  const linhas = [
    '# Routes of the back-office (Retaguarda)',
    '',
    'Generated from `apps/web/src/routes/rotas.ts` by `npx tsx apps/web/scripts/gerar-rotas-md.ts`;',
    'a unit test fails when this file and the data file disagree. Hash routing: open `#/<route>`.',
    'Permission: the access permission of the domain catalogue (`-`: any logged-in user).',
    '',
    'Standalone (public) routes: `#/login`, `#/recuperarSenha`, `#/alterarSenha/:chave`, `#/403`,',
    '`#/404` and any unknown path (not found). Every other route needs a logged-in user.',
    '',
    '| Route | Title | Area | Permission | Status |',
    '|---|---|---|---|---|',
    '| `/` | Início | - | - | Pronta |',
  ];
  for (const area of AREAS) {
    for (const rota of rotas.filter((r) => r.area === area)) {
      linhas.push(
        `| \`${rota.nome}\` | ${rota.titulo} | ${rota.area} | ${rota.permissao ?? '-'} | ${rota.status} |`,
      );
    }
  }
  return `${linhas.join('\n')}\n`;
}
