// Encryption at rest of the A1 certificates and CSC tokens: AES-256-GCM with a key that never sits in the
// database. The key comes from env CHAVE_CERTIFICADOS (64 hex chars or base64 of 32 bytes) or from a key
// file under DATA_DIR created with mode 0600 on first use. Stolen database dumps alone do not open them.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const VERSAO = 'v1';

export class Cofre {
  private constructor(private readonly chave: Buffer) {}

  static deChave(chave: Buffer): Cofre {
    if (chave.length !== 32) throw new Error('A chave dos certificados deve ter 32 bytes');
    return new Cofre(chave);
  }

  /** Env CHAVE_CERTIFICADOS first; otherwise `<dataDir>/chave-certificados.key`, created 0600 when missing. */
  static carregar(dataDir: string, env: NodeJS.ProcessEnv = process.env): Cofre {
    const doAmbiente = env.CHAVE_CERTIFICADOS?.trim();
    if (doAmbiente) {
      const chave = /^[0-9a-f]{64}$/i.test(doAmbiente)
        ? Buffer.from(doAmbiente, 'hex')
        : Buffer.from(doAmbiente, 'base64');
      return Cofre.deChave(chave);
    }
    const arquivo = path.join(dataDir, 'chave-certificados.key');
    fs.mkdirSync(dataDir, { recursive: true });
    try {
      // 'wx' fails when the file exists: two servers starting together never overwrite each other's key.
      fs.writeFileSync(arquivo, randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
    return Cofre.deChave(Buffer.from(fs.readFileSync(arquivo, 'utf8').trim(), 'hex'));
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
    return Buffer.concat([d.update(Buffer.from(cifrado, 'base64')), d.final()]);
  }
}
