import { Alert, Button, Form, Input, Select } from 'antd';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { obterConfig } from '../../lib/api/config.ts';
import { lerGrupoSalvo } from '../../lib/session/armazenamento.ts';
import { useSessao } from '../../lib/session/sessao.ts';
import { recuperarSenha } from './api.ts';
import { AuthCard } from './auth-card.tsx';
import { codigoLembrado } from './login-page.tsx';
import { MENSAGEM_OBRIGATORIO, mensagemFalhaLogin } from './mensagens.ts';
import { useGruposEmpresariais } from './use-grupos-empresariais.ts';

interface Campos {
  email: string;
  grupoEmpresarial: string;
}

export function RecuperarSenhaPage() {
  const grupos = useGruposEmpresariais();
  const listaGrupos = obterConfig().listaGrupos;
  const [enviando, setEnviando] = useState(false);
  const [enviado, setEnviado] = useState<string | null>(null);

  const [form] = Form.useForm<Campos>();

  useEffect(() => {
    document.title = 'Recuperar Senha - Retaguarda';
  }, []);

  // The only group is pre-selected, as on the login page; without the list, the code remembered on the device.
  const [grupoSalvo] = useState(lerGrupoSalvo);
  const grupoAnterior = useSessao((s) => s.grupoEmpresarial) ?? grupoSalvo;
  useEffect(() => {
    const unico = grupos.grupos?.length === 1 ? grupos.grupos[0] : undefined;
    if (unico && !form.getFieldValue('grupoEmpresarial')) form.setFieldValue('grupoEmpresarial', unico._id);
  }, [grupos.grupos, form]);
  useEffect(() => {
    const lembrado = codigoLembrado(grupoAnterior);
    if (!listaGrupos && lembrado && !form.getFieldValue('grupoEmpresarial'))
      form.setFieldValue('grupoEmpresarial', lembrado);
  }, [listaGrupos, grupoAnterior, form]);

  async function enviar(campos: Campos) {
    setEnviando(true);
    try {
      const resposta = await recuperarSenha(campos.email, campos.grupoEmpresarial);
      // The server answers the same text whether the e-mail exists or not.
      setEnviado(resposta?.message ?? 'Solicitação enviada. Verifique o seu e-mail.');
    } catch {
      // The API client already showed the failure.
    } finally {
      setEnviando(false);
    }
  }

  return (
    <AuthCard titulo="Recuperar senha">
      {grupos.erro !== null && (
        <Alert type="error" showIcon title={mensagemFalhaLogin(grupos.erro)} style={{ marginBottom: 16 }} />
      )}
      {enviado !== null && <Alert type="success" showIcon title={enviado} style={{ marginBottom: 16 }} />}
      <Form<Campos> form={form} layout="vertical" onFinish={enviar} requiredMark={false}>
        <Form.Item
          name="grupoEmpresarial"
          label={listaGrupos ? 'Grupo Empresarial' : 'Código do Grupo Empresarial'}
          rules={[{ required: true, message: MENSAGEM_OBRIGATORIO }]}
          normalize={(v: unknown) => (typeof v === 'string' ? v.trim() : v)}
        >
          {listaGrupos ? (
            <Select
              placeholder="Selecione"
              loading={grupos.carregando}
              options={(grupos.grupos ?? []).map((g) => ({ value: g._id, label: g.descricao }))}
            />
          ) : (
            // The deployment hides the list of groups (LISTA_GRUPOS_PUBLICA=false): the user types its code.
            <Input autoComplete="organization" inputMode="numeric" placeholder="Ex.: 100001" maxLength={64} />
          )}
        </Form.Item>
        <Form.Item
          name="email"
          label="E-mail"
          rules={[
            { required: true, message: MENSAGEM_OBRIGATORIO },
            { type: 'email', message: 'E-mail Inválido' },
          ]}
        >
          <Input autoComplete="email" maxLength={200} />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={enviando}>
          Enviar
        </Button>
      </Form>
      <Link to="/login" style={{ display: 'block', marginTop: 16, textAlign: 'center' }}>
        Voltar ao login
      </Link>
    </AuthCard>
  );
}
