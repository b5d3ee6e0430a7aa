import { useEffect, useState } from 'react';
import { conectarSocket, type StatusSocket } from '../../lib/socket/socket-cliente.ts';
import { solicitarVerificacaoVersao } from '../atualizacao/versao.ts';

/** One socket per logged-in session and company; reconnects when either changes. */
export function useSocket(token: string | undefined, empresaId: string | undefined): StatusSocket {
  const [status, setStatus] = useState<StatusSocket>('desconectado');
  useEffect(() => {
    if (!token || !empresaId) return;
    const conexao = conectarSocket({
      token,
      empresaId,
      aoStatus: setStatus,
      aoVersaoAtualizada: solicitarVerificacaoVersao,
    });
    return conexao.encerrar;
  }, [token, empresaId]);
  return status;
}
