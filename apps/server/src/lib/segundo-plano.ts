// Work that runs behind a request's answer (acknowledgments, kitchen syncs, actions sent to a delivery app). The
// services keep it here so that tests and the app's shutdown can wait until it is all done (`esperar`).

/** Promises started in the background; `esperar()` waits for them and for any started while waiting. */
export class TrabalhoEmSegundoPlano {
  private readonly ativos = new Set<Promise<unknown>>();

  iniciar<T>(trabalho: Promise<T>): Promise<T> {
    this.ativos.add(trabalho);
    void trabalho.finally(() => this.ativos.delete(trabalho)).catch(() => undefined);
    return trabalho;
  }

  get tamanho(): number {
    return this.ativos.size;
  }

  async esperar(): Promise<void> {
    while (this.ativos.size > 0) await Promise.allSettled([...this.ativos]);
  }
}

/**
 * One queue per key (a sale, an order, an integration): the work of a key runs in the order it was asked, one at a
 * time, whatever the previous one's outcome; different keys run side by side.
 */
export class FilasPorChave {
  private readonly filas = new Map<string, Promise<unknown>>();

  enfileirar<T>(chave: string, trabalho: () => Promise<T>): Promise<T> {
    const anterior = this.filas.get(chave) ?? Promise.resolve();
    const proxima = anterior.catch(() => undefined).then(trabalho);
    this.filas.set(chave, proxima);
    void proxima
      .finally(() => {
        if (this.filas.get(chave) === proxima) this.filas.delete(chave);
      })
      .catch(() => undefined);
    return proxima;
  }

  get tamanho(): number {
    return this.filas.size;
  }

  async esperar(): Promise<void> {
    while (this.filas.size > 0) await Promise.allSettled([...this.filas.values()]);
  }
}
