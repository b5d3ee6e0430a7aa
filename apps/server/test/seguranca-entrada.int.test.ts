import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type AppTeste, criarAppTeste, type Resposta } from './app-teste.ts';
import { aguardarBancoParado, esperarRecusa, fotografoDoBanco } from './entrada-apoio.ts';
import { abrirPeriodo, type Loja, novoId, prepararLoja } from './vendas-apoio.ts';

// Issue 14 point 8, written as the attack: each class of bad value sent to the generic resources (as the
// back-office administrator who registers them) and to the sale routes (as the cashier), on PGlite and on
// PostgreSQL. Each is a pt-BR refusal naming the field, and not one row of the database changes.

let t: AppTeste;
let l: Loja;
let admin: string;
let foto: () => Promise<string>;
let antes: string;
let produto: string;
let pessoa: string;
let venda: string;
let pizza: string;
let dinheiro: string;

beforeAll(async () => {
  t = await criarAppTeste();
  l = await prepararLoja(t);
  admin = l.admin;
  await abrirPeriodo(l);
  pizza = await l.produto('Pizza Grande Mussarela');
  produto = pizza;
  dinheiro = await l.forma(77);
  const p = await t.post('/api/pessoa', { nome: 'Cliente Teste Entrada' }, admin);
  pessoa = p.corpo.data._id as string;
  const v = await l.post(
    '/api/venda',
    { tipoVenda: 53, terminal: l.terminal, produtos: [{ produto: pizza }] },
    l.caixaToken,
  );
  expect(v.corpo.valido, JSON.stringify(v.corpo)).toBe(true);
  venda = v.corpo.data._id as string;
  foto = await fotografoDoBanco(t);
  await aguardarBancoParado(foto);
}, 120_000);
afterAll(() => t.fechar());
beforeEach(async () => {
  antes = await foto();
});

/** The refusal, and the database exactly as before. */
async function recusado(r: Resposta | Promise<Resposta>, campo: RegExp | string): Promise<string> {
  const mensagem = esperarRecusa(await r, campo);
  expect(await foto(), 'uma entrada recusada mudou o banco').toBe(antes);
  return mensagem;
}

const cadastro = (tabela: string, id: string, corpo: unknown) => t.put(`/api/${tabela}/${id}`, corpo, admin);
const novo = (tabela: string, corpo: unknown) => t.post(`/api/${tabela}`, corpo, admin);
const busca = (tabela: string, filtro: unknown) => t.post(`/api/${tabela}/getPopulate`, { filtro }, admin);
const vender = (corpo: Record<string, unknown>) =>
  l.post('/api/venda', { tipoVenda: 53, terminal: l.terminal, ...corpo }, l.caixaToken);
const itens = (produtos: unknown[]) => l.post(`/api/venda/${venda}/itens`, { produtos }, l.caixaToken);
const pagar = (corpo: Record<string, unknown>) =>
  l.post(
    `/api/venda/${venda}/pagamentos`,
    { _id: novoId(), formaPagamento: dinheiro, terminal: l.terminal, valorPago: '1.00', ...corpo },
    l.caixaToken,
  );

const TRINTA_DIGITOS = '123456789012345678901234567890';

describe('numbers of 30 digits', () => {
  it('are refused in integer and decimal fields of a resource, as text or as a JSON number', async () => {
    await recusado(
      cadastro('produtoGeral', produto, { codigoInterno: TRINTA_DIGITOS }),
      /^Código Interno: Valor fora do limite/,
    );
    await recusado(
      cadastro('produtoGeral', produto, { codigoInterno: Number(TRINTA_DIGITOS) }),
      /^Código Interno: /,
    );
    await recusado(
      cadastro('produtoGeral', produto, { preco: TRINTA_DIGITOS }),
      /^Preço: Valor fora do limite/,
    );
    await recusado(cadastro('produtoGeral', produto, { custo: Number(TRINTA_DIGITOS) }), /^Custo: /);
    await recusado(
      busca('produtoGeral', { preco: { $gt: TRINTA_DIGITOS } }),
      /campo preco\. Valor fora do limite/,
    );
  });

  it('are refused in the quantities and payments of a sale', async () => {
    await recusado(
      itens([{ produto: pizza, quantidade: TRINTA_DIGITOS }]),
      /produtos\.0\.quantidade: Valor fora do limite/,
    );
    await recusado(pagar({ valorPago: TRINTA_DIGITOS }), /valorPago: Valor fora do limite/);
    // The cash slips take the same decimal rule (one zDecimal for sales, cash and call center).
    await recusado(
      l.post('/api/caixa/suprimento', { terminal: l.terminal, valor: TRINTA_DIGITOS }, l.caixaToken),
      /^Dados inválidos\. valor: Valor fora do limite/,
    );
    await recusado(
      l.post('/api/venda/getPopulate', { filtro: { numero: Number(TRINTA_DIGITOS) } }, l.caixaToken),
      /filtro\.numero: /,
    );
  });
});

