import type { StatusSocket } from '../../lib/socket/socket-cliente.ts';

export const ROTULO_STATUS_SOCKET: Record<
  StatusSocket,
  { texto: string; badge: 'success' | 'processing' | 'error' }
> = {
  conectado: { texto: 'Online', badge: 'success' },
  conectando: { texto: 'Conectando', badge: 'processing' },
  desconectado: { texto: 'Offline', badge: 'error' },
};
