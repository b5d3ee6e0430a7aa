import { z } from 'zod';
import { lerDataIso, zDecimal, zTexto } from '../validadores/entrada.ts';
import { escreverEstoque, valorDoMovimento } from './custo-medio.ts';

// Stock count (estoqueInventario, issue 17): the rules of a count that need no database — its states, how a
// typed or imported quantity is read, how a collector file is parsed, and how the differences are valued —
// plus the request and answer shapes the server and the web share. The server (modules/estoque/inventario.ts)
// reads the balances and writes the adjustments through the ledger.

export const STATUS_INVENTARIO = [
  'aberto',
  'emContagem',
  'conferido',
  'efetivado',
  'cancelado',
  'estornado',
] as const;
export type StatusInventario = (typeof STATUS_INVENTARIO)[number];

export const DESCRICAO_STATUS_INVENTARIO: Record<StatusInventario, string> = {
  aberto: 'Aberto',
  emContagem: 'Em contagem',
  conferido: 'Conferido',
  efetivado: 'Efetivado',
  cancelado: 'Cancelado',
  estornado: 'Estornado',
};

/** Origin of the ledger moves a posted count writes (estoque_movimento.origem_tipo; origem_id = the count). */
export const ORIGEM_INVENTARIO = 'inventario';

/** Quantities are typed while the count is open; a checked (conferido) count is reopened to type again. */
export const podeContar = (s: StatusInventario) => s === 'aberto' || s === 'emContagem';
export const podeCancelar = (s: StatusInventario) =>
  s !== 'efetivado' && s !== 'cancelado' && s !== 'estornado';
/** A posted count is reversed once: its adjustments are undone by reversing moves at the count's date. */
export const podeEstornar = (s: StatusInventario) => s === 'efetivado';

