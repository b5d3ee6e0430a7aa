// One place that shows toasts (spec section 8: info, success, warning, error, at the top,
// 5 s by default, with a Close button). ToastHost registers antd's themed notification API here;
// toasts raised before it mounts wait in a queue.
export type TipoToast = 'info' | 'success' | 'warning' | 'error';

export interface Toast {
  tipo: TipoToast;
  mensagem: string;
  descricao?: string;
  /** Seconds; 5 when omitted. */
  duracao?: number;
}

export type ExibirToast = (toast: Toast) => void;

export const DURACAO_PADRAO_TOAST = 5;

let exibir: ExibirToast | null = null;
const fila: Toast[] = [];

export function registrarExibidorToast(fn: ExibirToast | null): void {
  exibir = fn;
  if (!fn) return;
  for (const toast of fila.splice(0)) fn(toast);
}

export function notificar(toast: Toast): void {
  if (exibir) exibir(toast);
  else fila.push(toast);
}
