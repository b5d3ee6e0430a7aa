import { comoSistema } from '../db/inquilino.ts';

// The drain loop of an outbox worker (stock consumption, finance postings): drains at start, when woken by the
// code that filled the outbox here, and every `intervaloMs` (rows written by other instances). A drain already
// running runs once more after it ends; an error leaves the rows for the next wake-up.

export class TrabalhadorFila {
  private timer: NodeJS.Timeout | undefined;
  private rodando: Promise<void> | undefined;
  private deNovo = false;
  private parado = false;

  constructor(
    /** One batch; answers how many rows it handled (0 = nothing pending). */
    private readonly lote: () => Promise<number>,
    private readonly intervaloMs: number,
    private readonly log: (erro: unknown) => void,
  ) {}

  iniciar(): void {
    this.acordar();
  }

  acordar(): void {
    if (this.parado) return;
    if (this.rodando) {
      this.deNovo = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.rodando = this.drenar().finally(() => {
      this.rodando = undefined;
      if (this.parado) return;
      if (this.deNovo) {
        this.deNovo = false;
        this.acordar();
      } else {
        this.timer = setTimeout(() => this.acordar(), this.intervaloMs);
        this.timer.unref();
      }
    });
  }

  /** Drains everything pending now (tests and benches wait on it). */
  async drenar(): Promise<void> {
    try {
      // System work: the rows of every business group.
      while (!this.parado && (await comoSistema(() => this.lote())) > 0) {
        /* next batch */
      }
    } catch (erro) {
      this.log(erro);
    }
  }

  async parar(): Promise<void> {
    this.parado = true;
    if (this.timer) clearTimeout(this.timer);
    await this.rodando;
  }
}
