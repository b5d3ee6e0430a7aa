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
  /** Google-Geocoding-style maps service (geocode/json, distancematrix/json); the demo starts a simulator. */
  mapasUrl: string;
  /** Key of the maps service; a company's configuracoes.keyGoogleMapsApi takes precedence. */
  mapasChave: string;
  /** S3-compatible storage for uploads; local disk under dataDir/storage when unset. */
  s3: ConfigS3 | undefined;
  /**
   * Proxies whose X-Forwarded-For is believed (TRUST_PROXY: addresses/CIDRs separated by commas, or a hop
   * count); false (the default) = the client address is the socket's.
   */
  trustProxy?: string[] | number | false;
  /** Public address of the deployment (PUBLIC_URL), the base of the links sent by e-mail. */
  urlPublica?: string;
  /** Base delay (ms) of an address slowed by failed logins (doubles per failure, up to 32 times). */
  atrasoLoginMs?: number;
  /**
   * LISTA_GRUPOS_PUBLICA=false: the login page does not list the business groups (the user types the
   * group's code), for a deployment that serves many chains (issue 14 point 11). Default: listed.
   */
  listaGruposPublica?: boolean;
}

/** TRUST_PROXY: unset/false = trust nobody; `2` = two hops; `127.0.0.1,10.0.0.0/8` = those proxies. */
export function lerTrustProxy(valor: string | undefined): string[] | number | false {
  const v = (valor ?? '').trim();
  if (!v || v === 'false' || v === '0') return false;
  if (/^\d+$/.test(v)) return Number(v);
  if (v === 'true') {
    throw new Error(
      'TRUST_PROXY=true confiaria em qualquer cliente: informe os endereços dos proxies ou o número de saltos.',
    );
  }
  return v
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
}

/** PUBLIC_URL without the trailing slash; `http://localhost:PORT` when unset (a single-machine demo). */
export function lerUrlPublica(valor: string | undefined, porta: number): string {
  if (!valor) return `http://localhost:${porta}`;
  let url: URL;
  try {
    url = new URL(valor);
  } catch {
    throw new Error(`PUBLIC_URL inválida: ${valor} (use https://retaguarda.exemplo.com.br).`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`PUBLIC_URL inválida: ${valor} (use http:// ou https://).`);
  }
  return valor.replace(/\/+$/, '');
}

export interface ConfigS3 {
  /** `https://s3.sa-east-1.amazonaws.com`, `http://minio:9000`... */
  endpoint: string;
  regiao: string;
  bucket: string;
  chaveAcesso: string;
  segredo: string;
  /** Path style (`endpoint/bucket/key`, MinIO and most compatibles) or virtual host (`bucket.endpoint/key`). */
  estiloCaminho: boolean;
  /** Public address of the bucket (CDN); when unset the server serves the files under /storage/. */
  urlPublica: string | undefined;
}

/** S3 settings from S3_* variables: none set = local disk; some set = all required ones must be. */
export function lerConfigS3(env: NodeJS.ProcessEnv): ConfigS3 | undefined {
  const obrigatorias = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
  if (!obrigatorias.some((n) => env[n])) return undefined;
  const faltam = obrigatorias.filter((n) => !env[n]);
  if (faltam.length > 0) {
    throw new Error(`Armazenamento S3 incompleto: defina também ${faltam.join(', ')}.`);
  }
  try {
    new URL(env.S3_ENDPOINT ?? '');
  } catch {
    throw new Error(`S3_ENDPOINT inválido: ${env.S3_ENDPOINT} (use http://host:porta ou https://host).`);
  }
  return {
    endpoint: (env.S3_ENDPOINT ?? '').replace(/\/+$/, ''),
    regiao: env.S3_REGION || 'us-east-1',
    bucket: env.S3_BUCKET ?? '',
    chaveAcesso: env.S3_ACCESS_KEY_ID ?? '',
    segredo: env.S3_SECRET_ACCESS_KEY ?? '',
    estiloCaminho: env.S3_PATH_STYLE !== 'false',
    urlPublica: env.S3_PUBLIC_URL ? env.S3_PUBLIC_URL.replace(/\/+$/, '') : undefined,
  };
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
    mapasUrl: env.MAPAS_URL ?? 'https://maps.googleapis.com/maps/api',
    mapasChave: env.MAPAS_CHAVE ?? '',
    s3: lerConfigS3(env),
    trustProxy: lerTrustProxy(env.TRUST_PROXY),
    urlPublica: lerUrlPublica(env.PUBLIC_URL, Number(env.PORT ?? 3000)),
    listaGruposPublica: env.LISTA_GRUPOS_PUBLICA !== 'false',
  };
}