describe('NUL bytes in text', () => {
  it('are refused in a resource text, inside a json block and in a filter, naming the field', async () => {
    await recusado(
      cadastro('produtoGeral', produto, { descricao: 'Pizza\u0000' }),
      /^Descrição: Texto inválido: o caractere nulo/,
    );
    await recusado(
      cadastro('pessoa', pessoa, { endereco: { logradouro: 'Rua\u0000 A' } }),
      /^Endereço › Logradouro: Texto inválido/,
    );
    await recusado(
      novo('descontoMotivo', { descricao: 'ok', 'chave\u0000': 1 }),
      /Texto inválido: o caractere nulo/,
    );
    await recusado(busca('produtoGeral', { descricao: { $regex: 'a\u0000' } }), /descricao.*caractere nulo/);
    // Broken UTF-16 (a lone surrogate) cannot be stored either.
    await recusado(
      cadastro('produtoGeral', produto, { descricao: 'Pizza \ud83c' }),
      /^Descrição: Texto inválido: contém um caractere Unicode malformado/,
    );
  });

  it('are refused in a sale, its items and its payments', async () => {
    await recusado(
      vender({ vendaDescricao: 'Mesa do\u0000 João' }),
      /^vendaDescricao: Texto inválido: o caractere nulo/,
    );
    await recusado(itens([{ produto: pizza, obs: 'sem\u0000 cebola' }]), /^produtos\.0\.obs: Texto inválido/);
    await recusado(pagar({ observacao: '\u0000' }), /^observacao: Texto inválido/);
    await recusado(l.get('/api/getSequencialVenda?empresa=%00', l.caixaToken), /^empresa: Texto inválido/);
  });
});

describe('dates that do not exist', () => {
  it('2020-02-30, year 0 and year 275760 are refused in resource dates and in filters', async () => {
    for (const data of [
      '2020-02-30',
      '2019-02-29T10:00:00Z',
      '0000-01-01',
      '275760-09-13',
      '+275760-09-13T00:00:00.000Z',
    ]) {
      await recusado(
        cadastro('pessoa', pessoa, { dataNascimento: data }),
        /^Data de Nascimento: Data Inválida$/,
      );
      await recusado(
        busca('produtoGeral', { created_at: { $gte: data } }),
        /campo created_at\. Data Inválida$/,
      );
    }
  });

  it('a day typed DD/MM/YYYY is stored as that day, whatever the database date order', async () => {
    const r = await cadastro('pessoa', pessoa, { dataNascimento: '30/01/1990' });
    expect(r.corpo.valido, JSON.stringify(r.corpo)).toBe(true);
    expect(r.corpo.data.dataNascimento).toBe('1990-01-30T00:00:00.000Z');
  });
});

