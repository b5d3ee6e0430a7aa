import { type DataIso, ehDataIso } from './calendario.ts';
import { lerExtratoCielo } from './extrato-cielo.ts';
import { PARCELAS_MAXIMAS, type ProdutoCartao } from './recebiveis.ts';

// Settlement files of the card acquirers (issue 18, calendarioRecebimento "importar extrato"): what each acquirer
// actually paid, line by line, to be matched against the forecast (conciliacao-recebiveis.ts). Reading never
// throws: a bad line becomes an error with its line number and a pt-BR message naming the column, and the good
// lines still come back, so the user fixes only what is wrong.
//
// Our CSV layout (also in ./README.md):
//   - UTF-8 (a BOM is ignored), one record per line (LF or CRLF), ';' between columns, optional "double quotes";
//   - first line: the header with these 12 columns, in any order, names case-insensitive (more columns ignored):
//       data_pagamento;operadora;bandeira;produto;data_venda;nsu;autorizacao;parcela;parcelas;valor_bruto;taxa;valor_liquido
//   - data_pagamento, data_venda: dd/mm/aaaa or aaaa-mm-dd;
//   - operadora: the acquirer as registered (name or code); bandeira: the card brand (may be empty);
//   - produto: debito | credito | creditoParcelado | prePago | voucher (accents, case, spaces and '_' ignored:
//     "Crédito parcelado" works; "parcelado" = creditoParcelado);
//   - nsu, autorizacao: as printed on the receipt (leading zeros do not matter); either may be empty;
//   - parcela, parcelas: this instalment and the sale's count, 1..99, parcela <= parcelas;
//   - valor_bruto, taxa, valor_liquido: money with decimal comma or dot ("1.234,56", "1234.56"), at most 2
//     decimals, negative for a debit (chargeback, cancellation); valor_bruto − taxa must equal valor_liquido.
// Cielo's positional "extrato eletrônico" is read by ./extrato-cielo.ts: version 14 (records 0/1/2/9, from
// Cielo's published tables); version 15 (records D/E) is recognised and refused with a clear message, its field
// positions being only in Cielo's PDF manual (see README.md).

export const COLUNAS_EXTRATO = [
  'data_pagamento',
  'operadora',
  'bandeira',
  'produto',
  'data_venda',
  'nsu',
  'autorizacao',
  'parcela',
  'parcelas',
  'valor_bruto',
  'taxa',
  'valor_liquido',
] as const;
export type ColunaExtrato = (typeof COLUNAS_EXTRATO)[number];

export const CABECALHO_EXTRATO = COLUNAS_EXTRATO.join(';');

/** One settlement line of an acquirer, money in integer cents. */
export interface LinhaExtrato {
  /** Line number in the file (the header is line 1). */
  linha: number;
  dataPagamento: DataIso;
  operadora: string;
  bandeira: string;
  produto: ProdutoCartao;
  dataVenda: DataIso;
  /** As in the file, trimmed ('' when absent). */
  nsu: string;
  autorizacao: string;
  parcela: number;
  parcelas: number;
  valorBruto: number;
  taxa: number;
  valorLiquido: number;
  /** Identity of the line, so importing the same file twice can be detected (chaveLinhaExtrato). */
  chave: string;
}

export interface ErroExtrato {
  linha: number;
  /** The column, when the problem is in one. */
  coluna?: ColunaExtrato;
  mensagem: string;
}

export type FormatoExtrato = 'csv' | 'cieloEletronico' | 'desconhecido';

export interface ExtratoLido {
  formato: FormatoExtrato;
  linhas: LinhaExtrato[];
  erros: ErroExtrato[];
  /** First and last data_pagamento of the good lines (null when none). */
  dataInicial: DataIso | null;
  dataFinal: DataIso | null;
}

