import { MailOutlined } from '@ant-design/icons';
import { App, Button, Input } from 'antd';
import { useState } from 'react';
import type { Valores } from '../features/recursos/campo-formulario.tsx';
import type { Personalizacao } from '../features/recursos/personalizacao.ts';
import { api } from '../lib/api/cliente.ts';
import { notificar } from '../lib/notify/notificar.ts';

// grupoEmpresarial: a button sends a test e-mail with the SMTP settings being edited (POST testeEnvioEmail).

function TestarEmail({ valores }: { valores: Valores }) {
  const { modal } = App.useApp();
  const [enviando, setEnviando] = useState(false);
  const configuracoesEmail =
    ((valores.configuracoes as Valores | undefined)?.configuracoesEmail as Valores | undefined) ?? {};

  function abrir() {
    let destino = '';
    modal.confirm({
      title: 'Testar envio de e-mail',
      content: (
        <Input
          aria-label="E-mail de destino"
          placeholder="E-mail de destino"
          type="email"
          onChange={(e) => {
            destino = e.target.value.trim();
          }}
        />
      ),
      okText: 'Enviar',
      cancelText: 'Cancelar',
      onOk: async () => {
        setEnviando(true);
        try {
          const r = await api.post<{ message?: string }>(
            'testeEnvioEmail',
            { destino, configuracoesEmail },
            { acao: 'ao enviar o e-mail de teste' },
          );
          notificar({ tipo: 'success', mensagem: r.message ?? 'E-mail de teste enviado.' });
        } catch {
          // The API client showed the server message.
        } finally {
          setEnviando(false);
        }
      },
    });
  }

  return (
    <Button icon={<MailOutlined />} loading={enviando} onClick={abrir}>
      Testar envio de e-mail
    </Button>
  );
}

// Groups are created and deleted by support (the server refuses both): only editing here.
export const personalizacao: Personalizacao = {
  somenteAlterar: true,
  acoesFormulario: ({ valores }) => <TestarEmail valores={valores} />,
};
