import type { ResultadoRegra } from './genericos.ts';
import { vazio } from './genericos.ts';
import { MENSAGENS_VALIDACAO, mensagemQuantidade } from './mensagens.ts';

// Release dialog (spec 1 section 5): a supervisor types login, password and optionally a reason.
export const LIMITES_LIBERACAO = { login: 200, senha: 30, motivo: 100 } as const;

export interface CamposLiberacao {
  readonly login: string | null | undefined;
  readonly senha: string | null | undefined;
  readonly motivo: string | null | undefined;
}

export interface OpcoesLiberacao {
  /** Password required (otherwise optional). */
  readonly senhaObrigatoria: boolean;
  /** The reason field is shown. */
  readonly exibirMotivo: boolean;
  /** The reason is required (only matters when it is shown). */
  readonly motivoObrigatorio: boolean;
}

function campo(valor: string | null | undefined, obrigatorio: boolean, maximo: number): ResultadoRegra {
  if (vazio(valor)) return obrigatorio ? MENSAGENS_VALIDACAO.campoObrigatorio : true;
  return (valor ?? '').length > maximo ? mensagemQuantidade(undefined, maximo) : true;
}

/** Login: required, at most 200 characters; 'Campo Obrigatório'. */
export function validarLoginLiberacao(login: string | null | undefined): ResultadoRegra {
  return campo(login, true, LIMITES_LIBERACAO.login);
}

/** Password: required only when mandatory, at most 30 characters. */
export function validarSenhaLiberacao(
  senha: string | null | undefined,
  opcoes: Pick<OpcoesLiberacao, 'senhaObrigatoria'>,
): ResultadoRegra {
  return campo(senha, opcoes.senhaObrigatoria, LIMITES_LIBERACAO.senha);
}

/** Reason: at most 100 characters, required only when shown and mandatory; ignored when hidden. */
export function validarMotivoLiberacao(
  motivo: string | null | undefined,
  opcoes: Pick<OpcoesLiberacao, 'exibirMotivo' | 'motivoObrigatorio'>,
): ResultadoRegra {
  if (!opcoes.exibirMotivo) return true;
  return campo(motivo, opcoes.motivoObrigatorio, LIMITES_LIBERACAO.motivo);
}

export interface ResultadoLiberacao {
  readonly valido: boolean;
  readonly login: ResultadoRegra;
  readonly senha: ResultadoRegra;
  readonly motivo: ResultadoRegra;
}

export function validarLiberacao(campos: CamposLiberacao, opcoes: OpcoesLiberacao): ResultadoLiberacao {
  const login = validarLoginLiberacao(campos.login);
  const senha = validarSenhaLiberacao(campos.senha, opcoes);
  const motivo = validarMotivoLiberacao(campos.motivo, opcoes);
  return { valido: login === true && senha === true && motivo === true, login, senha, motivo };
}

/** Confirm stays disabled until the login is filled, and the password and reason when mandatory. */
export function podeConfirmarLiberacao(campos: CamposLiberacao, opcoes: OpcoesLiberacao): boolean {
  return validarLiberacao(campos, opcoes).valido;
}

/**
 * Opening the dialog: the permission id must be numeric, the password flag boolean and the callback a
 * function (spec 1 section 5). Answers the names of the wrong parameters (empty when all are right).
 */
export function parametrosLiberacaoInvalidos(parametros: {
  readonly permissao: unknown;
  readonly senhaObrigatoria: unknown;
  readonly callback: unknown;
}): ('permissao' | 'senhaObrigatoria' | 'callback')[] {
  const errados: ('permissao' | 'senhaObrigatoria' | 'callback')[] = [];
  const { permissao } = parametros;
  const numerico =
    (typeof permissao === 'number' && Number.isInteger(permissao)) ||
    (typeof permissao === 'string' && /^\d+$/.test(permissao));
  if (!numerico) errados.push('permissao');
  if (typeof parametros.senhaObrigatoria !== 'boolean') errados.push('senhaObrigatoria');
  if (typeof parametros.callback !== 'function') errados.push('callback');
  return errados;
}
