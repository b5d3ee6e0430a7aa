import { z } from 'zod';
import { lerDataIso } from '../validadores/entrada.ts';
import type { NaturezaPlano } from './plano-padrao.ts';
import { diasEntre, somarDias, somarMeses } from './titulos.ts';

// The DRE (Demonstração do Resultado) by the chart of accounts (issue 18, relatorioFinanceiroPlanoDeContas and its
// month-column version ...Teste). The server sums what happened per (plano, loja, mês, período); this file rolls it
// up the tree and writes the result lines. Values are signed by the money's direction, not by the node's natureza:
// what came in is positive, what went out negative (a refund booked under a revenue node lowers the revenue).
// Result lines, by the root codes of the default chart (plano-padrao.ts):
//   Receita líquida = 1 + 2 (deductions are negative), Lucro bruto = RL + 3, Resultado operacional = LB + 4,
//   Resultado líquido = RO + 5 + any other root (a group's own roots and what has no node count at the end).
// Percentages are of the gross revenue (root 1): the vertical analysis a Brazilian owner reads on a DRE.

const id = z.string().regex(/^[0-9a-f]{24}$/, 'Id inválido');
const DIA = /^\d{4}-\d{2}-\d{2}$/;
const diaValido = (v: string) => DIA.test(v) && lerDataIso(v) !== undefined;

export const REGIMES_DRE = ['competencia', 'caixa'] as const;
export type RegimeDre = (typeof REGIMES_DRE)[number];

/** The DRE's request: São Paulo days, both included, at most 366 days (the stock reports' rule and message). */
export const dreConsultaSchema = z
  .object({
    empresas: z.array(id).max(200).optional(),
    dataInicio: z.string().max(40).refine(diaValido, 'Data inicial inválida!'),
    dataFim: z.string().max(40).refine(diaValido, 'Data final inválida!'),
    regime: z.enum(REGIMES_DRE, { error: 'Regime inválido: competencia ou caixa.' }),
    comparar: z.boolean().optional(),
  })
  .refine(
    (p) => {
      const dias = diasEntre(p.dataInicio, p.dataFim) + 1;
      return dias > 0 && dias <= 366;
    },
    { message: 'Período inválido: informe a data inicial antes da final (até 366 dias).', path: ['dataFim'] },
  );
export type DreConsulta = z.infer<typeof dreConsultaSchema>;

/** A node of the group's chart as the DRE reads it. */
export interface PlanoDre {
  _id: string;
  codigo: string;
  descricao: string;
  natureza: NaturezaPlano;
  pai: string | null;
}

/** One sum the server read: under `plano` (null: no node), in a store, a month ('YYYY-MM'), this period or the previous. */
export interface SomaDre {
  plano: string | null;
  empresa: string;
  mes: string;
  anterior: boolean;
  /** Signed decimal text, 2 places. */
  valor: string;
}

/** Figures of one line: the period, per store and per month (same order as the report's), the previous period. */
export interface ValoresDre {
  valor: string;
  /** Share of the gross revenue, percent with 2 places; null without revenue. */
  percentual: string | null;
  porEmpresa: string[];
  porMes: string[];
  anterior?: string;
  /** (valor − anterior) / |anterior|, percent with 2 places; null when the previous is zero. */
  variacao?: string | null;
}

export interface LinhaContaDre extends ValoresDre {
  tipo: 'conta';
  /** The node's id ('sem-plano' for what has no node). */
  _id: string;
  codigo: string;
  descricao: string;
  natureza: NaturezaPlano;
  nivel: number;
  filhos?: LinhaContaDre[];
}

export const RESULTADOS_DRE = [
  ['receitaLiquida', '(=) Receita líquida'],
  ['lucroBruto', '(=) Lucro bruto'],
  ['resultadoOperacional', '(=) Resultado operacional'],
  ['resultadoLiquido', '(=) Resultado líquido'],
] as const;
export type ChaveResultadoDre = (typeof RESULTADOS_DRE)[number][0];

export interface LinhaResultadoDre extends ValoresDre {
  tipo: 'resultado';
  _id: ChaveResultadoDre;
  descricao: string;
}

export type LinhaDre = LinhaContaDre | LinhaResultadoDre;

export interface RelatorioDre {
  regime: RegimeDre;
  periodo: { inicio: string; fim: string };
  anterior?: { inicio: string; fim: string };
  empresas: { _id: string; descricao: string }[];
  /** 'YYYY-MM' of each month of the period (the month columns). */
  meses: string[];
  /** Roots and result lines in reading order: 1, 2, =RL, 3, =LB, 4, =RO, 5, others, =RLíq. */
  linhas: LinhaDre[];
  receitaBruta: string;
  resultadoLiquido: string;
}

export const SEM_PLANO = 'sem-plano';

// ---- money in cents (bigint: a year of a chain's movements never loses a cent) ----