const PRODUTOS_TEXTO: Record<string, ProdutoCartao> = {
  debito: 'debito',
  credito: 'credito',
  creditoavista: 'credito',
  creditoparcelado: 'creditoParcelado',
  parcelado: 'creditoParcelado',
  prepago: 'prePago',
  voucher: 'voucher',
};

/** Lower case, no accents, no spaces, '_' or '-': 'Crédito Parcelado' -> 'creditoparcelado'. */
function simplificar(texto: string): string {
  return texto
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[\s_-]+/g, '');
}

/** How an acquirer's name is compared: trimmed, lower case, no accents ('Cielo ' = 'cielo'). */
export function normalizarOperadora(operadora: string): string {
  // Plain ASCII (every acquirer's name and our ids) needs no Unicode decomposition: this runs for every line.
  if (/^[\x20-\x7e]*$/.test(operadora)) return operadora.trim().toLowerCase();
  return operadora
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toLowerCase();
}

/** How NSU and authorisation codes are compared: trimmed, upper case, leading zeros dropped ('000123' = '123'). */
export function normalizarIdentificador(id: string | null | undefined): string {
  if (!id) return '';
  // Scan instead of trim/replace: this runs twice for every line and every forecast of a match.
  let inicio = 0;
  let fim = id.length;
  while (inicio < fim && id.charCodeAt(inicio) === 32) inicio++;
  while (inicio < fim && id.charCodeAt(inicio) === 48) inicio++;
  while (fim > inicio && id.charCodeAt(fim - 1) === 32) fim--;
  let minuscula = false;
  for (let i = inicio; i < fim; i++) {
    const c = id.charCodeAt(i);
    if (c > 96 || c < 32 || c === 9) {
      minuscula = true;
      break;
    }
  }
  const t = inicio === 0 && fim === id.length ? id : id.slice(inicio, fim);
  return minuscula ? t.trim().toUpperCase().replace(/^0+/, '') : t;
}

/** 'dd/mm/aaaa' or 'aaaa-mm-dd' -> ISO date, undefined when not a real date. */
export function lerDataExtrato(texto: string): DataIso | undefined {
  const t = texto.trim();
  const iso =
    t.length === 10 && t.charCodeAt(2) === 47 && t.charCodeAt(5) === 47
      ? `${t.slice(6, 10)}-${t.slice(3, 5)}-${t.slice(0, 2)}`
      : t;
  return ehDataIso(iso) ? iso : undefined;
}

/**
 * Money of a settlement file into cents: decimal comma ('1.234,56', dots are thousands) or dot ('1234.56'),
 * sign allowed, at most 2 decimals. A string (pt-BR) saying what is wrong otherwise.
 */
const VALOR_SIMPLES = /^([+-]?)(\d{1,13})(?:[.,](\d{1,2}))?$/;

export function lerValorExtrato(texto: string): number | string {
  // Almost every value is '1234,56' or '1234.56': read it with one match, no string rebuilding.
  const simples = VALOR_SIMPLES.exec(texto.trim());
  if (simples) {
    const decimais = simples[3] ?? '';
    const centavos = Number(simples[2]) * 100 + (decimais === '' ? 0 : Number(decimais.padEnd(2, '0')));
    return simples[1] === '-' && centavos !== 0 ? -centavos : centavos;
  }
  let t = texto.trim().replace(/\s/g, '');
  let negativo = false;
  if (t.startsWith('-') || t.startsWith('+')) {
    negativo = t.startsWith('-');
    t = t.slice(1);
  }
  if (t.includes(',')) {
    if (!/^\d{1,3}(\.\d{3})*(,\d+)?$/.test(t) && !/^\d+(,\d+)?$/.test(t)) return 'valor inválido';
    t = t.replace(/\./g, '').replace(',', '.');
  }
  const m = /^(\d{1,13})(?:\.(\d+))?$/.exec(t);
  if (!m) return 'valor inválido';
  const decimais = m[2] ?? '';
  if (decimais.length > 2) return 'valor com mais de 2 casas decimais';
  const centavos = Number(m[1]) * 100 + Number(decimais.padEnd(2, '0'));
  return negativo && centavos !== 0 ? -centavos : centavos;
}

