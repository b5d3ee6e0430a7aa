import { Form, Input, type InputRef, Modal } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { ErroApi } from '../../lib/api/cliente.ts';
import { notificar } from '../../lib/notify/notificar.ts';
import { liberarComSupervisor } from './api.ts';
import {
  type CamposLiberacao,
  DURACAO_CANCELADO,
  DURACAO_ERRO_LIBERACAO,
  LIMITES_LIBERACAO,
  MENSAGEM_ACAO_CANCELADA,
  MENSAGEM_CAMPO_OBRIGATORIO,
  motivoObrigatorio,
  type OpcoesLiberacao,
  podeConfirmar,
  type ResultadoLiberacao,
} from './regras.ts';

export interface LiberacaoDialogProps {
  /** null: closed. */
  opcoes: OpcoesLiberacao | null;
  aoConcluir: (resultado: ResultadoLiberacao | null) => void;
}

/** Supervisor release (spec sections 5, 6 and 8). */
export function LiberacaoDialog({ opcoes, aoConcluir }: LiberacaoDialogProps) {
  const [form] = Form.useForm<CamposLiberacao>();
  const campos = Form.useWatch([], form) ?? {};
  const [enviando, setEnviando] = useState(false);
  const loginRef = useRef<InputRef>(null);
  const aberto = opcoes !== null;

  useEffect(() => {
    if (aberto) form.resetFields();
  }, [aberto, form]);

  if (!opcoes) return null;
  const exigeMotivo = motivoObrigatorio(opcoes);
  const obrigatorio = { required: true, whitespace: true, message: MENSAGEM_CAMPO_OBRIGATORIO };

  async function confirmar() {
    if (!opcoes || !podeConfirmar(opcoes, form.getFieldsValue())) return;
    const { login = '', senha = '', motivo } = form.getFieldsValue();
    setEnviando(true);
    try {
      const motivoInformado = opcoes.mostrarMotivo && motivo?.trim() ? motivo.trim() : undefined;
      const { supervisor, liberacao } = await liberarComSupervisor({
        login,
        senha,
        motivo: motivoInformado,
        permissao: opcoes.permissao,
        vinculo: opcoes.vinculo,
      });
      aoConcluir({
        supervisor,
        ...(motivoInformado === undefined ? {} : { motivo: motivoInformado }),
        ...(liberacao ? { liberacao } : {}),
      });
    } catch (erro) {
      const mensagem = erro instanceof ErroApi ? erro.message : String(erro);
      notificar({ tipo: 'error', mensagem, duracao: DURACAO_ERRO_LIBERACAO });
      form.setFieldValue('senha', '');
      loginRef.current?.focus({ cursor: 'all' });
    } finally {
      setEnviando(false);
    }
  }

  function cancelar() {
    notificar({ tipo: 'warning', mensagem: MENSAGEM_ACAO_CANCELADA, duracao: DURACAO_CANCELADO });
    aoConcluir(null);
  }

  return (
    <Modal
      open
      title="Liberação do Supervisor"
      okText="Confirmar"
      cancelText="Cancelar"
      onOk={confirmar}
      onCancel={cancelar}
      okButtonProps={{ disabled: !podeConfirmar(opcoes, campos), loading: enviando }}
      maskClosable={false}
      destroyOnHidden
      // At the end of the opening animation, only if the focus is not in the form yet: a fast typist may
      // already be in the password.
      afterOpenChange={(visivel) =>
        visivel &&
        !document.getElementById('liberacao')?.contains(document.activeElement) &&
        loginRef.current?.focus()
      }
      width={420}
    >
      <Form form={form} name="liberacao" layout="vertical" onFinish={confirmar} data-testid="liberacao-form">
        <Form.Item name="login" label="Login (E-mail ou Código Interno)" rules={[obrigatorio]}>
          <Input ref={loginRef} autoFocus autoComplete="off" maxLength={LIMITES_LIBERACAO.login} />
        </Form.Item>
        <Form.Item name="senha" label="Senha" rules={opcoes.senhaObrigatoria ? [obrigatorio] : []}>
          {/* No eye button: it would sit between the password and the reason in the Tab order, and a
              supervisor's password is not shown at the counter. */}
          <Input.Password autoComplete="off" maxLength={LIMITES_LIBERACAO.senha} visibilityToggle={false} />
        </Form.Item>
        {opcoes.mostrarMotivo && (
          <Form.Item name="motivo" label="Motivo" rules={exigeMotivo ? [obrigatorio] : []}>
            <Input.TextArea
              maxLength={LIMITES_LIBERACAO.motivo}
              // Enter sends the release as in the other fields (the keyboard-only till); Shift+Enter breaks a line.
              onPressEnter={(e) => {
                if (e.shiftKey) return;
                e.preventDefault();
                form.submit();
              }}
              showCount
              autoSize={{ minRows: 2, maxRows: 4 }}
            />
          </Form.Item>
        )}
        {/* Enter in any field submits, as in the original POS. */}
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </Modal>
  );
}
