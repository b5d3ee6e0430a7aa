/**
 * Writes that must pass one by one through a single row (a store's sale counter, locked until the commit) go
 * to the database in batches: the ones that arrive while a batch is being written wait here and go together
 * in the next one, so one statement, one lock and one commit serve them all. There is no timer: a lone write
 * goes at once. Two batches per key in flight: the second does its work up to the lock while the first holds
 * it. A batch is all or nothing in the database; when it fails, each of its writes goes again alone so that
 * one refused write (an open table, a key stored meanwhile) refuses only itself.
 */
export const LOTES_SIMULTANEOS = 2;
export const MAXIMO_POR_LOTE = 32;

interface Pedido<E, R> {
  entrada: E;
  resolve: (r: R) => void;
  reject: (erro: unknown) => void;
}

export class FilasEmLote<E, R> {
  private readonly filas = new Map<string, { ativos: number; pendentes: Pedido<E, R>[] }>();

  /** `gravar` writes a batch in one transaction and answers one result per entry, in order. */
  constructor(
    private readonly chaveDe: (e: E) => string,
    private readonly gravar: (lote: E[]) => Promise<R[]>,
  ) {}

  executar(entrada: E): Promise<R> {
    const chave = this.chaveDe(entrada);
    return new Promise<R>((resolve, reject) => {
      let fila = this.filas.get(chave);
      if (!fila) {
        fila = { ativos: 0, pendentes: [] };
        this.filas.set(chave, fila);
      }
      fila.pendentes.push({ entrada, resolve, reject });
      this.despachar(chave, fila);
    });
  }

  private despachar(chave: string, fila: { ativos: number; pendentes: Pedido<E, R>[] }): void {
    while (fila.ativos < LOTES_SIMULTANEOS && fila.pendentes.length) {
      const lote = fila.pendentes.splice(0, MAXIMO_POR_LOTE);
      fila.ativos++;
      void this.gravarLote(lote).finally(() => {
        fila.ativos--;
        if (fila.ativos === 0 && !fila.pendentes.length) this.filas.delete(chave);
        else this.despachar(chave, fila);
      });
    }
  }

  private async gravarLote(lote: Pedido<E, R>[]): Promise<void> {
    try {
      const resultados = await this.gravar(lote.map((p) => p.entrada));
      for (const [i, p] of lote.entries()) p.resolve(resultados[i] as R);
    } catch (erro) {
      if (lote.length === 1) {
        lote[0]?.reject(erro);
        return;
      }
      for (const p of lote) {
        try {
          const [r] = await this.gravar([p.entrada]);
          p.resolve(r as R);
        } catch (e) {
          p.reject(e);
        }
      }
    }
  }
}
