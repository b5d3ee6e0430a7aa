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
  ) {}

  async emitir(sessao: Sessao): Promise<{ token: string; expiraEm: string }> {
    const expira = Math.floor(Date.now() / 1000) + this.validadeSegundos;
    const token = await new SignJWT({ grp: sessao.grupoEmpresarialId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(sessao.usuarioId)
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

  // Verified session tokens, so the HMAC (a WebCrypto job, ~0.5 ms) runs once per token and minute instead of
  // on every request of a POS; an entry never outlives the token's own expiry.
  private readonly verificados = new Map<string, { sessao: Sessao; ate: number }>();

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
      const sessao = { usuarioId: payload.sub, grupoEmpresarialId: payload.grp };
      if (this.verificados.size >= 10_000) this.verificados.clear();
      const expira = typeof payload.exp === 'number' ? payload.exp * 1000 : agora;
      this.verificados.set(token, { sessao, ate: Math.min(expira, agora + 60_000) });
      return sessao;
    } catch (erro) {
      if (erro instanceof errors.JOSEError) return undefined;
      throw erro;
    }
  }
}