/** The pt-BR refusal of an action the count's state does not allow, or undefined when it does. */
export function recusaDoStatus(
  acao: 'contar' | 'conferir' | 'reabrir' | 'efetivar' | 'cancelar' | 'estornar',
  s: StatusInventario,
): string | undefined {
  if (s === 'estornado') {
    return acao === 'estornar'
      ? 'Este inventário já foi estornado: os ajustes já foram desfeitos no estoque.'
      : 'Este inventário foi estornado: os ajustes foram desfeitos e ele não pode ser alterado.';
  }
  if (acao === 'estornar') {
    return s === 'efetivado' ? undefined : 'Só um inventário efetivado pode ser estornado.';
  }
  if (s === 'cancelado') {
    return acao === 'efetivar'
      ? 'Este inventário foi cancelado e não pode ser efetivado.'
      : 'Este inventário foi cancelado.';
  }
  if (s === 'efetivado') {
    return acao === 'cancelar'
      ? 'Este inventário já foi efetivado: os ajustes estão no estoque e ele não pode ser cancelado. Para desfazê-los, use Estornar.'
      : 'Este inventário já foi efetivado.';
  }
  switch (acao) {
    case 'contar':
      return s === 'conferido'
        ? 'Este inventário já foi conferido: reabra a contagem para alterar as quantidades.'
        : undefined;
    case 'conferir':
      if (s === 'aberto') return 'Nenhuma quantidade foi contada neste inventário.';
      return s === 'conferido' ? 'Este inventário já foi conferido.' : undefined;
    case 'reabrir':
      return s === 'conferido' ? undefined : 'Só um inventário conferido pode ter a contagem reaberta.';
    case 'efetivar':
      return s === 'conferido' ? undefined : 'Confira o inventário (revise as diferenças) antes de efetivar.';
    case 'cancelar':
      return undefined;
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------------------
// Quantities typed or imported

const ESCALA = 1_000_000n;

/**
 * A counted quantity as a person types it or a collector writes it: '2', '2,5', '2.5', '1.234,5'. Zero is
 * a count (nothing on the shelf); negative, empty, not a number and more than 6 places are refused.
 * Answered at 6 decimals.
 */
export function lerQuantidadeContada(texto: string): { quantidade: bigint } | { erro: string } {
  let t = texto.trim().replace(/\s+/g, '');
  if (t === '') return { erro: 'Quantidade não informada.' };
  if (t.startsWith('-'))
    return { erro: 'Quantidade negativa não é aceita (zero é aceito: nada na prateleira).' };
  if (t.startsWith('+')) t = t.slice(1);
  // Both marks: '.' groups thousands, ',' is the decimal mark (pt-BR); one comma alone is the decimal mark.
  if (t.includes(',') && t.includes('.')) {
    if (t.lastIndexOf(',') < t.lastIndexOf('.') || !/^\d{1,3}(\.\d{3})*,\d*$/.test(t)) {
      return { erro: `Quantidade inválida: "${texto.trim()}".` };
    }
    t = t.replaceAll('.', '').replace(',', '.');
  } else if (t.includes(',')) {
    t = t.replace(',', '.');
  }
  const m = /^(\d+)(?:\.(\d*))?$/.exec(t) ?? /^()\.(\d+)$/.exec(t);
  if (!m) return { erro: `Quantidade inválida: "${texto.trim()}".` };
  const inteira = m[1] || '0';
  const decimais = (m[2] ?? '').replace(/0+$/, '');
  if (decimais.length > 6) return { erro: 'Quantidade com mais de 6 casas decimais.' };
  if (inteira.replace(/^0+/, '').length > 12) return { erro: 'Quantidade grande demais.' };
  return { quantidade: BigInt(inteira) * ESCALA + BigInt(decimais.padEnd(6, '0')) };
}

/** A quantity of the API: decimal text with a dot, zero or more, at most 6 places. */
export const zQuantidadeContada = zDecimal
  .refine((v) => !v.startsWith('-'), 'Quantidade inválida! A quantidade contada não pode ser negativa.')
  .refine((v) => (v.split('.')[1]?.length ?? 0) <= 6, 'Quantidade com mais de 6 casas decimais.');

// ---------------------------------------------------------------------------------------------------------
// Collector / CSV files

export interface LinhaArquivoContagem {
  /** 1-based line of the file. */
  linha: number;
  codigo: string;
  quantidade: bigint;
}

export interface ErroLinhaContagem {
  linha: number;
  codigo: string | null;
  mensagem: string;
}

export const LINHAS_MAXIMAS_ARQUIVO = 50_000;

const CABECALHO = /^(c[oó]d|ean|gtin|barra|produto|item|sku|refer)/i;

/** Splits a line at `sep`, honouring double quotes ("a;b" is one field, "" is a quote). */
function campos(linha: string, sep: string): string[] {
  const saida: string[] = [];
  let atual = '';
  let aspas = false;
  for (let i = 0; i < linha.length; i++) {
    const c = linha[i]!;
    if (aspas) {
      if (c === '"' && linha[i + 1] === '"') {
        atual += '"';
        i++;
      } else if (c === '"') aspas = false;
      else atual += c;
    } else if (c === '"') aspas = true;
    else if (c === sep) {
      saida.push(atual.trim());
      atual = '';
    } else atual += c;
  }
  saida.push(atual.trim());
  return saida;
}

function separadorDa(linha: string): string | null {
  const fora = linha.replace(/"[^"]*"/g, '');
  if (fora.includes(';')) return ';';
  if (fora.includes('\t')) return '\t';
  if (fora.includes(',')) return ',';
  if (/\S\s+\S/.test(fora.trim())) return ' ';
  return null;
}

/**
 * Reads a count file: one product per line, `code;quantity`. Accepted as collectors and spreadsheets write
 * them: ';', tab, ',' or spaces between the fields (the first that appears in the line); decimal comma or
 * point ('2,5' with ',' between the fields is read as code,2,5 -> 2.5); quotes; a header line first; extra
 * columns after the quantity ignored; a line with only a code counts one unit (a collector that writes one
 * read per line). The same code on several lines is summed by the caller (two shelves of one product).
 * Every bad line is answered with its number; the caller imports nothing when there is any.
 */
export function lerArquivoContagem(texto: string): {
  linhas: LinhaArquivoContagem[];
  erros: ErroLinhaContagem[];
} {
  const linhas: LinhaArquivoContagem[] = [];
  const erros: ErroLinhaContagem[] = [];
  const brutas = texto.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  if (brutas.length > LINHAS_MAXIMAS_ARQUIVO) {
    return {
      linhas: [],
      erros: [
        {
          linha: LINHAS_MAXIMAS_ARQUIVO + 1,
          codigo: null,
          mensagem: `Arquivo grande demais: no máximo ${LINHAS_MAXIMAS_ARQUIVO.toLocaleString('pt-BR')} linhas.`,
        },
      ],
    };
  }
  let primeira = true;
  for (const [i, bruta] of brutas.entries()) {
    const numero = i + 1;
    if (bruta.trim() === '') continue;
    const sep = separadorDa(bruta);
    const f = sep ? campos(bruta, sep).filter((c, j) => j < 2 || c !== '') : [campos(bruta, '\u0000')[0]!];
    const codigo = f[0] ?? '';
    let textoQtd = f[1];
    // 'code,2,5': with ',' between the fields, a third field of digits is the decimals of a decimal comma.
    if (sep === ',' && f.length === 3 && /^\d+$/.test(f[2]!)) textoQtd = `${f[1]},${f[2]}`;
    const ehPrimeira = primeira;
    primeira = false;
    if (textoQtd === undefined) {
      if (codigo === '') erros.push({ linha: numero, codigo: null, mensagem: 'Código do produto vazio.' });
      else linhas.push({ linha: numero, codigo, quantidade: ESCALA });
      continue;
    }
    const q = lerQuantidadeContada(textoQtd);
    // A header ('codigo;quantidade', 'EAN;QTD'): the first line, both fields words naming the columns.
    if (ehPrimeira && 'erro' in q && /[a-zA-ZÀ-ÿ]/.test(textoQtd) && CABECALHO.test(codigo)) continue;
    if (codigo === '') {
      erros.push({ linha: numero, codigo: null, mensagem: 'Código do produto vazio.' });
      continue;
    }
    if (codigo.length > 60) {
      erros.push({ linha: numero, codigo: codigo.slice(0, 60), mensagem: 'Código longo demais.' });
      continue;
    }
    if ('erro' in q) erros.push({ linha: numero, codigo, mensagem: q.erro });
    else linhas.push({ linha: numero, codigo, quantidade: q.quantidade });
  }
  if (!linhas.length && !erros.length) {
    erros.push({ linha: 1, codigo: null, mensagem: 'O arquivo não tem nenhuma linha de contagem.' });
  }
  return { linhas, erros };
}

// ---------------------------------------------------------------------------------------------------------
// Differences and their value

export type TratamentoNaoContados = 'ignorar' | 'zerar';

export interface LinhaParaDiferenca {
  produto: string;
  /** Counted quantity at 6 decimals; null = not counted. */
  contada: bigint | null;
  /** Ledger balance at the count's date, at 6 decimals. */
  saldo: bigint;
  /** Average cost at the count's date, at 6 decimals. */
  custoMedio: bigint;
  /** The product's registered cost (produtoGeral.custo) at 6 decimals, if any. */
  custoCadastro: bigint | null;
}

export interface DiferencaCalculada {
  produto: string;
  contada: bigint;
  saldo: bigint;
  diferenca: bigint;
  /** Unit cost the adjustment is valued at. */
  custo: bigint;
  /** The adjustment brings its own cost (see custoDoAjuste); otherwise it carries the average. */
  custoInformado: boolean;
  valorCentavos: bigint;
}

/**
 * The cost of an adjustment. A shortage leaves at the average (as every exit). A surplus enters at the
 * average too, so the average does not move (the units were always there; the count only finds them) —
 * except when there is no average yet (a product never received in the store): then it enters at the
 * product's registered cost, so found stock is not valued at zero and the next exits carry a real cost.
 */
export function custoDoAjuste(
  diferenca: bigint,
  custoMedio: bigint,
  custoCadastro: bigint | null,
): { custo: bigint; informado: boolean } {
  if (diferenca > 0n && custoMedio === 0n && custoCadastro !== null && custoCadastro > 0n) {
    return { custo: custoCadastro, informado: true };
  }
  return { custo: custoMedio, informado: false };
}

export interface TotaisDiferencas {
  /** Σ value of the surpluses (positive), in cents. */
  sobraCentavos: bigint;
  /** Σ value of the shortages (negative), in cents. */
  faltaCentavos: bigint;
  itensComDiferenca: number;
  itensSobra: number;
  itensFalta: number;
  naoContados: number;
}

const abs = (v: bigint) => (v < 0n ? -v : v);

/**
 * The differences of a count: counted − balance at the count's date, valued as the ledger will value the
 * adjustment (quantity × cost, rounded half away from zero), sorted by absolute value, then absolute
 * quantity, then product. Lines not counted are left out (`ignorar`) or counted as zero (`zerar`).
 */
export function calcularDiferencas(
  linhas: readonly LinhaParaDiferenca[],
  naoContados: TratamentoNaoContados = 'ignorar',
): { diferencas: DiferencaCalculada[]; totais: TotaisDiferencas } {
  const diferencas: DiferencaCalculada[] = [];
  const totais: TotaisDiferencas = {
    sobraCentavos: 0n,
    faltaCentavos: 0n,
    itensComDiferenca: 0,
    itensSobra: 0,
    itensFalta: 0,
    naoContados: 0,
  };
  for (const l of linhas) {
    if (l.contada === null) totais.naoContados++;
    const contada = l.contada ?? (naoContados === 'zerar' ? 0n : null);
    if (contada === null) continue;
    const diferenca = contada - l.saldo;
    if (diferenca === 0n) continue;
    const { custo, informado } = custoDoAjuste(diferenca, l.custoMedio, l.custoCadastro);
    const valorCentavos = valorDoMovimento(diferenca, custo);
    diferencas.push({
      produto: l.produto,
      contada,
      saldo: l.saldo,
      diferenca,
      custo,
      custoInformado: informado,
      valorCentavos,
    });
    totais.itensComDiferenca++;
    if (diferenca > 0n) {
      totais.itensSobra++;
      totais.sobraCentavos += valorCentavos;
    } else {
      totais.itensFalta++;
      totais.faltaCentavos += valorCentavos;
    }
  }
  diferencas.sort((a, b) => {
    const v = abs(b.valorCentavos) - abs(a.valorCentavos);
    if (v !== 0n) return v > 0n ? 1 : -1;
    const q = abs(b.diferenca) - abs(a.diferenca);
    if (q !== 0n) return q > 0n ? 1 : -1;
    return a.produto < b.produto ? -1 : a.produto > b.produto ? 1 : 0;
  });
  return { diferencas, totais };
}

// ---------------------------------------------------------------------------------------------------------
// API shapes

const id = z.string().regex(/^[0-9a-f]{24}$/, 'Id inválido');
const ref = z.union([id, z.object({ _id: id }).transform((o) => o._id)]);

const zInstante = z
  .string()
  .max(40)
  .refine((v) => lerDataIso(v) !== undefined, 'Data inválida!')
  .transform((v) => new Date(v).toISOString());

export const filtroInventarioSchema = z.object({
  /**
   * 'controlados': products the store controls (estoqueCadastro says so, or the product has stock history in
   * the store and no estoqueCadastro saying it is not controlled); 'todos': every active product not marked
   * as not controlled (a store's first count).
   */
  produtos: z.enum(['controlados', 'todos']).default('controlados'),
  /** Products of these categories or families (and of their sub-groups); empty = every group. */
  agrupadores: z.array(id).max(500).default([]),
  /** Locations of estoqueCadastro in the store; empty = every location (and products without one). */
  localizacoes: z.array(zTexto(60)).max(500).default([]),
  /** Only products whose balance at the count's date is not zero. */
  somenteComSaldo: z.boolean().default(false),
});
export type FiltroInventario = z.infer<typeof filtroInventarioSchema>;

export const criarInventarioSchema = z.object({
  /** Made by the client: a second send (double click, retry) answers the count created by the first. */
  _id: id,
  empresa: ref,
  /** When the count happened (the shelf was counted at this instant); default now. Never in the future. */
  data: zInstante.optional(),
  descricao: zTexto(100).optional(),
  /** Blind count: the counting screens never receive the system quantity. */
  cega: z.boolean().default(false),
  filtro: filtroInventarioSchema.default({
    produtos: 'controlados',
    agrupadores: [],
    localizacoes: [],
    somenteComSaldo: false,
  }),
  observacao: zTexto(500).optional(),
});
export type CriarInventario = z.infer<typeof criarInventarioSchema>;

export const contagemInventarioSchema = z.object({
  itens: z
    .array(
      z.object({
        produto: ref,
        /** null clears the line (back to not counted). */
        quantidade: zQuantidadeContada.nullable(),
      }),
    )
    .min(1, 'Informe ao menos um produto.')
    .max(20_000, 'No máximo 20.000 produtos por envio.'),
  /** Adds to what was already counted (a second shelf of the product) instead of replacing it. */
  somar: z.boolean().default(false),
});
export type ContagemInventario = z.infer<typeof contagemInventarioSchema>;

export const importarContagemSchema = z.object({
  /** The file's text (code;quantity per line). */
  conteudo: zTexto(2_000_000).refine((v) => v.trim().length > 0, 'O arquivo está vazio.'),
  somar: z.boolean().default(false),
});

export const efetivarInventarioSchema = z.object({
  /** Required when some product was not counted: leave it as it is, or count it as zero. */
  naoContados: z.enum(['ignorar', 'zerar']).optional(),
});

export const cancelarInventarioSchema = z.object({
  motivo: zTexto(300).refine((v) => v.trim().length > 0, 'Informe o motivo do cancelamento.'),
});

export const estornarInventarioSchema = z.object({
  motivo: zTexto(300).refine((v) => v.trim().length > 0, 'Informe o motivo do estorno.'),
});

export const listaInventarioConsultaSchema = z.object({
  empresa: id.optional(),
  status: z.enum(STATUS_INVENTARIO).optional(),
  pagina: z.coerce.number().int().min(1).max(100000).default(1),
  limite: z.coerce.number().int().min(1).max(200).default(50),
});

export const relatorioInventarioConsultaSchema = z.object({
  empresa: z.union([id, z.array(id).max(200)]).optional(),
  dataInicial: zInstante,
  dataFinal: zInstante,
});

export interface InventarioResumo {
  _id: string;
  numero: number;
  empresa: { _id: string; descricao: string };
  descricao: string | null;
  data: string;
  status: StatusInventario;
  cega: boolean;
  filtro: FiltroInventario;
  observacao: string | null;
  itens: number;
  contados: number;
  /** Stored when posted: Σ surplus and Σ shortage values. */
  valorSobra: string | null;
  valorFalta: string | null;
  criadoPor: { _id: string; nome: string } | null;
  createdAt: string;
  conferidoPor: { _id: string; nome: string } | null;
  conferidoEm: string | null;
  efetivadoPor: { _id: string; nome: string } | null;
  efetivadoEm: string | null;
  canceladoPor: { _id: string; nome: string } | null;
  canceladoEm: string | null;
  motivoCancelamento: string | null;
  estornadoPor: { _id: string; nome: string } | null;
  estornadoEm: string | null;
  motivoEstorno: string | null;
}

export interface ItemInventario {
  produto: {
    _id: string;
    descricao: string;
    codigoInterno: number | null;
    gtin: string | null;
    unidade: string | null;
  };
  localizacao: string | null;
  /** null = not counted yet. */
  quantidade: string | null;
  contadoEm: string | null;
  /** Balance at the count's date when it was created; absent in a blind count. */
  saldoSistema?: string;
}

export interface DiferencaInventario {
  produto: ItemInventario['produto'];
  localizacao: string | null;
  contada: string;
  /** Balance at the count's date (now, or when posted). */
  saldo: string;
  diferenca: string;
  custo: string;
  custoInformado: boolean;
  valor: string;
  movimento: string | null;
}

export interface RevisaoInventario {
  inventario: InventarioResumo;
  diferencas: DiferencaInventario[];
  totais: {
    sobra: string;
    falta: string;
    liquido: string;
    itensComDiferenca: number;
    itensSobra: number;
    itensFalta: number;
    naoContados: number;
    itens: number;
  };
  /** Moves written after the count was created but dated before it (sales synced late...): why the
   * balance at the count's date differs from the snapshot taken at creation. */
  movimentosDepoisDoInstantaneo: number;
}

export interface LinhaRelatorioInventario {
  inventario: string;
  numero: number;
  empresa: { _id: string; descricao: string };
  data: string;
  efetivadoEm: string;
  descricao: string | null;
  itens: number;
  itensComDiferenca: number;
  valorSobra: string;
  valorFalta: string;
  valorLiquido: string;
}

/** Quantity at 6 decimals for the API (same text the ledger writes). */
export const quantidadeTexto = (q: bigint) => escreverEstoque(q);