export function centavosDre(v: string): bigint {
  const t = v.trim();
  const m = /^(-)?(\d+)(?:\.(\d{1,}))?$/.exec(t);
  if (!m) throw new Error(`valor inválido: ${v}`);
  const dec = (m[3] ?? '').padEnd(2, '0');
  // Sums come from numeric(18,2): more places are only zeros; round half away from zero anyway.
  let c = BigInt(m[2]!) * 100n + BigInt(dec.slice(0, 2));
  if (dec.length > 2 && Number(dec[2]) >= 5) c += 1n;
  return m[1] ? -c : c;
}

export function textoCentavos(c: bigint): string {
  const abs = c < 0n ? -c : c;
  const t = `${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
  return c < 0n ? `-${t}` : t;
}

/** a / b in percent with 2 places, rounded half away from zero; null when b is zero. */
export function percentualDre(a: bigint, b: bigint): string | null {
  if (b === 0n) return null;
  const num = a * 1_000_000n;
  const q = num / b;
  // q is the percentage × 10⁴; keep 2 places rounding half away from zero.
  const neg = q < 0n;
  const abs = neg ? -q : q;
  const r = (abs + 50n) / 100n;
  const t = `${r / 100n}.${String(r % 100n).padStart(2, '0')}`;
  return neg && r !== 0n ? `-${t}` : t;
}

// ---- periods ----

const ultimoDiaDoMes = (dia: string) => {
  const [a, m] = dia.split('-').map(Number) as [number, number];
  return `${dia.slice(0, 7)}-${String(new Date(Date.UTC(a, m, 0)).getUTCDate()).padStart(2, '0')}`;
};

/**
 * The period before: whole months give the same number of whole months before (March → February, Q2 → Q1);
 * otherwise the same number of days ending the day before.
 */
export function periodoAnteriorDre(inicio: string, fim: string): { inicio: string; fim: string } {
  if (inicio.endsWith('-01') && fim === ultimoDiaDoMes(fim)) {
    const meses = mesesEntre(inicio, fim).length;
    const ini = somarMeses(inicio, -meses);
    return { inicio: ini, fim: somarDias(inicio, -1) };
  }
  const dias = diasEntre(inicio, fim) + 1;
  return { inicio: somarDias(inicio, -dias), fim: somarDias(inicio, -1) };
}

/** 'YYYY-MM' of every month touched by the period. */
export function mesesEntre(inicio: string, fim: string): string[] {
  const meses: string[] = [];
  for (
    let d = `${inicio.slice(0, 7)}-01`;
    d.slice(0, 7) <= fim.slice(0, 7) && meses.length < 24;
    d = somarMeses(d, 1)
  )
    meses.push(d.slice(0, 7));
  return meses;
}

// ---- the tree ----

interface Acumulado {
  valor: bigint;
  anterior: bigint;
  porEmpresa: bigint[];
  porMes: bigint[];
}

const zeros = (n: number) => Array.from({ length: n }, () => 0n);

/** Orders chart codes as numbers per segment ('4.10' after '4.9'). */
export function compararCodigos(a: string, b: string): number {
  const pa = a.split('.');
  const pb = b.split('.');
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const x = pa[i];
    const y = pb[i];
    if (x === undefined) return -1;
    if (y === undefined) return 1;
    const nx = Number(x);
    const ny = Number(y);
    if (Number.isFinite(nx) && Number.isFinite(ny) && nx !== ny) return nx - ny;
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}

export interface EntradaDre {
  regime: RegimeDre;
  inicio: string;
  fim: string;
  comparar: boolean;
  empresas: { _id: string; descricao: string }[];
  plano: readonly PlanoDre[];
  somas: readonly SomaDre[];
}

/** Rolls the sums up the chart and writes the DRE. Nodes without any value in either period are left out. */
export function montarDre(e: EntradaDre): RelatorioDre {
  const meses = mesesEntre(e.inicio, e.fim);
  const idxMes = new Map(meses.map((m, i) => [m, i]));
  const idxEmpresa = new Map(e.empresas.map((x, i) => [x._id, i]));
  const nos = new Map(e.plano.map((p) => [p._id, p]));
  const acumulado = new Map<string, Acumulado>();
  const acc = (chave: string) => {
    let a = acumulado.get(chave);
    if (!a) {
      a = { valor: 0n, anterior: 0n, porEmpresa: zeros(e.empresas.length), porMes: zeros(meses.length) };
      acumulado.set(chave, a);
    }
    return a;
  };

  for (const s of e.somas) {
    const v = centavosDre(s.valor);
    if (v === 0n) continue;
    const folha = s.plano && nos.has(s.plano) ? s.plano : SEM_PLANO;
    // The node and each ancestor (a cycle cannot be written, but never loop on one).
    const vistos = new Set<string>();
    for (let no: string | null = folha; no && !vistos.has(no); no = nos.get(no)?.pai ?? null) {
      vistos.add(no);
      const a = acc(no);
      if (s.anterior) {
        a.anterior += v;
        continue;
      }
      a.valor += v;
      const ie = idxEmpresa.get(s.empresa);
      if (ie !== undefined) a.porEmpresa[ie]! += v;
      const im = idxMes.get(s.mes);
      if (im !== undefined) a.porMes[im]! += v;
    }
  }

  const filhosDe = new Map<string | null, PlanoDre[]>();
  for (const p of e.plano) {
    const pai = p.pai && nos.has(p.pai) ? p.pai : null;
    const lista = filhosDe.get(pai) ?? [];
    lista.push(p);
    filhosDe.set(pai, lista);
  }
  for (const l of filhosDe.values()) l.sort((a, b) => compararCodigos(a.codigo, b.codigo));

  const raiz1 = filhosDe.get(null)?.find((p) => p.codigo === '1');
  const receitaBruta = raiz1 ? (acumulado.get(raiz1._id)?.valor ?? 0n) : 0n;

  const valores = (a: Acumulado): ValoresDre => ({
    valor: textoCentavos(a.valor),
    percentual: percentualDre(a.valor, receitaBruta),
    porEmpresa: a.porEmpresa.map(textoCentavos),
    porMes: a.porMes.map(textoCentavos),
    ...(e.comparar
      ? {
          anterior: textoCentavos(a.anterior),
          variacao: percentualDre(a.valor - a.anterior, a.anterior < 0n ? -a.anterior : a.anterior),
        }
      : {}),
  });

  const usado = (no: string) => {
    const a = acumulado.get(no);
    return a !== undefined && (a.valor !== 0n || (e.comparar && a.anterior !== 0n));
  };

  const linhaDe = (p: PlanoDre, nivel: number): LinhaContaDre => {
    const filhos = (filhosDe.get(p._id) ?? []).filter((f) => usado(f._id)).map((f) => linhaDe(f, nivel + 1));
    return {
      tipo: 'conta',
      _id: p._id,
      codigo: p.codigo,
      descricao: p.descricao,
      natureza: p.natureza,
      nivel,
      ...valores(acumulado.get(p._id)!),
      ...(filhos.length ? { filhos } : {}),
    };
  };

  const raizes = filhosDe.get(null) ?? [];
  const total: Acumulado = {
    valor: 0n,
    anterior: 0n,
    porEmpresa: zeros(e.empresas.length),
    porMes: zeros(meses.length),
  };
  const somar = (no: string) => {
    const a = acumulado.get(no);
    if (!a) return;
    total.valor += a.valor;
    total.anterior += a.anterior;
    a.porEmpresa.forEach((v, i) => {
      total.porEmpresa[i]! += v;
    });
    a.porMes.forEach((v, i) => {
      total.porMes[i]! += v;
    });
  };
  const resultado = (chave: ChaveResultadoDre): LinhaResultadoDre => ({
    tipo: 'resultado',
    _id: chave,
    descricao: RESULTADOS_DRE.find(([c]) => c === chave)![1],
    ...valores(total),
  });

  const linhas: LinhaDre[] = [];
  const raiz = (codigo: string) => {
    const p = raizes.find((r) => r.codigo === codigo);
    if (!p) return;
    somar(p._id);
    if (usado(p._id)) linhas.push(linhaDe(p, 0));
  };
  raiz('1');
  raiz('2');
  linhas.push(resultado('receitaLiquida'));
  raiz('3');
  linhas.push(resultado('lucroBruto'));
  raiz('4');
  linhas.push(resultado('resultadoOperacional'));
  raiz('5');
  for (const p of raizes) {
    if (['1', '2', '3', '4', '5'].includes(p.codigo)) continue;
    somar(p._id);
    if (usado(p._id)) linhas.push(linhaDe(p, 0));
  }
  if (usado(SEM_PLANO)) {
    somar(SEM_PLANO);
    linhas.push({
      tipo: 'conta',
      _id: SEM_PLANO,
      codigo: '',
      descricao: 'Sem plano de contas',
      natureza: acumulado.get(SEM_PLANO)!.valor >= 0n ? 'Receita' : 'Despesa',
      nivel: 0,
      ...valores(acumulado.get(SEM_PLANO)!),
    });
  }
  linhas.push(resultado('resultadoLiquido'));

  return {
    regime: e.regime,
    periodo: { inicio: e.inicio, fim: e.fim },
    ...(e.comparar ? { anterior: periodoAnteriorDre(e.inicio, e.fim) } : {}),
    empresas: e.empresas,
    meses,
    linhas,
    receitaBruta: textoCentavos(receitaBruta),
    resultadoLiquido: textoCentavos(total.valor),
  };
}
