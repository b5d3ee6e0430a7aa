import { PERMISSAO } from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consultar } from '../src/db/consultar.ts';
import { MENSAGENS_ATENDENTE } from '../src/modules/vendas/vendas-frente-loja.routes.ts';
import { type AppTeste, criarAppTeste, type Registro, sha256Hex } from './app-teste.ts';
import { abrirPeriodo, type Loja, prepararLoja } from './vendas-apoio.ts';

// Sale calls the POS screens use beyond the sale writes: the tab list filter as the POS sends it, the
// bill printed through the print module, and the attendant (garçom) identification.

let t: AppTeste;
let l: Loja;
let agua: string;
let lata: string;

beforeAll(async () => {
  t = await criarAppTeste();
  l = await prepararLoja(t);
  await abrirPeriodo(l);
  agua = await l.produto('Água Mineral 500ml');
  lata = await l.produto('Refrigerante Lata 350ml');
});
afterAll(async () => t.fechar());

const msg = (r: { corpo: { data: Registro } }) => r.corpo.data.message;

describe('getPopulate as the POS tab list calls it', () => {
  it('aliases tipoVenda/status with $in answer the open tabs only', async () => {
    const aberta = await l.post('/api/venda', {
      tipoVenda: 56,
      comanda: 41,
      terminal: l.terminal,
      produtos: [{ produto: agua }],
    });
    expect(aberta.corpo.valido, JSON.stringify(aberta.corpo)).toBe(true);
    const encerrada = await l.post('/api/venda', {
      tipoVenda: 56,
      comanda: 42,
      terminal: l.terminal,
      produtos: [{ produto: agua }],
    });
    const idEncerrada = encerrada.corpo.data._id as string;
    await l.post(`/api/venda/${idEncerrada}/pagamentos`, {
      _id: '0123456789abcdef01234567',
      formaPagamento: await l.forma(77),
      valorPago: '10',
      terminal: l.terminal,
    });
    expect((await l.post(`/api/venda/${idEncerrada}/encerrar`, {})).corpo.valido).toBe(true);
    const pop = await l.post('/api/venda/getPopulate', {
      filtro: { empresa: l.empresa, tipoVenda: 56, status: { $in: [57, 58] } },
    });
    expect(pop.corpo.valido).toBe(true);
    expect(pop.lista.map((v) => v.comanda)).toEqual([41]);
    // The caixa profile sees the same list (permissions per store, not per user).
    const caixa = await l.post(
      '/api/venda/getPopulate',
      { filtro: { empresa: l.empresa, tipoVenda: 56, status: { $in: [57, 58] } } },
      l.caixaToken,
    );
    expect(caixa.lista.map((v) => v.comanda)).toEqual([41]);
  });
});

