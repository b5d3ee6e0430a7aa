import { api } from '../../lib/api/cliente.ts';
import { sha256Hex } from '../../lib/crypto/sha256.ts';
import type { Empresa, GrupoEmpresarial, UsuarioSessao } from '../../lib/session/tipos.ts';

// Session calls of spec section 7 (login, companies, password recovery). Plain fetchers: the
// public pages stay free of TanStack Query; queries.ts wraps them for the logged-in screens.

/** Spec section 6: listing a user's companies requires permission 425. */
export const PERMISSAO_LISTAR_EMPRESAS = 425;

export interface RespostaLogin extends UsuarioSessao {
  grupoEmpresarial: GrupoEmpresarial;
}

export function listarGruposEmpresariais(): Promise<GrupoEmpresarial[]> {
  return api.post<GrupoEmpresarial[]>(
    'getGrupoEmpresarialLista',
    { lixo: false },
    { semToken: true, silencioso: true },
  );
}

export async function efetuarLogin(
  email: string,
  senha: string,
  grupoEmpresarial: string,
): Promise<RespostaLogin> {
  return api.post<RespostaLogin>(
    'login',
    { email: email.trim(), senha: await sha256Hex(senha), grupoEmpresarial },
    { semToken: true, silencioso: true },
  );
}

/** `token` right after login, before the session is committed; `silencioso` when the caller shows errors. */
export function listarEmpresasUsuario(
  grupoEmpresarialId: string,
  pessoaId: string,
  opcoes: { token?: string; silencioso?: boolean } = {},
): Promise<Empresa[]> {
  return api.post<Empresa[]>(
    'getEmpresasUsuario',
    { grupoEmpresarialId, pessoaId, permissao: PERMISSAO_LISTAR_EMPRESAS },
    { ...opcoes, acao: 'ao listar as empresas' },
  );
}

export async function listarPermissoes(empresaId: string): Promise<Set<number>> {
  const dados = await api.post<{ permissoes: number[] }>(
    'getPermissoesUsuario',
    { empresaId },
    { acao: 'ao obter as permissões' },
  );
  return new Set(dados.permissoes);
}

export function recuperarSenha(email: string, grupoEmpresarial: string) {
  return api.post<{ message?: string } | null>(
    'recuperarSenha',
    { email: email.trim(), grupoEmpresarial },
    { semToken: true, acao: 'ao recuperar a senha' },
  );
}

export function validarChaveAlterarSenha(chave: string) {
  return api.post<{ usuarioId: string }>(
    'validaAlterarSenha',
    { chave },
    { semToken: true, silencioso: true },
  );
}

export async function alterarSenha(chave: string, senha: string) {
  return api.post<unknown>(
    'alterarSenha',
    { chave, senha: await sha256Hex(senha) },
    { semToken: true, acao: 'ao alterar a senha' },
  );
}
