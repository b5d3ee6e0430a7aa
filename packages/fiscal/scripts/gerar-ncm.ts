// Regenerates src/dados/ncm.json from the official Siscomex "Tabela NCM Vigente" JSON kept in
// ../shared/fiscal-ref/tabelas (copied from leogregianin/siscomex-ncm@cacd1cd ncm.json; see src/dados/SOURCES.md).
// Only the 8-digit leaves are kept (what prod/NCM may carry), concatenated in one string to stay small.
// Run: npx tsx packages/fiscal/scripts/gerar-ncm.ts
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const aqui = dirname(fileURLToPath(import.meta.url));
const origem = resolve(
  aqui,
  '../../../../shared/fiscal-ref/tabelas/siscomex__Tabela_NCM_Vigente_20250513.json',
);
const destino = resolve(aqui, '../src/dados/ncm.json');

type Entrada = { Codigo: string; Data_Inicio: string; Data_Fim: string };
const tabela = JSON.parse(readFileSync(origem, 'utf8')) as {
  Data_Ultima_Atualizacao_NCM: string;
  Ato: string;
  Nomenclaturas: Entrada[];
};

const codigos = [
  ...new Set(
    tabela.Nomenclaturas.filter((e) => e.Data_Fim === '31/12/9999')
      .map((e) => e.Codigo.replaceAll('.', ''))
      .filter((c) => /^\d{8}$/.test(c)),
  ),
].sort();

writeFileSync(
  destino,
  `${JSON.stringify(
    {
      fonte:
        'Gerado por packages/fiscal/scripts/gerar-ncm.ts a partir da Tabela NCM Vigente do Siscomex (JSON oficial, ' +
        'cópia em leogregianin/siscomex-ncm@cacd1cda19acf22e34a82e30c9b31cc508ee73e9:ncm.json). Só os subitens de 8 dígitos.',
      vigencia: tabela.Data_Ultima_Atualizacao_NCM,
      ato: tabela.Ato,
      total: codigos.length,
      codigos: codigos.join(''),
    },
    null,
    2,
  )}\n`,
);
console.log(`${codigos.length} NCM em ${destino}`);
