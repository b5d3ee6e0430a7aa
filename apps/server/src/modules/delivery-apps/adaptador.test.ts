import { describe, expect, it } from 'vitest';
import { erroDeResposta } from './adaptador.ts';

// What the health screen's `ultimoErro` reads for each answer of the protocol: pt-BR, what to check.
describe('erroDeResposta', () => {
  it('names refused credentials, denied access, not found, out of turn, rate limit and server failure', () => {
    const ler = (status: number) => erroDeResposta(status, 'Polling de eventos', 'o aplicativo').message;
    expect(erroDeResposta(401, 'Token de acesso', 'o marketplace').message).toBe(
      'Token de acesso: o marketplace recusou as credenciais: confira o Client ID e o Client Secret da integração (HTTP 401).',
    );
    expect(ler(403)).toBe(
      'Polling de eventos: o aplicativo negou o acesso: confira o App ID e o Merchant ID da loja (HTTP 403).',
    );
    expect(ler(404)).toMatch(
      /não encontrou o pedido ou o endereço: confira a URL da integração \(HTTP 404\)\.$/,
    );
    expect(ler(409)).toMatch(/fora de hora para o aplicativo: o pedido já mudou de situação lá \(HTTP 409\)/);
    expect(ler(422)).toMatch(/fora de hora .* \(HTTP 422\)/);
    expect(ler(429)).toMatch(/limitou as chamadas \(excesso de requisições\).* \(HTTP 429\)/);
    expect(ler(500)).toMatch(/está com falha interna: nova tentativa na próxima rodada \(HTTP 500\)/);
    expect(ler(503)).toMatch(/falha interna.*\(HTTP 503\)/);
    expect(ler(400)).toMatch(/recusou a chamada como fora do padrão \(HTTP 400\)/);
    expect(ler(418)).toBe('Polling de eventos: o aplicativo recusou a chamada (HTTP 418).');
  });

  it("keeps the status and the app's own text after the sentence", () => {
    const e = erroDeResposta(409, 'Ação confirm', 'o marketplace', 'Order already dispatched');
    expect(e.status).toBe(409);
    expect(e.message).toBe(
      'Ação confirm: fora de hora para o marketplace: o pedido já mudou de situação lá (HTTP 409) - Order already dispatched.',
    );
    expect(e.message).not.toMatch(/recusado pelo/);
  });
});
