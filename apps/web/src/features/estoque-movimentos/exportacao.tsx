import type { Celula } from '../../lib/exportar/exportar.ts';
import { MenuExportacao } from '../../lib/exportar/menu-exportacao.tsx';

// Export (CSV, XLSX) and print of a stock report: the report hands over a function that reads every row of
// its filter (not only the page on screen); the shared report menu (lib/exportar/menu-exportacao.tsx) writes them.

export interface TabelaExportada {
  /** File name without extension. */
  arquivo: string;
  titulo: string;
  filtros: string[];
  colunas: { titulo: string; direita?: boolean }[];
  /** Cells of the spreadsheet: numbers stay numbers there. */
  linhas: Celula[][];
  /** The same rows as printed (formatted money and quantities). */
  linhasImpressas: string[][];
  rodape?: string[][];
}

export function AcoesExportacao({
  ler,
  desabilitado,
}: {
  ler: () => Promise<TabelaExportada>;
  desabilitado?: boolean;
}) {
  return (
    <MenuExportacao
      formatos={['csv', 'xlsx']}
      desabilitado={desabilitado}
      montar={async () => {
        const t = await ler();
        return {
          arquivo: t.arquivo,
          titulo: t.titulo,
          filtros: t.filtros,
          colunas: t.colunas,
          linhas: t.linhasImpressas,
          celulas: t.linhas,
          rodape: t.rodape,
        };
      }}
    />
  );
}
