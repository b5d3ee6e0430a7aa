import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { errors, jwtVerify, SignJWT } from 'jose';
import type { Db } from '../../db/client.ts';
import { consultarUm } from '../../db/consultar.ts';

export interface Sessao {
  usuarioId: string;
  grupoEmpresarialId: string;
}

// The signing secret lives in the database so every server instance of a chain shares it.
export async function carregarSegredo(db: Db): Promise<Uint8Array> {
  const novo = randomBytes(32).toString('base64url');
  await consultarUm(
    db,
    sql`insert into sistema_config (chave, valor) values ('jwtSegredo', ${novo}) on conflict do nothing`,
  );
  const linha = await consultarUm(db, sql`select valor from sistema_config where chave = 'jwtSegredo'`);
  return new TextEncoder().encode(String(linha?.valor));
}

/** A supervisor's release of one permission, proven by a short-lived signed token. */
export interface Liberacao {
  /** Token id: the release is spent under it (liberacao_uso). */
  id: string;
  supervisorId: string;
  grupoEmpresarialId: string;
  permissao: number;
  empresaId: string | null;
  motivo: string | null;
  /** The user who asked for it (only that user may use it). */
  operadorId: string | null;
  /** The sale id or NFC-e key it was asked for, when the client named one. */
  alvo: string | null;
  /** For discounts: the mode and value the supervisor released. */
  desconto: { modo: number; valor: string } | null;
}

export type PedidoLiberacao = Omit<Liberacao, 'id' | 'operadorId' | 'alvo' | 'desconto'> &
  Partial<Pick<Liberacao, 'operadorId' | 'alvo' | 'desconto'>>;

const VALIDADE_LIBERACAO_SEGUNDOS = 5 * 60;

export class Tokens {
  constructor(
    private readonly segredo: Uint8Array,
    private readonly validadeSegundos: number,
    /** Where revocations live (token_revogado, sessao_usuario); without it tokens cannot be revoked. */
    private readonly db?: Db,
  ) {}

  async emitir(sessao: Sessao): Promise<{ token: string; expiraEm: string }> {
    const expira = Math.floor(Date.now() / 1000) + this.validadeSegundos;
    // jti: logout revokes this token alone; ims (issued at, ms): a user's revocation kills older tokens.
    const token = await new SignJWT({ grp: sessao.grupoEmpresarialId, ims: Date.now() })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(sessao.usuarioId)
      .setJti(randomUUID())
      .setIssuedAt()
      .setExpirationTime(expira)
      .sign(this.segredo);
    return { token, expiraEm: new Date(expira * 1000).toISOString() };
  }

