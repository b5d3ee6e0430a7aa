import { z } from 'zod';
import { dataValida, diasNoMes, lerData } from './data.ts';

// Issue 14 point 8: what the database can hold, checked before it is asked. One rule per kind of value,
// shared by the generic resources, their filters and the sale routes, so a bad value is a pt-BR message
// naming the field instead of a database error.

/** Integer columns are PostgreSQL `integer` (4 bytes). */
export const INTEIRO_MINIMO = -2_147_483_648;
export const INTEIRO_MAXIMO = 2_147_483_647;
/** Decimal columns are numeric(18, up to 6): 12 digits before the point always fit. */
export const DECIMAL_LIMITE = 1e12;
/** Values one filter may carry (each one is a bound parameter; PostgreSQL takes at most 65,535). */
export const FILTRO_MAXIMO_VALORES = 5000;
/** The most decimal places a decimal column holds (numeric(18, 6)): more is refused, never rounded away. */
export const CASAS_DECIMAIS_MAXIMAS = 6;

export const MENSAGENS_ENTRADA = {
  textoNulo: 'Texto inválido: o caractere nulo (\\0) não é aceito.',
  textoMalformado: 'Texto inválido: contém um caractere Unicode malformado.',
  numeroNotacao: 'Valor inválido: informe um número decimal (sem 0x, 0b, 0o ou expoente).',
  numero: 'Valor inválido: informe um número.',
  inteiro: 'Valor inválido: informe um número inteiro.',
  inteiroLimite: `Valor fora do limite: informe um número entre ${INTEIRO_MINIMO} e ${INTEIRO_MAXIMO}.`,
  decimalLimite: 'Valor fora do limite: informe um número menor que 1.000.000.000.000.',
  decimal: 'Valor decimal inválido',
  data: 'Data Inválida',
  filtroValores: `Filtro inválido: no máximo ${FILTRO_MAXIMO_VALORES} valores por consulta.`,
  negativo: 'Valor inválido: não pode ser negativo.',
  positivo: 'Valor inválido: informe um valor maior que zero.',
} as const;

/** A decimal with more places than its field keeps ('1.239' for money, 2 places). */
export const mensagemCasasDecimais = (casas: number) =>
  casas === 0
    ? 'Valor inválido: informe um número sem casas decimais.'
    : `Casas decimais demais: no máximo ${casas}.`;

// A lone surrogate: JSON can carry it, UTF-8 (and so PostgreSQL) cannot.
const SURROGATE_SOLTO = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** A text PostgreSQL can store: no NUL byte, no broken UTF-16. */
export function validarTextoSeguro(texto: string): true | string {
  if (texto.includes('\u0000')) return MENSAGENS_ENTRADA.textoNulo;
  if (SURROGATE_SOLTO.test(texto)) return MENSAGENS_ENTRADA.textoMalformado;
  return true;
}

/**
 * The first text of a JSON value (keys included) that PostgreSQL cannot store, as its dotted path and
 * message; undefined when every text is fine.
 */
export function textoInseguroEm(
  valor: unknown,
  caminho = '',
): { caminho: string; mensagem: string } | undefined {
  const pilha: [unknown, string][] = [[valor, caminho]];
  while (pilha.length > 0) {
    const [atual, onde] = pilha.pop() as [unknown, string];
    if (typeof atual === 'string') {
      const r = validarTextoSeguro(atual);
      if (r !== true) return { caminho: onde, mensagem: r };
    } else if (typeof atual === 'object' && atual !== null) {
      for (const [chave, v] of Object.entries(atual)) {
        const sub = onde === '' ? chave : `${onde}.${chave}`;
        const r = validarTextoSeguro(chave);
        if (r !== true) return { caminho: sub, mensagem: r };
        pilha.push([v, sub]);
      }
    }
  }
  return undefined;
}

// Plain decimal notation only: Number() would also read '0x1F', '0b11', '0o7', '1e400' and ' '.
const DECIMAL_TEXTO = /^-?(\d+(\.\d*)?|\.\d+)$/;

export type LeituraNumero = { numero: number; texto: string } | { erro: string };

