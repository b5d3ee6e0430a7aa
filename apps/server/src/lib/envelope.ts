// The API envelope of spec section 8: every business outcome is HTTP 200 `{ valido, data, loginExpirado? }`;
// a failure carries its pt-BR message in `data.message`.

export interface Envelope<T = unknown> {
  valido: boolean;
  data: T;
  loginExpirado?: boolean;
}

export const ok = <T>(data: T): Envelope<T> => ({ valido: true, data });
export const falha = (
  message: string,
  extra: Record<string, unknown> = {},
): Envelope<{ message: string }> => ({
  valido: false,
  data: { message, ...extra },
});

/** A refusal the user must read: becomes `{ valido: false, data: { message } }` with HTTP 200. */
export class ErroNegocio extends Error {
  constructor(
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ErroNegocio';
  }
}

export const MENSAGEM_LOGIN_EXPIRADO = 'Acesso Expirado! Favor refazer o login';
