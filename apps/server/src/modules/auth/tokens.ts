import { randomBytes } from 'node:crypto';
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

  /** The session of a valid token; undefined when expired, forged or malformed. */
  async verificar(token: string | undefined): Promise<Sessao | undefined> {
    if (!token || token.length > 4096) return undefined;
    try {
      const { payload } = await jwtVerify(token, this.segredo, { algorithms: ['HS256'] });
      if (typeof payload.sub !== 'string' || typeof payload.grp !== 'string') return undefined;
      return { usuarioId: payload.sub, grupoEmpresarialId: payload.grp };
    } catch (erro) {
      if (erro instanceof errors.JOSEError) return undefined;
      throw erro;
    }
  }
}
