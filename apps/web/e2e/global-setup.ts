import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

const raiz = resolve(fileURLToPath(new URL('.', import.meta.url)), '..', '..', '..');

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
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`O servidor não respondeu em ${url}/api/health:\n${log()}`);
}

/** Starts `npx tsx apps/server/src/main.ts` on a free port with a fresh DATA_DIR (or uses E2E_BASE_URL). */
export async function setup(project: TestProject) {
  const externo = process.env.E2E_BASE_URL;
  if (externo) {
    project.provide('baseUrl', externo.replace(/\/$/, ''));
    return;
  }
  if (!existsSync(join(raiz, 'apps/web/dist/index.html'))) {
    throw new Error(
      'apps/web/dist não existe: rode `npm run build -w apps/web` antes (npm run test:e2e já faz).',
    );
  }
  const porta = await portaLivre();
  const dados = mkdtempSync(join(tmpdir(), 'retaguarda-e2e-'));
  let saida = '';
  const processo = spawn('npx', ['tsx', 'apps/server/src/main.ts'], {
    cwd: raiz,
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

  const encerrar = async () => {
    if (processo.pid && processo.exitCode === null) {
      try {
        process.kill(-processo.pid, 'SIGTERM');
      } catch {
        // already gone
      }
      await new Promise((r) => setTimeout(r, 500));
    }
    rmSync(dados, { recursive: true, force: true });
  };

  try {
    await esperarSaude(url, processo, () => saida);
  } catch (erro) {
    await encerrar();
    throw erro;
  }
  project.provide('baseUrl', url);
  return encerrar;
}
