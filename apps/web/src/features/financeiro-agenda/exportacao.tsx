import type { Celula } from '../../lib/exportar/exportar.ts';
import { MenuExportacao } from '../../lib/exportar/menu-exportacao.tsx';

// Export (CSV, XLSX, PDF) and print of the agenda report, through the reports' one export menu.

export interface TabelaExportada {
  arquivo: string;
  titulo: string;
  filtros: string[];
  colunas: { titulo: string; direita?: boolean }[];
  /** Spreadsheet cells: numbers stay numbers there. */
  linhas: Celula[][];
  /** The same rows formatted (R$), for print and PDF. */
  linhasImpressas: string[][];
  rodape?: string[][];
}

export function AcoesExportacao({
  ler,
  desabilitado,
}: {
  ler: () => TabelaExportada;
  desabilitado?: boolean;
}) {
  return (
    <MenuExportacao
      desabilitado={desabilitado}
      montar={() => {
        const t = ler();
        return {
          arquivo: t.arquivo,
          titulo: t.titulo,
          filtros: t.filtros,
          colunas: t.colunas,
          celulas: t.linhas,
          linhas: t.linhasImpressas,
          ...(t.rodape ? { rodape: t.rodape } : {}),
        };
      }}
    />
  );
}
