import { DownloadOutlined, PrinterOutlined } from '@ant-design/icons';
import { formatarDataHora } from '@retaguarda/domain';
import { Button, Dropdown, Space } from 'antd';
import { useState } from 'react';
import { ErroApi } from '../api/cliente.ts';
import { notificar } from '../notify/notificar.ts';
import { obterSessao } from '../session/sessao.ts';
import type { Celula } from './exportar.ts';
import type { RelatorioImpresso } from './imprimir.ts';

// The one export menu of the reports: "Exportar" (CSV, XLSX, PDF) and "Imprimir". The report hands over a function
// that builds the table (it may read every row of the filter from the server, not only the page on screen); the
// writers (lib/exportar) are imported only when used, so none reaches the login bundle.

export interface TabelaExportavel extends RelatorioImpresso {
  /** File name without extension. */
  arquivo: string;
  /** Cells of the spreadsheet, header excluded: numbers stay numbers (a spreadsheet sums them). */
  celulas: Celula[][];
  /** How many of the last rows of `celulas` are totals (bold, a line above, in the spreadsheet). */
  linhasTotal?: number;
}

export type FormatoExportacao = 'csv' | 'xlsx' | 'pdf';

const ROTULOS: Record<FormatoExportacao, string> = {
  csv: 'Exportar CSV',
  xlsx: 'Exportar Excel (XLSX)',
  pdf: 'Exportar PDF',
};

export interface MenuExportacaoProps {
  montar: () => TabelaExportavel | null | Promise<TabelaExportavel | null>;
  /** The menu's formats, in order (default CSV, XLSX, PDF). */
  formatos?: readonly FormatoExportacao[];
  /** 'impressao': the PDF item opens the print page (the browser's "Salvar como PDF") instead of a PDF file. */
  pdf?: 'arquivo' | 'impressao';
  desabilitado?: boolean;
}

type Acao = FormatoExportacao | 'imprimir';

/**
 * Writes the table in a format and hands the file to the browser (or prints it). The group and store of the
 * session head the PDF and the print unless the table names them; the writers are imported here, on use.
 */
export async function baixarTabela(tabela: TabelaExportavel, acao: Acao): Promise<void> {
  const s = obterSessao();
  const t: TabelaExportavel = {
    ...tabela,
    grupo: tabela.grupo ?? s.grupoEmpresarial?.descricao ?? '',
    empresa: tabela.empresa ?? (s.empresa ? s.empresa.nomeFantasia || s.empresa.descricao : ''),
  };
  const emitido = formatarDataHora(new Date());
  if (acao === 'imprimir') {
    const { imprimirRelatorio } = await import('./imprimir.ts');
    imprimirRelatorio(t, emitido);
    return;
  }
  const { paraCsv, paraXlsx, baixarArquivo } = await import('./exportar.ts');
  if (acao === 'pdf') {
    const { paraPdf } = await import('./pdf.ts');
    baixarArquivo(`${t.arquivo}.pdf`, new Uint8Array(await paraPdf(t, emitido)), 'application/pdf');
    return;
  }
  const linhas: Celula[][] = [t.colunas.map((c) => c.titulo), ...t.celulas];
  if (acao === 'csv') baixarArquivo(`${t.arquivo}.csv`, paraCsv(linhas), 'text/csv;charset=utf-8');
  else
    baixarArquivo(
      `${t.arquivo}.xlsx`,
      new Uint8Array(
        await paraXlsx(linhas, t.titulo, {
          formatos: t.colunas.map((c) => c.formato),
          linhasTotal: t.linhasTotal ?? 0,
        }),
      ),
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
}

export function MenuExportacao({
  montar,
  formatos = ['csv', 'xlsx', 'pdf'],
  pdf = 'arquivo',
  desabilitado,
}: MenuExportacaoProps) {
  const [ocupado, setOcupado] = useState<Acao | null>(null);

  async function executar(acao: Acao) {
    setOcupado(acao);
    try {
      const t = await montar();
      if (!t) return;
      await baixarTabela(t, acao === 'pdf' && pdf === 'impressao' ? 'imprimir' : acao);
    } catch (erro) {
      // API errors were shown by its client; anything else (file generation) is shown here.
      if (!(erro instanceof ErroApi))
        notificar({
          tipo: 'error',
          mensagem: `Falha ao exportar: ${erro instanceof Error ? erro.message : String(erro)}`,
        });
    } finally {
      setOcupado(null);
    }
  }

  return (
    <Space wrap>
      <Dropdown
        trigger={['click']}
        disabled={desabilitado}
        menu={{
          items: formatos.map((f) => ({
            key: f,
            label: f === 'pdf' && pdf === 'impressao' ? 'Exportar PDF (imprimir como PDF)' : ROTULOS[f],
          })),
          onClick: ({ key }) => void executar(key as FormatoExportacao),
        }}
      >
        <Button
          icon={<DownloadOutlined />}
          loading={ocupado !== null && ocupado !== 'imprimir'}
          disabled={desabilitado}
        >
          Exportar
        </Button>
      </Dropdown>
      <Button
        icon={<PrinterOutlined />}
        loading={ocupado === 'imprimir'}
        disabled={desabilitado}
        onClick={() => void executar('imprimir')}
      >
        Imprimir
      </Button>
    </Space>
  );
}
