import { LIMITE_OLHO_NO_IMPOSTO } from '@retaguarda/domain/recursos/referencia';

// Reader of the CSV IBPT publishes for 'De Olho no Imposto' (one file per state, e.g. TabelaIBPTaxPR25.2.A.csv):
// `;`-separated, header codigo;ex;tipo;descricao;nacionalfederal;importadosfederal;estadual;municipal;
// vigenciainicio;vigenciafim;chave;versao;fonte, dates dd/mm/yyyy, rates in percent. IBPT has shipped it in
// ISO-8859-1 and in UTF-8: both are read. Every problem is reported with its line; nothing is half-read.

export const COLUNAS_IBPT = [
  'codigo',
  'ex',
  'tipo',
  'descricao',
  'nacionalfederal',
  'importadosfederal',
  'estadual',
  'municipal',
  'vigenciainicio',
  'vigenciafim',
  'chave',
  'versao',
  'fonte',
] as const;

export interface LinhaIbpt {
  codigo: string;
  ex: string;
  tipo: number;
  descricao: string;
  nacionalfederal: string;
  importadosfederal: string;
  estadual: string;
  municipal: string;
  /** ISO date (yyyy-mm-dd). */
  vigenciainicio: string | null;
  vigenciafim: string | null;
  chave: string;
  versao: string;
  fonte: string;
}

const MAXIMO_ERROS = 20;

export class ErroArquivoIbpt extends Error {
  constructor(readonly erros: string[]) {
    super(erros.join('\n'));
  }
}

function decodificar(conteudo: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(conteudo);
  } catch {
    return new TextDecoder('windows-1252').decode(conteudo);
  }
}

/** Fields of one line; double quotes may wrap a field holding `;` ("" is a quote inside). */
function campos(linha: string): string[] {
  if (!linha.includes('"')) return linha.split(';');
  const saida: string[] = [];
  let atual = '';
  let aspas = false;
  for (let i = 0; i < linha.length; i++) {
    const c = linha[i];
    if (aspas) {
      if (c === '"' && linha[i + 1] === '"') {
        atual += '"';
        i++;
      } else if (c === '"') aspas = false;
      else atual += c;
    } else if (c === '"') aspas = true;
    else if (c === ';') {
      saida.push(atual);
      atual = '';
    } else atual += c;
  }
  saida.push(atual);
  return saida;
}

const formatoNumero = new Intl.NumberFormat('pt-BR');

function data(texto: string): string | null | undefined {
  if (texto === '') return null;
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(texto) ?? /^(\d{4})-(\d{2})-(\d{2})$/.exec(texto);
  if (!m) return undefined;
  const [dia, mes, ano] = texto.includes('/') ? [m[1], m[2], m[3]] : [m[3], m[2], m[1]];
  const iso = `${ano}-${mes}-${dia}`;
  const d = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === iso ? iso : undefined;
}

function aliquota(texto: string): string | undefined {
  const normal = texto.replace(',', '.');
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(normal)) return undefined;
  return Number(normal) <= 100 ? normal : undefined;
}