  /**
   * After a supervisor typed login and password (liberacaoSupervisor), the client gets this token and sends it
   * with the protected action (discount, cancellation...); the server checks it instead of trusting the client.
   */
  async emitirLiberacao(l: PedidoLiberacao): Promise<string> {
    return new SignJWT({
      grp: l.grupoEmpresarialId,
      perm: l.permissao,
      emp: l.empresaId,
      mot: l.motivo,
      op: l.operadorId ?? null,
      alvo: l.alvo ?? null,
      desc: l.desconto ?? null,
      tip: 'lib',
    })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(l.supervisorId)
      .setJti(randomUUID())
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + VALIDADE_LIBERACAO_SEGUNDOS)
      .sign(this.segredo);
  }

  /** The release in a valid token of this group and permission (the store etc. are checked by the caller). */
  async lerLiberacao(
    token: string | undefined,
    esperado: { grupoEmpresarialId: string; permissao: number },
  ): Promise<Liberacao | undefined> {
    if (!token || token.length > 4096) return undefined;
    try {
      const { payload: p } = await jwtVerify(token, this.segredo, { algorithms: ['HS256'] });
      if (p.tip !== 'lib' || typeof p.sub !== 'string' || p.grp !== esperado.grupoEmpresarialId)
        return undefined;
      if (p.perm !== esperado.permissao) return undefined;
      const d = p.desc as { modo?: unknown; valor?: unknown } | null | undefined;
      return {
        id: typeof p.jti === 'string' ? p.jti : '',
        supervisorId: p.sub,
        grupoEmpresarialId: p.grp,
        permissao: p.perm,
        empresaId: typeof p.emp === 'string' ? p.emp : null,
        motivo: typeof p.mot === 'string' ? p.mot : null,
        operadorId: typeof p.op === 'string' ? p.op : null,
        alvo: typeof p.alvo === 'string' ? p.alvo : null,
        desconto:
          d && typeof d.modo === 'number' && typeof d.valor === 'string'
            ? { modo: d.modo, valor: d.valor }
            : null,
      };
    } catch (erro) {
      if (erro instanceof errors.JOSEError) return undefined;
      throw erro;
    }
  }

  /** The release, when the token is valid for this group and permission (and exactly this store, when given). */
  async verificarLiberacao(
    token: string | undefined,
    esperado: { grupoEmpresarialId: string; permissao: number; empresaId?: string },
  ): Promise<Liberacao | undefined> {
    const l = await this.lerLiberacao(token, esperado);
    if (!l) return undefined;
    if (esperado.empresaId && l.empresaId !== esperado.empresaId) return undefined;
    return l;
  }

  // Verified session tokens, so the HMAC (a WebCrypto job, ~0.5 ms) and the revocation lookup run once per
  // token and 5 s instead of on every request of a POS; an entry never outlives the token's own expiry. A
  // revocation on this instance drops its entries at once; another instance sees it within those 5 s.
  private readonly verificados = new Map<string, { sessao: Sessao; ate: number }>();

  /** POST /api/logout: this token is dead on every instance. */
  async revogar(token: string | undefined): Promise<void> {
    if (!token || !this.db) return;
    this.verificados.delete(token);
    try {
      const { payload: p } = await jwtVerify(token, this.segredo, { algorithms: ['HS256'] });
      if (typeof p.jti !== 'string' || typeof p.sub !== 'string') return;
      const expira = new Date((typeof p.exp === 'number' ? p.exp : 0) * 1000).toISOString();
      await consultarUm(
        this.db,
        sql`insert into token_revogado (jti, usuario_id, expira_em) values (${p.jti}, ${p.sub}, ${expira})
            on conflict do nothing`,
      );
      // Old rows are useless once their token expired anyway.
      await consultarUm(this.db, sql`delete from token_revogado where expira_em < now()`);
    } catch (erro) {
      if (!(erro instanceof errors.JOSEError)) throw erro;
    }
  }

  /** Every token of the user issued until now is dead (password change, deactivation, profile change). */
  async revogarUsuario(usuarioId: string): Promise<void> {
    if (!this.db) return;
    for (const [token, v] of this.verificados)
      if (v.sessao.usuarioId === usuarioId) this.verificados.delete(token);
    const agora = new Date().toISOString();
    await consultarUm(
      this.db,
      sql`insert into sessao_usuario (usuario_id, validas_desde) values (${usuarioId}, ${agora})
          on conflict (usuario_id) do update set validas_desde = excluded.validas_desde`,
    );
  }

  private async revogado(jti: unknown, usuarioId: string, emitidoMs: unknown): Promise<boolean> {
    if (!this.db) return false;
    const l = await consultarUm(
      this.db,
      sql`select
            (select 1 from token_revogado where jti = ${typeof jti === 'string' ? jti : ''}) as revogado,
            (select validas_desde from sessao_usuario where usuario_id = ${usuarioId}) as desde`,
    );
    if (l?.revogado) return true;
    if (!l?.desde) return false;
    const desde = new Date(String(l.desde)).getTime();
    return typeof emitidoMs !== 'number' || emitidoMs < desde;
  }

  /** The session of a valid token; undefined when expired, forged or malformed. */
  async verificar(token: string | undefined): Promise<Sessao | undefined> {
    if (!token || token.length > 4096) return undefined;
    const agora = Date.now();
    const conhecido = this.verificados.get(token);
    if (conhecido) {
      if (conhecido.ate > agora) return conhecido.sessao;
      this.verificados.delete(token);
    }
    try {
      const { payload } = await jwtVerify(token, this.segredo, { algorithms: ['HS256'] });
      if (typeof payload.sub !== 'string' || typeof payload.grp !== 'string' || payload.tip) return undefined;
      if (await this.revogado(payload.jti, payload.sub, payload.ims)) return undefined;
      const sessao = { usuarioId: payload.sub, grupoEmpresarialId: payload.grp };
      if (this.verificados.size >= 10_000) this.verificados.clear();
      const expira = typeof payload.exp === 'number' ? payload.exp * 1000 : agora;
      this.verificados.set(token, { sessao, ate: Math.min(expira, agora + 5_000) });
      return sessao;
    } catch (erro) {
      if (erro instanceof errors.JOSEError) return undefined;
      throw erro;
    }
  }
}
