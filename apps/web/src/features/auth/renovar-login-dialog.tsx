import { Form, Input, Modal, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { registrarRenovadorLogin } from '../../lib/api/cliente.ts';
import { notificar } from '../../lib/notify/notificar.ts';
import { obterSessao, renovarUsuario } from '../../lib/session/sessao.ts';
import { efetuarLogin } from './api.ts';
import { MENSAGEM_GRUPO_NAO_INFORMADO, MENSAGEM_OBRIGATORIO, mensagemFalhaLogin } from './mensagens.ts';

interface Campos {
  email: string;
  senha: string;
}

/**
 * Spec section 4: an expired login opens this dialog instead of leaving the page; once the user
 * logs in again for the saved group the API client retries the call that failed.
 */
export function RenovarLoginDialog() {
  const [aberto, setAberto] = useState(false);
  const [enviando, setEnviando] = useState(false);
  const [form] = Form.useForm<Campos>();
  const resolver = useRef<((renovado: boolean) => void) | null>(null);

  useEffect(() => {
    registrarRenovadorLogin(() => {
      if (!obterSessao().grupoEmpresarial?._id) {
        notificar({ tipo: 'error', mensagem: MENSAGEM_GRUPO_NAO_INFORMADO });
        return Promise.resolve(false);
      }
      return new Promise<boolean>((resolve) => {
        resolver.current = resolve;
        form.resetFields();
        form.setFieldValue('email', obterSessao().usuario?.usuario.email ?? '');
        setAberto(true);
      });
    });
    return () => registrarRenovadorLogin(null);
  }, [form]);

  function concluir(renovado: boolean) {
    resolver.current?.(renovado);
    resolver.current = null;
    setAberto(false);
  }

  async function enviar(campos: Campos) {
    const grupo = obterSessao().grupoEmpresarial;
    if (!grupo?._id) {
      notificar({ tipo: 'error', mensagem: MENSAGEM_GRUPO_NAO_INFORMADO });
      return;
    }
    setEnviando(true);
    try {
      const login = await efetuarLogin(campos.email, campos.senha, grupo._id);
      renovarUsuario({ token: login.token, expiraEm: login.expiraEm, usuario: login.usuario });
      concluir(true);
    } catch (erro) {
      notificar({ tipo: 'error', mensagem: mensagemFalhaLogin(erro), duracao: 10 });
    } finally {
      setEnviando(false);
    }
  }

  return (
    <Modal
      open={aberto}
      title="Acesso expirado"
      okText="Entrar"
      cancelText="Cancelar"
      onOk={() => form.submit()}
      onCancel={() => concluir(false)}
      okButtonProps={{ loading: enviando }}
      maskClosable={false}
      forceRender
    >
      <Typography.Paragraph>
        Informe novamente o seu acesso ao grupo {obterSessao().grupoEmpresarial?.descricao ?? ''}.
      </Typography.Paragraph>
      <Form<Campos> form={form} name="renovarLogin" layout="vertical" onFinish={enviar} requiredMark={false}>
        <Form.Item
          name="email"
          label="E-mail ou Código Interno"
          rules={[{ required: true, message: MENSAGEM_OBRIGATORIO }]}
        >
          <Input autoComplete="username" maxLength={200} />
        </Form.Item>
        <Form.Item name="senha" label="Senha" rules={[{ required: true, message: MENSAGEM_OBRIGATORIO }]}>
          <Input.Password autoComplete="current-password" maxLength={30} />
        </Form.Item>
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </Modal>
  );
}
