import { useEffect, useRef, useState } from 'react';
import { useSessao } from '../../lib/session/sessao.ts';
import { conectarSocket, type StatusSocket } from '../../lib/socket/socket-cliente.ts';

// The call center follows the expedition of every store it serves: the KDS module emits
// `expedicaoAlterada { vendaId, empresa, statusExpedicao, entregador, versao }` on the group's room, which
// every authenticated socket joins. Unlike the store screens' hook, no event is dropped for being of
// another store.

export interface ExpedicaoAlterada {
  vendaId: string;
  empresa: string;
  statusExpedicao: number;
  entregador: { _id: string; nome: string } | null;
  versao: number;
}

const ehEvento = (d: unknown): d is ExpedicaoAlterada =>
  typeof d === 'object' &&
  d !== null &&
  typeof (d as { vendaId?: unknown }).vendaId === 'string' &&
  typeof (d as { statusExpedicao?: unknown }).statusExpedicao === 'number';

/** Calls `aoEvento` for each expedition change of the group; `aoConectar` after each (re)connection. */
export function useExpedicaoDoGrupo(
  aoEvento: (e: ExpedicaoAlterada) => void,
  aoConectar: () => void,
): StatusSocket {
  const usuario = useSessao((s) => s.usuario);
  const empresa = useSessao((s) => s.empresa);
  const [status, setStatus] = useState<StatusSocket>('conectando');
  const ref = useRef({ aoEvento, aoConectar });
  ref.current = { aoEvento, aoConectar };
  useEffect(() => {
    if (!usuario || !empresa) return;
    const conexao = conectarSocket({
      token: usuario.token,
      empresaId: empresa._id,
      aoStatus: setStatus,
      aoVersaoAtualizada: () => undefined,
    });
    conexao.socket.on('expedicaoAlterada', (d: unknown) => {
      if (ehEvento(d)) ref.current.aoEvento(d);
    });
    // Changes missed while disconnected: the list is read again.
    conexao.socket.on('connect', () => ref.current.aoConectar());
    return () => conexao.encerrar();
  }, [usuario, empresa]);
  return status;
}
