import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppTeste, criarAppTeste } from './app-teste.ts';
import { abrirPeriodo, item, type Loja, novoId, prepararLoja } from './vendas-apoio.ts';

let t: AppTeste;
let l: Loja;

beforeAll(async () => {
  t = await criarAppTeste();
  l = await prepararLoja(t);
  await abrirPeriodo(l);
});
afterAll(async () => t.fechar());

describe('counter sale', () => {
  it('creates, adds items, pays and ends', async () => {
    const pizza = await l.produto('Pizza Grande Calabresa');
    const criar = await l.post('/api/venda', { tipoVenda: 53, terminal: l.terminal });
    expect(criar.corpo.valido, JSON.stringify(criar.corpo)).toBe(true);
    const id = criar.corpo.data._id as string;
    const add = await l.post(`/api/venda/${id}/itens`, { produtos: [{ produto: pizza, quantidade: '2' }] });
    expect(add.corpo.valido, JSON.stringify(add.corpo)).toBe(true);
    expect(item(add, 1).valorLiquido).toBe('109.80');
    const pag = await l.post(`/api/venda/${id}/pagamentos`, {
      _id: novoId(),
      formaPagamento: await l.forma(77),
      valorPago: '120',
      terminal: l.terminal,
    });
    expect(pag.corpo.valido, JSON.stringify(pag.corpo)).toBe(true);
    expect(pag.corpo.data.troco).toBe('10.20');
    const fim = await l.post(`/api/venda/${id}/encerrar`, {});
    expect(fim.corpo.valido, JSON.stringify(fim.corpo)).toBe(true);
    expect(fim.corpo.data.status).toMatchObject({ id: 59 });
  });
});
