import fs from 'node:fs/promises';
import path from 'node:path';

/** Where uploaded files live. Local disk under DATA_DIR/storage by default, S3 when configured. */
export interface Armazenamento {
  salvar(chave: string, conteudo: Buffer, tipo?: string): Promise<void>;
  remover(chave: string): Promise<boolean>;
  /** Keys that start with a prefix (to find the thumbnails of a file). */
  listar(prefixo: string): Promise<string[]>;
}

// Keys are relative paths made of safe segments only: nothing can escape the storage folder.
const SEGMENTO = /^[A-Za-z0-9][A-Za-z0-9._-]{0,120}$/;
export function chaveSegura(chave: string): string {
  const partes = chave.split('/').filter(Boolean);
  if (
    partes.length === 0 ||
    partes.length > 12 ||
    !partes.every((p) => SEGMENTO.test(p) && !p.includes('..'))
  ) {
    throw new Error(`caminho inválido: ${chave}`);
  }
  return partes.join('/');
}

export class ArmazenamentoLocal implements Armazenamento {
  constructor(readonly raiz: string) {}

  private caminho(chave: string): string {
    return path.join(this.raiz, chaveSegura(chave));
  }

  async salvar(chave: string, conteudo: Buffer): Promise<void> {
    const destino = this.caminho(chave);
    await fs.mkdir(path.dirname(destino), { recursive: true });
    // Write then rename, so a reader never sees half a file.
    const temporario = `${destino}.${process.pid}.tmp`;
    await fs.writeFile(temporario, conteudo);
    await fs.rename(temporario, destino);
  }

  async remover(chave: string): Promise<boolean> {
    try {
      await fs.unlink(this.caminho(chave));
      return true;
    } catch (erro) {
      if ((erro as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw erro;
    }
  }

  async listar(prefixo: string): Promise<string[]> {
    const seguro = chaveSegura(prefixo);
    const pasta = path.dirname(seguro);
    const inicio = path.basename(seguro);
    try {
      const nomes = await fs.readdir(path.join(this.raiz, pasta));
      return nomes.filter((n) => n.startsWith(inicio) && !n.endsWith('.tmp')).map((n) => `${pasta}/${n}`);
    } catch (erro) {
      if ((erro as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw erro;
    }
  }
}
