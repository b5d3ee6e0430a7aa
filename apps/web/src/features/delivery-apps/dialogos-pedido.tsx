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

// The order desk's two questions with a reason, one dialog: refusing an order, and denying a customer's
// cancellation (with the standard's code: the dish is already done, or the order is out for delivery). The
// reason is checked by the domain's schemas before anything is sent.

type CodigoNegativa = Extract<DecisaoCancelamento, { acao: 'negar' }>['codigo'];

const CODIGOS: { value: CodigoNegativa; label: string }[] = [
  { value: 'DISH_ALREADY_DONE', label: 'O prato já está pronto' },
  { value: 'OUT_FOR_DELIVERY', label: 'O pedido já saiu para entrega' },
];

interface Pergunta {
  titulo: string;
  rotulo: string;
  ok: string;
  campo: string;
  /** With codes: the denial of a cancellation; without: the refusal of an order. */
  comCodigo: boolean;
}

const PERGUNTAS = {
  recusa: {
    titulo: 'Recusar o pedido',
    rotulo: 'Motivo da recusa (enviado ao aplicativo)',
    ok: 'Recusar pedido',
    campo: 'recusa-motivo',
    comCodigo: false,
  },
  negativa: {
    titulo: 'Negar o cancelamento do pedido',
    rotulo: 'Motivo (enviado ao aplicativo)',
    ok: 'Negar cancelamento',
    campo: 'negativa-motivo',
    comCodigo: true,
  },
} satisfies Record<string, Pergunta>;

/** Validates with the domain's schema: the reason checked, or the pt-BR message. */
function validar(
  comCodigo: boolean,
  codigo: CodigoNegativa,
  motivo: string,
): { ok: true; motivo: string } | { ok: false; erro: string | undefined } {
  const lido = comCodigo
    ? decisaoCancelamentoSchema.safeParse({ acao: 'negar', codigo, motivo }, { error: erroZodPtBr })
    : decisaoPedidoSchema.safeParse({ acao: 'recusar', motivo }, { error: erroZodPtBr });
  if (!lido.success) return { ok: false, erro: lido.error.issues[0]?.message };
  return { ok: true, motivo: 'motivo' in lido.data ? lido.data.motivo : motivo };
}

export function DialogoMotivo({
  tipo,
  pedido,
  aoFechar,
  aoConfirmar,
}: {
  tipo: keyof typeof PERGUNTAS;
  pedido: PedidoAppSaida | null;
  aoFechar: () => void;
  aoConfirmar: (p: PedidoAppSaida, motivo: string, codigo: CodigoNegativa) => Promise<boolean>;
}) {
  const q: Pergunta = PERGUNTAS[tipo];
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
    const v = validar(q.comCodigo, codigo, motivo);
    if (!v.ok) {
      setErro(v.erro);
      return;
    }
    setEnviando(true);
    const ok = await aoConfirmar(pedido, v.motivo, codigo);
    setEnviando(false);
    if (ok) fechar();
  };
  return (
    <Modal
      open={pedido !== null}
      title={pedido ? `${q.titulo} ${nomePedido(pedido)}` : ''}
      okText={q.ok}
      okButtonProps={{ danger: true, loading: enviando }}
      cancelText="Voltar"
      onOk={() => void confirmar()}
      onCancel={fechar}
      destroyOnHidden
    >
      <Form layout="vertical">
        {q.comCodigo && (
          <Form.Item label="Por quê">
            <Radio.Group
              aria-label="Código da negativa"
              value={codigo}
              onChange={(e) => setCodigo(e.target.value as CodigoNegativa)}
              options={CODIGOS}
            />
          </Form.Item>
        )}
        <Form.Item label={q.rotulo} htmlFor={q.campo} validateStatus={erro ? 'error' : undefined} help={erro}>
          <Input.TextArea
            id={q.campo}
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
