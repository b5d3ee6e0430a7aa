import { formatarMoeda } from '@retaguarda/domain';
import { Button, Modal, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { api } from '../../lib/api/cliente.ts';
import { notificar } from '../../lib/notify/notificar.ts';
import { type VendaServidor, vendaApi } from './venda-api.ts';

// The whole table moved to another one (vendaTransferencia, permission 24). Onto an occupied table the bills
// are merged only when the operator says so: the question shows what is on the destination, 'Não juntar'
// changes nothing, and the server merges (service line recomputed on the merged bill, seats after the
// destination's) only with `juntar: true`.

interface MesaOcupada {
  mesa: number;
  total: string;
  itens: number;
  posicaoVenda: number;
  estado: 'ocupada' | 'emFechamento';
}

export const transferirMesaInteira = (corpo: {
  vendaOrigem: string;
  mesaDestino: number;
  terminal: string;
  liberacao?: string;
  juntar?: boolean;
}) =>
  api.post<{ origem: VendaServidor; destino: VendaServidor }>('vendaTransferencia', corpo, {
    acao: 'ao transferir a mesa',
  });

export function useJuncaoMesas(): {
  /** null: the operator refused (nothing to do); false: the table is free; true: merge the bills. */
  perguntar: (empresa: string, origem: number | null, destino: number) => Promise<boolean | null>;
  dialogo: ReactNode;
} {
  const [pergunta, setPergunta] = useState<{
    origem: number | null;
    alvo: MesaOcupada;
    responder: (juntar: boolean) => void;
  } | null>(null);
  // Each question is a dialog of its own: asked again right after a refusal (its closing still running), the
  // question showed in the DOM but never became visible in a CI run.
  const [vez, setVez] = useState(0);

  const perguntar = async (empresa: string, origem: number | null, destino: number) => {
    let alvo: MesaOcupada | undefined;
    try {
      const mapa = (await vendaApi.mapaMesas(empresa)) as { mesas: MesaOcupada[] };
      alvo = mapa.mesas.find((m) => m.mesa === destino);
    } catch {
      return null; // toast shown
    }
    if (!alvo) return false;
    const ocupada = alvo;
    const juntar = await new Promise<boolean>((responder) => {
      setVez((n) => n + 1);
      setPergunta({ origem, alvo: ocupada, responder });
    });
    setPergunta(null);
    if (!juntar) notificar({ tipo: 'info', mensagem: 'Transferência cancelada: nenhuma mesa foi alterada.' });
    return juntar ? true : null;
  };

  const alvo = pergunta?.alvo;
  const dialogo = (
    <Modal
      key={vez}
      open={pergunta !== null}
      title={alvo ? `A mesa ${alvo.mesa} está ocupada` : ''}
      onCancel={() => pergunta?.responder(false)}
      footer={[
        <Button key="nao" size="large" onClick={() => pergunta?.responder(false)}>
          Não juntar
        </Button>,
        <Button key="sim" size="large" type="primary" onClick={() => pergunta?.responder(true)}>
          Juntar as contas
        </Button>,
      ]}
    >
      {alvo && (
        <div data-testid="juntar-mesas">
          <Typography.Paragraph>
            Na mesa {alvo.mesa}: {alvo.itens} {alvo.itens === 1 ? 'item' : 'itens'},{' '}
            {formatarMoeda(alvo.total)}
            {alvo.posicaoVenda > 0 ? `, ${alvo.posicaoVenda} posições` : ''}
            {alvo.estado === 'emFechamento' ? ' (conta em fechamento)' : ''}.
          </Typography.Paragraph>
          <Typography.Paragraph>
            Juntar a conta {pergunta?.origem ? `da mesa ${pergunta.origem}` : 'desta mesa'} com a da mesa{' '}
            {alvo.mesa}? A taxa de serviço é recalculada sobre a conta junta e as posições desta mesa vêm
            depois das da mesa {alvo.mesa}.
          </Typography.Paragraph>
        </div>
      )}
    </Modal>
  );
  return { perguntar, dialogo };
}
