import { vi } from 'vitest';
import { registrarExibidorToast, type Toast } from '../lib/notify/notificar.ts';

export interface ChamadaRegistrada {
  url: string;
  metodo: string;
  cabecalhos: Record<string, string>;
  corpo: unknown;
}

type Responder = (chamada: ChamadaRegistrada) => Response | Promise<Response>;

export function envelope(valido: boolean, data: unknown, extra: Record<string, unknown> = {}): Response {
  return new Response(JSON.stringify({ valido, data, ...extra }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** Replaces fetch; records each call (url, method, headers, JSON body). */
export function instalarFetch(responder: Responder): ChamadaRegistrada[] {
  const chamadas: ChamadaRegistrada[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const chamada: ChamadaRegistrada = {
        url: String(url),
        metodo: init.method ?? 'GET',
        cabecalhos: { ...(init.headers as Record<string, string>) },
        corpo: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      chamadas.push(chamada);
      return responder(chamada);
    }),
  );
  return chamadas;
}

/** Captures toasts instead of showing them. */
export function capturarToasts(): Toast[] {
  const toasts: Toast[] = [];
  registrarExibidorToast((toast) => toasts.push(toast));
  return toasts;
}
