import fs from 'node:fs';
import path from 'node:path';
import type { Trabalho } from './tipos.ts';

// The agent's journal on local disk: one file per job, written atomically (temp file, fsync, rename, fsync
// of the folder), so after a crash or a power cut every job is in the last state that reached the disk.
//
//   claimed -> sending -> sent -> acked
//
// A restart with 'claimed' prints the job (nothing was sent); with 'sent' it only acknowledges (the printer
// got it); with 'sending' it cannot know whether the printer got the bytes, so it never prints again and
// reports the job as failed for a person to check (at most once). 'acked' files stay a day as tombstones,
// so a job the server hands out again (lost acknowledgement) is acknowledged without printing.

export type EstadoDiario = 'claimed' | 'sending' | 'sent' | 'acked';

export interface EntradaDiario {
  estado: EstadoDiario;
  trabalho: Trabalho;
  atualizadoEm: string;
}

const RETENCAO_MS = 24 * 3600_000;

export class Diario {
  private readonly pasta: string;

  constructor(diretorio: string) {
    this.pasta = path.join(diretorio, 'trabalhos');
    fs.mkdirSync(this.pasta, { recursive: true });
  }

  private arquivo(id: string): string {
    if (!/^[0-9a-f]{24}$/.test(id)) throw new Error(`id de impressão inválido: ${id}`);
    return path.join(this.pasta, `${id}.json`);
  }

  ler(id: string): EntradaDiario | undefined {
    try {
      return JSON.parse(fs.readFileSync(this.arquivo(id), 'utf8')) as EntradaDiario;
    } catch (erro) {
      if ((erro as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw erro;
    }
  }

  gravar(estado: EstadoDiario, trabalho: Trabalho): void {
    const destino = this.arquivo(trabalho._id);
    const temporario = `${destino}.tmp`;
    const entrada: EntradaDiario = {
      estado,
      // A tombstone does not need the bytes any more.
      trabalho: estado === 'acked' ? { ...trabalho, conteudo: '' } : trabalho,
      atualizadoEm: new Date().toISOString(),
    };
    const fd = fs.openSync(temporario, 'w');
    try {
      fs.writeSync(fd, JSON.stringify(entrada));
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(temporario, destino);
    sincronizarPasta(this.pasta);
  }

  remover(id: string): void {
    fs.rmSync(this.arquivo(id), { force: true });
    sincronizarPasta(this.pasta);
  }

  /** Entries not yet acknowledged, oldest first; prunes old tombstones and stray temp files. */
  pendentes(agora = Date.now()): EntradaDiario[] {
    const r: EntradaDiario[] = [];
    for (const nome of fs.readdirSync(this.pasta)) {
      const caminho = path.join(this.pasta, nome);
      if (nome.endsWith('.tmp')) {
        fs.rmSync(caminho, { force: true });
        continue;
      }
      if (!nome.endsWith('.json')) continue;
      const e = this.ler(nome.slice(0, -5));
      if (!e) continue;
      if (e.estado === 'acked') {
        if (agora - Date.parse(e.atualizadoEm) > RETENCAO_MS) fs.rmSync(caminho, { force: true });
        continue;
      }
      r.push(e);
    }
    return r.sort(
      (a, b) => a.trabalho.createdAt.localeCompare(b.trabalho.createdAt) || a.trabalho.via - b.trabalho.via,
    );
  }
}

function sincronizarPasta(pasta: string): void {
  // Windows cannot open a folder for fsync; NTFS journals the rename itself.
  if (process.platform === 'win32') return;
  const fd = fs.openSync(pasta, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}
