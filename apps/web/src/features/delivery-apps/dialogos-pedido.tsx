import { erroZodPtBr } from '@retaguarda/domain';
import {
  type DecisaoCancelamento,
  decisaoCancelamentoSchema,
  decisaoPedidoSchema,
  type PedidoAppSaida,
} from '@retaguarda/domain/delivery-apps/index';
import { Form, Input, Modal, Radio } from 'antd';
import { useState } from 'react';
import { nomePedido } from './comum.tsx';

// The order desk's two questions with a reason: refusing an order, and denying a customer's cancellation
// (the standard's codes: the dish is already done, or the order is out for delivery). The reason is checked by
// the domain's schemas before anything is sent.

type CodigoNegativa = Extract<DecisaoCancelamento, { acao: 'negar' }>['codigo'];

const CODIGOS: { value: CodigoNegativa; label: string }[] = [
  { value: 'DISH_ALREADY_DONE', label: 'O prato já está pronto' },
  { value: 'OUT_FOR_DELIVERY', label: 'O pedido já saiu para entrega' },
];

export function DialogoRecusa({
  pedido,
  aoFechar,
  aoConfirmar,
}: {
  pedido: PedidoAppSaida | null;
  aoFechar: () => void;
  aoConfirmar: (p: PedidoAppSaida, motivo: string) => Promise<boolean>;
}) {
  const [motivo, setMotivo] = useState('');
  const [erro, setErro] = useState<string>();
  const [enviando, setEnviando] = useState(false);
  const fechar = () => {
    setMotivo('');
    setErro(undefined);
    aoFechar();
  };
  const confirmar = async () => {
    if (!pedido) return;
    const lido = decisaoPedidoSchema.safeParse({ acao: 'recusar', motivo }, { error: erroZodPtBr });
    if (!lido.success || lido.data.acao !== 'recusar') {
      setErro(lido.error?.issues[0]?.message);
      return;
    }
    setEnviando(true);
    const ok = await aoConfirmar(pedido, lido.data.motivo);
    setEnviando(false);
    if (ok) fechar();
  };
  return (
    <Modal
      open={pedido !== null}
      title={pedido ? `Recusar o pedido ${nomePedido(pedido)}` : ''}
      okText="Recusar pedido"
      okButtonProps={{ danger: true, loading: enviando }}
      cancelText="Voltar"
      onOk={() => void confirmar()}
      onCancel={fechar}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item
          label="Motivo da recusa (enviado ao aplicativo)"
          htmlFor="recusa-motivo"
          validateStatus={erro ? 'error' : undefined}
          help={erro}
        >
          <Input.TextArea
            id="recusa-motivo"
            rows={3}
            maxLength={300}
            value={motivo}
            onChange={(e) => {
              setMotivo(e.target.value);
              setErro(undefined);
            }}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export function DialogoNegarCancelamento({
  pedido,
  aoFechar,
  aoConfirmar,
}: {
  pedido: PedidoAppSaida | null;
  aoFechar: () => void;
  aoConfirmar: (p: PedidoAppSaida, codigo: CodigoNegativa, motivo: string) => Promise<boolean>;
}) {
  const [codigo, setCodigo] = useState<CodigoNegativa>('DISH_ALREADY_DONE');
  const [motivo, setMotivo] = useState('');
  const [erro, setErro] = useState<string>();
  const [enviando, setEnviando] = useState(false);
  const fechar = () => {
    setMotivo('');
    setErro(undefined);
    aoFechar();
  };
  const confirmar = async () => {
    if (!pedido) return;
    const lido = decisaoCancelamentoSchema.safeParse(
      { acao: 'negar', codigo, motivo },
      { error: erroZodPtBr },
    );
    if (!lido.success || lido.data.acao !== 'negar') {
      setErro(lido.error?.issues[0]?.message);
      return;
    }
    setEnviando(true);
    const ok = await aoConfirmar(pedido, lido.data.codigo, lido.data.motivo);
    setEnviando(false);
    if (ok) fechar();
  };
  return (
    <Modal
      open={pedido !== null}
      title={pedido ? `Negar o cancelamento do pedido ${nomePedido(pedido)}` : ''}
      okText="Negar cancelamento"
      okButtonProps={{ danger: true, loading: enviando }}
      cancelText="Voltar"
      onOk={() => void confirmar()}
      onCancel={fechar}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label="Por quê">
          <Radio.Group
            aria-label="Código da negativa"
            value={codigo}
            onChange={(e) => setCodigo(e.target.value as CodigoNegativa)}
            options={CODIGOS}
          />
        </Form.Item>
        <Form.Item
          label="Motivo (enviado ao aplicativo)"
          htmlFor="negativa-motivo"
          validateStatus={erro ? 'error' : undefined}
          help={erro}
        >
          <Input.TextArea
            id="negativa-motivo"
            rows={3}
            maxLength={300}
            value={motivo}
            onChange={(e) => {
              setMotivo(e.target.value);
              setErro(undefined);
            }}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
