import {
  DESCRICAO_STATUS_INVENTARIO,
  type DiferencaInventario,
  formatarDataHora,
  formatarMoeda,
  formatarNumero,
  type InventarioResumo,
  type ItemInventario,
  type LinhaRelatorioInventario,
  type RevisaoInventario,
} from '@retaguarda/domain';
import type { Celula } from '../../lib/exportar/exportar.ts';
import type { RelatorioImpresso } from '../../lib/exportar/imprimir.ts';

// Pure pieces of the stock count screens: finding a product on the sheet from what was typed or scanned,
// quantities in pt-BR, the file's text whatever its encoding, and the rows of the exports and prints.

/** 24 hex characters: the id of a new count, made when the form opens (a double click creates one count). */
export function novoIdInventario(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** '2.500000' -> '2,5'; '1234.000000' -> '1.234' (up to 6 places, no trailing zeros). */
export function formatarQuantidade(q: string | null | undefined): string {
  if (q === null || q === undefined || q === '') return '';
  const t = formatarNumero(q, 6);
  return t.includes(',') ? t.replace(/0+$/, '').replace(/,$/, '') : t;
}

const semAcento = (t: string) =>
  t
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/**
 * Lines of the sheet that answer what was typed or scanned: an exact internal code or barcode first (a scanner
 * sends the whole code), else every line whose description holds all the words typed, in sheet order.
 */
export function buscarNaFolha(itens: readonly ItemInventario[], texto: string): ItemInventario[] {
  const t = texto.trim();
  if (!t) return [];
  const exatos = itens.filter(
    (i) =>
      i.produto.gtin === t ||
      (/^\d{1,9}$/.test(t) && i.produto.codigoInterno !== null && i.produto.codigoInterno === Number(t)),
  );
  if (exatos.length) return exatos;
  const palavras = semAcento(t).split(/\s+/).filter(Boolean);
  return itens.filter((i) => {
    const alvo = semAcento(`${i.produto.descricao} ${i.produto.codigoInterno ?? ''} ${i.localizacao ?? ''}`);
    return palavras.every((p) => alvo.includes(p));
  });
}

/** A collector's file as text: UTF-8 when it is valid UTF-8, else Windows-1252 (what older collectors write). */
export function textoDoArquivo(bytes: ArrayBuffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

const codigo = (p: ItemInventario['produto']) => (p.codigoInterno === null ? '' : String(p.codigoInterno));

/** The review's differences as a spreadsheet (quantities and values as numbers with a decimal comma). */
export function linhasCsvDiferencas(r: RevisaoInventario): Celula[][] {
  const cabecalho = [
    'Código',
    'Código de barras',
    'Produto',
    'Localização',
    'Saldo na data',
    'Contado',
    'Diferença',
    'Custo unitário',
    'Valor',
  ];
  const linhas = r.diferencas.map((d: DiferencaInventario) => [
    codigo(d.produto),
    d.produto.gtin ?? '',
    d.produto.descricao,
    d.localizacao ?? '',
    formatarQuantidade(d.saldo),
    formatarQuantidade(d.contada),
    formatarQuantidade(d.diferenca),
    formatarNumero(d.custo, 4),
    formatarNumero(d.valor, 2),
  ]);
  return [
    cabecalho,
    ...linhas,
    ['', '', 'Sobras', '', '', '', '', '', formatarNumero(r.totais.sobra, 2)],
    ['', '', 'Faltas', '', '', '', '', '', formatarNumero(r.totais.falta, 2)],
    ['', '', 'Líquido', '', '', '', '', '', formatarNumero(r.totais.liquido, 2)],
  ];
}

export function linhasCsvRelatorio(linhas: readonly LinhaRelatorioInventario[]): Celula[][] {
  return [
    [
      'Empresa',
      'Nº',
      'Data da contagem',
      'Efetivado em',
      'Descrição',
      'Itens',
      'Com diferença',
      'Sobras',
      'Faltas',
      'Líquido',
    ],
    ...linhas.map((l) => [
      l.empresa.descricao,
      l.numero,
      formatarDataHora(l.data),
      formatarDataHora(l.efetivadoEm),
      l.descricao ?? '',
      l.itens,
      l.itensComDiferenca,
      formatarNumero(l.valorSobra, 2),
      formatarNumero(l.valorFalta, 2),
      formatarNumero(l.valorLiquido, 2),
    ]),
  ];
}

export const tituloInventario = (i: Pick<InventarioResumo, 'numero' | 'descricao'>) =>
  `Inventário nº ${i.numero}${i.descricao ? ` — ${i.descricao}` : ''}`;

/**
 * The count sheet to print: by location, with an empty column to write the count in; the system quantity only
 * when the count is not blind.
 */
export function folhaParaImpressao(
  inventario: InventarioResumo,
  itens: readonly ItemInventario[],
): RelatorioImpresso {
  const comSistema = !inventario.cega;
  return {
    titulo: `Folha de contagem — ${tituloInventario(inventario)}`,
    filtros: [
      `Empresa: ${inventario.empresa.descricao}`,
      `Data da contagem: ${formatarDataHora(inventario.data)}`,
      inventario.cega ? 'Contagem cega' : `Situação: ${DESCRICAO_STATUS_INVENTARIO[inventario.status]}`,
    ],
    colunas: [
      { titulo: 'Localização' },
      { titulo: 'Código' },
      { titulo: 'Produto' },
      { titulo: 'Un.' },
      ...(comSistema ? [{ titulo: 'Sistema', direita: true }] : []),
      { titulo: 'Contado', direita: true },
    ],
    linhas: itens.map((i) => [
      i.localizacao ?? '',
      codigo(i.produto),
      i.produto.descricao,
      i.produto.unidade ?? '',
      ...(comSistema ? [formatarQuantidade(i.saldoSistema)] : []),
      i.quantidade === null ? '' : formatarQuantidade(i.quantidade),
    ]),
  };
}

export function relatorioParaImpressao(
  linhas: readonly LinhaRelatorioInventario[],
  totais: { sobra: string; falta: string; liquido: string },
  filtros: string[],
): RelatorioImpresso {
  return {
    titulo: 'Relatório de Inventário',
    filtros,
    colunas: [
      { titulo: 'Empresa' },
      { titulo: 'Nº', direita: true },
      { titulo: 'Data da contagem' },
      { titulo: 'Descrição' },
      { titulo: 'Itens', direita: true },
      { titulo: 'Com diferença', direita: true },
      { titulo: 'Sobras', direita: true },
      { titulo: 'Faltas', direita: true },
      { titulo: 'Líquido', direita: true },
    ],
    linhas: linhas.map((l) => [
      l.empresa.descricao,
      String(l.numero),
      formatarDataHora(l.data),
      l.descricao ?? '',
      String(l.itens),
      String(l.itensComDiferenca),
      formatarMoeda(l.valorSobra),
      formatarMoeda(l.valorFalta),
      formatarMoeda(l.valorLiquido),
    ]),
    rodape: [
      [
        'Total',
        '',
        '',
        '',
        '',
        '',
        formatarMoeda(totais.sobra),
        formatarMoeda(totais.falta),
        formatarMoeda(totais.liquido),
      ],
    ],
  };
}
