import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { consultarUm } from '../../db/consultar.ts';

// Failed-attempt budgets kept in the database (limite_tentativa), so they survive a restart and every server
// instance of a chain shares them (issue 14 point 1). A key is an account, an address, a supervisor's PIN...
// Past `maximo` failures within the window the key is locked; each new lock in a row lasts twice the previous
// one. An address is never locked (a store's whole staff shares one public IP): it is slowed down instead.

const JANELA_MINUTOS = 15;

export const MENSAGEM_BLOQUEIO =
  'Muitas tentativas de login sem sucesso. Aguarde 15 minutos e tente novamente.';

export interface Orcamento {
  /** Failures allowed before the lock. */
  maximo: number;
  /** The first lock; the next ones double, up to `bloqueioMaximoMs`. */
  bloqueioMs: number;
  bloqueioMaximoMs: number;
}

/** Login of one account: 5 failures, then 15 min, 30 min, 1 h... up to a day. */
export const ORCAMENTO_CONTA: Orcamento = {
  maximo: 5,
  bloqueioMs: 15 * 60_000,
  bloqueioMaximoMs: 24 * 3600_000,
};
/** The operational password (a 4-digit PIN) of one supervisor: 5 wrong PINs, then locked and the admin told. */
export const ORCAMENTO_PIN: Orcamento = {
  maximo: 5,
  bloqueioMs: 15 * 60_000,
  bloqueioMaximoMs: 24 * 3600_000,
};
/** The user (terminal) asking for releases: 10 wrong supervisor passwords, whoever the supervisor. */
export const ORCAMENTO_PEDINTE: Orcamento = {
  maximo: 10,
  bloqueioMs: 15 * 60_000,
  bloqueioMaximoMs: 24 * 3600_000,
};
/** Password-reset e-mails: 3 per account and 10 per address in the window, silently. */
export const ORCAMENTO_RESET_CONTA: Orcamento = {
  maximo: 3,
  bloqueioMs: 60 * 60_000,
  bloqueioMaximoMs: 24 * 3600_000,
};
export const ORCAMENTO_RESET_IP: Orcamento = {
  maximo: 10,
  bloqueioMs: 60 * 60_000,
  bloqueioMaximoMs: 24 * 3600_000,
};

/** Failures of an address before its answers start to be delayed. */
const FALHAS_LIVRES_IP = 10;

export class LimiteTentativas {
  constructor(
    private readonly db: Db,
    /** Base delay for a slowed address (ms); doubles per failure past the free ones, up to 32 times it. */
    private readonly atrasoBaseMs = 250,
  ) {}

  /** True while the key is locked. */
  async bloqueado(chave: string): Promise<boolean> {
    const l = await consultarUm(
      this.db,
      sql`select 1 as b from limite_tentativa where chave = ${chave} and bloqueado_ate > now()`,
    );
    return Boolean(l);
  }

  /** Counts a failure; true when this one locked the key. */
  async falhou(chave: string, o: Orcamento): Promise<boolean> {
    const l = await consultarUm(
      this.db,
      sql`insert into limite_tentativa (chave, falhas, ultima_falha) values (${chave}, 1, now())
          on conflict (chave) do update set
            falhas = case when limite_tentativa.ultima_falha < now() - make_interval(mins => ${JANELA_MINUTOS})
                          then 1 else limite_tentativa.falhas + 1 end,
            ultima_falha = now()
          returning falhas, bloqueios`,
    );
    if (!l || Number(l.falhas) < o.maximo) return false;
    const duracao = Math.min(o.bloqueioMs * 2 ** Math.min(Number(l.bloqueios), 20), o.bloqueioMaximoMs);
    await consultarUm(
      this.db,
      sql`update limite_tentativa set falhas = 0, bloqueios = bloqueios + 1,
            bloqueado_ate = now() + make_interval(secs => ${duracao / 1000})
          where chave = ${chave}`,
    );
    return true;
  }

  /** Counts one use of a budget that is not about a wrong password (reset e-mails); false when over it. */
  async consumir(chave: string, o: Orcamento): Promise<boolean> {
    if (await this.bloqueado(chave)) return false;
    await this.falhou(chave, o);
    return true;
  }

  async sucesso(chave: string): Promise<void> {
    await consultarUm(this.db, sql`delete from limite_tentativa where chave = ${chave}`);
  }

  /**
   * Slows an address that keeps failing: past its free failures each attempt waits longer (never refused,
   * so a colleague behind the same public IP still logs in with the right password).
   */
  async atrasar(ip: string): Promise<number> {
    const l = await consultarUm(
      this.db,
      sql`select falhas from limite_tentativa
          where chave = ${`ip:${ip}`} and ultima_falha > now() - make_interval(mins => ${JANELA_MINUTOS})`,
    );
    const alem = Number(l?.falhas ?? 0) - FALHAS_LIVRES_IP;
    if (alem <= 0) return 0;
    const ms = this.atrasoBaseMs * 2 ** Math.min(alem - 1, 5);
    await new Promise((ok) => setTimeout(ok, ms));
    return ms;
  }

  /** A failure of an address: counted, never locked (maximo out of reach). */
  async falhouIp(ip: string): Promise<void> {
    await this.falhou(`ip:${ip}`, { maximo: Number.MAX_SAFE_INTEGER, bloqueioMs: 0, bloqueioMaximoMs: 0 });
  }
}
