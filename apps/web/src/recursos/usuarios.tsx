import { KeyOutlined } from '@ant-design/icons';
import { App, Button, Form, Input } from 'antd';
import { useState } from 'react';
import type { Personalizacao } from '../features/recursos/personalizacao.ts';
import { api } from '../lib/api/cliente.ts';
import { sha256Hex } from '../lib/crypto/sha256.ts';
import { notificar } from '../lib/notify/notificar.ts';
import { MatrizPermissoes } from './matriz-permissoes.tsx';

// usuarios: extra permissions use the same matrix as the profiles; passwords (login and operational) are set
// through their own call (PUT usuarios/{id}/senhas), hashed like the login (SHA-256 here, argon2id there).

function DefinirSenhas({ id }: { id: string | undefined }) {
  const { modal } = App.useApp();
  const [enviando, setEnviando] = useState(false);
  if (!id) return null;

  function abrir() {
    const digitadas = { senha: '', senhaOperacional: '' };
    modal.confirm({
      title: 'Definir senhas',
      icon: <KeyOutlined />,
      content: (
        <Form layout="vertical" component="div">
          <Form.Item label="Nova senha de acesso" htmlFor="nova-senha">
            <Input.Password
              id="nova-senha"
              maxLength={30}
              autoComplete="new-password"
              onChange={(e) => {
                digitadas.senha = e.target.value;
              }}
            />
          </Form.Item>
          <Form.Item label="Nova senha operacional" htmlFor="nova-senha-operacional">
            <Input.Password
              id="nova-senha-operacional"
              maxLength={30}
              autoComplete="new-password"
              onChange={(e) => {
                digitadas.senhaOperacional = e.target.value;
              }}
            />
          </Form.Item>
        </Form>
      ),
      okText: 'Salvar senhas',
      cancelText: 'Cancelar',
      onOk: async () => {
        setEnviando(true);
        try {
          const corpo: Record<string, string> = {};
          if (digitadas.senha) corpo.senha = await sha256Hex(digitadas.senha);
          if (digitadas.senhaOperacional)
            corpo.senhaOperacional = await sha256Hex(digitadas.senhaOperacional);
          const r = await api.put<{ message: string }>(`usuarios/${id}/senhas`, corpo, {
            acao: 'ao alterar a senha',
          });
          notificar({ tipo: 'success', mensagem: r.message });
        } catch {
          // The API client showed the server message.
        } finally {
          setEnviando(false);
        }
      },
    });
  }

  return (
    <Button icon={<KeyOutlined />} loading={enviando} onClick={abrir}>
      Definir senhas
    </Button>
  );
}

export const personalizacao: Personalizacao = {
  editores: { permissoes: (p) => <MatrizPermissoes {...p} /> },
  acoesFormulario: ({ id }) => <DefinirSenhas id={id} />,
};
