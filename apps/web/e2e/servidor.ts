import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

// One real server per e2e file (its own copy of the demo data), so no file depends on what another one
// left behind and two files can run side by side.

export const RAIZ = resolve(fileURLToPath(new URL('.', import.meta.url)), '..', '..', '..');

export interface ServidorE2e {
  url: string;
  dados: string;
  /** Stops the server (SIGTERM, then waits for it to close the database) and removes its data unless told not to. */
  encerrar(opcoes?: { manterDados?: boolean }): Promise<void>;
}

function portaLivre(): Promise<number> {
  return new Promise((resolver, rejeitar) => {
    const servidor = createServer();
    servidor.once('error', rejeitar);
    servidor.listen(0, '127.0.0.1', () => {
      const endereco = servidor.address();
      const porta = typeof endereco === 'object' && endereco ? endereco.port : 0;
      servidor.close(() => resolver(porta));
    });
  });
}

async function esperarSaude(url: string, processo: ChildProcess, log: () => string): Promise<void> {
  const limite = Date.now() + 150_000;
  while (Date.now() < limite) {
    if (processo.exitCode !== null) throw new Error(`O servidor terminou (${processo.exitCode}):\n${log()}`);
    try {
      const resposta = await fetch(`${url}/api/health`);
      if (resposta.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`O servidor não respondeu em ${url}/api/health:\n${log()}`);
}

function esperarSaida(processo: ChildProcess, ms: number): Promise<void> {
  if (processo.exitCode !== null || processo.signalCode !== null) return Promise.resolve();
  return new Promise((resolver) => {
    const limite = setTimeout(resolver, ms);
    processo.once('exit', () => {
      clearTimeout(limite);
      resolver();
    });
  });
}

/**
 * Starts `npx tsx apps/server/src/main.ts` on a free port. With `modelo`, its DATA_DIR starts as a copy of that
 * folder (the demo data seeded once by the global setup); without it, the server seeds an empty folder.
 */
export async function iniciarServidor(modelo?: string): Promise<ServidorE2e> {
  const porta = await portaLivre();
  const dados = mkdtempSync(join(tmpdir(), 'retaguarda-e2e-'));
  if (modelo) {
    cpSync(modelo, dados, { recursive: true });
    rmSync(join(dados, 'servidor.lock'), { force: true });
  }
  let saida = '';
  const processo = spawn('npx', ['tsx', 'apps/server/src/main.ts'], {
    cwd: RAIZ,
    env: { ...process.env, PORT: String(porta), DATA_DIR: dados },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const guardar = (parte: Buffer) => {
    saida = (saida + parte.toString()).slice(-8000);
  };
  processo.stdout?.on('data', guardar);
  processo.stderr?.on('data', guardar);
  const url = `http://127.0.0.1:${porta}`;

  const encerrar = async (opcoes?: { manterDados?: boolean }) => {
    if (processo.pid && processo.exitCode === null && processo.signalCode === null) {
      try {
        process.kill(-processo.pid, 'SIGTERM');
      } catch {
        // already gone
      }
      await esperarSaida(processo, 12_000);
    }
    if (!opcoes?.manterDados) rmSync(dados, { recursive: true, force: true });
  };

  try {
    await esperarSaude(url, processo, () => saida);
  } catch (erro) {
    await encerrar();
    throw erro;
  }
  return { url, dados, encerrar };
}

/** The address of this file's server (set by servidor-por-arquivo.ts before the file is imported). */
export function urlDoServidor(): string {
  const url = (globalThis as { __urlServidorE2e?: string }).__urlServidorE2e;
  if (!url) throw new Error('O servidor do teste não foi iniciado (setupFiles: servidor-por-arquivo.ts).');
  return url;
}
