import { Alert, Button, Input, Select } from 'antd';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { obterConfig } from '../../lib/api/config.ts';
import { notificar } from '../../lib/notify/notificar.ts';
import { lerGrupoSalvo } from '../../lib/session/armazenamento.ts';
import { entrar, useSessao } from '../../lib/session/sessao.ts';
import type { Empresa, GrupoEmpresarial } from '../../lib/session/tipos.ts';
import { efetuarLogin, listarEmpresasUsuario, type RespostaLogin } from './api.ts';
import { AuthCard } from './auth-card.tsx';
import { ariaCampo, Campo } from './campo.tsx';
import {
  identificadorValido,
  MENSAGEM_IDENTIFICADOR_INVALIDO,
  MENSAGEM_OBRIGATORIO,
  MENSAGEM_SEM_GRUPO,
  mensagemFalhaLogin,
} from './mensagens.ts';
import { useGruposEmpresariais } from './use-grupos-empresariais.ts';

interface Campos {
  grupoEmpresarial?: string;
  email: string;
  senha: string;
}

type Erros = Partial<Record<keyof Campos, string>>;

/** What the group-code field shows for the group remembered on this device. */
export function codigoLembrado(grupo: GrupoEmpresarial | null | undefined): string | undefined {
  if (!grupo) return undefined;
  return grupo.codigo !== undefined ? String(grupo.codigo) : grupo._id || undefined;
}

export function validarLogin(campos: Campos): Erros {
  const erros: Erros = {};
  if (!campos.grupoEmpresarial) erros.grupoEmpresarial = MENSAGEM_OBRIGATORIO;
  if (!campos.email.trim()) erros.email = MENSAGEM_OBRIGATORIO;
  else if (!identificadorValido(campos.email)) erros.email = MENSAGEM_IDENTIFICADOR_INVALIDO;
  if (!campos.senha) erros.senha = MENSAGEM_OBRIGATORIO;
  return erros;
}

interface Autenticado {
  login: RespostaLogin;
  empresas: Empresa[];
}

function falhar(mensagem: string): void {
  notificar({ tipo: 'error', mensagem, duracao: 10 });
}

