import { enviaCozinhaAoLancar, itemAEnviar, TIPO_VENDA, type Venda } from '@retaguarda/domain';
import { Button, Modal } from 'antd';
import { type MutableRefObject, type ReactNode, useEffect, useRef, useState } from 'react';
import { api } from '../../lib/api/cliente.ts';
import { notificar } from '../../lib/notify/notificar.ts';
import { BotaoGrande } from './itens-venda.tsx';
import type { VendaServidor } from './venda-api.ts';

// When the POS sends a sale's lines to the kitchen (POST venda/:id/confirmarItens; the server's KDS observer
// puts them on the stations and prints the production tickets by sector):
// - tables and tabs: when the waiter presses 'Enviar para cozinha' (F10), and by themselves when the waiter
//   leaves the table (Voltar, another mode): nothing launched stays behind;
// - delivery: when the operator launches the order ('Lançar pedido', F10); leaving with unsent lines asks;
// - counter: on the server, when the sale is finished (or line by line when the store sends at once,
//   domain enviaCozinhaAoLancar), so the POS does nothing here.

export const TECLA_ENVIAR_COZINHA = 'F10';

type Confirmada = VendaServidor & { itensConfirmados?: number[] };

export const confirmarItens = (vendaId: string, silencioso = false) =>
  api.post<Confirmada>(
    `venda/${vendaId}/confirmarItens`,
    {},
    // Idempotent by itself: a line is confirmed once, a repeat confirms nothing.
    { acao: 'ao enviar para a cozinha', silencioso },
  );

/** A counter sale of a store that sends each line at once goes to the server line by line (not kept here). */
export const balcaoEnviaAoLancar = (config: { enviarBalcaoCozinhaAoLancar?: boolean | null }) =>
  enviaCozinhaAoLancar(TIPO_VENDA.balcao, config);

export interface EnvioCozinha {
  /** Lines launched that the kitchen has not got. */
  aEnviar: number;
  /** The button of the action grid ('Enviar para cozinha' / 'Lançar pedido'); null on a counter sale. */
  botao: ReactNode;
  /** The question when a delivery with unsent lines is left. */
  dialogo: ReactNode;
  /** Before leaving the screen: sends (tables, tabs) or asks (delivery); false keeps the operator here. */
  aoSair: () => Promise<boolean>;
}