describe('bill printing (imprimirConta)', () => {
  it('queues the bill on the cashier sector; a reprint needs permission 54 (operator or release)', async () => {
    const v = await l.post('/api/venda', {
      tipoVenda: 54,
      mesa: 31,
      terminal: l.terminal,
      produtos: [{ produto: agua }, { produto: lata, quantidade: '2' }],
    });
    const id = v.corpo.data._id as string;
    const pix = '00020101021126360014br.gov.bcb.pix0114111444777000355204000053039865802BR6304ABCD';
    const r = await l.post(`/api/venda/${id}/imprimirConta`, { terminal: l.terminal, pix: { qrCode: pix } });
    expect(r.corpo.valido, JSON.stringify(r.corpo)).toBe(true);
    expect(r.corpo.data.reimpressao).toBe(false);
    const jobs = r.corpo.data.impressoes as Registro[];
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ tipoImpressao: { id: 4 }, origemId: id });
    const [linha] = await consultar(
      t.banco.db,
      sql`select linhas::text as linhas from impressao where id = ${jobs[0]?._id as string}`,
    );
    const documento = String(linha?.linhas);
    expect(documento).toContain('CONTA');
    expect(documento).toContain('Refrigerante Lata 350ml');
    expect(documento).toContain('Mesa');
    expect(documento).toContain(pix);

    // The motoboy profile has no permission 54: a reprint needs the supervisor's release.
    const motoboy = await t.login('motoboy@exemplo.com.br', 'moto123');
    expect(msg(await l.post(`/api/venda/${id}/imprimirConta`, { terminal: l.terminal }, motoboy))).toBe(
      'Supervisor não informado',
    );
    const liberada = await l.post(
      `/api/venda/${id}/imprimirConta`,
      {
        terminal: l.terminal,
        liberacao: await l.liberacao(PERMISSAO.reimprimirConta, undefined, undefined, { token: motoboy }),
      },
      motoboy,
    );
    expect(liberada.corpo.valido, JSON.stringify(liberada.corpo)).toBe(true);
    expect(liberada.corpo.data.reimpressao).toBe(true);
    // The cashier holds 54 itself.
    const caixa = await l.post(`/api/venda/${id}/imprimirConta`, { terminal: l.terminal }, l.caixaToken);
    expect(caixa.corpo.data.reimpressao).toBe(true);
  });

  it('refuses a terminal of another store', async () => {
    const v = await l.post('/api/venda', {
      tipoVenda: 53,
      terminal: l.terminal,
      produtos: [{ produto: agua }],
    });
    const [outro] = await consultar(
      t.banco.db,
      sql`select id from terminal where empresa_id <> ${l.empresa} and configuracoes ? 'caixa' limit 1`,
    );
    const r = await l.post(`/api/venda/${v.corpo.data._id as string}/imprimirConta`, {
      terminal: outro?.id as string,
    });
    expect(msg(r)).toBe(MENSAGENS_ATENDENTE.terminal);
  });
});

describe('attendant identification (identificarAtendente)', () => {
  const identificar = (corpo: Record<string, unknown>) =>
    l.post('/api/venda/identificarAtendente', { terminal: l.terminal, ...corpo });

  it('only a Garcon user; the token records the waiter on the sale and its items', async () => {
    expect(msg(await identificar({ login: '3' }))).toBe(MENSAGENS_ATENDENTE.naoAtendente);
    const r = await identificar({ login: '5' });
    expect(r.corpo.valido, JSON.stringify(r.corpo)).toBe(true);
    expect(r.corpo.data).toMatchObject({ atendente: { nome: 'Gabriel Garçom' }, senhaObrigatoria: false });
    const token = r.corpo.data.token as string;
    const v = await l.post('/api/venda', {
      tipoVenda: 54,
      mesa: 32,
      terminal: l.terminal,
      atendente: token,
      produtos: [{ produto: agua }],
    });
    expect(v.corpo.valido, JSON.stringify(v.corpo)).toBe(true);
    expect(v.corpo.data.atendente).toMatchObject({ nome: 'Gabriel Garçom' });
    const id = v.corpo.data._id as string;
    // Without the token the operator is the attendant, as before.
    const semToken = await l.post(`/api/venda/${id}/itens`, { produtos: [{ produto: lata }] });
    const comToken = await l.post(`/api/venda/${id}/itens`, {
      produtos: [{ produto: lata }],
      atendente: token,
    });
    const atendentes = (comToken.corpo.data.produtos as Registro[]).map(
      (i) => (i.atendente as Registro | null)?.nome,
    );
    expect(semToken.corpo.valido).toBe(true);
    expect(atendentes).toEqual(['Gabriel Garçom', 'Administrador', 'Gabriel Garçom']);
    expect(
      msg(await l.post(`/api/venda/${id}/itens`, { produtos: [{ produto: lata }], atendente: 'x.y.z' })),
    ).toBe(MENSAGENS_ATENDENTE.invalido);
    // A supervisor release is not an attendant's identification.
    const liberacao = await l.liberacao(PERMISSAO.descontoItem, undefined, undefined, {
      desconto: { modo: 0, valor: '1.00' },
    });
    expect(
      msg(await l.post(`/api/venda/${id}/itens`, { produtos: [{ produto: lata }], atendente: liberacao })),
    ).toBe(MENSAGENS_ATENDENTE.invalido);
  });

  it('asks the password when the terminal requires it (normal or operational password)', async () => {
    await t.banco.db.execute(
      sql`update terminal set configuracoes = configuracoes || '{"senhaAtendente": true}'::jsonb where id = ${l.terminal}`,
    );
    try {
      expect(msg(await identificar({ login: '5' }))).toBe(MENSAGENS_ATENDENTE.senha);
      const errada = await identificar({ login: '5', senha: sha256Hex('errada') });
      expect(errada.corpo.valido).toBe(false);
      const operacional = await identificar({ login: '5', senha: sha256Hex('1005') });
      expect(operacional.corpo.valido, JSON.stringify(operacional.corpo)).toBe(true);
      expect(operacional.corpo.data.senhaObrigatoria).toBe(true);
      const normal = await identificar({ login: 'garcom@exemplo.com.br', senha: sha256Hex('garcom123') });
      expect(normal.corpo.data.atendente).toMatchObject({ nome: 'Gabriel Garçom' });
    } finally {
      await t.banco.db.execute(
        sql`update terminal set configuracoes = configuracoes - 'senhaAtendente' where id = ${l.terminal}`,
      );
    }
  });
});

