import { PERMISSAO } from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consultarUm } from '../src/db/consultar.ts';
import { type AppTeste, criarAppTeste, type Registro, sha256Hex } from './app-teste.ts';
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

/** A supervisor release bound to the sale and the discount asked (the release endpoint keeps what it knows). */
async function liberar(
  permissao: number,
  vinculo: { venda: string; desconto: { modo: number; valor: string } },
): Promise<string> {
  const r = await l.post('/api/liberacaoSupervisor', {
    login: 'supervisor@exemplo.com.br',
    senha: sha256Hex('super123'),
    permissao,
    motivo: 'teste',
    ...vinculo,
  });
  expect(r.corpo.valido, JSON.stringify(r.corpo)).toBe(true);
  return r.corpo.data.liberacao as string;
}

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

describe('the engine and the server refuse the same input (issue 16.3)', () => {
  const recusadas = ['0', '-1', 'NaN', '0.00009', '1e3', 'abc', '100000', '120000000000000000000'];

  it('quantity 0, negative, NaN or below 0.0001 on add and on change: refused, nothing changes', async () => {
    for (const quantidade of recusadas) {
      const r = await l.post('/api/venda', {
        tipoVenda: 53,
        terminal: l.terminal,
        produtos: [{ produto: xBurguer, quantidade }],
      });
      expect(r.status).toBe(200);
      // text that is no decimal at all (or past 10^12, issue 14 point 8) stops at the route's schema, the rest at
      // the engine's rule
      expect(String(msg(r)), quantidade).toMatch(
        /^(Quantidade inválida!|Dados inválidos\. .*(Valor decimal inválido|Valor fora do limite: .*))$/,
      );
    }
    const v = await novaVenda([{ produto: xBurguer }]);
    for (const quantidade of recusadas) {
      const add = await l.post(`/api/venda/${v._id}/itens`, { produtos: [{ produto: refri2l, quantidade }] });
      expect(String(msg(add)), quantidade).toMatch(
        /^(Quantidade inválida!|Dados inválidos\. .*(Valor decimal inválido|Valor fora do limite: .*))$/,
      );
      const alt = await l.put(`/api/venda/${v._id}/itens/1`, { quantidade });
      expect(String(msg(alt)), quantidade).toMatch(
        /^(Quantidade inválida!|Dados inválidos\. .*(Valor decimal inválido|Valor fora do limite: .*))$/,
      );
    }
    const depois = await l.get(`/api/venda/${v._id}`);
    expect(depois.corpo.data).toMatchObject({ total: '24.90', versao: v.versao });
    // the smallest unit is accepted: 24.90 × 0.0001 = 0.00249 -> 0.00
    const menor = await l.put(`/api/venda/${v._id}/itens/1`, { quantidade: '0.0001' });
    expect(menor.corpo.data).toMatchObject({ total: '0.00' });
  });

  it('item discount mode 5 is refused, never read as mode 4; general discount only 0 and 1', async () => {
    const v = await novaVenda([{ produto: xBurguer }]);
    const item = await l.post(`/api/venda/${v._id}/descontoItem`, {
      numeroItem: 1,
      modo: 5,
      valor: '20.00',
      // the body is refused before the release is looked at
      liberacao: await liberar(PERMISSAO.descontoItem, {
        venda: String(v._id),
        desconto: { modo: 4, valor: '20.00' },
      }),
    });
    expect(msg(item)).toBe('Dados inválidos. modo: Modo de desconto inválido!');
    const geral = await l.post(`/api/venda/${v._id}/descontoGeral`, {
      modo: 2,
      valor: '1.00',
      liberacao: await liberar(PERMISSAO.descontoGeral, {
        venda: String(v._id),
        desconto: { modo: 0, valor: '1.00' },
      }),
    });
    expect(msg(geral)).toBe('Dados inválidos. modo: Modo de desconto inválido!');
    expect((await l.get(`/api/venda/${v._id}`)).corpo.data).toMatchObject({ total: '24.90' });
    // mode 4 (new subtotal) still works
    const quatro = await l.post(`/api/venda/${v._id}/descontoItem`, {
      numeroItem: 1,
      modo: 4,
      valor: '20.00',
      liberacao: await liberar(PERMISSAO.descontoItem, {
        venda: String(v._id),
        desconto: { modo: 4, valor: '20.00' },
      }),
    });
    expect(quatro.corpo.data).toMatchObject({ total: '20.00' });
  });
});