/**
 * Reads a number sent by a client (a JSON number or its decimal text) within the column's limits.
 * `texto` is what the database receives, with no float round trip for decimals.
 */
export function lerNumeroEntrada(valor: unknown, opcoes: { inteiro?: boolean } = {}): LeituraNumero {
  let numero: number;
  let texto: string;
  if (typeof valor === 'number') {
    if (!Number.isFinite(valor)) return { erro: MENSAGENS_ENTRADA.numero };
    numero = valor;
    texto = String(valor);
  } else if (typeof valor === 'string') {
    texto = valor.trim();
    if (texto.length > 40 || !DECIMAL_TEXTO.test(texto)) {
      return { erro: /^[+-]?\.?\d/.test(texto) ? MENSAGENS_ENTRADA.numeroNotacao : MENSAGENS_ENTRADA.numero };
    }
    numero = Number(texto);
  } else {
    return { erro: MENSAGENS_ENTRADA.numero };
  }
  if (opcoes.inteiro) {
    if (!Number.isInteger(numero)) return { erro: MENSAGENS_ENTRADA.inteiro };
    if (numero < INTEIRO_MINIMO || numero > INTEIRO_MAXIMO) return { erro: MENSAGENS_ENTRADA.inteiroLimite };
    return { numero, texto: String(numero) };
  }
  if (Math.abs(numero) >= DECIMAL_LIMITE) return { erro: MENSAGENS_ENTRADA.decimalLimite };
  return { numero, texto };
}

// ISO 8601 as PostgreSQL reads it: date, optional time, optional zone.
const DATA_ISO =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?(Z|[+-](\d{2}):?(\d{2}))?)?$/;

/**
 * A real calendar instant of years 1 to 9999 in ISO 8601 ('2020-02-30', year 0 or year 275760 are not),
 * answered as the text to store; undefined when it is not one.
 */
export function lerDataIso(valor: unknown): string | undefined {
  if (typeof valor !== 'string') return undefined;
  const texto = valor.trim();
  const m = DATA_ISO.exec(texto);
  if (!m) return undefined;
  const [ano, mes, dia] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (ano < 1 || mes < 1 || mes > 12 || dia < 1 || dia > diasNoMes(ano, mes)) return undefined;
  if (Number(m[4] ?? 0) > 23 || Number(m[5] ?? 0) > 59 || Number(m[6] ?? 0) > 59) return undefined;
  if (Number(m[8] ?? 0) > 14 || Number(m[9] ?? 0) > 59) return undefined;
  return texto;
}

/**
 * A date sent by a client as the text to store: ISO 8601 as sent, or DD/MM/YYYY (spec 1 section 5) turned
 * into ISO so that the database never reads it in its own date order; undefined when it is not a real day.
 */
export function lerDataEntrada(valor: unknown): string | undefined {
  const iso = lerDataIso(valor);
  if (iso !== undefined) return iso;
  const d = dataValida(valor) ? lerData(valor) : undefined;
  if (!d) return undefined;
  const p = (n: number, t = 2) => String(n).padStart(t, '0');
  return `${p(d.ano, 4)}-${p(d.mes)}-${p(d.dia)}T${p(d.hora)}:${p(d.minuto)}:${p(d.segundo)}.${p(d.milissegundo, 3)}`;
}

// Zod pieces for hand-written routes (sales), with the same rules and messages.

/** Text of at most `max` characters that the database can store. */
export const zTexto = (max: number) =>
  z
    .string({ error: 'Valor inválido: informe um texto.' })
    .max(max, { error: `Texto longo demais: no máximo ${max} caracteres.` })
    .superRefine((v, ctx) => {
      const r = validarTextoSeguro(v);
      if (r !== true) ctx.addIssue({ code: 'custom', message: r });
    });

/** Integer that fits an integer column, optionally within [min, max]. */
export const zInteiro = (min = INTEIRO_MINIMO, max = INTEIRO_MAXIMO) =>
  z
    .number({ error: MENSAGENS_ENTRADA.inteiro })
    .int({ error: MENSAGENS_ENTRADA.inteiro })
    .min(Math.max(min, INTEIRO_MINIMO), {
      error: min > INTEIRO_MINIMO ? `Valor mínimo: ${min}.` : MENSAGENS_ENTRADA.inteiroLimite,
    })
    .max(Math.min(max, INTEIRO_MAXIMO), {
      error: max < INTEIRO_MAXIMO ? `Valor máximo: ${max}.` : MENSAGENS_ENTRADA.inteiroLimite,
    });