export function useEnvioCozinha(o: {
  tipoVenda: number;
  venda: Venda;
  vendaRef: MutableRefObject<Venda>;
  /** The sale is on the server (a counter sale kept on the terminal is not). */
  criada: MutableRefObject<boolean>;
  /** The sale's queue of server calls: lines still travelling must land before they are confirmed. */
  fila: MutableRefObject<Promise<unknown>>;
  aplicar: (v: VendaServidor) => void;
  local: boolean;
  /** Products of the POS list; service lines (Gorjeta, fee) are not in it and never go to the kitchen. */
  produtoDaLoja: (id: string) => boolean;
  /** Leave the screen (after 'Lançar pedido'). */
  aoTerminar: () => void;
}): EnvioCozinha {
  const pelaMesa = o.tipoVenda === TIPO_VENDA.mesa || o.tipoVenda === TIPO_VENDA.comanda;
  const delivery = o.tipoVenda === TIPO_VENDA.delivery;
  const [enviando, setEnviando] = useState(false);
  const [perguntando, setPerguntando] = useState<((sair: boolean) => void) | null>(null);
  const ehServico = (i: Venda['produtos'][number]) => !o.produtoDaLoja(i.produto._id);
  const aEnviar = o.venda.produtos.filter((i) => itemAEnviar(i, ehServico)).length;

  const pendentes = () => o.vendaRef.current.produtos.some((i) => itemAEnviar(i, ehServico));

  /** Sends what is unsent; answers whether the kitchen has everything now. */
  const enviar = async (silencioso = false): Promise<boolean> => {
    await o.fila.current;
    if (!o.criada.current || o.local) {
      if (!silencioso) notificar({ tipo: 'warning', mensagem: 'Item não informado' });
      return false;
    }
    if (!pendentes()) {
      if (!silencioso)
        notificar({ tipo: 'info', mensagem: 'Todos os itens já foram enviados para a cozinha.' });
      return true;
    }
    setEnviando(true);
    try {
      const v = await confirmarItens(o.vendaRef.current._id, silencioso);
      o.aplicar(v);
      const n = v.itensConfirmados?.length ?? 0;
      if (!silencioso && n > 0)
        notificar({
          tipo: 'success',
          mensagem: `${n} ${n === 1 ? 'item enviado' : 'itens enviados'} para a cozinha.`,
        });
      return true;
    } catch {
      return false; // the API client's toast says why
    } finally {
      setEnviando(false);
    }
  };
  const enviarRef = useRef(enviar);
  enviarRef.current = enviar;

  const lancarPedido = async () => {
    if (await enviar()) o.aoTerminar();
  };
  const acao = delivery ? lancarPedido : () => void enviar();
  const acaoRef = useRef(acao);
  acaoRef.current = acao;

  // F10 on tables, tabs and delivery.
  useEffect(() => {
    if (!pelaMesa && !delivery) return;
    const tecla = (e: KeyboardEvent) => {
      if (e.key !== TECLA_ENVIAR_COZINHA) return;
      e.preventDefault();
      // A dialog on top (payment, release) keeps the keys.
      if (
        [...document.querySelectorAll<HTMLElement>('.ant-modal-wrap')].some((m) => m.style.display !== 'none')
      )
        return;
      void acaoRef.current();
    };
    window.addEventListener('keydown', tecla);
    return () => window.removeEventListener('keydown', tecla);
  }, [pelaMesa, delivery]);

  // The waiter left the table without 'Voltar' (another mode, another screen): what was launched still goes.
  useEffect(() => {
    if (!pelaMesa) return;
    return () => {
      void enviarRef.current(true);
    };
  }, [pelaMesa]);

  const aoSair = async (): Promise<boolean> => {
    if (pelaMesa) {
      await enviar(true);
      return true;
    }
    if (!delivery) return true;
    await o.fila.current;
    if (!o.criada.current || !pendentes()) return true;
    const sair = await new Promise<boolean>((resolve) => setPerguntando(() => resolve));
    setPerguntando(null);
    return sair;
  };

  const botao =
    pelaMesa || delivery ? (
      <BotaoGrande
        type={aEnviar > 0 ? 'primary' : 'default'}
        loading={enviando}
        onClick={() => void acao()}
        data-testid="enviar-cozinha"
      >
        {delivery ? 'Lançar pedido' : 'Enviar para cozinha'} ({TECLA_ENVIAR_COZINHA})
        {aEnviar > 0 ? ` · ${aEnviar}` : ''}
      </BotaoGrande>
    ) : null;

  const dialogo = (
    <Modal
      open={perguntando !== null}
      title="Pedido não enviado para a cozinha"
      width={600}
      onCancel={() => perguntando?.(false)}
      footer={[
        <Button key="ficar" size="large" onClick={() => perguntando?.(false)}>
          Continuar
        </Button>,
        <Button key="sair" size="large" danger onClick={() => perguntando?.(true)}>
          Sair sem lançar
        </Button>,
        <Button
          key="lancar"
          size="large"
          type="primary"
          onClick={async () => {
            const enviado = await enviar();
            perguntando?.(enviado);
          }}
        >
          Lançar e sair
        </Button>,
      ]}
    >
      {aEnviar} {aEnviar === 1 ? 'item ainda não foi enviado' : 'itens ainda não foram enviados'} para a
      cozinha. Um pedido de delivery só é produzido depois de lançado.
    </Modal>
  );

  return { aEnviar, botao, dialogo, aoSair };
}
