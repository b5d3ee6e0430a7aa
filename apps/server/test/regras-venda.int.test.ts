import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppTeste, criarAppTeste, type Registro } from './app-teste.ts';
import { abrirPeriodo, type Loja, prepararLoja } from './vendas-apoio.ts';

// Issue 16 through the HTTP API (PGlite; PostgreSQL in the server-pg project): the sale rules that changed
// what a customer pays — combos of different discount types, the service charge, the quantities and
// discount modes the engine refuses like the server.

let t: AppTeste;
let l: Loja;
let xBurguer: string;
let refri2l: string;

beforeAll(async () => {
  t = await criarAppTeste();
  l = await prepararLoja(t);
  await abrirPeriodo(l);
  xBurguer = await l.produto('X-Burguer');
  refri2l = await l.produto('Refrigerante 2L');
});
afterAll(async () => t.fechar());

const msg = (r: { corpo: { data: Registro } }) => r.corpo.data.message;

async function novaVenda(produtos: unknown[]): Promise<Registro> {
  const r = await l.post('/api/venda', { tipoVenda: 53, terminal: l.terminal, produtos });
  expect(r.corpo.valido, JSON.stringify(r.corpo)).toBe(true);
  return r.corpo.data;
}

/** Registers a combo X-Burguer + Refri 2L as the back office does (the franchise manager owns combos). */
async function cadastrarCombo(descricao: string, tipoDesconto: number, desconto: string): Promise<string> {
  const r = await l.post(
    '/api/produtoCombo',
    {
      descricao,
      desconto,
      tipoDesconto: { id: tipoDesconto },
      empresa: [l.empresa],
      agrupadores: [
        { descricao: 'Lanche', quantidade: 1, produtos: [xBurguer] },
        { descricao: 'Bebida', quantidade: 1, produtos: [refri2l] },
      ],
      habilitado: true,
    },
    l.admin,
    { empresa: t.demo.empresas.gestor },
  );
  expect(r.corpo.valido, JSON.stringify(r.corpo)).toBe(true);
  return r.corpo.data._id as string;
}

describe('combos of different discount types (issue 16.1)', () => {
  it('R$ 20,00 beats 3 %: X-Burguer + Refri 2L costs R$ 19,80, not R$ 38,61', async () => {
    const percentual = await cadastrarCombo('Lanche 3%', 1, '3');
    const semValor = await novaVenda([{ produto: xBurguer }, { produto: refri2l }]);
    // 24.90 + 14.90 = 39.80 less 3 % (1.194 -> 1.19)
    expect(semValor).toMatchObject({ subTotal: '39.80', totalDescontoCombo: '1.19', total: '38.61' });
    const valor = await cadastrarCombo('Lanche R$ 20', 2, '20.00');
    const v = await novaVenda([{ produto: xBurguer }, { produto: refri2l }]);
    expect(v).toMatchObject({ subTotal: '39.80', totalDescontoCombo: '20.00', total: '19.80' });
    expect((v.combosRealizados as Registro[]).map((c) => c.combo)).toEqual([valor]);
    expect(percentual).not.toBe(valor);
  });
});
