import type { Supervisor } from './api.ts';

// Release dialog rules of spec section 5 and limits of section 9.
export const LIMITES_LIBERACAO = { login: 200, senha: 30, motivo: 100 } as const;
export const MENSAGEM_CAMPO_OBRIGATORIO = 'Campo Obrigatório';
export const MENSAGEM_ACAO_CANCELADA = 'Ação cancelada!';
/** Seconds: release error 3 s, cancelled 2 s (spec section 9). */
export const DURACAO_ERRO_LIBERACAO = 3;
export const DURACAO_CANCELADO = 2;

export interface OpcoesLiberacao {
  permissao: number;
  senhaObrigatoria: boolean;
  mostrarMotivo?: boolean;
  motivoObrigatorio?: boolean;
}

export interface ResultadoLiberacao {
  supervisor: Supervisor;
  motivo?: string;
}

export interface CamposLiberacao {
  login?: string;
  senha?: string;
  motivo?: string;
}

/** Spec: the permission id must be numeric and the password flag boolean. */
export function validarOpcoesLiberacao(opcoes: OpcoesLiberacao): void {
  if (typeof opcoes?.permissao !== 'number' || !Number.isFinite(opcoes.permissao)) {
    throw new TypeError('liberar: permissao deve ser numérica.');
  }
  if (typeof opcoes.senhaObrigatoria !== 'boolean') {
    throw new TypeError('liberar: senhaObrigatoria deve ser booleana.');
  }
}

export function motivoObrigatorio(opcoes: OpcoesLiberacao): boolean {
  return opcoes.mostrarMotivo === true && opcoes.motivoObrigatorio === true;
}

/** Confirm stays disabled until login is filled, and password / reason when mandatory. */
export function podeConfirmar(opcoes: OpcoesLiberacao, campos: CamposLiberacao): boolean {
  const preenchido = (valor: string | undefined) => (valor ?? '').trim() !== '';
  if (!preenchido(campos.login)) return false;
  if (opcoes.senhaObrigatoria && !preenchido(campos.senha)) return false;
  if (motivoObrigatorio(opcoes) && !preenchido(campos.motivo)) return false;
  return true;
}
