import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// One embedded database, one server (issue 14 point 9): PGlite is a single-process database; a second server
// on the same DATA_DIR would write over the first one's files and lose its sales without a word. A lock file
// next to the data names the process holding it; a second start refuses with a clear message, and a lock
// left by a process that died (kill -9, power cut) is taken over.

export const ARQUIVO_TRAVA = 'servidor.lock';

export function mensagemTrava(dir: string, dono: string): string {
  return (
    `Outro servidor já usa o banco embutido em ${dir} (${dono}). Um banco embutido (PGlite) só pode ` +
    'ter um servidor: pare o outro, use outro DATA_DIR, ou use DATABASE_URL (PostgreSQL) para vários servidores.'
  );
}

function vivo(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (erro) {
    // EPERM: the process exists but belongs to another user.
    return (erro as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes the lock of `dir`; returns the function that gives it back. Throws when another server holds it. */
export function travarDiretorio(dir: string): () => void {
  const arquivo = path.join(dir, ARQUIVO_TRAVA);
  const conteudo = JSON.stringify({ pid: process.pid, host: os.hostname(), desde: new Date().toISOString() });
  for (let tentativa = 0; tentativa < 2; tentativa++) {
    try {
      fs.writeFileSync(arquivo, conteudo, { flag: 'wx' });
      let solto = false;
      const liberar = () => {
        if (solto) return;
        solto = true;
        process.off('exit', liberar);
        try {
          if (fs.readFileSync(arquivo, 'utf8') === conteudo) fs.unlinkSync(arquivo);
        } catch {
          // already gone
        }
      };
      process.on('exit', liberar);
      return liberar;
    } catch (erro) {
      if ((erro as NodeJS.ErrnoException).code !== 'EEXIST') throw erro;
      let dono: { pid?: unknown; host?: unknown; desde?: unknown } = {};
      try {
        dono = JSON.parse(fs.readFileSync(arquivo, 'utf8'));
      } catch {
        // unreadable: treated as left by a dead process
      }
      const pid = typeof dono.pid === 'number' ? dono.pid : 0;
      const outraMaquina = typeof dono.host === 'string' && dono.host !== os.hostname();
      // On another machine (a shared disk) we cannot tell whether it lives: never take it over.
      if (outraMaquina || (pid > 0 && vivo(pid))) {
        throw new Error(
          mensagemTrava(dir, `processo ${pid} em ${String(dono.host)} desde ${String(dono.desde)}`),
        );
      }
      fs.rmSync(arquivo, { force: true });
    }
  }
  throw new Error(mensagemTrava(dir, 'trava não obtida'));
}
