import { md5 } from 'js-md5';
import { z } from 'zod';
import { idSchema } from '../venda/esquemas.ts';

// The default report filter of spec 1 §3 and the default period of §9, shared by server and web. Pure: the clock
// comes in as `agora`. Times are in the fixed offset -03:00 (spec §9), never in the machine's zone.

/** Spec §9: "Timezone offset -03:00". Milliseconds to add to an UTC instant to read the local wall clock. */
export const DESLOCAMENTO_RELATORIO_MS = -3 * 3_600_000;

/** Spec §4 sale status ids; §9 default report status [59] (ended). */
export const STATUS_VENDA_RELATORIO = [57, 58, 59, 60, 61] as const;
export const TIPOS_VENDA_RELATORIO = [53, 54, 55, 56] as const;
/** Spec §3 order origin 68-77. */
export const LOCAIS_PEDIDO_RELATORIO = [68, 69, 70, 71, 72, 73, 74, 75, 76, 77] as const;
/** Fiscal document model of the sale: NFC-e (65), NF-e (55) or none issued. */
export const MODELOS_NOTA_RELATORIO = ['65', '55', 'semNota'] as const;

/** The only operators a hand-built `filtroDinamico` may use (anything else is refused, never passed to SQL). */
export const OPERADORES_FILTRO = [
  'igual',
  'diferente',
  'maior',
  'maiorIgual',
  'menor',
  'menorIgual',
  'entre',
  'em',
  'naoEm',
  'contem',
] as const;
export type OperadorFiltro = (typeof OPERADORES_FILTRO)[number];

export const MENSAGENS_FILTRO = {
  dataInvalida: 'Data inválida: use o formato AAAA-MM-DD.',
  horaInvalida: 'Hora inválida: use o formato HH:mm.',
  horaInicioCheia: 'A hora inicial deve ser uma hora cheia (ex.: 11:00).',
  horaFimCheia: 'A hora final deve terminar em 59 minutos (ex.: 14:59).',
  dataFimAntesInicio: 'A data final não pode ser anterior à data inicial.',
  periodoLongo: 'O período do relatório não pode passar de 366 dias.',
  empresaDesconhecida: 'Empresa não encontrada ou sem permissão para este relatório.',
  operadorNaoPermitido: (op: string) => `Operador de filtro não permitido: ${op}.`,
  campoNaoPermitido: (campo: string) => `Campo de filtro não permitido: ${campo}.`,
  valorFiltro: (campo: string) => `Valor inválido no filtro do campo ${campo}.`,
  muitosFiltros: 'No máximo 20 condições no filtro.',
} as const;

/** Longest period a report accepts (a year-long report is fine; the detail is paginated). */
export const DIAS_MAXIMOS_RELATORIO = 366;

const dataSchema = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, MENSAGENS_FILTRO.dataInvalida)
  .refine(
    (d) =>
      !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d),
    {
      message: MENSAGENS_FILTRO.dataInvalida,
    },
  );
const horaSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, MENSAGENS_FILTRO.horaInvalida);

const valorSimples = z.union([z.string().max(200), z.number().finite(), z.boolean()]);

/**
 * One hand-built condition. `campo` names a dimension or a measure of the report's rows (the server knows each
 * report's fields and refuses the others with `campoNaoPermitido`); `operador` must be in OPERADORES_FILTRO.
 * Conditions on dimensions restrict which rows are read; conditions on measures filter the grouped rows.
 */
export const condicaoFiltroSchema = z.object({
  campo: z.string().min(1).max(60),
  operador: z.string().min(1).max(30),
  valor: z.union([valorSimples, z.array(valorSimples).max(500)]),
});
export type CondicaoFiltro = z.infer<typeof condicaoFiltroSchema>;

const ids = z.array(idSchema).max(2000);

const filtroBase = z.object({
  filtroDinamico: z.array(condicaoFiltroSchema).max(20, MENSAGENS_FILTRO.muitosFiltros).default([]),
  /** Empty = every store of the user for this report's permission (getEmpresasUsuario, permission 425). */
  empresasSelecionada: ids.default([]),
  listaProdutos: ids.default([]),
  statusVenda: z.array(z.number().int().min(57).max(61)).max(5).default([59]),
  localPedido: z.array(z.number().int().min(68).max(77)).max(10).default([]),
  tipoVenda: z.array(z.number().int().min(53).max(56)).max(4).default([]),
  terminal: ids.default([]),
  tipoModeloNota: z.array(z.enum(MODELOS_NOTA_RELATORIO)).max(3).default([]),
  /** Customers (pessoa of the sale). */
  pessoa: ids.default([]),
  /** Suppliers: only sales with a product of these suppliers (product reports: only those products). */
  fornecedor: ids.default([]),
  atendentes: ids.default([]),
  dataInicio: dataSchema,
  dataFim: dataSchema,
  horaInicio: horaSchema.default('00:00'),
  horaFim: horaSchema.default('23:59'),
});