// FNV-1a 64 state as four 16-bit limbs, module-level so the byte step is a plain function (no closure per call).
let h0 = 0;
let h1 = 0;
let h2 = 0;
let h3 = 0;

function misturarByte(byte: number): void {
  h0 ^= byte;
  // h × (2^40 + 0x1b3) mod 2^64, limb by limb.
  const t0 = h0 * 0x1b3;
  let t1 = h1 * 0x1b3;
  let t2 = h2 * 0x1b3 + (h0 << 8);
  let t3 = h3 * 0x1b3 + (h1 << 8);
  t1 += t0 >>> 16;
  t2 += t1 >>> 16;
  t3 += t2 >>> 16;
  h0 = t0 & 0xffff;
  h1 = t1 & 0xffff;
  h2 = t2 & 0xffff;
  h3 = t3 & 0xffff;
}

const hex4 = (n: number) => n.toString(16).padStart(4, '0');

/**
 * FNV-1a 64-bit of a text (UTF-16 code units fed as bytes, high byte first when above 0xFF), as 16 hex digits.
 * Pure arithmetic on four 16-bit limbs: the domain has no crypto, and this runs for every line of big files.
 */
export function fnv1a64(texto: string): string {
  h0 = 0x2325;
  h1 = 0x8422;
  h2 = 0x9ce4;
  h3 = 0xcbf2;
  for (let i = 0; i < texto.length; i++) {
    const c = texto.charCodeAt(i);
    if (c > 0xff) misturarByte(c >>> 8);
    misturarByte(c & 0xff);
  }
  return hex4(h3) + hex4(h2) + hex4(h1) + hex4(h0);
}

/**
 * Identity of a settlement line: acquirer, NSU, authorisation, sale date, instalment, payment date and net value.
 * The same line imported again (same file twice, or overlapping files) has the same key.
 */
export function chaveLinhaExtrato(l: {
  operadora: string;
  nsu: string;
  autorizacao: string;
  dataVenda: DataIso;
  parcela: number;
  dataPagamento: DataIso;
  valorLiquido: number;
}): string {
  return fnv1a64(
    `${normalizarOperadora(l.operadora)}|${normalizarIdentificador(l.nsu)}|${normalizarIdentificador(l.autorizacao)}|${l.dataVenda}|${l.parcela}|${l.dataPagamento}|${l.valorLiquido}`,
  );
}

function separarLinhas(texto: string): string[] {
  return (texto.charCodeAt(0) === 0xfeff ? texto.slice(1) : texto).split(/\r?\n/);
}

function semAspas(campo: string): string {
  const t = campo.trim();
  return t.length >= 2 && t.startsWith('"') && t.endsWith('"')
    ? t.slice(1, -1).replace(/""/g, '"').trim()
    : t;
}

/** Which layout a settlement file is in, from its first non-blank line. */
export function detectarFormatoExtrato(texto: string): FormatoExtrato {
  const primeira = separarLinhas(texto).find((l) => l.trim() !== '') ?? '';
  if (primeira.includes(';')) return 'csv';
  // Cielo: every record starts with its type, the header is type '0' and the file kind sits at positions 48-49
  // (Tabela B of the v14 manual; docs.cielo.com.br "Tabelas" says the same for v15).
  if (primeira.startsWith('0') && primeira.length >= 49 && /^\d{2}$/.test(primeira.slice(47, 49))) {
    return 'cieloEletronico';
  }
  return 'desconhecido';
}

