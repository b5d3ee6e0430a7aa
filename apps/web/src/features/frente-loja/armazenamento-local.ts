import { type DBSchema, type IDBPDatabase, openDB } from 'idb';

// Local stores of the POS (spec 1 section 9 "Local cache 'relatorioBaseDB'"):
// - listas: reference data keyed by list name plus company id (spec 2 section 7), so a reload without the
//   server still sells;
// - filaVendas: counter sales made offline, each with its idempotency key, sent when the server is back.

export interface VendaNaFila {
  /** Client id of the sale; doubles as idempotency key (the server answers a retry with the stored sale). */
  _id: string;
  empresa: string;
  criadaEm: string;
  /** Body of POST /api/venda (items) and then the payments and the end of the sale. */
  corpo: Record<string, unknown>;
  pagamentos: { _id: string; formaPagamento: string; valorPago: string }[];
  terminal: string;
  total: string;
  tentativas: number;
  /** Last refusal of the server (a bad sale stays here, the others go on). */
  erro?: string;
  etapa: 'pendente' | 'criada' | 'paga' | 'recusada';
}

interface EsquemaLocal extends DBSchema {
  listas: { key: string; value: { chave: string; valor: unknown; gravadoEm: string } };
  filaVendas: { key: string; value: VendaNaFila; indexes: { empresa: string } };
}

export const NOME_BANCO_LOCAL = 'relatorioBaseDB';
let banco: Promise<IDBPDatabase<EsquemaLocal>> | null = null;

function abrir(): Promise<IDBPDatabase<EsquemaLocal>> {
  banco ??= openDB<EsquemaLocal>(NOME_BANCO_LOCAL, 1, {
    upgrade(db) {
      db.createObjectStore('listas', { keyPath: 'chave' });
      db.createObjectStore('filaVendas', { keyPath: '_id' }).createIndex('empresa', 'empresa');
    },
  });
  return banco;
}

export const chaveLista = (lista: string, empresaId: string) => `${lista}:${empresaId}`;

export async function gravarLista(lista: string, empresaId: string, valor: unknown): Promise<void> {
  const db = await abrir();
  await db.put('listas', { chave: chaveLista(lista, empresaId), valor, gravadoEm: new Date().toISOString() });
}

export async function lerLista<T>(lista: string, empresaId: string): Promise<T | undefined> {
  const db = await abrir();
  return (await db.get('listas', chaveLista(lista, empresaId)))?.valor as T | undefined;
}

export async function enfileirarVenda(v: VendaNaFila): Promise<void> {
  const db = await abrir();
  await db.put('filaVendas', v);
}

export async function vendasNaFila(empresa?: string): Promise<VendaNaFila[]> {
  const db = await abrir();
  const todas = empresa
    ? await db.getAllFromIndex('filaVendas', 'empresa', empresa)
    : await db.getAll('filaVendas');
  return todas.sort((a, b) => a.criadaEm.localeCompare(b.criadaEm));
}

export async function removerDaFila(id: string): Promise<void> {
  const db = await abrir();
  await db.delete('filaVendas', id);
}
