import { api } from '../../lib/api/cliente.ts';
import { queryClient } from '../../lib/api/query-client.ts';
import { salvarGrupo } from '../../lib/session/armazenamento.ts';
import { obterSessao, restaurarSessao, sair, trocarEmpresa } from '../../lib/session/sessao.ts';
import type { Empresa, GrupoEmpresarial } from '../../lib/session/tipos.ts';

/** Company switch: the session counter reloads the page content; cached server data is refetched. */
export function selecionarEmpresa(empresa: Empresa): void {
  if (empresa._id === obterSessao().empresa?._id) return;
  trocarEmpresa(empresa);
  void queryClient.invalidateQueries();
}

export function encerrarSessao(): void {
  // The server revokes the token too (issue 14 point 5): a copy of it is dead from now on.
  const token = obterSessao().usuario?.token;
  if (token) void api.post('logout', {}, { token, silencioso: true }).catch(() => undefined);
  sair();
  queryClient.clear();
}

/** Tokens belong to one business group: another group means logging in again, with it pre-selected. */
export function selecionarGrupo(grupo: GrupoEmpresarial): void {
  encerrarSessao();
  salvarGrupo(grupo);
  const { escuro } = obterSessao();
  restaurarSessao({ usuario: null, empresa: null, grupoEmpresarial: grupo, escuro });
}