/** Days between two 'YYYY-MM-DD' (b - a). */
function diasEntre(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

/**
 * The default report filter (spec 1 §3). Refusals in pt-BR: dataFim before dataInicio, more than a year,
 * operators outside the whitelist. Hours are a daily window at hour grain (the aggregates are hourly, so
 * every figure stays exact): horaInicio on the hour, horaFim at :59; horaInicio after horaFim is a window that
 * crosses midnight (e.g. 18:00-01:59).
 */
export const filtroRelatorioSchema = filtroBase.superRefine((f, ctx) => {
  if (f.dataFim < f.dataInicio) {
    ctx.addIssue({ code: 'custom', path: ['dataFim'], message: MENSAGENS_FILTRO.dataFimAntesInicio });
  } else if (diasEntre(f.dataInicio, f.dataFim) >= DIAS_MAXIMOS_RELATORIO) {
    ctx.addIssue({ code: 'custom', path: ['dataFim'], message: MENSAGENS_FILTRO.periodoLongo });
  }
  if (!f.horaInicio.endsWith(':00')) {
    ctx.addIssue({ code: 'custom', path: ['horaInicio'], message: MENSAGENS_FILTRO.horaInicioCheia });
  }
  if (!f.horaFim.endsWith(':59')) {
    ctx.addIssue({ code: 'custom', path: ['horaFim'], message: MENSAGENS_FILTRO.horaFimCheia });
  }
  f.filtroDinamico.forEach((c, i) => {
    if (!(OPERADORES_FILTRO as readonly string[]).includes(c.operador)) {
      ctx.addIssue({
        code: 'custom',
        path: ['filtroDinamico', i, 'operador'],
        message: MENSAGENS_FILTRO.operadorNaoPermitido(c.operador),
      });
      return;
    }
    const lista = Array.isArray(c.valor);
    const precisaLista = c.operador === 'em' || c.operador === 'naoEm' || c.operador === 'entre';
    if (lista !== precisaLista || (c.operador === 'entre' && (c.valor as unknown[]).length !== 2)) {
      ctx.addIssue({
        code: 'custom',
        path: ['filtroDinamico', i, 'valor'],
        message: MENSAGENS_FILTRO.valorFiltro(c.campo),
      });
    }
  });
});
/** What a client sends (defaults may be left out). */
export type FiltroRelatorioEntrada = z.input<typeof filtroRelatorioSchema>;
/** What the server works with (defaults filled in). */
export type FiltroRelatorio = z.output<typeof filtroRelatorioSchema>;

const dois = (n: number) => String(n).padStart(2, '0');
/** Wall-clock date (-03:00) of an instant, 'YYYY-MM-DD'. */
export function diaLocal(instante: Date): string {
  const d = new Date(instante.getTime() + DESLOCAMENTO_RELATORIO_MS);
  return `${d.getUTCFullYear()}-${dois(d.getUTCMonth() + 1)}-${dois(d.getUTCDate())}`;
}

/** Spec §9: start of the previous month to the end of the current one, 00:00-23:59, status 59. */
export function periodoPadraoRelatorio(agora: Date): FiltroRelatorio {
  const d = new Date(agora.getTime() + DESLOCAMENTO_RELATORIO_MS);
  const ano = d.getUTCFullYear();
  const mes = d.getUTCMonth(); // 0-11
  const inicio = new Date(Date.UTC(ano, mes - 1, 1));
  const fim = new Date(Date.UTC(ano, mes + 1, 0)); // day 0 of next month = last day of this one
  const iso = (x: Date) => `${x.getUTCFullYear()}-${dois(x.getUTCMonth() + 1)}-${dois(x.getUTCDate())}`;
  return filtroRelatorioSchema.parse({ dataInicio: iso(inicio), dataFim: iso(fim) });
}

/** Hours of the day (0-23) inside the filter's daily window. */
export function horasDoFiltro(f: Pick<FiltroRelatorio, 'horaInicio' | 'horaFim'>): number[] {
  const hi = Number(f.horaInicio.slice(0, 2));
  const hf = Number(f.horaFim.slice(0, 2));
  const horas: number[] = [];
  for (let h = 0; h < 24; h++) if (hi <= hf ? h >= hi && h <= hf : h >= hi || h <= hf) horas.push(h);
  return horas;
}

/** UTC instants bounding the period: [inicio, fim) from dataInicio 00:00 to the day after dataFim 00:00, -03:00. */
export function limitesDoPeriodo(f: Pick<FiltroRelatorio, 'dataInicio' | 'dataFim'>): {
  inicio: Date;
  fim: Date;
} {
  const inicio = new Date(Date.parse(`${f.dataInicio}T00:00:00Z`) - DESLOCAMENTO_RELATORIO_MS);
  const fim = new Date(Date.parse(`${f.dataFim}T00:00:00Z`) + 86_400_000 - DESLOCAMENTO_RELATORIO_MS);
  return { inicio, fim };
}

/** `dia` ('YYYY-MM-DD') moved by `dias` days and `meses` months; a day past the month's end falls on its last day
 * (31/03 - 1 month = 28/02 or 29/02), then the days are added. */
export function deslocarDia(dia: string, dias: number, meses = 0): string {
  const [a, m, d] = dia.split('-').map(Number) as [number, number, number];
  const alvo = new Date(Date.UTC(a, m - 1 + meses, 1));
  const ultimo = new Date(Date.UTC(alvo.getUTCFullYear(), alvo.getUTCMonth() + 1, 0)).getUTCDate();
  alvo.setUTCDate(Math.min(d, ultimo) + dias);
  return `${alvo.getUTCFullYear()}-${dois(alvo.getUTCMonth() + 1)}-${dois(alvo.getUTCDate())}`;
}

/** The dashboards' comparison periods: the same period a week, a month and a year back. */
export const COMPARACOES_PERIODO = {
  semanaAnterior: { dias: -7, meses: 0 },
  mesAnterior: { dias: 0, meses: -1 },
  anoAnterior: { dias: 0, meses: -12 },
} as const;
export type ComparacaoPeriodo = keyof typeof COMPARACOES_PERIODO;

/** The period shifted back as `c` says (both ends shifted; a month back may be shorter or longer by days). */
export function periodoComparado<P extends Pick<FiltroRelatorio, 'dataInicio' | 'dataFim'>>(
  p: P,
  c: ComparacaoPeriodo,
): P {
  const { dias, meses } = COMPARACOES_PERIODO[c];
  return {
    ...p,
    dataInicio: deslocarDia(p.dataInicio, dias, meses),
    dataFim: deslocarDia(p.dataFim, dias, meses),
  };
}

/** Every day of the period, in order. */
export function diasDoPeriodo(p: Pick<FiltroRelatorio, 'dataInicio' | 'dataFim'>): string[] {
  const dias: string[] = [];
  for (let d = p.dataInicio; d <= p.dataFim; d = deslocarDia(d, 1)) dias.push(d);
  return dias;
}

/** Store ids asked for that the user may not see (the server refuses them with `empresaDesconhecida`). */
export function empresasDesconhecidas(pedidas: readonly string[], permitidas: readonly string[]): string[] {
  const ok = new Set(permitidas);
  return pedidas.filter((e) => !ok.has(e));
}

/** JSON with keys sorted at every level, so equal values give equal text whatever the key order. */
export function jsonCanonico(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(jsonCanonico).join(',')}]`;
  if (v !== null && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    return `{${Object.keys(o)
      .filter((k) => o[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${jsonCanonico(o[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v) ?? 'null';
}

/**
 * Spec §7 "Report filter draws: hash of values uses md5": the cache key of a report's results (the web keeps them
 * in IndexedDB 'relatorioBaseDB'). The report name and whatever else shapes the answer (grouping, page) go in
 * `extra`; the filter is normalised first (defaults filled, lists sorted) so the same choice gives the same key.
 */
export function chaveCacheRelatorio(
  relatorio: string,
  filtro: FiltroRelatorioEntrada,
  extra: unknown = null,
): string {
  const f = filtroRelatorioSchema.parse(filtro);
  const ordenado = {
    ...f,
    empresasSelecionada: [...f.empresasSelecionada].sort(),
    listaProdutos: [...f.listaProdutos].sort(),
    statusVenda: [...f.statusVenda].sort((a, b) => a - b),
    localPedido: [...f.localPedido].sort((a, b) => a - b),
    tipoVenda: [...f.tipoVenda].sort((a, b) => a - b),
    terminal: [...f.terminal].sort(),
    tipoModeloNota: [...f.tipoModeloNota].sort(),
    pessoa: [...f.pessoa].sort(),
    fornecedor: [...f.fornecedor].sort(),
    atendentes: [...f.atendentes].sort(),
  };
  return md5(jsonCanonico({ relatorio, filtro: ordenado, extra }));
}

/** IndexedDB database of the web's report cache (spec §9). */
export const BANCO_CACHE_RELATORIOS = 'relatorioBaseDB';
