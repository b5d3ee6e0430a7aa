import { Button, Form, Input } from 'antd';
import { useEffect, useState } from 'react';
import { Link, type LoaderFunctionArgs, redirect, useNavigate, useParams } from 'react-router';
import { ErroApi } from '../../lib/api/cliente.ts';
import { notificar } from '../../lib/notify/notificar.ts';
import { alterarSenha, validarChaveAlterarSenha } from './api.ts';
import { AuthCard } from './auth-card.tsx';
import { MENSAGEM_OBRIGATORIO, mensagemFalhaLogin } from './mensagens.ts';

/** Spec section 2: the key is checked by the server first; if invalid, warn with its message and go to /403. */
export async function alterarSenhaLoader({ params }: LoaderFunctionArgs) {
  try {
    await validarChaveAlterarSenha(params.chave ?? '');
    return null;
  } catch (erro) {
    const mensagem =
      erro instanceof ErroApi && erro.tipo === 'envelope' ? erro.message : mensagemFalhaLogin(erro);
    notificar({ tipo: 'warning', mensagem });
    return redirect('/403');
  }
}

interface Campos {
  senha: string;
  confirmacao: string;
}

export function AlterarSenhaPage() {
  const { chave = '' } = useParams();
  const navigate = useNavigate();
  const [enviando, setEnviando] = useState(false);

  useEffect(() => {
    document.title = 'Alterar Senha - Retaguarda';
  }, []);

  async function enviar(campos: Campos) {
    setEnviando(true);
    try {
      await alterarSenha(chave, campos.senha);
      notificar({ tipo: 'success', mensagem: 'Senha alterada com sucesso.' });
      navigate('/login', { replace: true });
    } catch {
      // The API client already showed the failure.
    } finally {
      setEnviando(false);
    }
  }

  return (
    <AuthCard titulo="Alterar senha">
      <Form<Campos> layout="vertical" onFinish={enviar} requiredMark={false}>
        <Form.Item
          name="senha"
          label="Nova senha"
          rules={[{ required: true, message: MENSAGEM_OBRIGATORIO }]}
        >
          <Input.Password autoComplete="new-password" maxLength={30} />
        </Form.Item>
        <Form.Item
          name="confirmacao"
          label="Confirme a nova senha"
          dependencies={['senha']}
          rules={[
            { required: true, message: MENSAGEM_OBRIGATORIO },
            ({ getFieldValue }) => ({
              validator: (_, valor: string | undefined) =>
                !valor || valor === getFieldValue('senha')
                  ? Promise.resolve()
                  : Promise.reject(new Error('As senhas não conferem.')),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" maxLength={30} />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={enviando}>
          Alterar senha
        </Button>
      </Form>
      <Link to="/login" style={{ display: 'block', marginTop: 16, textAlign: 'center' }}>
        Voltar ao login
      </Link>
    </AuthCard>
  );
}
