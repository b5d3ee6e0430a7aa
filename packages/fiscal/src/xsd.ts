// XSD validation with xmllint-wasm (libxml2) against the official schemas in packages/fiscal/schemas.
// Speed: the schema files are read once and kept in memory; xmllint.wasm is compiled once in a
// persistent worker (xsd-worker.cjs) instead of a new worker + compile per call as xmllint-wasm's
// validateXML does; several documents against the same schema share one run (validarVariosXsd).

import { readdirSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { XMLFileInfo } from 'xmllint-wasm';
import { traduzirErroXsd } from './xsd-mensagens.ts';

const PASTA = resolve(dirname(fileURLToPath(import.meta.url)), '../schemas');
export const PACOTE_NFE = 'PL_010b_NT2025_002_v1.30';
const PACOTE_CANC = 'Evento_Cancelamento_v1.00';
const PACOTE_GENERICO = 'Evento_Generico_v1.00';

const ESQUEMAS = {
  nfe: [PACOTE_NFE, 'nfe_v4.00.xsd'],
  enviNFe: [PACOTE_NFE, 'enviNFe_v4.00.xsd'],
  retEnviNFe: [PACOTE_NFE, 'retEnviNFe_v4.00.xsd'],
  procNFe: [PACOTE_NFE, 'procNFe_v4.00.xsd'],
  consSitNFe: [PACOTE_NFE, 'consSitNFe_v4.00.xsd'],
  retConsSitNFe: [PACOTE_NFE, 'retConsSitNFe_v4.00.xsd'],
  consStatServ: [PACOTE_NFE, 'consStatServ_v4.00.xsd'],
  retConsStatServ: [PACOTE_NFE, 'retConsStatServ_v4.00.xsd'],
  consReciNFe: [PACOTE_NFE, 'consReciNFe_v4.00.xsd'],
  retConsReciNFe: [PACOTE_NFE, 'retConsReciNFe_v4.00.xsd'],
  inutNFe: [PACOTE_NFE, 'inutNFe_v4.00.xsd'],
  retInutNFe: [PACOTE_NFE, 'retInutNFe_v4.00.xsd'],
  procInutNFe: [PACOTE_NFE, 'procInutNFe_v4.00.xsd'],
  envEventoCancNFe: [PACOTE_CANC, 'envEventoCancNFe_v1.00.xsd'],
  retEnvEventoCancNFe: [PACOTE_CANC, 'retEnvEventoCancNFe_v1.00.xsd'],
  procEventoCancNFe: [PACOTE_CANC, 'procEventoCancNFe_v1.00.xsd'],
  envEvento: [PACOTE_GENERICO, 'envEvento_v1.00.xsd'],
} as const;

export type EsquemaXsd = keyof typeof ESQUEMAS;

export interface ResultadoXsd {
  valido: boolean;
  erros: string[];
  /** The same errors with the line of the document they are on (to tell which item: see xsd-mensagens.ts). */
  detalhes?: { linha: number; mensagem: string }[];
}

const cachePacotes = new Map<string, XMLFileInfo[]>();

function arquivosDoPacote(pacote: string): XMLFileInfo[] {
  let lista = cachePacotes.get(pacote);
  if (!lista) {
    lista = readdirSync(resolve(PASTA, pacote))
      .filter((f) => f.endsWith('.xsd'))
      .map((f) => ({ fileName: `${pacote}/${f}`, contents: readFileSync(resolve(PASTA, pacote, f)) }));
    cachePacotes.set(pacote, lista);
  }
  return lista;
}

/** Validates several documents against one schema in a single xmllint run. */
export async function validarVariosXsd(
  xmls: readonly string[],
  esquema: EsquemaXsd,
): Promise<ResultadoXsd[]> {
  if (xmls.length === 0) return [];
  const [pacote, raiz] = ESQUEMAS[esquema];
  const arquivos = arquivosDoPacote(pacote);
  const principal = arquivos.find((a) => a.fileName === `${pacote}/${raiz}`);
  if (!principal) throw new Error(`Esquema ${raiz} não encontrado em ${pacote}`);
  const entradas = xmls.map((x, i) => ({ fileName: `doc${i}.xml`, contents: x }));
  const args = ['--schema', principal.fileName, '--noout', ...entradas.map((e) => e.fileName)];
  const r = await executarXmllint([...entradas, ...arquivos], args);
  if (r.exitCode !== 0 && r.exitCode !== 3 && r.exitCode !== 4) {
    throw new Error(`xmllint falhou (código ${r.exitCode}): ${r.stderr.slice(0, 500)}`);
  }
  const linhas = r.stderr.split('\n').filter((l) => l.trim().length > 0);
  return entradas.map((e) => {
    const falhou = linhas.some((l) => l.startsWith(`${e.fileName} fails to validate`));
    const detalhes = linhas
      .filter((l) => l.startsWith(`${e.fileName}:`))
      .map((l) => {
        const partes = l.split(':');
        return { linha: Number(partes[1]) || 0, mensagem: partes.slice(2).join(':').trim() };
      });
    const erros = detalhes.map((d) => d.mensagem);
    const valido =
      !falhou && erros.length === 0 && linhas.some((l) => l.startsWith(`${e.fileName} validates`));
    return {
      valido,
      erros: valido ? [] : erros.length > 0 ? erros : linhas.filter((l) => l.includes(e.fileName)),
      detalhes: valido ? [] : detalhes,
    };
  });
}

interface RespostaXmllint {
  exitCode: number;
  stdout: string;
  stderr: string;
}

let trabalhador: Worker | undefined;
let proximoId = 0;
const pendentes = new Map<number, { ok: (r: RespostaXmllint) => void; falha: (e: Error) => void }>();

function obterTrabalhador(): Worker {
  if (trabalhador) return trabalhador;
  const w = new Worker(new URL('./xsd-worker.cjs', import.meta.url));
  w.on('message', (m: RespostaXmllint & { id: number; xsdFiscal?: boolean }) => {
    if (m?.xsdFiscal !== true) return;
    const p = pendentes.get(m.id);
    pendentes.delete(m.id);
    if (pendentes.size === 0) w.unref();
    p?.ok(m);
  });
  const falhar = (e: Error) => {
    for (const p of pendentes.values()) p.falha(e);
    pendentes.clear();
    trabalhador = undefined;
  };
  w.on('error', falhar);
  w.on('exit', () => falhar(new Error('Validador XSD encerrado')));
  w.unref();
  trabalhador = w;
  return w;
}

function executarXmllint(inputFiles: XMLFileInfo[], args: string[]): Promise<RespostaXmllint> {
  const w = obterTrabalhador();
  const id = ++proximoId;
  return new Promise((ok, falha) => {
    pendentes.set(id, { ok, falha });
    w.ref();
    w.postMessage({ xsdFiscal: true, id, inputFiles, args });
  });
}

/** Validates one document (the root element must be the schema's: NFe, enviNFe, envEvento, inutNFe...). */
export async function validarXsd(xml: string, esquema: EsquemaXsd): Promise<ResultadoXsd> {
  const [r] = await validarVariosXsd([xml], esquema);
  return r ?? { valido: false, erros: ['sem resultado'] };
}

export class ErroXsd extends Error {
  override name = 'ErroXsd';
  constructor(
    readonly esquema: EsquemaXsd,
    readonly erros: string[],
  ) {
    // Said in pt-BR (field and problem), never libxml2's English (issue 15 point 8).
    const motivos = erros.map((e) => traduzirErroXsd(e)).filter((e): e is string => e !== null);
    super(`XML inválido pelo esquema oficial da SEFAZ (${esquema}): ${motivos.slice(0, 3).join('; ')}`);
  }
}

/** Throws ErroXsd when invalid; used before sending. */
export async function exigirXsdValido(xml: string, esquema: EsquemaXsd): Promise<void> {
  const r = await validarXsd(xml, esquema);
  if (!r.valido) throw new ErroXsd(esquema, r.erros);
}
