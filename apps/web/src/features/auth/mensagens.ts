import { MENSAGENS_VALIDACAO } from '@retaguarda/domain/validadores/mensagens';
import { classificarIdentificadorUsuario } from '@retaguarda/domain/validadores/usuario';
import { ErroApi } from '../../lib/api/cliente.ts';

export const MENSAGEM_SEM_GRUPO =
  'Não foi encontrado nenhum Grupo Empresarial Cadastrado, entre em contato com  o Suporte.';
export const MENSAGEM_GRUPO_NAO_INFORMADO = 'Grupo Empresarial não informado.';
export const MENSAGEM_IDENTIFICADOR_INVALIDO = MENSAGENS_VALIDACAO.identificadorInvalido;
export const MENSAGEM_OBRIGATORIO = MENSAGENS_VALIDACAO.obrigatorio;

/** Login-side failures: 'Falha de Comunicação - {error}' on network error (spec section 8). */
export function mensagemFalhaLogin(erro: unknown): string {
  if (erro instanceof ErroApi) {
    if (erro.tipo === 'rede') return `Falha de Comunicação - ${erro.message}`;
    if (erro.tipo === 'envelope' && erro.dados && typeof erro.dados === 'object') {
      // Spec section 7: the login answer carries data.mensagem or data.message.
      const { mensagem } = erro.dados as { mensagem?: unknown };
      if (typeof mensagem === 'string' && mensagem !== '') return mensagem;
    }
    return erro.message;
  }
  return `Falha de Comunicação - ${erro instanceof Error ? erro.message : String(erro)}`;
}

/** Spec section 5, user authorisation: an internal code (number), an e-mail (@) or an id (15+ chars). */
export function identificadorValido(valor: string): boolean {
  return classificarIdentificadorUsuario(valor) !== undefined;
}
