import { io, type Socket } from 'socket.io-client';
import { obterConfig } from '../api/config.ts';

// Realtime client of spec section 7: websocket then polling, reconnection delay 15 s, a status
// check every 5 s, and a reconnect after a server- or client-side disconnect (Socket.IO does not
// retry those two by itself).

export const OPCOES_SOCKET = {
  transports: ['websocket', 'polling'],
  reconnectionDelay: 15_000,
} as const;
export const INTERVALO_STATUS_MS = 5_000;

export type StatusSocket = 'conectado' | 'conectando' | 'desconectado';

export interface ParametrosSocket {
  token: string;
  empresaId: string;
  aoStatus: (status: StatusSocket) => void;
  aoVersaoAtualizada: () => void;
}

export interface ConexaoSocket {
  socket: Socket;
  encerrar: () => void;
}

export function conectarSocket({
  token,
  empresaId,
  aoStatus,
  aoVersaoAtualizada,
}: ParametrosSocket): ConexaoSocket {
  const { socketUrl, socketPath } = obterConfig();
  const socket = io(socketUrl, {
    ...OPCOES_SOCKET,
    transports: [...OPCOES_SOCKET.transports],
    path: socketPath,
    auth: { token },
  });
  let encerrado = false;
  let ultimo: StatusSocket | null = null;

  const informar = () => {
    const atual: StatusSocket = socket.connected
      ? 'conectado'
      : socket.active
        ? 'conectando'
        : 'desconectado';
    if (atual !== ultimo) {
      ultimo = atual;
      aoStatus(atual);
    }
  };

  socket.on('connect', () => {
    socket.emit('entrarEmpresa', { empresaId });
    informar();
  });
  socket.on('disconnect', (motivo) => {
    informar();
    if (!encerrado && (motivo === 'io server disconnect' || motivo === 'io client disconnect'))
      socket.connect();
  });
  socket.on('connect_error', informar);
  socket.on('versaoAtualizada', aoVersaoAtualizada);

  const relogio = setInterval(() => {
    if (!encerrado && !socket.connected && !socket.active) socket.connect();
    informar();
  }, INTERVALO_STATUS_MS);
  informar();

  return {
    socket,
    encerrar: () => {
      encerrado = true;
      clearInterval(relogio);
      socket.removeAllListeners();
      socket.disconnect();
    },
  };
}