export function LoginPage() {
  const navigate = useNavigate();
  // The group of the last login: in memory after Sair, else saved on this device (the browser was closed).
  const [grupoSalvo] = useState(lerGrupoSalvo);
  const grupoAnterior = useSessao((s) => s.grupoEmpresarial) ?? grupoSalvo;
  const { grupos, erro, carregando } = useGruposEmpresariais();
  const listaGrupos = obterConfig().listaGrupos;
  const [campos, setCampos] = useState<Campos>({ email: '', senha: '' });
  const [erros, setErros] = useState<Erros>({});
  const [tentou, setTentou] = useState(false);
  const [enviando, setEnviando] = useState(false);
  const [autenticado, setAutenticado] = useState<Autenticado | null>(null);
  const [empresaId, setEmpresaId] = useState<string | undefined>();

  useEffect(() => {
    document.title = 'Login - Retaguarda';
  }, []);

  const semGrupo = grupos !== undefined && grupos.length === 0;
  const erroGrupos = erro ? mensagemFalhaLogin(erro) : null;

  useEffect(() => {
    if (semGrupo) notificar({ tipo: 'warning', mensagem: MENSAGEM_SEM_GRUPO });
  }, [semGrupo]);
  useEffect(() => {
    if (erroGrupos) falhar(erroGrupos);
  }, [erroGrupos]);

  // Pre-select the group used last time, or the only one.
  useEffect(() => {
    if (!grupos) return;
    const preferido =
      grupos.find((g) => g._id === grupoAnterior?._id) ?? (grupos.length === 1 ? grupos[0] : undefined);
    if (preferido)
      setCampos((atual) => (atual.grupoEmpresarial ? atual : { ...atual, grupoEmpresarial: preferido._id }));
  }, [grupos, grupoAnterior]);
  // Without the public list (LISTA_GRUPOS_PUBLICA=false) the device remembers the group's code of the last
  // login (a device saved before the codes remembers the id, which the server still accepts).
  useEffect(() => {
    const lembrado = codigoLembrado(grupoAnterior);
    if (listaGrupos || !lembrado) return;
    setCampos((atual) => (atual.grupoEmpresarial ? atual : { ...atual, grupoEmpresarial: lembrado }));
  }, [listaGrupos, grupoAnterior]);

  function alterar(parcial: Partial<Campos>) {
    const novos = { ...campos, ...parcial };
    setCampos(novos);
    if (tentou) setErros(validarLogin(novos));
  }

  async function autenticar(evento: FormEvent) {
    evento.preventDefault();
    setTentou(true);
    const encontrados = validarLogin(campos);
    setErros(encontrados);
    if (Object.keys(encontrados).length > 0 || !campos.grupoEmpresarial) return;
    setEnviando(true);
    try {
      const login = await efetuarLogin(campos.email, campos.senha, campos.grupoEmpresarial);
      const empresas = await listarEmpresasUsuario(login.grupoEmpresarial._id, login.usuario._id, {
        token: login.token,
        silencioso: true,
      });
      // Until a company is chosen nothing is committed: a failed company check keeps the previous user.
      setAutenticado({ login, empresas });
      setEmpresaId(empresas.length === 1 ? empresas[0]?._id : undefined);
    } catch (falha) {
      falhar(mensagemFalhaLogin(falha));
    } finally {
      setEnviando(false);
    }
  }

  function acessar(evento: FormEvent) {
    evento.preventDefault();
    const empresa = autenticado?.empresas.find((e) => e._id === empresaId);
    if (!autenticado || !empresa) return;
    const { login } = autenticado;
    entrar(
      { token: login.token, expiraEm: login.expiraEm, usuario: login.usuario },
      login.grupoEmpresarial,
      empresa,
    );
    navigate('/', { replace: true });
  }

  if (autenticado) {
    return (
      <AuthCard titulo="Selecione a empresa">
        {autenticado.empresas.length === 0 && (
          <Alert
            type="warning"
            showIcon
            title="Nenhuma empresa disponível para este usuário."
            style={{ marginBottom: 16 }}
          />
        )}
        <form onSubmit={acessar} noValidate>
          <Campo id="login-empresa" rotulo="Empresa">
            <Select
              id="login-empresa"
              data-testid="login-empresa"
              style={{ width: '100%' }}
              showSearch={{ optionFilterProp: 'label' }}
              placeholder="Selecione"
              value={empresaId}
              onChange={setEmpresaId}
              options={autenticado.empresas.map((e) => ({
                value: e._id,
                label: e.descricao || e.nomeFantasia,
              }))}
            />
          </Campo>
          <Button type="primary" htmlType="submit" block disabled={!empresaId}>
            Acessar
          </Button>
          <Button type="link" block onClick={() => setAutenticado(null)} style={{ marginTop: 8 }}>
            Voltar
          </Button>
        </form>
      </AuthCard>
    );
  }

  return (
    <AuthCard titulo="Acesso ao sistema">
      {semGrupo && <Alert type="warning" showIcon title={MENSAGEM_SEM_GRUPO} style={{ marginBottom: 16 }} />}
      {erroGrupos && <Alert type="error" showIcon title={erroGrupos} style={{ marginBottom: 16 }} />}
      <form onSubmit={autenticar} noValidate>
        {listaGrupos ? (
          <Campo id="login-grupo" rotulo="Grupo Empresarial" erro={erros.grupoEmpresarial}>
            <Select
              id="login-grupo"
              data-testid="login-grupo"
              style={{ width: '100%' }}
              loading={carregando}
              showSearch={{ optionFilterProp: 'label' }}
              placeholder="Selecione"
              status={erros.grupoEmpresarial ? 'error' : undefined}
              value={campos.grupoEmpresarial}
              onChange={(grupoEmpresarial: string) => alterar({ grupoEmpresarial })}
              options={(grupos ?? []).map((g) => ({ value: g._id, label: g.descricao }))}
              {...ariaCampo('login-grupo', erros.grupoEmpresarial)}
            />
          </Campo>
        ) : (
          // The deployment hides the list of groups (LISTA_GRUPOS_PUBLICA=false): the user types its code.
          <Campo id="login-grupo-codigo" rotulo="Código do Grupo Empresarial" erro={erros.grupoEmpresarial}>
            <Input
              id="login-grupo-codigo"
              autoComplete="organization"
              inputMode="numeric"
              placeholder="Ex.: 100001"
              maxLength={64}
              status={erros.grupoEmpresarial ? 'error' : undefined}
              value={campos.grupoEmpresarial ?? ''}
              onChange={(e) => alterar({ grupoEmpresarial: e.target.value.trim() })}
              {...ariaCampo('login-grupo-codigo', erros.grupoEmpresarial)}
            />
          </Campo>
        )}
        <Campo id="login-email" rotulo="E-mail ou Código Interno" erro={erros.email}>
          <Input
            id="login-email"
            autoComplete="username"
            maxLength={200}
            status={erros.email ? 'error' : undefined}
            value={campos.email}
            onChange={(e) => alterar({ email: e.target.value })}
            {...ariaCampo('login-email', erros.email)}
          />
        </Campo>
        <Campo id="login-senha" rotulo="Senha" erro={erros.senha}>
          <Input.Password
            id="login-senha"
            autoComplete="current-password"
            maxLength={30}
            status={erros.senha ? 'error' : undefined}
            value={campos.senha}
            onChange={(e) => alterar({ senha: e.target.value })}
            {...ariaCampo('login-senha', erros.senha)}
          />
        </Campo>
        <Button type="primary" htmlType="submit" block loading={enviando} disabled={semGrupo}>
          Entrar
        </Button>
      </form>
      <Link to="/recuperarSenha" style={{ display: 'block', marginTop: 16, textAlign: 'center' }}>
        Esqueci minha senha
      </Link>
    </AuthCard>
  );
}
