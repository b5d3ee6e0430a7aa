import { MenuExportacao, type TabelaExportavel } from '../../lib/exportar/menu-exportacao.tsx';

// Export of the DRE (CSV, XLSX) and its print — the print page is also the PDF (the browser's "Salvar como PDF"),
// plain black on white whatever the screen's theme. The shared report menu (lib/exportar/menu-exportacao.tsx).

export type TabelaExportada = TabelaExportavel;

export function AcoesDre({ montar }: { montar: () => TabelaExportada | null }) {
  return <MenuExportacao montar={montar} pdf="impressao" />;
}