/** Integer read from a path or query text ('12'), in decimal digits only (not '0x10' nor '1e3'). */
export const zInteiroTexto = (min = INTEIRO_MINIMO, max = INTEIRO_MAXIMO) =>
  z.union([
    zInteiro(min, max),
    z
      .string()
      .regex(/^-?\d{1,12}$/, { error: MENSAGENS_ENTRADA.numeroNotacao })
      .transform(Number)
      .pipe(zInteiro(min, max)),
  ]);

/**
 * The id of an entry of a domain catalogue, sent bare (53) or as the entry ({ id: 53 }); an id the catalogue
 * does not hold (tipoVenda 99) is refused with `mensagem`.
 */
export const zCatalogo = (catalogo: { porId(id: number): unknown }, mensagem: string) =>
  z
    .union([z.number().int(), z.object({ id: z.number().int() }).transform((o) => o.id)])
    .refine((id) => catalogo.porId(id) !== undefined, mensagem);

/**
 * A decimal of a hand-written route (money, quantity) sent as a JSON number or its text: plain decimal notation
 * below 10^12, answered as text (no float round trip; the engine reads it exactly).
 */
export const zDecimal = z
  .union([z.string().max(40), z.number()])
  .transform((v) => String(v))
  .refine((v) => /^-?\d+(\.\d+)?$/.test(v), { message: MENSAGENS_ENTRADA.decimal, abort: true })
  .refine((v) => Math.abs(Number(v)) < DECIMAL_LIMITE, MENSAGENS_ENTRADA.decimalLimite);

/** What a decimal field of a hand-written route accepts, beyond plain notation below 10^12. */
export interface OpcoesDecimal {
  /** Decimal places the field keeps (default CASAS_DECIMAIS_MAXIMAS). */
  casas?: number;
  /** Smallest value (0: no negatives). */
  minimo?: number;
  /** Strictly above zero (a conversion factor, a quantity). */
  positivo?: boolean;
  /** Largest value (a percentage: 100). */
  maximo?: number;
}

const DECIMAL_SIMPLES = /^-?\d+(?:\.(\d+))?$/;

/** Why a decimal text does not fit its field, or undefined when it does. */
export function problemaDecimal(texto: string, opcoes: OpcoesDecimal = {}): string | undefined {
  const m = DECIMAL_SIMPLES.exec(texto);
  if (!m) return /^[+-]?\.?\d/.test(texto) ? MENSAGENS_ENTRADA.numeroNotacao : MENSAGENS_ENTRADA.numero;
  const n = Number(texto);
  if (Math.abs(n) >= DECIMAL_LIMITE) return MENSAGENS_ENTRADA.decimalLimite;
  const casas = opcoes.casas ?? CASAS_DECIMAIS_MAXIMAS;
  if ((m[1]?.length ?? 0) > casas) return mensagemCasasDecimais(casas);
  if (opcoes.positivo && !(n > 0)) return MENSAGENS_ENTRADA.positivo;
  if (opcoes.minimo !== undefined && n < opcoes.minimo) {
    return opcoes.minimo === 0 ? MENSAGENS_ENTRADA.negativo : `Valor mínimo: ${opcoes.minimo}.`;
  }
  if (opcoes.maximo !== undefined && n > opcoes.maximo) return `Valor máximo: ${opcoes.maximo}.`;
  return undefined;
}

/** A JSON number as the decimal text it stands for ('1e-7' and '1e+21' are not plain decimals). */
function numeroComoTexto(n: number, opcoes: OpcoesDecimal): string | { erro: string } {
  if (!Number.isFinite(n)) return { erro: MENSAGENS_ENTRADA.numero };
  if (Math.abs(n) >= DECIMAL_LIMITE) return { erro: MENSAGENS_ENTRADA.decimalLimite };
  const texto = String(n);
  return texto.includes('e')
    ? { erro: mensagemCasasDecimais(opcoes.casas ?? CASAS_DECIMAIS_MAXIMAS) }
    : texto;
}

