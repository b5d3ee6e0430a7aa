import { type DBSchema, type IDBPDatabase, openDB } from 'idb';

// The report answers kept on this browser (spec 1 §7 "Report filter draws: hash of values uses md5", §9 "Local
// cache 'relatorioBaseDB'"), keyed by the md5 of the report and its filter (chaveCacheRelatorio, packages/domain
// relatorios): reopening a report with the same filter shows the last answer at once, then the fresh one.
// The database is the POS's (frente-loja/armazenamento-local.ts, version 1: 'listas' and 'filaVendas'); answers
// go in 'listas' under 'relatorio:<md5>', so neither side needs a new version. If the database cannot be opened
// (private mode, a newer version) the reports simply run without the cache.

interface EsquemaLocal extends DBSchema {
  listas: { key: string; value: { chave: string; valor: unknown; gravadoEm: string } };
  filaVendas: { key: string; value: { _id: string; empresa: string }; indexes: { empresa: string } };
}

const NOME = 'relatorioBaseDB';
const PREFIXO = 'relatorio:';
const INDICE = `${PREFIXO}indice`;
/** Answers kept; the oldest goes first. */
export const RESPOSTAS_MAXIMAS = 50;

let banco: Promise<IDBPDatabase<EsquemaLocal>> | null = null;

function abrir(): Promise<IDBPDatabase<EsquemaLocal>> {
  banco ??= openDB<EsquemaLocal>(NOME, 1, {
    // The same schema as the POS's version 1 (whoever opens the database first creates it).
    upgrade(db) {
      db.createObjectStore('listas', { keyPath: 'chave' });
      db.createObjectStore('filaVendas', { keyPath: '_id' }).createIndex('empresa', 'empresa');
    },
  });
  banco.catch(() => {
    banco = null;
  });
  return banco;
}

export interface RespostaGuardada<T> {
  valor: T;
  gravadoEm: string;
}

export async function lerResposta<T>(chave: string): Promise<RespostaGuardada<T> | undefined> {
  try {
    const r = await (await abrir()).get('listas', PREFIXO + chave);
    return r ? { valor: r.valor as T, gravadoEm: r.gravadoEm } : undefined;
  } catch {
    return undefined;
  }
}

export async function gravarResposta(chave: string, valor: unknown, agora = new Date()): Promise<void> {
  try {
    const db = await abrir();
    const tx = db.transaction('listas', 'readwrite');
    const gravadoEm = agora.toISOString();
    const indice = ((await tx.store.get(INDICE))?.valor as [string, string][] | undefined) ?? [];
    const novo = [...indice.filter(([c]) => c !== chave), [chave, gravadoEm] as [string, string]];
    const sobra = novo.length - RESPOSTAS_MAXIMAS;
    for (const [velha] of sobra > 0 ? novo.slice(0, sobra) : []) await tx.store.delete(PREFIXO + velha);
    await tx.store.put({ chave: PREFIXO + chave, valor, gravadoEm });
    await tx.store.put({ chave: INDICE, valor: sobra > 0 ? novo.slice(sobra) : novo, gravadoEm });
    await tx.done;
  } catch {
    // No cache this time: the report on screen is the fresh answer anyway.
  }
}
