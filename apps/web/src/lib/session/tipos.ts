// Session entities as the server sends them (spec section 3, "Session state").
export interface Usuario {
  _id: string;
  nome: string;
  codigoInterno: number | string;
  email?: string;
}

export interface UsuarioSessao {
  token: string;
  expiraEm?: string;
  usuario: Usuario;
}

export interface GrupoEmpresarial {
  _id: string;
  descricao: string;
  /** The short code typed at login when the group list is hidden (absent on devices saved before it). */
  codigo?: number;
  configuracoes?: { controleDeFranquia?: boolean; vincularEstoqueFornecedorPorEmpresa?: boolean };
}

export interface Empresa {
  _id: string;
  codigoInterno?: number | string;
  descricao: string;
  nomeFantasia?: string;
  cnpj?: string;
  tipoEmpresa?: string;
}
