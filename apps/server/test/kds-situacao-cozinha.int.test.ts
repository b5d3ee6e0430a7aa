import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kdsDoApp } from '../src/modules/kds/kds.routes.ts';
import { type AppTeste, criarAppTeste, type Registro, type Resposta } from './app-teste.ts';
import { type Loja, prepararLoja } from './vendas-apoio.ts';

// Issue 13 point 3: the waiter's lines read what the kitchen did with each item (sent, in preparation,
// ready), derived from the KDS rows of the demo kitchen (seed-kds.ts).

let t: AppTeste;
let l: Loja;
const estacao: Record<string, string> = {};

const dados = (r: Resposta) => {
  expect(r.corpo.valido, JSON.stringify(r.corpo)).toBe(true);
  return r.corpo.data;
};

beforeAll(async () => {
  t = await criarAppTeste();
  l = await prepararLoja(t);
  for (const e of dados(await l.get('/api/kds/estacoes')) as unknown as Registro[])
    estacao[e.descricao as string] = e._id as string;
});

afterAll(async () => {
  await t?.fechar();
});

describe('kitchen state of the sale items', () => {
  it('a line reads enviado when sent, emPreparo when started, pronto after the bump', async () => {
    const pizza = await l.produto('Pizza Grande Calabresa');
    const refri = await l.produto('Refrigerante Lata 350ml');
    const v = dados(
      await l.post('/api/venda', {
        tipoVenda: 54,
        mesa: 32,
        terminal: l.terminal,
        produtos: [{ produto: pizza }, { produto: refri }],
      }),
    );
    const vendaId = v._id as string;
    // Nothing sent yet: the kitchen has nothing to say.
    expect(dados(await l.get(`/api/kds/venda/${vendaId}/cozinha`))).toEqual({});
    dados(await l.post(`/api/venda/${vendaId}/confirmarItens`, {}));
    await kdsDoApp(t.app)?.ocioso();
    const venda = dados(await l.get(`/api/venda/${vendaId}`)) as { produtos: { _id: string }[] };
    const [idPizza, idRefri] = venda.produtos.map((i) => i._id);
    expect(dados(await l.get(`/api/kds/venda/${vendaId}/cozinha`))).toEqual({
      [idPizza as string]: 'enviado',
      [idRefri as string]: 'enviado',
    });

    dados(await l.post(`/api/kds/estacao/${estacao.Bar}/acao`, { vendaId, acao: 'iniciar' }));
    expect(dados(await l.get(`/api/kds/venda/${vendaId}/cozinha`))).toMatchObject({
      [idRefri as string]: 'emPreparo',
    });

    // The kitchen bumps the pizza: its line is ready, the drink still in preparation.
    dados(await l.post(`/api/kds/estacao/${estacao['Cozinha Quente']}/acao`, { vendaId, acao: 'despachar' }));
    await kdsDoApp(t.app)?.ocioso();
    expect(dados(await l.get(`/api/kds/venda/${vendaId}/cozinha`))).toEqual({
      [idPizza as string]: 'pronto',
      [idRefri as string]: 'emPreparo',
    });
  });

  it('an unknown sale is a clear message, not a 500', async () => {
    const r = await l.get('/api/kds/venda/ffffffffffffffffffffffff/cozinha');
    expect(r.status).toBe(200);
    expect(r.corpo).toMatchObject({ valido: false, data: { message: 'Venda não encontrada!' } });
  });
});