/** The table of one IBPT file, or every problem found (up to 20, then a count of the rest). */
export function lerTabelaIbpt(conteudo: Uint8Array): LinhaIbpt[] {
  const texto = decodificar(conteudo).replace(/^\uFEFF/, '');
  const linhas = texto.split(/\r?\n/);
  const cabecalho = (linhas[0] ?? '').split(';').map((c) => c.trim().toLowerCase().replace(/^"|"$/g, ''));
  while (cabecalho.at(-1) === '') cabecalho.pop();
  if (cabecalho.join(';') !== COLUNAS_IBPT.join(';')) {
    throw new ErroArquivoIbpt([
      `Arquivo fora do layout do IBPT: a primeira linha deve ser ${COLUNAS_IBPT.join(';')}.`,
    ]);
  }
  const dados = linhas.slice(1).map((l, i) => ({ numero: i + 2, texto: l }));
  const preenchidas = dados.filter((l) => l.texto.trim() !== '');
  if (preenchidas.length === 0) throw new ErroArquivoIbpt(['O arquivo não tem nenhuma linha de dados.']);
  if (preenchidas.length > LIMITE_OLHO_NO_IMPOSTO) {
    throw new ErroArquivoIbpt([
      `O arquivo tem ${formatoNumero.format(preenchidas.length)} linhas; o limite é ${formatoNumero.format(LIMITE_OLHO_NO_IMPOSTO)}.`,
    ]);
  }

  const erros: string[] = [];
  let errosOmitidos = 0;
  const erro = (numero: number, mensagem: string) => {
    if (erros.length < MAXIMO_ERROS) erros.push(`Linha ${numero}: ${mensagem}`);
    else errosOmitidos++;
  };
  const vistos = new Map<string, number>();
  const tabela: LinhaIbpt[] = [];
  for (const { numero, texto: linha } of preenchidas) {
    const c = campos(linha).map((v) => v.trim());
    while (c.length > COLUNAS_IBPT.length && c.at(-1) === '') c.pop();
    if (c.length !== COLUNAS_IBPT.length) {
      erro(numero, `esperadas ${COLUNAS_IBPT.length} colunas separadas por ';', encontradas ${c.length}.`);
      continue;
    }
    const [codigo, ex, tipo, descricao, nac, imp, est, mun, inicio, fim, chave, versao, fonte] = c as [
      string,
      string,
      string,
      string,
      string,
      string,
      string,
      string,
      string,
      string,
      string,
      string,
      string,
    ];
    const problemas: string[] = [];
    if (!/^\d{1,10}$/.test(codigo)) problemas.push(`código '${codigo}' inválido (apenas dígitos, até 10)`);
    if (!/^\d{0,3}$/.test(ex)) problemas.push(`exceção '${ex}' inválida (até 3 dígitos)`);
    if (!/^[012]$/.test(tipo)) problemas.push(`tipo '${tipo}' inválido (0 NCM, 1 NBS, 2 LC 116)`);
    if (descricao.length > 2000) problemas.push('descrição com mais de 2000 caracteres');
    const taxas = { nacionalfederal: nac, importadosfederal: imp, estadual: est, municipal: mun };
    const lidas: Record<string, string> = {};
    for (const [nome, valor] of Object.entries(taxas)) {
      const v = aliquota(valor === '' && nome !== 'nacionalfederal' ? '0' : valor);
      if (v === undefined) problemas.push(`${nome} '${valor}' inválido (percentual de 0 a 100)`);
      else lidas[nome] = v;
    }
    const vInicio = data(inicio);
    const vFim = data(fim);
    if (vInicio === undefined) problemas.push(`vigenciainicio '${inicio}' não é uma data dd/mm/aaaa`);
    if (vFim === undefined) problemas.push(`vigenciafim '${fim}' não é uma data dd/mm/aaaa`);
    if (vInicio && vFim && vFim < vInicio) problemas.push('vigenciafim anterior a vigenciainicio');
    if (chave.length > 20) problemas.push('chave com mais de 20 caracteres');
    if (versao.length > 20) problemas.push('versão com mais de 20 caracteres');
    if (fonte.length > 100) problemas.push('fonte com mais de 100 caracteres');
    const identidade = `${tipo}|${codigo}|${ex}`;
    const anterior = vistos.get(identidade);
    if (anterior !== undefined)
      problemas.push(`código ${codigo}${ex ? ` (ex ${ex})` : ''} repetido (linha ${anterior})`);
    else vistos.set(identidade, numero);
    if (problemas.length > 0) {
      erro(numero, `${problemas.join('; ')}.`);
      continue;
    }
    tabela.push({
      codigo,
      ex,
      tipo: Number(tipo),
      descricao,
      nacionalfederal: lidas.nacionalfederal ?? '0',
      importadosfederal: lidas.importadosfederal ?? '0',
      estadual: lidas.estadual ?? '0',
      municipal: lidas.municipal ?? '0',
      vigenciainicio: vInicio ?? null,
      vigenciafim: vFim ?? null,
      chave,
      versao,
      fonte,
    });
  }
  if (erros.length > 0) {
    if (errosOmitidos > 0) erros.push(`... e mais ${formatoNumero.format(errosOmitidos)} linha(s) com erro.`);
    throw new ErroArquivoIbpt(erros);
  }
  return tabela;
}