describe('sale types, tables and tabs', () => {
  it('tipoVenda 99 is no sale type', async () => {
    await recusado(vender({ tipoVenda: 99 }), /^Dados inválidos\. tipoVenda: Tipo de venda inválido\.$/);
    await recusado(vender({ tipoVenda: { id: 99 } }), /tipoVenda: Tipo de venda inválido/);
    await recusado(vender({ localPedido: 99 }), /localPedido: Local do pedido inválido/);
    // The call center's order and routing take the same catalogue rule.
    for (const rota of ['/api/callCenter/pedido', '/api/callCenter/rotear'])
      await recusado(l.post(rota, { tipoVenda: 99, produtos: [] }), /tipoVenda: Tipo de venda inválido/);
  });

  it('table and tab numbers of 2^31 are refused on a sale, a filter and an integer field', async () => {
    await recusado(vender({ tipoVenda: 54, mesa: 2 ** 31 }), /mesa: Numero da mesa inválido/);
    await recusado(vender({ tipoVenda: 56, comanda: 2 ** 31 }), /comanda: Numero da comanda inválido/);
    await recusado(
      l.post('/api/venda/getPopulate', { filtro: { mesa: 2 ** 31 } }, l.caixaToken),
      /filtro\.mesa: Valor fora do limite/,
    );
    await recusado(
      l.post('/api/venda/getPopulate', { filtro: { tipoVenda: { $in: [2 ** 15] } } }, l.caixaToken),
      /filtro\.tipoVenda/,
    );
    await recusado(
      itens([{ produto: pizza, numeroItem: 2 ** 31 }]),
      /produtos\.0\.numeroItem: Valor fora do limite/,
    );
    await recusado(
      cadastro('produtoGeral', produto, { codigoInterno: 2 ** 31 }),
      /^Código Interno: Valor fora do limite: informe um número entre -2147483648 e 2147483647\.$/,
    );
  });
});

describe('filters that would need 70,000 parameters', () => {
  const muitos = Array.from({ length: 70_000 }, (_, i) => `Produto ${i}`);

  it('are refused before the database is asked (it binds at most 65,535)', async () => {
    await recusado(
      busca('produtoGeral', { descricao: { $in: muitos } }),
      /^Filtro inválido: no máximo 5000 valores por consulta\.$/,
    );
    const partes = Array.from({ length: 14 }, (_, i) => ({
      descricao: { $in: muitos.slice(i * 5000, (i + 1) * 5000) },
    }));
    await recusado(busca('produtoGeral', { $or: partes }), /^Filtro inválido: no máximo 5000 valores/);
    await recusado(
      t.post('/api/produtoGeral/contar', { filtro: { $or: partes } }, admin),
      /^Filtro inválido: no máximo 5000/,
    );
    await recusado(
      l.post(
        '/api/venda/getPopulate',
        { filtro: { numero: { $in: muitos.map((_, i) => i) } } },
        l.caixaToken,
      ),
      /filtro\.numero: Itens demais: no máximo 500\.$/,
    );
  });
});

describe('hex, octal, binary and exponent strings as numbers', () => {
  it('are refused in resource numbers and filters', async () => {
    for (const texto of ['0x1F', '0b101', '0o17', '1e3']) {
      await recusado(
        cadastro('produtoGeral', produto, { preco: texto }),
        /^Preço: Valor inválido: informe um número decimal \(sem 0x, 0b, 0o ou expoente\)\.$/,
      );
      await recusado(
        cadastro('produtoGeral', produto, { codigoInterno: texto }),
        /^Código Interno: Valor inválido: informe um número decimal/,
      );
      await recusado(
        busca('produtoGeral', { preco: texto }),
        /campo preco\. Valor inválido: informe um número decimal/,
      );
    }
  });

  it('are refused in sale quantities, prices and payments', async () => {
    await recusado(
      itens([{ produto: pizza, quantidade: '0x10' }]),
      /produtos\.0\.quantidade: Valor decimal inválido/,
    );
    await recusado(pagar({ valorPago: '0b1' }), /valorPago: Valor decimal inválido/);
    await recusado(
      l.post('/api/caixa/sangria', { terminal: l.terminal, valor: '0x10' }, l.caixaToken),
      /^Dados inválidos\. valor: Valor decimal inválido$/,
    );
  });
});

describe('a valid value still passes', () => {
  it('the largest integer and a 12-digit decimal are stored as sent', async () => {
    const r = await cadastro('produtoGeral', produto, {
      codigoInterno: 2 ** 31 - 1,
      custo: '999999999999.5',
    });
    expect(r.corpo.valido, JSON.stringify(r.corpo)).toBe(true);
    expect(r.corpo.data).toMatchObject({ codigoInterno: 2147483647, custo: '999999999999.500000' });
    // The fingerprint sees an accepted change (it reads every group's rows, row-level security or not).
    expect(await foto()).not.toBe(antes);
  });
});
