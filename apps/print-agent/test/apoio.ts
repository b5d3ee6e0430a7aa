import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

// Test support: a fake TCP printer that records the bytes of each connection, and the agent as a child
// process (node --import tsx, one process, so a SIGKILL really kills it mid-job).

export interface ImpressoraFalsa {
  porta: number;
  /** Bytes of each connection that sent something, in arrival order. */
  trabalhos: Buffer[];
  fechar(): Promise<void>;
}

export async function impressoraFalsa(porta = 0): Promise<ImpressoraFalsa> {
  const trabalhos: Buffer[] = [];
  const conexoes = new Set<net.Socket>();
  const servidor = net.createServer((s) => {
    conexoes.add(s);
    const partes: Buffer[] = [];
    s.on('data', (d) => partes.push(d));
    s.on('end', () => {
      if (partes.length > 0) trabalhos.push(Buffer.concat(partes));
      s.end();
    });
    s.on('close', () => conexoes.delete(s));
    s.on('error', () => {});
  });
  await new Promise<void>((resolve) => servidor.listen(porta, '127.0.0.1', resolve));
  return {
    porta: (servidor.address() as net.AddressInfo).port,
    trabalhos,
    fechar: () =>
      new Promise<void>((resolve) => {
        for (const c of conexoes) c.destroy();
        servidor.close(() => resolve());
      }),
  };
}

const CLI = path.resolve(import.meta.dirname, '../src/cli.ts');

export interface AgenteFilho {
  processo: ChildProcess;
  saida: string[];
  /** Resolves when a log line matches. */
  esperarLog(padrao: RegExp, ms?: number): Promise<string>;
  matar(): Promise<void>;
  parar(): Promise<void>;
}

export function diretorioTemporario(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'print-agent-'));
}

export function iniciarAgente(args: string[], env: Record<string, string> = {}): AgenteFilho {
  const processo = spawn(process.execPath, ['--import', 'tsx', CLI, ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const saida: string[] = [];
  const ouvintes = new Set<(linha: string) => void>();
  let resto = '';
  const receber = (d: Buffer) => {
    resto += d.toString();
    const linhas = resto.split('\n');
    resto = linhas.pop() ?? '';
    for (const l of linhas) {
      saida.push(l);
      for (const o of ouvintes) o(l);
    }
  };
  processo.stdout?.on('data', receber);
  processo.stderr?.on('data', receber);
  const terminou = new Promise<void>((resolve) => processo.once('exit', () => resolve()));
  return {
    processo,
    saida,
    esperarLog(padrao, ms = 30_000) {
      const ja = saida.find((l) => padrao.test(l));
      if (ja) return Promise.resolve(ja);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          ouvintes.delete(ouvir);
          reject(new Error(`sem log ${padrao} em ${ms} ms:\n${saida.slice(-20).join('\n')}`));
        }, ms);
        const ouvir = (l: string) => {
          if (!padrao.test(l)) return;
          clearTimeout(timer);
          ouvintes.delete(ouvir);
          resolve(l);
        };
        ouvintes.add(ouvir);
      });
    },
    async matar() {
      processo.kill('SIGKILL');
      await terminou;
    },
    async parar() {
      if (processo.exitCode === null && processo.signalCode === null) processo.kill('SIGTERM');
      await terminou;
    },
  };
}

export async function esperar(
  condicao: () => Promise<boolean> | boolean,
  ms = 30_000,
  passo = 100,
): Promise<void> {
  const fim = Date.now() + ms;
  while (Date.now() < fim) {
    if (await condicao()) return;
    await new Promise((r) => setTimeout(r, passo));
  }
  throw new Error('condição não atingida a tempo');
}
