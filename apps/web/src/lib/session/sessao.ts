import { useSyncExternalStore } from 'react';
import { lerTemaSalvo, salvarEmpresa, salvarGrupo, salvarTema, salvarUsuario } from './armazenamento.ts';
import type { Empresa, GrupoEmpresarial, UsuarioSessao } from './tipos.ts';

// Global UI/session store (STYLE: global stores only for the session and UI state).
export interface EstadoSessao {
  usuario: UsuarioSessao | null;
  grupoEmpresarial: GrupoEmpresarial | null;
  empresa: Empresa | null;
  escuro: boolean;
  drawerPrincipal: boolean;
  drawerDireito: boolean;
  /** Bumped when the company changes: the layout keys its content on it to reload the page. */
  recarregar: number;
}

function estadoInicial(): EstadoSessao {
  return {
    usuario: null,
    grupoEmpresarial: null,
    empresa: null,
    escuro: lerTemaSalvo(),
    // On a phone or an upright tablet the open menu took 256 px of the screen and squeezed the page to a
    // column of letters: there it starts closed (the header's button opens it).
    drawerPrincipal: typeof window === 'undefined' || window.innerWidth >= 992,
    drawerDireito: false,
    recarregar: 0,
  };
}

let estado: EstadoSessao = estadoInicial();
const ouvintes = new Set<() => void>();

function atualizar(parcial: Partial<EstadoSessao>): void {
  estado = { ...estado, ...parcial };
  for (const ouvinte of ouvintes) ouvinte();
}

export function obterSessao(): EstadoSessao {
  return estado;
}

export function assinarSessao(ouvinte: () => void): () => void {
  ouvintes.add(ouvinte);
  return () => ouvintes.delete(ouvinte);
}

export function useSessao<T>(seletor: (s: EstadoSessao) => T): T {
  return useSyncExternalStore(
    assinarSessao,
    () => seletor(estado),
    () => seletor(estado),
  );
}

/** Puts a restored session in memory without writing it back. */
export function restaurarSessao(
  s: Pick<EstadoSessao, 'usuario' | 'grupoEmpresarial' | 'empresa' | 'escuro'>,
) {
  atualizar(s);
}

export function entrar(usuario: UsuarioSessao, grupo: GrupoEmpresarial, empresa: Empresa): void {
  salvarUsuario(usuario);
  salvarGrupo(grupo);
  salvarEmpresa(empresa);
  atualizar({ usuario, grupoEmpresarial: grupo, empresa });
}

export function renovarUsuario(usuario: UsuarioSessao): void {
  salvarUsuario(usuario);
  atualizar({ usuario });
}

export function trocarEmpresa(empresa: Empresa): void {
  salvarEmpresa(empresa);
  atualizar({ empresa, recarregar: estado.recarregar + 1 });
}

/** Logout keeps the group (pre-selected on the login page) and the theme. */
export function sair(): void {
  salvarUsuario(null);
  salvarEmpresa(null);
  atualizar({ usuario: null, empresa: null, drawerDireito: false });
}

export function definirTema(escuro: boolean): void {
  salvarTema(escuro);
  atualizar({ escuro });
}

// Spec section 4: the right and main drawers are mutually exclusive.
export function alternarDrawerPrincipal(aberto = !estado.drawerPrincipal): void {
  atualizar({ drawerPrincipal: aberto, drawerDireito: aberto ? false : estado.drawerDireito });
}

export function alternarDrawerDireito(aberto = !estado.drawerDireito): void {
  atualizar({ drawerDireito: aberto, drawerPrincipal: aberto ? false : estado.drawerPrincipal });
}

/** Tests only: back to a fresh store. */
export function reiniciarSessaoParaTeste(): void {
  estado = estadoInicial();
  for (const ouvinte of ouvintes) ouvinte();
}