/**
 * A decimal of a hand-written route (a fee, a limit, a printed amount) sent as its text: plain notation, below
 * 10^12, at most `casas` places, within `minimo`/`positivo`. Answered as the text, trimmed.
 */
export const zDecimalTexto = (opcoes: OpcoesDecimal = {}) =>
  z
    .string({ error: MENSAGENS_ENTRADA.numero })
    .max(40, { error: MENSAGENS_ENTRADA.decimalLimite })
    .transform((v) => v.trim())
    .superRefine((v, ctx) => {
      const erro = problemaDecimal(v, opcoes);
      if (erro) ctx.addIssue({ code: 'custom', message: erro });
    });

/** As zDecimalTexto, also sent as a JSON number (answered as its text). */
export const zDecimalEntrada = (opcoes: OpcoesDecimal = {}) =>
  z.union([z.string(), z.number()], { error: MENSAGENS_ENTRADA.numero }).transform((v, ctx) => {
    const texto = typeof v === 'number' ? numeroComoTexto(v, opcoes) : v.trim();
    const erro =
      typeof texto === 'string'
        ? texto.length > 40
          ? MENSAGENS_ENTRADA.decimalLimite
          : problemaDecimal(texto, opcoes)
        : texto.erro;
    if (erro !== undefined || typeof texto !== 'string') {
      ctx.addIssue({ code: 'custom', message: erro ?? MENSAGENS_ENTRADA.numero });
      return z.NEVER;
    }
    return texto;
  });

/**
 * A date or instant of a hand-written route (a report's period): a real day of years 1-9999, ISO 8601 or
 * DD/MM/YYYY, answered as the ISO text to give the database (it never reads DD/MM in its own date order).
 */
export const zDataTexto = z
  .string({ error: MENSAGENS_ENTRADA.data })
  .max(40, { error: MENSAGENS_ENTRADA.data })
  .transform((v, ctx) => {
    const iso = lerDataEntrada(v);
    if (iso === undefined) {
      ctx.addIssue({ code: 'custom', message: MENSAGENS_ENTRADA.data });
      return z.NEVER;
    }
    return iso;
  });

/**
 * pt-BR text for zod's own messages (types, sizes, unknown options), for schemas that give none.
 * Install once per process with `z.config({ customError: erroZodPtBr })`.
 */
export function erroZodPtBr(issue: z.core.$ZodRawIssue): string | undefined {
  switch (issue.code) {
    case 'invalid_type': {
      const nomes: Record<string, string> = {
        string: 'um texto',
        number: 'um número',
        int: 'um número inteiro',
        boolean: 'verdadeiro ou falso',
        object: 'um objeto',
        array: 'uma lista',
      };
      return issue.input === undefined
        ? 'Campo obrigatório.'
        : `Valor inválido: informe ${nomes[issue.expected] ?? 'um valor do tipo esperado'}.`;
    }
    case 'too_big':
      return issue.origin === 'string'
        ? `Texto longo demais: no máximo ${issue.maximum} caracteres.`
        : issue.origin === 'array'
          ? `Itens demais: no máximo ${issue.maximum}.`
          : `Valor máximo: ${issue.maximum}.`;
    case 'too_small':
      return issue.origin === 'string'
        ? `Texto curto demais: no mínimo ${issue.minimum} caracteres.`
        : issue.origin === 'array'
          ? `Itens de menos: no mínimo ${issue.minimum}.`
          : `Valor mínimo: ${issue.minimum}.`;
    case 'invalid_value':
      return 'Opção inválida.';
    case 'invalid_format':
      return 'Formato inválido.';
    case 'invalid_union': {
      // The alternative that got furthest says what is wrong ('Itens demais'); else the first one's message.
      const todas = issue.errors.flat();
      return (todas.find((i) => i.code !== 'invalid_type') ?? todas[0])?.message ?? 'Valor inválido.';
    }
    case 'unrecognized_keys':
      return `Campos não aceitos: ${issue.keys.join(', ')}.`;
    default:
      return 'Valor inválido.';
  }
}