/** Reads a settlement file in whichever layout it is. */
export function lerExtrato(texto: string): ExtratoLido {
  const formato = detectarFormatoExtrato(texto);
  if (formato === 'csv') return lerExtratoCsv(texto);
  if (formato === 'cieloEletronico') return lerExtratoCielo(texto);
  const mensagem = `Formato de arquivo não reconhecido: a primeira linha deve ser o cabeçalho ${CABECALHO_EXTRATO}.`;
  return { formato, linhas: [], erros: [{ linha: 1, mensagem }], dataInicial: null, dataFinal: null };
}

type Indices = Record<ColunaExtrato, number>;

function produtoDoTexto(texto: string): ProdutoCartao | undefined {
  return PRODUTOS_TEXTO[texto] ?? PRODUTOS_TEXTO[simplificar(texto)];
}

function lerParcela(
  campos: string[],
  idx: Indices,
  coluna: ColunaExtrato,
  linha: number,
  erros: ErroExtrato[],
) {
  const v = semAspas(campos[idx[coluna]]!);
  const n = /^\d{1,2}$/.test(v) ? Number(v) : 0;
  if (n >= 1 && n <= PARCELAS_MAXIMAS) return n;
  erros.push({
    linha,
    coluna,
    mensagem: `${coluna} inválida ("${v}"): informe um número de 1 a ${PARCELAS_MAXIMAS}.`,
  });
  return 0;
}

function lerValor(
  campos: string[],
  idx: Indices,
  coluna: ColunaExtrato,
  linha: number,
  erros: ErroExtrato[],
) {
  const v = semAspas(campos[idx[coluna]]!);
  const lido = lerValorExtrato(v);
  if (typeof lido === 'number') return lido;
  erros.push({ linha, coluna, mensagem: `${coluna}: ${lido} ("${v}"); use 1234,56 ou 1234.56.` });
  return 0;
}

function lerData(campos: string[], idx: Indices, coluna: ColunaExtrato, linha: number, erros: ErroExtrato[]) {
  const v = semAspas(campos[idx[coluna]]!);
  const d = lerDataExtrato(v);
  if (d) return d;
  erros.push({ linha, coluna, mensagem: `${coluna} inválida ("${v}"): use dd/mm/aaaa ou aaaa-mm-dd.` });
  return '';
}

/** One data line of the CSV into a settlement line, or its errors pushed into `erros` (then undefined). */
function lerLinhaCsv(
  campos: string[],
  idx: Indices,
  linha: number,
  erros: ErroExtrato[],
): LinhaExtrato | undefined {
  const errosAntes = erros.length;
  const dataPagamento = lerData(campos, idx, 'data_pagamento', linha, erros);
  const dataVenda = lerData(campos, idx, 'data_venda', linha, erros);
  const operadora = semAspas(campos[idx.operadora]!);
  if (operadora === '')
    erros.push({ linha, coluna: 'operadora', mensagem: 'operadora: informe a operadora.' });
  const textoProduto = semAspas(campos[idx.produto]!);
  const produto = produtoDoTexto(textoProduto);
  if (!produto) {
    erros.push({
      linha,
      coluna: 'produto',
      mensagem: `produto inválido ("${textoProduto}"): use debito, credito, creditoParcelado, prePago ou voucher.`,
    });
  }
  const parcela = lerParcela(campos, idx, 'parcela', linha, erros);
  const parcelas = lerParcela(campos, idx, 'parcelas', linha, erros);
  if (parcela > 0 && parcelas > 0 && parcela > parcelas) {
    erros.push({
      linha,
      coluna: 'parcela',
      mensagem: `parcela ${parcela} maior que o número de parcelas (${parcelas}).`,
    });
  }
  const valorBruto = lerValor(campos, idx, 'valor_bruto', linha, erros);
  const taxa = lerValor(campos, idx, 'taxa', linha, erros);
  const valorLiquido = lerValor(campos, idx, 'valor_liquido', linha, erros);
  if (erros.length === errosAntes && valorBruto - taxa !== valorLiquido) {
    erros.push({
      linha,
      coluna: 'valor_liquido',
      mensagem: 'valor_liquido difere de valor_bruto menos taxa.',
    });
  }
  if (dataPagamento && dataVenda && dataPagamento < dataVenda) {
    erros.push({ linha, coluna: 'data_pagamento', mensagem: 'data_pagamento anterior à data_venda.' });
  }
  if (erros.length > errosAntes || !produto) return undefined;
  const nsu = semAspas(campos[idx.nsu]!);
  const autorizacao = semAspas(campos[idx.autorizacao]!);
  const chave = chaveLinhaExtrato({
    operadora,
    nsu,
    autorizacao,
    dataVenda,
    parcela,
    dataPagamento,
    valorLiquido,
  });
  return {
    linha,
    dataPagamento,
    operadora,
    bandeira: semAspas(campos[idx.bandeira]!),
    produto,
    dataVenda,
    nsu,
    autorizacao,
    parcela,
    parcelas,
    valorBruto,
    taxa,
    valorLiquido,
    chave,
  };
}

