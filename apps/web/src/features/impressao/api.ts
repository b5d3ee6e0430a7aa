import { chaves } from '../../lib/api/chaves.ts';
import { api } from '../../lib/api/cliente.ts';

// Calls of the server's print module (apps/server/src/modules/impressao, README there): the sample document
// of every layout, its preview for a printer model, and a real print job to a printer of the store.

/** A layout's input as the server takes it (`documento` of POST /api/impressao). */
export type Documento = { layout: string } & Record<string, unknown>;

export interface Previa {
  tipoImpressao: number;
  titulo: string;
  colunas: 48 | 64;
  linguagem: string;
  html: string;
  texto: string;
  /** Printer bytes for the model, base64. */
  conteudo: string;
  tamanho: number;
}

export const chavesImpressao = {
  todas: [...chaves.todas, 'impressao'] as const,
  amostras: () => [...chavesImpressao.todas, 'amostras'] as const,
  previa: (layout: string, colunas: number, modelo: number) =>
    [...chavesImpressao.todas, 'previa', layout, colunas, modelo] as const,
  terminais: (empresa: string) => [...chavesImpressao.todas, 'terminais', empresa] as const,
  setores: (empresa: string) => [...chavesImpressao.todas, 'setores', empresa] as const,
};

export const buscarAmostras = () =>
  api.get<Documento[]>('impressao/amostras', { acao: 'ao buscar os layouts de impressão' });

/** The server's message comes back to the screen (label printers, no condensed font), not as a toast. */
export const buscarPrevia = (documento: Documento, modelo: number) =>
  api.post<Previa>('impressao/preview', { documento, modelo }, { silencioso: true });

/** The document at 48 or 64 columns (the NFC-e DANFE takes them at its top level). */
export function comColunas(d: Documento, colunas: 48 | 64): Documento {
  if (d.layout === 'nfce') return { ...d, colunas };
  return { ...d, cabecalho: { ...(d.cabecalho as Record<string, unknown>), colunas } };
}

export const listarTerminais = (empresa: string) =>
  api.post<{ _id: string; descricao: string }[]>(
    'terminal/getPopulate',
    { filtro: { empresa, lixo: false }, select: ['descricao'], sort: { descricao: 1 }, limit: 200 },
    { acao: 'ao listar os terminais' },
  );

export const listarSetores = (empresa: string) =>
  api.post<{ _id: string; descricao: string }[]>(
    'setorImpressao/getPopulate',
    { filtro: { empresa, lixo: false }, select: ['descricao'], sort: { descricao: 1 }, limit: 200 },
    { acao: 'ao listar os setores de impressão' },
  );

/** A real job: the server renders the document for the sector's printer and queues one job per copy. */
export const imprimir = (terminal: string, setorImpressao: string | undefined, documento: Documento) =>
  api.post<{ _id: string }[]>(
    'impressao',
    { terminal, ...(setorImpressao ? { setorImpressao } : {}), documento },
    { acao: 'ao enviar a impressão' },
  );
