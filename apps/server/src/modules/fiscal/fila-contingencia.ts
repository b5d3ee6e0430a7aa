// Background worker of the contingency queue: offline NFC-e (tpEmis 9) rows with pendente_envio are sent
// when SEFAZ answers again. The queue is the nfce table itself, so it survives restarts; a row is leased
// (bloqueio_ate, FOR UPDATE SKIP LOCKED) so several server instances never send one note twice at once;
// a rejected note is stored with its code and leaves the queue, never blocking the others.
import { ErroXsd, transmitirNfce } from '@retaguarda/fiscal';
import { sql } from 'drizzle-orm';
import { consultar, consultarUm } from '../../db/consultar.ts';
import { type EmissaoNfce, notaDoRegistro } from './emissao.ts';
import type { ServicoFiscal } from './fiscal.service.ts';

const LEASE_SEGUNDOS = 120;

export interface ResumoRodada {
  autorizadas: number;
  rejeitadas: number;
  adiadas: number;
}

export class FilaContingencia {
  private timer: NodeJS.Timeout | undefined;
  private rodando: Promise<ResumoRodada> | undefined;
  private parado = true;

  constructor(
    private readonly fiscal: ServicoFiscal,
    private readonly emissao: EmissaoNfce,
    public intervaloMs: number,
    /** Back-off while SEFAZ is still unreachable: base, 2x base, 4x base... up to 10 min. */
    public atrasoBaseSegundos = 30,
  ) {}

  private atrasoSegundos(tentativas: number): number {
    return Math.min(600, this.atrasoBaseSegundos * 2 ** Math.max(0, tentativas - 1));
  }

  iniciar(): void {
    this.parado = false;
    this.agendar();
  }

  private agendar(): void {
    if (this.parado) return;
    this.timer = setTimeout(() => {
      void this.processar()
        .catch((erro: unknown) => this.fiscal.log.error({ err: erro }, 'fila de contingência NFC-e'))
        .finally(() => this.agendar());
    }, this.intervaloMs);
    this.timer.unref();
  }

  async parar(): Promise<void> {
    this.parado = true;
    if (this.timer) clearTimeout(this.timer);
    await this.rodando?.catch(() => undefined);
  }

  /** One pass over the due rows (also callable directly). */
  processar(): Promise<ResumoRodada> {
    this.rodando ??= this.rodada().finally(() => {
      this.rodando = undefined;
    });
    return this.rodando;
  }

  private async rodada(): Promise<ResumoRodada> {
    const resumo: ResumoRodada = { autorizadas: 0, rejeitadas: 0, adiadas: 0 };
    // Stores whose SEFAZ is still down in this pass: their other notes wait for the next one.
    const fora = new Set<string>();
    for (let i = 0; i < 500 && !this.parado; i++) {
      const l = await consultarUm(
        this.fiscal.db,
        sql`update nfce set bloqueio_ate = now() + make_interval(secs => ${LEASE_SEGUNDOS}), tentativas = tentativas + 1
            where id = (
              select id from nfce
              where pendente_envio and (proxima_tentativa is null or proxima_tentativa <= now())
                and (bloqueio_ate is null or bloqueio_ate < now())
                ${
                  fora.size
                    ? sql`and empresa_id not in (${sql.join(
                        [...fora].map((f) => sql`${f}`),
                        sql`, `,
                      )})`
                    : sql``
                }
              order by dh_emi, numero limit 1 for update skip locked)
            returning *`,
      );
      if (!l) break;
      const id = l.id as string;
      const empresaId = l.empresa_id as string;
      try {
        const e = await this.fiscal.empresaFiscal(l.grupo_empresarial_id as string, empresaId);
        const cert = await this.fiscal.certificado(e);
        const r = await transmitirNfce(notaDoRegistro(l), await this.fiscal.cliente(e, cert));
        if (r.situacao === 'contingencia') {
          fora.add(empresaId);
          resumo.adiadas++;
          await this.adiar(id, Number(l.tentativas), r.mensagem);
          continue;
        }
        // An offline note is already printed: a 204/539 cannot be renumbered here, it is stored as an error
        // with the package's advice for the operator (see the module README).
        await this.emissao.aplicarResultado(id, r);
        if (r.situacao === 'autorizada') resumo.autorizadas++;
        else resumo.rejeitadas++;
      } catch (erro) {
        if (erro instanceof ErroXsd) {
          // Never sent and never sendable as is: out of the queue, stored as an error for the operator.
          resumo.rejeitadas++;
          await consultar(
            this.fiscal.db,
            sql`update nfce set status_nota = 'erro', pendente_envio = false, bloqueio_ate = null,
                  x_motivo = ${`Falha ao enviar a nota, ${erro.message}`}, updated_at = now() where id = ${id}`,
          );
          continue;
        }
        resumo.adiadas++;
        this.fiscal.log.error({ err: erro, nfce: id }, 'falha ao transmitir NFC-e em contingência');
        await this.adiar(id, Number(l.tentativas), `Falha ao enviar a nota, ${(erro as Error).message}`);
      }
    }
    return resumo;
  }

  private async adiar(id: string, tentativas: number, motivo: string): Promise<void> {
    await consultar(
      this.fiscal.db,
      sql`update nfce set bloqueio_ate = null, aviso = ${motivo},
            proxima_tentativa = now() + make_interval(secs => ${this.atrasoSegundos(tentativas)}), updated_at = now()
          where id = ${id}`,
    );
  }
}
