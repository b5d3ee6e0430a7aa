import { formatarMoeda, type LinhaDre, type RelatorioDre } from '@retaguarda/domain';

// The DRE as the columns of the screen, the files and the print: one pure function, so the three agree and a
// unit test reads it. The tree is flattened in reading order, each node indented by its level.

export type ModoColunas = 'periodo' | 'meses';

export interface ColunaDre {
  chave: string;
  titulo: string;
  /** Value of the column in a line: money (decimal text), percent, or nothing. */
  tipo: 'dinheiro' | 'percentual';
  valor: (l: LinhaDre) => string | null | undefined;
}

const MESES = ['jan', 'fev', 'mar', 'abr', 'mai', 'jun', 'jul', 'ago', 'set', 'out', 'nov', 'dez'];
/** '2026-03' -> 'mar/2026' */
export const nomeMes = (m: string) => `${MESES[Number(m.slice(5, 7)) - 1] ?? m.slice(5, 7)}/${m.slice(0, 4)}`;

export function colunasDre(r: RelatorioDre, modo: ModoColunas, porLoja: boolean): ColunaDre[] {
  const colunas: ColunaDre[] = [];
  if (modo === 'meses')
    r.meses.forEach((m, i) => {
      colunas.push({ chave: `m${m}`, titulo: nomeMes(m), tipo: 'dinheiro', valor: (l) => l.porMes[i] });
    });
  else if (porLoja && r.empresas.length > 1)
    r.empresas.forEach((e, i) => {
      colunas.push({
        chave: `e${e._id}`,
        titulo: e.descricao,
        tipo: 'dinheiro',
        valor: (l) => l.porEmpresa[i],
      });
    });
  colunas.push({
    chave: 'valor',
    titulo: modo === 'meses' || (porLoja && r.empresas.length > 1) ? 'Total' : 'Valor',
    tipo: 'dinheiro',
    valor: (l) => l.valor,
  });
  colunas.push({ chave: 'percentual', titulo: '% receita', tipo: 'percentual', valor: (l) => l.percentual });
  if (modo === 'periodo' && r.anterior) {
    colunas.push({
      chave: 'anterior',
      titulo: 'Período anterior',
      tipo: 'dinheiro',
      valor: (l) => l.anterior,
    });
    colunas.push({ chave: 'variacao', titulo: 'Variação', tipo: 'percentual', valor: (l) => l.variacao });
  }
  return colunas;
}

export interface LinhaPlana {
  linha: LinhaDre;
  nivel: number;
  rotulo: string;
}

/** The tree in reading order; `abertos` (ids) limits it to what is expanded (undefined: everything). */
export function achatarDre(linhas: readonly LinhaDre[], abertos?: ReadonlySet<string>): LinhaPlana[] {
  const saida: LinhaPlana[] = [];
  const visitar = (l: LinhaDre, nivel: number) => {
    saida.push({ linha: l, nivel, rotulo: rotuloDre(l) });
    if (l.tipo === 'conta' && l.filhos && (!abertos || abertos.has(l._id)))
      for (const f of l.filhos) visitar(f, nivel + 1);
  };
  for (const l of linhas) visitar(l, 0);
  return saida;
}

export const rotuloDre = (l: LinhaDre) =>
  l.tipo === 'conta' && l.codigo ? `${l.codigo} ${l.descricao}` : l.descricao;

export const formatarPercentual = (v: string | null | undefined) =>
  v === null || v === undefined ? '—' : `${v.replace('.', ',')}%`;

/** Cells for the files (numbers stay numbers) and the print (formatted text). */
export function celulasDre(r: RelatorioDre, colunas: ColunaDre[]) {
  const planas = achatarDre(r.linhas);
  return {
    titulos: ['Conta', ...colunas.map((c) => c.titulo)],
    celulas: planas.map((p) => [
      `${'  '.repeat(p.nivel)}${p.rotulo}`,
      ...colunas.map((c) => {
        const v = c.valor(p.linha);
        return v === null || v === undefined ? '' : Number(v);
      }),
    ]),
    texto: planas.map((p) => [
      `${'\u00a0\u00a0'.repeat(p.nivel)}${p.rotulo}`,
      ...colunas.map((c) => {
        const v = c.valor(p.linha);
        return c.tipo === 'dinheiro' ? (v ? formatarMoeda(v) : '') : formatarPercentual(v);
      }),
    ]),
  };
}