/** Reads our CSV layout (see the header of this file). Never throws. */
export function lerExtratoCsv(texto: string): ExtratoLido {
  const brutas = separarLinhas(texto);
  const erros: ErroExtrato[] = [];
  const linhas: LinhaExtrato[] = [];
  const vazio: ExtratoLido = { formato: 'csv', linhas, erros, dataInicial: null, dataFinal: null };

  const iCabecalho = brutas.findIndex((l) => l.trim() !== '');
  if (iCabecalho < 0) {
    erros.push({ linha: 1, mensagem: 'Arquivo vazio.' });
    return vazio;
  }
  const cabecalho = brutas[iCabecalho]!.split(';').map((c) => semAspas(c).toLowerCase());
  const posicao = new Map<string, number>();
  cabecalho.forEach((c, i) => {
    if (!posicao.has(c)) posicao.set(c, i);
  });
  const faltando = COLUNAS_EXTRATO.filter((c) => !posicao.has(c));
  if (faltando.length > 0) {
    erros.push({
      linha: iCabecalho + 1,
      mensagem: `Cabeçalho sem ${faltando.length === 1 ? 'a coluna' : 'as colunas'} ${faltando.join(', ')}. Esperado: ${CABECALHO_EXTRATO}.`,
    });
    return vazio;
  }
  const idx = Object.fromEntries(COLUNAS_EXTRATO.map((c) => [c, posicao.get(c)!])) as Indices;
  const colunasMinimas = Math.max(...Object.values(idx)) + 1;
  const jaVistas = new Map<string, number>();
  let dataInicial: DataIso | null = null;
  let dataFinal: DataIso | null = null;

  for (let i = iCabecalho + 1; i < brutas.length; i++) {
    const bruta = brutas[i]!;
    if (bruta.trim() === '') continue;
    const numero = i + 1;
    const campos = bruta.split(';');
    if (campos.length < colunasMinimas) {
      erros.push({
        linha: numero,
        mensagem: `Linha com ${campos.length} colunas; o cabeçalho tem ${cabecalho.length}. Confira o separador ';'.`,
      });
      continue;
    }
    const lida = lerLinhaCsv(campos, idx, numero, erros);
    if (!lida) continue;
    const repetida = jaVistas.get(lida.chave);
    if (repetida !== undefined) {
      erros.push({
        linha: numero,
        mensagem: `Linha repetida: mesma operadora, NSU, autorização, venda, parcela, pagamento e valor da linha ${repetida}.`,
      });
      continue;
    }
    jaVistas.set(lida.chave, numero);
    if (dataInicial === null || lida.dataPagamento < dataInicial) dataInicial = lida.dataPagamento;
    if (dataFinal === null || lida.dataPagamento > dataFinal) dataFinal = lida.dataPagamento;
    linhas.push(lida);
  }
  return { formato: 'csv', linhas, erros, dataInicial, dataFinal };
}
