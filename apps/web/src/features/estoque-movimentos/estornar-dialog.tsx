import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { notificar } from '../../lib/notify/notificar.ts';
import { chavesEstoque, estornarMovimento } from './api.ts';

// Reversal of one manual move (a wrong exit or entry line): a new move of the opposite sign that points to it,
// with the reason; the server refuses a second one ('Este movimento já foi estornado.').

export interface AlvoEstorno {
  movimento: string;
  /** 'Estornar a saída de 1,500 KG de Queijo (R$ 30,00)?' */
  descricao: string;
}

export function EstornarDialog({ alvo, aoFechar }: { alvo: AlvoEstorno | null; aoFechar: () => void }) {
  const queryClient = useQueryClient();
  const [motivo, setMotivo] = useState('');
  const [erro, setErro] = useState<string | null>(null);
  const estornar = useMutation({
    mutationFn: (a: AlvoEstorno) => estornarMovimento(a.movimento, motivo.trim()),
    onSuccess: () => {
      notificar({ tipo: 'success', mensagem: 'Movimento estornado: o saldo foi refeito.' });
      void queryClient.invalidateQueries({ queryKey: chavesEstoque.saldos() });
      fechar();
    },
    onError: (e) => setErro(e.message),
  });
  function fechar() {
    setMotivo('');
    setErro(null);
    aoFechar();
  }
  function confirmar() {
    if (!alvo) return;
    if (!motivo.trim()) {
      setErro('Informe o motivo do estorno.');
      return;
    }
    estornar.mutate(alvo);
  }
  return (
    <Modal
      open={alvo !== null}
      title="Estornar movimento"
      okText="Estornar"
      okButtonProps={{ danger: true, loading: estornar.isPending }}
      cancelText="Cancelar"
      onOk={confirmar}
      onCancel={fechar}
      destroyOnHidden
    >
      <Typography.Paragraph>{alvo?.descricao}</Typography.Paragraph>
      <Form layout="vertical" onFinish={confirmar}>
        <Form.Item label="Motivo do estorno" htmlFor="estorno-motivo" required>
          <Input.TextArea
            id="estorno-motivo"
            autoFocus
            maxLength={300}
            rows={2}
            value={motivo}
            onChange={(e) => {
              setMotivo(e.target.value);
              setErro(null);
            }}
          />
        </Form.Item>
      </Form>
      {erro && <Alert type="error" showIcon role="alert" title={erro} />}
    </Modal>
  );
}
