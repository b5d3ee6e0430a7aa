import { Form, Input, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { sha256Hex } from '../../lib/crypto/sha256.ts';
import { vendaApi } from './venda-api.ts';

// Attendant (garçom) identification: internal code or e-mail of a user with the 'Garcon' attribution, with
// the password when the terminal requires it. The server answers a short-lived token that the sale calls
// carry, so the waiter is recorded on the items they launch.

export interface AtendenteIdentificado {
  _id: string;
  nome: string;
  token: string;
}

export function AtendenteDialog({
  aberto,
  terminal,
  senhaObrigatoria,
  aoIdentificar,
  aoFechar,
}: {
  aberto: boolean;
  terminal: string;
  senhaObrigatoria: boolean;
  aoIdentificar: (a: AtendenteIdentificado) => void;
  aoFechar: () => void;
}) {
  const [form] = Form.useForm<{ login: string; senha?: string }>();
  const [ocupado, setOcupado] = useState(false);
  useEffect(() => {
    if (aberto) form.resetFields();
  }, [aberto, form]);

  const identificar = async (v: { login: string; senha?: string }) => {
    setOcupado(true);
    try {
      const r = await vendaApi.identificarAtendente({
        login: v.login.trim(),
        terminal,
        ...(v.senha ? { senha: await sha256Hex(v.senha) } : {}),
      });
      aoIdentificar({ _id: r.atendente._id, nome: r.atendente.nome, token: r.token });
    } catch {
      // the toast says why (not a waiter, wrong password...)
    } finally {
      setOcupado(false);
    }
  };

  return (
    <Modal
      open={aberto}
      title="Identificar o atendente (garçom)"
      okText="Identificar"
      onOk={() => form.submit()}
      onCancel={aoFechar}
      okButtonProps={{ size: 'large', loading: ocupado }}
      cancelButtonProps={{ size: 'large' }}
      forceRender
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={identificar}
        requiredMark={false}
        data-testid="atendente-form"
      >
        <Form.Item
          label="Código interno ou e-mail"
          name="login"
          rules={[{ required: true, message: 'Campo Obrigatório' }]}
        >
          <Input size="large" autoFocus maxLength={200} onPressEnter={() => form.submit()} />
        </Form.Item>
        <Form.Item
          label="Senha"
          name="senha"
          rules={senhaObrigatoria ? [{ required: true, message: 'Campo Obrigatório' }] : []}
          extra={senhaObrigatoria ? undefined : 'Este terminal não exige a senha do atendente.'}
        >
          <Input.Password size="large" maxLength={30} onPressEnter={() => form.submit()} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
