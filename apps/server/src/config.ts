import path from 'node:path';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** Real PostgreSQL when set; embedded PGlite under dataDir otherwise. */
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  /** Built SPA served at `/`. */
  webDist: string;
  tokenTtlSeconds: number;
  logLevel: string;
  seedOnEmpty: boolean;
  /** ViaCEP-style postal-code service; the demo starts a local simulator when unset. */
  cepUrl: string;
}

export function lerConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const raiz = path.resolve(import.meta.dirname, '../../..');
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? path.join(raiz, 'data')),
    databaseUrl: env.DATABASE_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    webDist: path.resolve(env.WEB_DIST ?? path.join(raiz, 'apps/web/dist')),
    tokenTtlSeconds: Number(env.TOKEN_TTL_SECONDS ?? 12 * 3600),
    logLevel: env.LOG_LEVEL ?? 'info',
    seedOnEmpty: env.SEED_ON_EMPTY !== 'false',
    cepUrl: env.CEP_URL ?? 'https://viacep.com.br/ws',
  };
}