describe('the service charge (issue 16.2)', () => {
  const servico = (v: Registro) =>
    (v.produtos as Registro[]).find((i) => String(i.obs).startsWith('Serviço') && !i.cancelado);

  it('a percentage the store allows, rounded to the cent, recomputed after a general discount', async () => {
    const lata = await l.produto('Refrigerante Lata 350ml');
    const aberta = await l.post('/api/venda', { tipoVenda: 54, mesa: 71 });
    const id = aberta.corpo.data._id as string;
    await l.post(`/api/venda/${id}/itens`, { produtos: [{ produto: xBurguer }, { produto: lata }] });
    for (const percentualServico of ['150', '-10', '0', '20.5']) {
      const r = await l.post(`/api/venda/${id}/fecharConta`, { comServico: true, percentualServico });
      expect(msg(r), percentualServico).toBe('O percentual do serviço deve ser maior que 0 e no máximo 20%!');
    }
    const intacta = (await l.get(`/api/venda/${id}`)).corpo.data;
    expect(intacta).toMatchObject({ status: { id: 57 }, total: '31.40' });
    expect(servico(intacta)).toBeUndefined();

    // 12.5 % of 31.40 = 3.925 -> 3.93 (was truncated to 3.92)
    const fechada = await l.post(`/api/venda/${id}/fecharConta`, {
      comServico: true,
      percentualServico: '12.5',
    });
    expect(fechada.corpo.valido, JSON.stringify(fechada.corpo)).toBe(true);
    expect(servico(fechada.corpo.data)).toMatchObject({ valorLiquido: '3.93', obs: 'Serviço 12.5%' });
    expect(fechada.corpo.data).toMatchObject({ status: { id: 58 }, total: '35.33' });

    // A general R$ 5,00 on the consumption: 26.40, the service 3.30 (never cut by the discount)
    const geral = await l.post(`/api/venda/${id}/descontoGeral`, {
      modo: 0,
      valor: '5.00',
      liberacao: await liberar(PERMISSAO.descontoGeral, {
        venda: id,
        desconto: { modo: 0, valor: '5.00' },
      }),
    });
    expect(geral.corpo.valido, JSON.stringify(geral.corpo)).toBe(true);
    expect(servico(geral.corpo.data)).toMatchObject({ valorLiquido: '3.30', desconto: '0.00' });
    expect(geral.corpo.data).toMatchObject({ totalDesconto: '5.00', total: '29.70' });
    const lida = (await l.get(`/api/venda/${id}`)).corpo.data;
    expect(lida.total).toBe('29.70');
  });
});

describe('delivery beyond the last distance band (issue 16.5)', () => {
  it('25 km with bands up to 10 km is outside the delivery area, never cheaper than 9 km', async () => {
    const joao = await consultarUm(t.banco.db, sql`select id from pessoa where nome = 'João Cliente'`);
    const pedido = (distanciaEntregaMetros: number) =>
      l.post('/api/venda', {
        tipoVenda: 55,
        terminal: l.terminal,
        cliente: joao?.id,
        distanciaEntregaMetros,
        produtos: [{ produto: xBurguer }],
      });
    const nove = await pedido(9000);
    expect(nove.corpo.data).toMatchObject({ taxaEntrega: '12.00', total: '36.90' });
    const longe = await pedido(25_000);
    expect(msg(longe)).toBe('Endereço fora da área de entrega: 25,0 km, a loja entrega até 10,0 km!');
  });
});
