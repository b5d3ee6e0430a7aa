import fs from 'node:fs/promises';
import net from 'node:net';
import type { Destino } from './tipos.ts';

// Sends a job's bytes to its printer: raw TCP (port 9100, "JetDirect") or a file/device path
// (/dev/usb/lp0, a serial port, \\.\COM3, a shared printer \\PC\Impressora, or a plain file).

export class ErroImpressora extends Error {
  constructor(
    message: string,
    /** True when no byte can have reached the printer (connection refused, unreachable, bad address). */
    readonly nadaEnviado: boolean,
  ) {
    super(message);
    this.name = 'ErroImpressora';
  }
}

const TEMPO_CONEXAO_MS = 5_000;
const TEMPO_ENVIO_MS = 30_000;

export function descreverDestino(d: Destino | null): string {
  if (!d) return 'sem impressora';
  return d.ip ? `${d.ip}:${d.porta ?? 9100}` : (d.caminho ?? 'sem endereço');
}

/**
 * `antesDeEnviar` runs once the printer is reachable (connected / opened) and right before the first
 * byte goes out: the journal's 'sending' mark, so the window of doubt is only the transfer itself.
 */
export async function enviarParaImpressora(
  destino: Destino | null,
  bytes: Uint8Array,
  antesDeEnviar: () => void = () => {},
): Promise<void> {
  if (!destino) throw new ErroImpressora('Setor de impressão sem impressora.', true);
  if (destino.ip) return enviarTcp(destino.ip, destino.porta ?? 9100, bytes, antesDeEnviar);
  if (destino.caminho) return enviarArquivo(destino.caminho, bytes, antesDeEnviar);
  throw new ErroImpressora(`Impressora ${destino.descricao} sem IP nem porta/caminho configurado.`, true);
}

function enviarTcp(host: string, porta: number, bytes: Uint8Array, antesDeEnviar: () => void): Promise<void> {
  return new Promise((resolve, reject) => {
    let conectado = false;
    let terminado = false;
    const socket = net.createConnection({ host, port: porta });
    const falhar = (erro: Error) => {
      if (terminado) return;
      terminado = true;
      socket.destroy();
      const motivo = `${host}:${porta}: ${(erro as NodeJS.ErrnoException).code ?? erro.message}`;
      reject(new ErroImpressora(motivo, !conectado));
    };
    socket.setTimeout(TEMPO_CONEXAO_MS, () =>
      falhar(new Error(conectado ? 'tempo de envio esgotado' : 'tempo de conexão esgotado')),
    );
    socket.once('error', falhar);
    socket.once('connect', () => {
      try {
        antesDeEnviar();
      } catch (erro) {
        return falhar(erro as Error);
      }
      conectado = true;
      socket.setTimeout(TEMPO_ENVIO_MS);
      // end() flushes every byte and half-closes; the printer closing its side means it took them.
      socket.end(Buffer.from(bytes));
    });
    socket.once('close', (comErro) => {
      if (terminado) return;
      if (comErro) return falhar(new Error('conexão encerrada com erro'));
      terminado = true;
      resolve();
    });
    // Printers rarely close first; after our FIN is acknowledged ('finish'), wait briefly then close.
    socket.once('finish', () => setTimeout(() => socket.destroySoon(), 50));
  });
}

async function enviarArquivo(caminho: string, bytes: Uint8Array, antesDeEnviar: () => void): Promise<void> {
  let arquivo: fs.FileHandle;
  try {
    // Devices (/dev/usb/lp0, \\.\COM3) and shared printers (\\PC\Impressora) are opened for writing;
    // a plain file gets the job appended.
    const dispositivo = caminho.startsWith('/dev/') || caminho.startsWith('\\\\');
    arquivo = await fs.open(caminho, dispositivo ? 'w' : 'a');
  } catch (erro) {
    throw new ErroImpressora(`${caminho}: ${(erro as NodeJS.ErrnoException).code ?? String(erro)}`, true);
  }
  try {
    antesDeEnviar();
  } catch (erro) {
    await arquivo.close();
    throw erro;
  }
  try {
    await arquivo.write(bytes);
  } catch (erro) {
    throw new ErroImpressora(`${caminho}: ${(erro as NodeJS.ErrnoException).code ?? String(erro)}`, false);
  } finally {
    await arquivo.close();
  }
}
