import { vazio } from './genericos.ts';
import { MENSAGENS_VALIDACAO } from './mensagens.ts';

// User authorisation (spec 1 section 5): password required; the identifier is a number (internal code),
// contains @ (e-mail) or is an id of at least 15 characters, in this order.

export type Identificador =
  | { readonly tipo: 'codigoInterno'; readonly valor: number }
  | { readonly tipo: 'email'; readonly valor: string }
  | { readonly tipo: 'id'; readonly valor: string };

export function classificarIdentificadorUsuario(
  identificador: string | number | null | undefined,
): Identificador | undefined {
  if (typeof identificador === 'number') {
    return Number.isSafeInteger(identificador) && identificador >= 0
      ? { tipo: 'codigoInterno', valor: identificador }
      : undefined;
  }
  const texto = (identificador ?? '').trim();
  if (/^\d+$/.test(texto) && Number.isSafeInteger(Number(texto))) {
    return { tipo: 'codigoInterno', valor: Number(texto) };
  }
  if (texto.includes('@')) return { tipo: 'email', valor: texto.toLowerCase() };
  if (texto.length >= 15) return { tipo: 'id', valor: texto };
  return undefined;
}

export type ResultadoIdentificacao =
  | { readonly valido: true; readonly identificador: Identificador }
  | { readonly valido: false; readonly mensagem: string };

/**
 * Checks what a user typed to authorise an action. `exigirSenha: false` covers the validations the spec
 * allows "without a password".
 */
export function validarAutorizacaoUsuario(
  entrada: { readonly identificador: string | number | null | undefined; readonly senha?: string | null },
  opcoes: { readonly exigirSenha?: boolean } = {},
): ResultadoIdentificacao {
  if ((opcoes.exigirSenha ?? true) && vazio(entrada.senha)) {
    return { valido: false, mensagem: MENSAGENS_VALIDACAO.senhaNaoInformada };
  }
  const identificador = classificarIdentificadorUsuario(entrada.identificador);
  if (!identificador) return { valido: false, mensagem: MENSAGENS_VALIDACAO.identificadorInvalido };
  return { valido: true, identificador };
}

/** Renewing an expired login needs the business group (spec 1 section 5): 'Grupo Empresarial não informado.'. */
export function validarRenovacaoLogin(grupoEmpresarial: unknown): true | string {
  return vazio(grupoEmpresarial) ? MENSAGENS_VALIDACAO.grupoEmpresarialNaoInformado : true;
}
