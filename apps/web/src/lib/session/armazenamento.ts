import type { Empresa, GrupoEmpresarial, UsuarioSessao } from './tipos.ts';

// Local-storage keys of the saved session (spec section 2: user, theme, group and company are
// restored from local storage when memory is empty).
export const CHAVES = {
  usuario: 'retaguarda.usuario',
  grupoEmpresarial: 'retaguarda.grupoEmpresarial',
  empresa: 'retaguarda.empresa',
  tema: 'retaguarda.tema',
} as const;

export interface SessaoSalva {
  usuario: UsuarioSessao | null;
  grupoEmpresarial: GrupoEmpresarial | null;
  empresa: Empresa | null;
  escuro: boolean;
}

function armazenamentoPadrao(): Storage {
  return globalThis.localStorage;
}

function lerJson<T>(armazenamento: Storage, chave: string): T | null {
  const bruto = armazenamento.getItem(chave);
  return bruto === null ? null : (JSON.parse(bruto) as T);
}

/** Throws when the storage cannot be read or holds corrupt data: the guard turns that into /404. */
export function lerSessaoSalva(armazenamento: Storage = armazenamentoPadrao()): SessaoSalva {
  return {
    usuario: lerJson<UsuarioSessao>(armazenamento, CHAVES.usuario),
    grupoEmpresarial: lerJson<GrupoEmpresarial>(armazenamento, CHAVES.grupoEmpresarial),
    empresa: lerJson<Empresa>(armazenamento, CHAVES.empresa),
    escuro: lerJson<boolean>(armazenamento, CHAVES.tema) === true,
  };
}

/**
 * The group of this device's last login, never throwing: the login and reset pages offer its code even after
 * the browser was closed (nothing of the session is in memory then).
 */
export function lerGrupoSalvo(armazenamento: Storage = armazenamentoPadrao()): GrupoEmpresarial | null {
  try {
    const grupo = lerJson<GrupoEmpresarial>(armazenamento, CHAVES.grupoEmpresarial);
    return grupo && typeof grupo === 'object' && typeof grupo._id === 'string' ? grupo : null;
  } catch {
    return null;
  }
}

/** Theme alone, never throwing: it is applied before any route (login included) renders. */
export function lerTemaSalvo(armazenamento: Storage = armazenamentoPadrao()): boolean {
  try {
    return lerJson<boolean>(armazenamento, CHAVES.tema) === true;
  } catch {
    return false;
  }
}

function gravar(armazenamento: Storage, chave: string, valor: unknown): void {
  try {
    if (valor === null || valor === undefined) armazenamento.removeItem(chave);
    else armazenamento.setItem(chave, JSON.stringify(valor));
  } catch {
    // A full or blocked storage only costs the restore after a reload; the session in memory goes on.
  }
}

export function salvarUsuario(valor: UsuarioSessao | null, armazenamento = armazenamentoPadrao()): void {
  gravar(armazenamento, CHAVES.usuario, valor);
}

export function salvarGrupo(valor: GrupoEmpresarial | null, armazenamento = armazenamentoPadrao()): void {
  gravar(armazenamento, CHAVES.grupoEmpresarial, valor);
}

export function salvarEmpresa(valor: Empresa | null, armazenamento = armazenamentoPadrao()): void {
  gravar(armazenamento, CHAVES.empresa, valor);
}

export function salvarTema(escuro: boolean, armazenamento = armazenamentoPadrao()): void {
  gravar(armazenamento, CHAVES.tema, escuro);
}
