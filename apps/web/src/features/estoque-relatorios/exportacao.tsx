import { MenuExportacao, type TabelaExportavel } from '../../lib/exportar/menu-exportacao.tsx';

// Export (CSV, XLSX) and print of a stock report, through the shared report menu (lib/exportar/menu-exportacao.tsx):
// numbers as numeric cells in the files, the report print on paper.

export type TabelaRelatorio = TabelaExportavel;

export function AcoesRelatorio({ montar }: { montar: () => TabelaRelatorio | null }) {
  return <MenuExportacao montar={montar} formatos={['csv', 'xlsx']} />;
}
