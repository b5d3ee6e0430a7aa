// Encryption at rest of the A1 certificates and CSC tokens: AES-256-GCM with a key that never sits in the
// database. The key is part of the deployment's configuration (env CHAVE_CERTIFICADOS, or the file named by
// CHAVE_CERTIFICADOS_ARQUIVO, e.g. a mounted secret), the same on every server instance, so any instance
// opens what another stored. Stolen database dumps alone do not open them.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';

const VERSAO = 'v1';

/** Public development key: only outside production, never for real certificates (README). */
const SEMENTE_DESENVOLVIMENTO =
  'retaguarda: chave de desenvolvimento dos certificados (sem valor em producao)';

export const MENSAGENS_COFRE = {
  ausente:
    'CHAVE_CERTIFICADOS não definida: em produção (NODE_ENV=production, SEFAZ_URL ou SEFAZ_SIMULADOR=false) a chave ' +
    'que cifra os certificados A1 e o CSC vem da configuração da implantação, a mesma em todas as instâncias. ' +
    'Gere uma com `openssl rand -hex 32` e defina CHAVE_CERTIFICADOS (ou CHAVE_CERTIFICADOS_ARQUIVO com o caminho ' +
    'de um arquivo que a contenha).',
  invalida: (origem: string) =>
    `${origem} inválida: a chave dos certificados deve ter 32 bytes (64 caracteres hexadecimais ou base64 de 32 ` +
    'bytes; gere com `openssl rand -hex 32`).',
  arquivo: (caminho: string, motivo: string) =>
    `CHAVE_CERTIFICADOS_ARQUIVO não pôde ser lido (${caminho}): ${motivo}`,
  outraChave:
    'Dado cifrado com outra chave (CHAVE_CERTIFICADOS difere da usada ao gravar): use a chave da implantação em ' +
    'todas as instâncias ou envie o certificado e o CSC novamente.',
} as const;

/** Settings that mean a real deployment: the public development key is refused there. */
export function ambienteDeProducao(env: NodeJS.ProcessEnv): boolean {
  return env.NODE_ENV === 'production' || !!env.SEFAZ_URL || env.SEFAZ_SIMULADOR === 'false';
}

function decodificar(texto: string, origem: string): Buffer {
  const t = texto.trim();
  const chave = /^[0-9a-f]{64}$/i.test(t) ? Buffer.from(t, 'hex') : Buffer.from(t, 'base64');
  if (chave.length !== 32) throw new Error(MENSAGENS_COFRE.invalida(origem));
  return chave;
}

export class Cofre {
  private constructor(
    private readonly chave: Buffer,
    /** 'configuracao' (CHAVE_CERTIFICADOS[_ARQUIVO]) or 'desenvolvimento' (public key, demo only). */
    readonly origem: 'configuracao' | 'desenvolvimento',
  ) {}

  static deChave(chave: Buffer): Cofre {
    if (chave.length !== 32) throw new Error('A chave dos certificados deve ter 32 bytes');
    return new Cofre(chave, 'configuracao');
  }

  /**
   * The deployment's key, read at start (a missing or malformed setting stops the server with the message,
   * never the first sale): CHAVE_CERTIFICADOS, else the file of CHAVE_CERTIFICADOS_ARQUIVO; neither set
   * outside production = the development key derived from a fixed seed, so every instance of a demo or
   * development setup (one database, several servers) shares it.
   */
  static carregar(env: NodeJS.ProcessEnv = process.env): Cofre {
    const doAmbiente = env.CHAVE_CERTIFICADOS?.trim();
    if (doAmbiente) return new Cofre(decodificar(doAmbiente, 'CHAVE_CERTIFICADOS'), 'configuracao');
    const arquivo = env.CHAVE_CERTIFICADOS_ARQUIVO?.trim();
    if (arquivo) {
      let texto: string;
      try {
        texto = fs.readFileSync(arquivo, 'utf8');
      } catch (e) {
        throw new Error(MENSAGENS_COFRE.arquivo(arquivo, (e as Error).message));
      }
      return new Cofre(decodificar(texto, 'CHAVE_CERTIFICADOS_ARQUIVO'), 'configuracao');
    }
    if (ambienteDeProducao(env)) throw new Error(MENSAGENS_COFRE.ausente);
    return new Cofre(createHash('sha256').update(SEMENTE_DESENVOLVIMENTO).digest(), 'desenvolvimento');
  }

  /** `v1.<iv>.<tag>.<ciphertext>` in base64; `contexto` (e.g. the store id) is bound as associated data. */
  cifrar(dado: Uint8Array | string, contexto: string): string {
    const iv = randomBytes(12);
    const c = createCipheriv('aes-256-gcm', this.chave, iv);
    c.setAAD(Buffer.from(contexto));
    const cifrado = Buffer.concat([c.update(typeof dado === 'string' ? Buffer.from(dado) : dado), c.final()]);
    return [VERSAO, iv, c.getAuthTag(), cifrado]
      .map((p) => (typeof p === 'string' ? p : p.toString('base64')))
      .join('.');
  }

  decifrar(texto: string, contexto: string): Buffer {
    const [versao, iv, tag, cifrado] = texto.split('.');
    if (versao !== VERSAO || !iv || !tag || cifrado === undefined) throw new Error('Dado cifrado inválido');
    const d = createDecipheriv('aes-256-gcm', this.chave, Buffer.from(iv, 'base64'));
    d.setAAD(Buffer.from(contexto));
    d.setAuthTag(Buffer.from(tag, 'base64'));
    try {
      return Buffer.concat([d.update(Buffer.from(cifrado, 'base64')), d.final()]);
    } catch {
      // GCM refuses the tag: another key (or another store's blob); say which setting to look at.
      throw new ErroCofre(MENSAGENS_COFRE.outraChave);
    }
  }
}

/** A blob that the configured key does not open. */
export class ErroCofre extends Error {
  override name = 'ErroCofre';
}
