import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { construirApp } from '../src/app.ts';
import { type ConfigS3, lerConfig } from '../src/config.ts';
import type { Banco } from '../src/db/client.ts';
import { sha256Hex } from '../src/modules/auth/auth.service.ts';
import type { DadosDemo } from '../src/seed/seed.ts';
import { bancoSemeado } from './banco-modelo.ts';

// Integration tests run against a real database: embedded PGlite by default, and a fresh database on the
// PostgreSQL server of TEST_DATABASE_URL when the project `server-pg` sets TEST_BACKEND=postgres.

export interface AppTeste {
  app: FastifyInstance;
  banco: Banco;
  demo: DadosDemo;
  /** Logs in a demo user and returns its token. */
  login(email: string, senha: string, grupo?: string): Promise<string>;
  post(url: string, body: unknown, token?: string, headers?: Record<string, string>): Promise<Resposta>;
  get(url: string, token?: string): Promise<Resposta>;
  put(url: string, body: unknown, token?: string): Promise<Resposta>;
  del(url: string, token?: string): Promise<Resposta>;
  fechar(): Promise<void>;
}

/** A JSON object of an answer; tests narrow it with `as` where they read nested values. */
export type Registro = Record<string, unknown> & { message?: string; _id?: string };

export interface Resposta {
  status: number;
  corpo: { valido: boolean; data: Registro; loginExpirado?: boolean };
  /** `data` of an answer that is a list. */
  lista: Registro[];
  bruta: LightMyRequestResponse;
}

/**
 * A fresh database on the PostgreSQL server of TEST_DATABASE_URL: its address, and how to drop it once every
 * session on it has closed.
 */
export async function bancoPostgresDeTeste(
  prefixo = 'teste',
): Promise<{ url: string; descartar(): Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_BACKEND=postgres precisa de TEST_DATABASE_URL');
  const nome = `${prefixo}_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${nome}`);
  await admin.end();
  const alvo = new URL(url);
  alvo.pathname = `/${nome}`;
  return {
    url: alvo.toString(),
    async descartar() {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      // pool.end() resolves before its clients finish closing: dropping (force) a database whose sessions
      // are still closing kills them with 57P01, an unhandled error in the test run. Wait for them first.
      for (let i = 0; i < 50; i++) {
        const r = await c.query('select count(*)::int as n from pg_stat_activity where datname = $1', [nome]);
        if (r.rows[0]?.n === 0) break;
        await new Promise((ok) => setTimeout(ok, 50));
      }
      await c.query(`drop database if exists ${nome} with (force)`);
      await c.end();
    },
  };
}

export async function criarAppTeste(
  opcoes: {
    tokenTtlSeconds?: number;
    redisUrl?: string;
    cepUrl?: string;
    mapasUrl?: string;
    mapasChave?: string;
    dataDir?: string;
    s3?: ConfigS3;
    atrasoLoginMs?: number;
    urlPublica?: string;
    /** Registers test-only routes before the app is ready (e.g. the row-level security attack). */
    antesDePronto?: (app: FastifyInstance) => void;
  } = {},
): Promise<AppTeste> {
  const { banco, descartar, demo } = await bancoSemeado();
  // Failed logins slow their address down; 1 ms keeps the many failures of the tests quick.
  const { antesDePronto, ...demais } = opcoes;
  const config = { ...lerConfig({}), webDist: '/nao-existe', atrasoLoginMs: 1, ...demais };
  const app = await construirApp({ config, banco, logger: false });
  antesDePronto?.(app);
  await app.ready();

  const pedir = async (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    body?: unknown,
    token?: string,
    headers: Record<string, string> = {},
  ): Promise<Resposta> => {
    const bruta = await app.inject({
      method,
      url,
      headers: { ...(token ? { token, version: 'teste' } : {}), ...headers },
      ...(body === undefined ? {} : { payload: body as object }),
    });
    const corpo = bruta.json() as Resposta['corpo'];
    return { status: bruta.statusCode, corpo, lista: Array.isArray(corpo.data) ? corpo.data : [], bruta };
  };

  return {
    app,
    banco,
    demo,
    async login(email, senha, grupo = demo.grupoId) {
      const r = await pedir('POST', '/api/login', {
        email,
        senha: sha256Hex(senha),
        grupoEmpresarial: grupo,
      });
      if (!r.corpo.valido) throw new Error(`login falhou: ${JSON.stringify(r.corpo)}`);
      return r.corpo.data.token as string;
    },
    post: (url, body, token, headers) => pedir('POST', url, body, token, headers),
    get: (url, token) => pedir('GET', url, undefined, token),
    put: (url, body, token) => pedir('PUT', url, body, token),
    del: (url, token) => pedir('DELETE', url, undefined, token),
    async fechar() {
      await app.close();
      await banco.fechar();
      await descartar();
    },
  };
}

export { sha256Hex };