describe('suggested products (vendaSugestaoProduto) in getListaProdutoGeralEmpresa', () => {
  it('lists each suggestion with the products that suggest it; launched from it, the item gets its discount', async () => {
    const xburguer = await l.produto('X-Burguer');
    const batata = await l.produto('Batata Frita Porção');
    const r = await l.post('/api/getListaProdutoGeralEmpresa', { empresa: l.empresa });
    const sugestoes = r.corpo.data.sugestoes as Registro[];
    expect(sugestoes).toEqual([
      expect.objectContaining({
        descricao: 'Batata com o X-Burguer',
        produto: batata,
        produtosOrigem: [xburguer],
        tipo: 'desconto',
        modo: 'percentual',
      }),
    ]);
    const v = await l.post('/api/venda', {
      tipoVenda: 53,
      terminal: l.terminal,
      produtos: [
        { produto: xburguer },
        { produto: batata, sugestao: sugestoes[0]?._id as string },
        { produto: batata },
      ],
    });
    const itens = v.corpo.data.produtos as Registro[];
    expect(itens.map((i) => i.descontoSugestao)).toEqual(['0.00', '2.20', '0.00']);
  });
});

describe('customer history (historicoCliente)', () => {
  it("answers the registration notes and the customer's latest sales with their items", async () => {
    const [maria] = await consultar(
      t.banco.db,
      sql`select id from pessoa where nome = 'Maria Cliente Convênio'`,
    );
    const cliente = maria?.id as string;
    await t.banco.db.execute(
      sql`update pessoa set historico = ${JSON.stringify([
        { historico: 'Prefere sem cebola', lixo: false },
        { historico: 'nota apagada', lixo: true },
      ])}::jsonb where id = ${cliente}`,
    );
    const v = await l.post('/api/venda', {
      tipoVenda: 55,
      terminal: l.terminal,
      cliente,
      produtos: [{ produto: lata, quantidade: '2' }],
    });
    expect(v.corpo.valido, JSON.stringify(v.corpo)).toBe(true);
    const r = await l.post('/api/historicoCliente', { cliente });
    expect(r.corpo.valido, JSON.stringify(r.corpo)).toBe(true);
    expect(r.corpo.data.cliente).toMatchObject({
      nome: 'Maria Cliente Convênio',
      historico: ['Prefere sem cebola'],
    });
    const vendas = r.corpo.data.vendas as Registro[];
    expect(vendas[0]).toMatchObject({
      _id: v.corpo.data._id,
      tipoVenda: 55,
      status: 57,
      itens: [{ descricao: 'Refrigerante Lata 350ml', quantidade: '2.0000' }],
    });
    expect(msg(await l.post('/api/historicoCliente', { cliente: '0123456789abcdef01234567' }))).toBe(
      'Cliente não encontrado!',
    );
  });
});
