import { ErroNegocio } from '../../lib/envelope.ts';

// Login attempts are limited per account and per address (brute force and password spraying).
const JANELA_MS = 15 * 60 * 1000;
const MAX_POR_CONTA = 5;
const MAX_POR_IP = 30;

export const MENSAGEM_BLOQUEIO =
  'Muitas tentativas de login sem sucesso. Aguarde 15 minutos e tente novamente.';

export class LimiteTentativas {
  private readonly falhas = new Map<string, number[]>();

  private recentes(chave: string): number[] {
    const limite = Date.now() - JANELA_MS;
    const lista = (this.falhas.get(chave) ?? []).filter((t) => t > limite);
    if (lista.length) this.falhas.set(chave, lista);
    else this.falhas.delete(chave);
    return lista;
  }

  verificar(conta: string, ip: string): void {
    if (
      this.recentes(`c:${conta}`).length >= MAX_POR_CONTA ||
      this.recentes(`i:${ip}`).length >= MAX_POR_IP
    ) {
      throw new ErroNegocio(MENSAGEM_BLOQUEIO);
    }
  }

  falhou(conta: string, ip: string): void {
    for (const chave of [`c:${conta}`, `i:${ip}`])
      this.falhas.set(chave, [...this.recentes(chave), Date.now()]);
  }

  sucesso(conta: string): void {
    this.falhas.delete(`c:${conta}`);
  }
}
