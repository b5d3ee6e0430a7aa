import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { iniciarSimuladorCep } from '../src/simuladores/cep.ts';
import { type AppTeste, criarAppTeste } from './app-teste.ts';

let t: AppTeste;
let token: string;
let simulador: Awaited<ReturnType<typeof iniciarSimuladorCep>>;

beforeAll(async () => {
  simulador = await iniciarSimuladorCep();
  t = await criarAppTeste({ cepUrl: simulador.url });
  token = await t.login('caixa@exemplo.com.br', 'caixa123');
});
afterAll(async () => {
  await t.fechar();
  await simulador.fechar();
});

describe('CEP lookup through the ViaCEP-style client', () => {
  it('finds an address with or without the mask', async () => {
    for (const cep of ['80020-000', '80020000']) {
      const r = await t.get(`/api/cep/${cep}`, token);
      expect(r.corpo).toEqual({
        valido: true,
        data: expect.objectContaining({
          logradouro: 'Rua XV de Novembro',
          bairro: 'Centro',
          localidade: 'Curitiba',
          uf: 'PR',
        }),
      });
    }
  });

  it("answers 'CEP inválido!' and 'CEP não localizado!'", async () => {
    for (const cep of ['123', '8002000a', '800200001']) {
      expect((await t.get(`/api/cep/${cep}`, token)).corpo.data.message).toBe('CEP inválido!');
    }
    expect((await t.get('/api/cep/99999999', token)).corpo.data.message).toBe('CEP não localizado!');
  });

  it('reports a network cut in pt-BR, and keeps answering known codes from its cache', async () => {
    simulador.derrubar(true);
    try {
      expect((await t.get('/api/cep/80060000', token)).corpo.data.message).toBe(
        'Falha de comunicação! Verifique sua internet.',
      );
      expect((await t.get('/api/cep/80020000', token)).corpo.valido).toBe(true);
    } finally {
      simulador.derrubar(false);
    }
  });
});
