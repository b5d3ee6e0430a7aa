import {
  LIMITES_LIBERACAO,
  parametrosLiberacaoInvalidos,
  podeConfirmarLiberacao,
} from '@retaguarda/domain/validadores/liberacao';
import type { VinculoLiberacao } from '@retaguarda/domain/validadores/liberacao-vinculo';
import { MENSAGENS_VALIDACAO } from '@retaguarda/domain/validadores/mensagens';
import type { Supervisor } from './api.ts';

// Release dialog rules of spec section 5 (from packages/domain) and the times of section 9.
export { LIMITES_LIBERACAO };
export const MENSAGEM_CAMPO_OBRIGATORIO = MENSAGENS_VALIDACAO.campoObrigatorio;
export const MENSAGEM_ACAO_CANCELADA = 'Ação cancelada!';
/** Seconds: release error 3 s, cancelled 2 s (spec section 9). */
export const DURACAO_ERRO_LIBERACAO = 3;
export const DURACAO_CANCELADO = 2;

export interface OpcoesLiberacao {
  permissao: number;
  senhaObrigatoria: boolean;
  mostrarMotivo?: boolean;
  motivoObrigatorio?: boolean;
  /** What is released (the sale, the NFC-e, the discount): the server binds the release to it. */
  vinculo?: VinculoLiberacao;
}

export interface ResultadoLiberacao {
  supervisor: Supervisor;
  motivo?: string;
  /** Release token of POST liberacaoSupervisor, sent with the protected action. */
  liberacao?: string;
}

export interface CamposLiberacao {
  login?: string;
  senha?: string;
  motivo?: string;
}

/** Spec: the permission id must be numeric and the password flag boolean (the promise replaces the callback). */
export function validarOpcoesLiberacao(opcoes: OpcoesLiberacao): void {
  const errados = parametrosLiberacaoInvalidos({
    permissao: opcoes?.permissao,
    senhaObrigatoria: opcoes?.senhaObrigatoria,
    callback: () => undefined,
  });
  if (errados.length > 0) throw new TypeError(`liberar: parâmetros inválidos (${errados.join(', ')}).`);
}

export function motivoObrigatorio(opcoes: OpcoesLiberacao): boolean {
  return opcoes.mostrarMotivo === true && opcoes.motivoObrigatorio === true;
}

/** Confirm stays disabled until login is filled, and password / reason when mandatory. */
export function podeConfirmar(opcoes: OpcoesLiberacao, campos: CamposLiberacao): boolean {
  return podeConfirmarLiberacao(
    { login: campos.login, senha: campos.senha, motivo: campos.motivo },
    {
      senhaObrigatoria: opcoes.senhaObrigatoria,
      exibirMotivo: opcoes.mostrarMotivo === true,
      motivoObrigatorio: opcoes.motivoObrigatorio === true,
    },
  );
}
