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
  return new Promise((ok, falha) => {
    esperando.push({ xmls, esquema, ok, falha });
    void bombear();
  });
}

/**
 * Reading the schema is most of a run (~25 ms for the NFe package; 20 notes in one run cost ~40 ms), so the
 * requests that arrive while a run is going on wait for it and then share the next run of their schema: twenty
 * terminals ending sales at once wait for two runs, not twenty (issue 15's crash test, 50 sales at once).
 */
interface Pedido {
  xmls: readonly string[];
  esquema: EsquemaXsd;
  ok: (r: ResultadoXsd[]) => void;
  falha: (e: Error) => void;
}
const esperando: Pedido[] = [];
/** Documents in one run at most: the run's memory grows with them (wasm limit 256 MiB). */
const DOCUMENTOS_POR_RUN = 64;
let rodando = false;
let execucoes = 0;

/** How many xmllint runs this process made (tests show that simultaneous requests share runs). */
export function execucoesXsd(): number {
  return execucoes;
}

async function bombear(): Promise<void> {
  if (rodando) return;
  rodando = true;
  try {
    for (let primeiro = esperando[0]; primeiro; primeiro = esperando[0]) {
      const lote: Pedido[] = [];
      let documentos = 0;
      for (let i = 0; i < esperando.length; ) {
        const p = esperando[i] as Pedido;
        const cabe = lote.length === 0 || documentos + p.xmls.length <= DOCUMENTOS_POR_RUN;
        if (p.esquema === primeiro.esquema && cabe) {
          lote.push(p);
          documentos += p.xmls.length;
          esperando.splice(i, 1);
        } else i++;
      }
      try {
        const resultados = await executarValidacao(
          lote.flatMap((p) => p.xmls),
          primeiro.esquema,
        );
        let inicio = 0;
        for (const p of lote) {
          p.ok(resultados.slice(inicio, inicio + p.xmls.length));
          inicio += p.xmls.length;
        }
      } catch (erro) {
        // A run that failed as a whole (a document that is not XML at all) fails only its own caller: each
        // request of a shared run is run again on its own.
        if (lote.length === 1) (lote[0] as Pedido).falha(erro as Error);
        else
          for (const p of lote)
            await executarValidacao(p.xmls, p.esquema).then(p.ok, (e: Error) => p.falha(e));
      }
    }
  } finally {
    rodando = false;
  }
}

async function executarValidacao(xmls: readonly string[], esquema: EsquemaXsd): Promise<ResultadoXsd[]> {
  const [pacote, raiz] = ESQUEMAS[esquema];
  const arquivos = arquivosDoPacote(pacote);
  const principal = arquivos.find((a) => a.fileName === `${pacote}/${raiz}`);
  if (!principal) throw new Error(`Esquema ${raiz} não encontrado em ${pacote}`);
  execucoes++;
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
