import type { AddressInfo } from 'node:net';
import { PERMISSAO } from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consultar, consultarUm } from '../src/db/consultar.ts';
import { type AppTeste, criarAppTeste, type Registro } from './app-teste.ts';
import { abrirPeriodo, contar, item, type Loja, novoId, prepararLoja } from './vendas-apoio.ts';

// Sale API through app.inject on a real database (PGlite; PostgreSQL in the server-pg project).

let t: AppTeste;
let l: Loja;
let pizza: string;
let calabresa: string;
let lata: string;
let agua: string;
let dinheiro: string;
let debito: string;

beforeAll(async () => {
  t = await criarAppTeste();
  l = await prepararLoja(t);
  await abrirPeriodo(l);
  pizza = await l.produto('Pizza Grande Mussarela');
  calabresa = await l.produto('Pizza Grande Calabresa');
  lata = await l.produto('Refrigerante Lata 350ml');
  agua = await l.produto('Água Mineral 500ml');
  dinheiro = await l.forma(77);
  debito = await l.forma(79);
});
afterAll(async () => t.fechar());

async function novaVenda(corpo: Record<string, unknown> = {}, token = l.admin): Promise<string> {
  const r = await l.post('/api/venda', { tipoVenda: 53, terminal: l.terminal, ...corpo }, token);
  expect(r.corpo.valido, JSON.stringify(r.corpo)).toBe(true);
  return r.corpo.data._id as string;
}
const adicionar = (id: string, produtos: unknown[], token = l.admin) =>
  l.post(`/api/venda/${id}/itens`, { produtos }, token);
const pagar = (id: string, corpo: Record<string, unknown>, token = l.admin, headers = {}) =>
  l.post(
    `/api/venda/${id}/pagamentos`,
    { _id: novoId(), formaPagamento: dinheiro, terminal: l.terminal, ...corpo },
    token,
    headers,
  );
const msg = (r: { corpo: { data: Registro } }) => r.corpo.data.message;

describe('counter sale (53)', () => {
  it('creates with number and period sequence, adds items, pays with change and ends (59)', async () => {
    const criar = await l.post('/api/venda', { tipoVenda: 53, terminal: l.terminal });
    const id = criar.corpo.data._id as string;
    expect(criar.corpo.data).toMatchObject({
      status: { id: 57 },
      tipoVenda: { id: 53 },
      expedicao: { status: 0 },
    });
    expect(criar.corpo.data.numero).toBeGreaterThan(0);
    expect(criar.corpo.data.sequencialPeriodo).toBeGreaterThan(0);
    const add = await adicionar(id, [{ produto: calabresa, quantidade: '2' }]);
    expect(item(add, 1)).toMatchObject({ precoVenda: '54.90', valorLiquido: '109.80', confirmado: false });
    const pag = await pagar(id, { valorPago: '120' });
    expect(pag.corpo.data).toMatchObject({ total: '109.80', totalPago: '120.00', troco: '10.20' });
    const fim = await l.post(`/api/venda/${id}/encerrar`, {});
    expect(fim.corpo.data.status).toMatchObject({ id: 59 });
    const outra = await l.post(`/api/venda/${id}/encerrar`, {});
    expect(msg(outra)).toBe('Venda encerrada não pode ser confirmada!');
    const depois = await adicionar(id, [{ produto: agua }]);
    expect(msg(depois)).toBe('Venda encerrada ou cancelada não pode ser alterada, reabra a venda!');
  });

  it('numbers sales per store without gap or duplicate under concurrent creation', async () => {
    const ids = await Promise.all(Array.from({ length: 12 }, () => novaVenda()));
    const linhas = await consultar(
      t.banco.db,
      sql`select numero from venda where empresa_id = ${l.empresa} order by numero`,
    );
    const numeros = linhas.map((x) => x.numero as number);
    expect(new Set(numeros).size).toBe(numeros.length);
    expect(numeros.at(-1)).toBe(numeros.length);
    expect(ids).toHaveLength(12);
    const seq = await l.get(`/api/getSequencialVenda?empresa=${l.empresa}`);
    expect(seq.corpo.data).toMatchObject({ ultimoNumero: numeros.length, proximoNumero: numeros.length + 1 });
  });

  it('a refused creation takes no number: its counter update rolls back with it (no gap)', async () => {
    const comanda = await l.post('/api/venda', { tipoVenda: 56, comanda: 91, terminal: l.terminal });
    const n = comanda.corpo.data.numero as number;
    // Refused by the open-tab index when the sale row goes in, in the transaction that moved the counter.
    expect(msg(await l.post('/api/venda', { tipoVenda: 56, comanda: 91, terminal: l.terminal }))).toBe(
      'A comanda 91 já esta aberta!',
    );
    const seguinte = await l.post('/api/venda', { tipoVenda: 53, terminal: l.terminal });
    expect(seguinte.corpo.data.numero).toBe(n + 1);
    const provisorios = await consultar(
      t.banco.db,
      sql`select count(*)::int as n from venda where numero <= 0`,
    );
    expect(provisorios[0]?.n).toBe(0);
  });

  it('creations that arrive together are numbered together; one refused among them refuses only itself', async () => {
    const aberta = await l.post('/api/venda', { tipoVenda: 56, comanda: 92, terminal: l.terminal });
    const primeiro = aberta.corpo.data.numero as number;
    // Sent at once, these reach the database in batches (one statement each): the tab already open makes
    // its batch fail, and each of that batch's sales goes again alone.
    const respostas = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        l.post(
          '/api/venda',
          i === 7
            ? { tipoVenda: 56, comanda: 92, terminal: l.terminal }
            : { tipoVenda: 53, terminal: l.terminal },
        ),
      ),
    );
    expect(msg(respostas[7] as (typeof respostas)[number])).toBe('A comanda 92 já esta aberta!');
    const criadas = respostas.filter((_, i) => i !== 7).map((r) => r.corpo.data);
    const numeros = criadas.map((v) => v.numero as number).sort((a, b) => a - b);
    expect(numeros).toEqual(Array.from({ length: 19 }, (_, i) => primeiro + 1 + i));
    const sequenciais = criadas.map((v) => v.sequencialPeriodo as number).sort((a, b) => a - b);
    const primeiroSeq = aberta.corpo.data.sequencialPeriodo as number;
    expect(sequenciais).toEqual(Array.from({ length: 19 }, (_, i) => primeiroSeq + 1 + i));
    const guardadas = await consultar(
      t.banco.db,
      sql`select id, numero, sequencial_periodo from venda where empresa_id = ${l.empresa} and numero > ${primeiro}`,
    );
    expect(guardadas).toHaveLength(19);
    for (const v of criadas) {
      expect(guardadas.find((g) => g.id === v._id)).toMatchObject({
        numero: v.numero,
        sequencial_periodo: v.sequencialPeriodo,
      });
    }
  });

  it('ignores forged prices, totals and discounts sent by the client', async () => {
    const id = await novaVenda();
    const r = await l.post(`/api/venda/${id}/itens`, {
      produtos: [
        {
          produto: calabresa,
          quantidade: '1',
          precoVenda: '0.01',
          valorLiquido: '0.01',
          desconto: '54.00',
          descontoPersonalizado: '54.00',
          confirmado: true,
        },
      ],
      total: '0.01',
    });
    expect(item(r, 1)).toMatchObject({
      precoVenda: '54.90',
      valorLiquido: '54.90',
      desconto: '0.00',
      confirmado: false,
    });
    expect(r.corpo.data.total).toBe('54.90');
    const put = await l.put(`/api/venda/${id}`, {
      produtos: [
        { numeroItem: 1, produto: calabresa, quantidade: '2', valorBruto: '1.00', precoVenda: '0.50' },
      ],
    });
    expect(item(put, 1)).toMatchObject({ quantidade: '2.0000', valorLiquido: '109.80' });
    expect(put.corpo.data.total).toBe('109.80');
    const stored = await consultarUm(
      t.banco.db,
      sql`select total::text as total from venda where id = ${id}`,
    );
    expect(stored?.total).toBe('109.80');
  });

  it('applies the registered promotion, the combo with its colour, and refuses inactive or service products', async () => {
    const id = await novaVenda();
    const r = await adicionar(id, [{ produto: agua }, { produto: pizza }, { produto: lata }]);
    expect(item(r, 1)).toMatchObject({ precoVenda: '3.00', promocaoAtivo: true });
    expect(item(r, 2)).toMatchObject({ comboAtivo: true, corPredominanteCombo: '#F2711C' });
    expect(item(r, 3)).toMatchObject({ comboAtivo: true, corPredominanteCombo: '#F2711C' });
    expect((r.corpo.data.combosRealizados as Registro[])[0]).toMatchObject({ descricao: 'Pizza + Refri' });
    // 10% of 49.90 + 6.50
    expect(r.corpo.data.totalDescontoCombo).toBe('5.64');

    const gorjeta = await l.produto('Taxa de Serviço (Gorjeta)');
    expect(msg(await adicionar(id, [{ produto: gorjeta }]))).toBe(
      'Produto de serviço (Gorjeta/Taxa de Entrega) é lançado pelo fechamento da conta.',
    );
    // Deactivating the product in the store through the registration API invalidates the cached catalogue.
    const pe = await consultarUm(
      t.banco.db,
      sql`select id from produto_geral_empresa where empresa_id = ${l.empresa} and produto_geral_id = ${agua}`,
    );
    const alt = await l.put(`/api/produtoGeralEmpresa/${pe?.id}`, { ativo: false });
    expect(alt.corpo.valido, JSON.stringify(alt.corpo)).toBe(true);
    expect(msg(await adicionar(id, [{ produto: agua }]))).toBe(
      'Produto Água Mineral 500ml não esta ativo para a esta Loja.',
    );
    await l.put(`/api/produtoGeralEmpresa/${pe?.id}`, { ativo: true });
    expect((await adicionar(id, [{ produto: agua }])).corpo.valido).toBe(true);
  });
});

describe('idempotent retries', () => {
  it('a retried create with the same Idempotency-Key answers the first sale and creates nothing', async () => {
    const antes = await contar(t, 'venda');
    const chave = novoId();
    const a = await l.post('/api/venda', { tipoVenda: 53, terminal: l.terminal }, l.admin, {
      'idempotency-key': chave,
    });
    const b = await l.post('/api/venda', { tipoVenda: 53, terminal: l.terminal }, l.admin, {
      'idempotency-key': chave,
    });
    // The retry answers the stored sale (as GET reads it: every field of the first answer, with the same values).
    expect(b.corpo.valido).toBe(true);
    expect(b.corpo.data).toMatchObject(a.corpo.data);
    expect(await contar(t, 'venda')).toBe(antes + 1);
    // The same key on another operation is refused.
    const outro = await adicionar(a.corpo.data._id as string, [{ produto: agua }]);
    expect(outro.corpo.valido).toBe(true);
    const errado = await l.post(
      `/api/venda/${a.corpo.data._id}/itens`,
      { produtos: [{ produto: agua }] },
      l.admin,
      {
        'idempotency-key': chave,
      },
    );
    expect(msg(errado)).toBe('Idempotency-Key já usada em outra operação.');
  });

  it('a client-generated _id sent twice creates one sale; concurrent duplicates too', async () => {
    const _id = novoId();
    const antes = await contar(t, 'venda');
    const [a, b] = await Promise.all([
      l.post('/api/venda', { _id, tipoVenda: 53, terminal: l.terminal }),
      l.post('/api/venda', { _id, tipoVenda: 53, terminal: l.terminal }),
    ]);
    expect(a.corpo.data._id).toBe(_id);
    expect(b.corpo.data._id).toBe(_id);
    expect(await contar(t, 'venda')).toBe(antes + 1);
  });

  it('retried item and payment calls change nothing', async () => {
    const id = await novaVenda();
    const chave = novoId();
    const a = await l.post(`/api/venda/${id}/itens`, { produtos: [{ produto: calabresa }] }, l.admin, {
      'idempotency-key': chave,
    });
    const b = await l.post(`/api/venda/${id}/itens`, { produtos: [{ produto: calabresa }] }, l.admin, {
      'idempotency-key': chave,
    });
    expect(b.corpo).toEqual(a.corpo);
    expect((b.corpo.data.produtos as unknown[]).length).toBe(1);
    const pagamento = novoId();
    const p1 = await pagar(id, { _id: pagamento, valorPago: '20' }, l.admin, { 'idempotency-key': novoId() });
    // The same payment _id under another key is still one payment (the payment id is its own key).
    const p2 = await pagar(id, { _id: pagamento, valorPago: '20' });
    expect(p2.corpo.data.totalPago).toBe('20.00');
    expect((p2.corpo.data.pagamentos as unknown[]).length).toBe(1);
    expect(p1.corpo.data.versao).toBeLessThan(p2.corpo.data.versao as number);
  });
});

describe('discounts with the supervisor release', () => {
  it('item discount (7): refusals, then applied with the release and recorded as an event', async () => {
    const id = await novaVenda();
    await adicionar(id, [{ produto: calabresa }]);
    const corpo = { numeroItem: 1, modo: 3, valor: '4.90' };
    expect(msg(await l.post(`/api/venda/${id}/descontoItem`, corpo))).toBe('Supervisor não informado');
    const errada = await l.liberacao(PERMISSAO.descontoGeral, undefined, undefined, {
      desconto: { modo: 3, valor: '4.90' },
    });
    expect(msg(await l.post(`/api/venda/${id}/descontoItem`, { ...corpo, liberacao: errada }))).toBe(
      'Liberação de supervisor inválida ou expirada!',
    );
    const negada = await l.post('/api/liberacaoSupervisor', {
      login: 'caixa@exemplo.com.br',
      senha: (await import('./app-teste.ts')).sha256Hex('caixa123'),
      permissao: PERMISSAO.descontoItem,
    });
    expect(msg(negada)).toBe('Usuário sem permissão para realizar esta operação.');
    const demais = await l.post(`/api/venda/${id}/descontoItem`, {
      ...corpo,
      valor: '60.00',
      liberacao: await l.liberacao(PERMISSAO.descontoItem, undefined, undefined, {
        desconto: { modo: 3, valor: '60.00' },
      }),
    });
    expect(msg(demais)).toBe('O desconto não pode ser maior que o Total do item ou menor que R$0.01');
    // Releases are single use and bound to who asked: the cashier asks her own for this sale and value.
    const liberacao = await l.liberacao(PERMISSAO.descontoItem, undefined, undefined, {
      token: l.caixaToken,
      venda: id,
      desconto: { modo: 3, valor: '4.90' },
    });
    const r = await l.post(`/api/venda/${id}/descontoItem`, { ...corpo, liberacao }, l.caixaToken);
    expect(r.corpo.valido, JSON.stringify(r.corpo)).toBe(true);
    expect(item(r, 1)).toMatchObject({ descontoPersonalizado: '4.90', valorLiquido: '50.00' });
    expect((item(r, 1).supervisorDesconto as Registro).nome).toBe('Sandra Supervisora');
    const ev = await consultarUm(
      t.banco.db,
      sql`select tipo, valor_desconto::text as v, supervisor->>'nome' as s from venda_evento where venda_id = ${id}`,
    );
    expect(ev).toMatchObject({ tipo: 'Desconto', v: '4.90', s: 'Sandra Supervisora' });
  });

  it('general discount (8): percent bound, spread, and cleared when items change', async () => {
    const id = await novaVenda();
    await adicionar(id, [{ produto: calabresa }, { produto: agua }]);
    const geral = async (modo: 0 | 1, valor: string) =>
      l.post(`/api/venda/${id}/descontoGeral`, {
        modo,
        valor,
        liberacao: await l.liberacao(PERMISSAO.descontoGeral, undefined, undefined, {
          desconto: { modo, valor },
        }),
      });
    const alem = await geral(1, '150');
    expect(msg(alem)).toBe('O desconto não pode ser maior que 100% ou menor que 0.');
    const conta = await geral(0, '57.90');
    expect(msg(conta)).toBe('O desconto não pode ser maior que o Total da conta ou menor que R$0,01');
    const r = await geral(0, '7.90');
    expect(r.corpo.data).toMatchObject({ total: '50.00', totalDesconto: '7.90' });
    expect(r.corpo.data.descontoGeral).toMatchObject({ modo: 0, totalDesconto: '7.90' });
    const mais = await adicionar(id, [{ produto: agua }]);
    expect(mais.corpo.data.descontoGeral).toBeNull();
    expect(mais.corpo.data.total).toBe('60.90');
  });
});

describe('payments', () => {
  it('refuses without terminal, without an open period, and change on a method that does not allow it', async () => {
    const id = await novaVenda();
    await adicionar(id, [{ produto: calabresa }]);
    expect(msg(await pagar(id, { terminal: undefined, valorPago: '10' }))).toBe(
      'Terminal não informado, não é permitido receber!',
    );
    const shopping = await prepararLoja(t, t.demo.empresas.shopping);
    const outra = (await shopping.post('/api/venda', { tipoVenda: 53, terminal: shopping.terminal })).corpo
      .data._id as string;
    await shopping.post(`/api/venda/${outra}/itens`, { produtos: [{ produto: calabresa }] });
    const semPeriodo = await shopping.post(`/api/venda/${outra}/pagamentos`, {
      _id: novoId(),
      formaPagamento: await shopping.forma(77),
      valorPago: '10',
      terminal: shopping.terminal,
    });
    expect(msg(semPeriodo)).toBe(
      'Não existe período (caixa) aberto para o caixa deste terminal, não é permitido receber!',
    );
    expect(msg(await pagar(id, { formaPagamento: debito, valorPago: '60' }))).toBe(
      'A forma de pagamento Cartão de Débito não permite troco',
    );
    expect(msg(await pagar(id, { valorPago: '0' }))).toBe('O valor do pagamento deve ser maior que zero');
    const ok = await pagar(id, { formaPagamento: debito, valorPago: '54.90' });
    expect(ok.corpo.data).toMatchObject({ totalPago: '54.90', troco: '0.00' });
  });

  it('convênio: balance from getSaldoConvenio and the limit refusal', async () => {
    const maria = await consultarUm(
      t.banco.db,
      sql`select id from pessoa where nome = 'Maria Cliente Convênio'`,
    );
    const joao = await consultarUm(t.banco.db, sql`select id from pessoa where nome = 'João Cliente'`);
    const convenio = await l.forma(86);
    const saldo0 = await l.post('/api/getSaldoConvenio', { empresa: l.empresa, cliente: maria?.id });
    expect(saldo0.lista).toEqual([
      expect.objectContaining({ empresa: l.empresa, limite: '500.00', utilizado: '0.00', saldo: '500.00' }),
    ]);
    const semCliente = await novaVenda();
    await adicionar(semCliente, [{ produto: calabresa }]);
    expect(msg(await pagar(semCliente, { formaPagamento: convenio, valorPago: '10' }))).toBe(
      'Cliente esta indefinido',
    );
    const doJoao = await novaVenda({ cliente: joao?.id });
    await adicionar(doJoao, [{ produto: calabresa }]);
    expect(msg(await pagar(doJoao, { formaPagamento: convenio, valorPago: '10' }))).toBe(
      'Cliente não permite Convênio',
    );

    const a = await novaVenda({ cliente: maria?.id });
    await adicionar(
      a,
      Array.from({ length: 9 }, () => ({ produto: pizza })),
    );
    const pa = await pagar(a, { formaPagamento: convenio, valorPago: '449.10' });
    expect(pa.corpo.valido, JSON.stringify(pa.corpo)).toBe(true);
    const saldo = await l.post('/api/getSaldoConvenio', { empresa: l.empresa, cliente: maria?.id });
    expect(saldo.lista[0]).toMatchObject({ utilizado: '449.10', saldo: '50.90' });
    const b = await novaVenda({ cliente: maria?.id });
    await adicionar(b, [{ produto: calabresa }]);
    const recusa = await pagar(b, { formaPagamento: convenio, valorPago: '54.90' });
    expect(msg(recusa)).toMatch(/^O valor ultrapassa o saldo disponivel do cliente! Limite: R\$\s500,00/);
  });

  it('cancels a payment with the release (14); refuses in another cashier', async () => {
    const id = await novaVenda();
    await adicionar(id, [{ produto: calabresa }]);
    const pagamento = novoId();
    await pagar(id, { _id: pagamento, valorPago: '20' });
    const sem = await l.put(`/api/vendaCancelarPagamento/${id}`, { pagamento, terminal: l.terminal });
    expect(msg(sem)).toBe('Supervisor não informado');
    // A second register and terminal in the same store, with its own open period.
    const caixa2 = novoId();
    const terminal2 = novoId();
    await consultar(
      t.banco.db,
      sql`insert into caixa (id, grupo_empresarial_id, empresa_id, descricao, ativo) values (${caixa2}, ${t.demo.grupoId}, ${l.empresa}, 'Caixa 02', true)`,
    );
    await consultar(
      t.banco.db,
      sql`insert into terminal (id, grupo_empresarial_id, empresa_id, descricao, configuracoes, ativo)
          values (${terminal2}, ${t.demo.grupoId}, ${l.empresa}, 'Terminal 2', ${JSON.stringify({ caixa: caixa2 })}::jsonb, true)`,
    );
    t.app.servicos.catalogoVenda.invalidar();
    expect((await l.post('/api/periodo/abrir', { terminal: terminal2 })).corpo.valido).toBe(true);
    const liberacao = await l.liberacao(PERMISSAO.excluirPagamentoConfirmado);
    const outro = await l.put(`/api/vendaCancelarPagamento/${id}`, {
      pagamento,
      liberacao,
      terminal: terminal2,
    });
    expect(msg(outro)).toBe(
      'Operação de cancelamento não permitido, o pagamento foi recebido em outro caixa!',
    );
    const r = await l.put(`/api/vendaCancelarPagamento/${id}`, {
      pagamento,
      liberacao: await l.liberacao(PERMISSAO.excluirPagamentoConfirmado),
      terminal: l.terminal,
    });
    expect(r.corpo.valido).toBe(true);
    expect((r.corpo.data.pagamentos as Registro[])[0]).toMatchObject({ lixo: true });
    expect(r.corpo.data).toMatchObject({ totalPago: '0.00' });
    expect(r.corpo.data).toHaveProperty('posicaoVenda');
    expect(r.corpo.data).toHaveProperty('combosRealizados');
  });

  it('courtesy needs the release (20)', async () => {
    const id = await novaVenda();
    await adicionar(id, [{ produto: agua }]);
    const cortesia = await l.forma(88);
    expect(msg(await pagar(id, { formaPagamento: cortesia, valorPago: '3.00' }))).toBe(
      'Supervisor não informado',
    );
    const liberacao = await l.liberacao(PERMISSAO.liberarCortesia);
    const r = await pagar(id, { formaPagamento: cortesia, valorPago: '3.00', liberacao });
    expect(r.corpo.data.totalPago).toBe('3.00');
    expect((r.corpo.data.pagamentos as Registro[])[0]?.supervisorLiberacao).toMatchObject({
      nome: 'Sandra Supervisora',
    });
  });
});

describe('delivery (55)', () => {
  it('cannot be ended with an unpaid balance', async () => {
    const joao = await consultarUm(t.banco.db, sql`select id from pessoa where nome = 'João Cliente'`);
    const id = await novaVenda({ tipoVenda: 55, cliente: joao?.id, distanciaEntregaMetros: 4500 });
    const r = await adicionar(id, [{ produto: calabresa }]);
    expect(r.corpo.data).toMatchObject({ taxaEntrega: '8.00', total: '62.90' });
    expect(msg(await l.post(`/api/venda/${id}/encerrar`, {}))).toBe(
      'Venda delivery não pode ser confirmada com saldo em aberto!',
    );
    await pagar(id, { valorPago: '62.90' });
    expect((await l.post(`/api/venda/${id}/encerrar`, {})).corpo.data.status).toMatchObject({ id: 59 });
  });
});

describe('deleting, reopening, events', () => {
  it('deletes an unconfirmed item without release, a confirmed one with the release (12); last item -> 61', async () => {
    const id = await novaVenda();
    await adicionar(id, [{ produto: calabresa }, { produto: agua }, { produto: lata }], l.caixaToken);
    const d1 = await l.put(
      `/api/vendaDeletarProduto/${id}`,
      { vendaEvento: { numeroItem: 2 } },
      l.caixaToken,
    );
    expect(d1.corpo.valido, JSON.stringify(d1.corpo)).toBe(true);
    expect((d1.corpo.data.produtos as Registro[]).map((i) => i.numeroItem)).toEqual([1, 3]);
    const conf = await l.post(`/api/venda/${id}/confirmarItens`, {});
    expect(conf.corpo.data.itensConfirmados).toEqual([1, 3]);
    expect(item(conf, 1)._id).toMatch(/^[0-9a-f]{24}$/);
    const sem = await l.put(
      `/api/vendaDeletarProduto/${id}`,
      { vendaEvento: { numeroItem: 1 } },
      l.caixaToken,
    );
    expect(msg(sem)).toBe('Supervisor não informado');
    const liberacao = await l.liberacao(PERMISSAO.excluirProdutoConfirmado, undefined, undefined, {
      token: l.caixaToken,
    });
    const d2 = await l.put(
      `/api/vendaDeletarProduto/${id}`,
      { vendaEvento: { numeroItem: 1, motivo: 'cliente desistiu' }, liberacao },
      l.caixaToken,
    );
    expect(item(d2, 1)).toMatchObject({ cancelado: true });
    expect(d2.corpo.data.status).toMatchObject({ id: 57 });
    const excluir = async (numeroItem: number) =>
      l.put(`/api/vendaDeletarProduto/${id}`, {
        vendaEvento: { numeroItem },
        liberacao: await l.liberacao(PERMISSAO.excluirProdutoConfirmado),
      });
    const de = await excluir(1);
    expect(msg(de)).toBe('Útimo item já esta deletado!');
    const d3 = await excluir(3);
    expect(d3.corpo.data.status).toMatchObject({ id: 61 });
    const ultimo = await excluir(3);
    expect(msg(ultimo)).toBe('Útimo item já esta deletado!');
    const ev = await consultar(
      t.banco.db,
      sql`select venda_completa, motivo from venda_evento where venda_id = ${id} and tipo = 'Cancelamento' order by created_at`,
    );
    expect(ev).toEqual([
      { venda_completa: false, motivo: 'cliente desistiu' },
      { venda_completa: true, motivo: 'teste' },
    ]);
  });

  it('whole sale: refused with active payments, then cancelled (60) with the release (10)', async () => {
    const id = await novaVenda();
    await adicionar(id, [{ produto: calabresa }]);
    await l.post(`/api/venda/${id}/confirmarItens`, {});
    const pagamento = novoId();
    await pagar(id, { _id: pagamento, valorPago: '10' });
    const liberacao = await l.liberacao(PERMISSAO.cancelarVenda);
    const com = await l.put(`/api/deletarVendaCompleta/${id}`, { vendaEvento: { motivo: 'x' }, liberacao });
    expect(msg(com)).toBe('Existem pagamentos na venda, cancele os pagamentos antes de excluir a venda!');
    await l.put(`/api/vendaCancelarPagamento/${id}`, {
      pagamento,
      liberacao: await l.liberacao(PERMISSAO.excluirPagamentoConfirmado),
      terminal: l.terminal,
    });
    expect(msg(await l.put(`/api/deletarVendaCompleta/${id}`, { vendaEvento: {} }))).toBe(
      'Supervisor não informado',
    );
    const r = await l.put(`/api/deletarVendaCompleta/${id}`, {
      vendaEvento: { motivo: 'teste' },
      liberacao: await l.liberacao(PERMISSAO.cancelarVenda),
    });
    expect(r.corpo.data.status).toMatchObject({ id: 60 });
    expect(item(r, 1)).toMatchObject({ cancelado: true });
  });

  it('reopens an ended sale only with the release (19); vendaAtualizaTotal and vendaEventos', async () => {
    const id = await novaVenda();
    await adicionar(id, [{ produto: agua }]);
    await pagar(id, { valorPago: '3' });
    await l.post(`/api/venda/${id}/encerrar`, {});
    expect(msg(await l.post(`/api/venda/${id}/reabrir`, {}))).toBe('Supervisor não informado');
    const r = await l.post(`/api/venda/${id}/reabrir`, {
      liberacao: await l.liberacao(PERMISSAO.reabrirVenda),
    });
    expect(r.corpo.data.status).toMatchObject({ id: 57 });
    const tot = await l.put(`/api/vendaAtualizaTotal/${id}`, {});
    expect(tot.corpo.data).toMatchObject({ total: '3.00', totalPago: '3.00' });
    const ev = await l.post('/api/vendaEventos', {
      vendaId: id,
      tipo: 'Cancelamento',
      motivo: 'item não confirmado',
    });
    expect(ev.corpo).toEqual({ valido: true, data: { message: 'Evento gravado com sucesso!' } });
    expect(msg(await l.get(`/api/venda/${novoId()}`))).toBe('Venda não encontrada!');
  });
});

describe('tables (54)', () => {
  it('validates the table number, one open sale per table, map of tables, getPopulate', async () => {
    expect(msg(await l.post('/api/venda', { tipoVenda: 54, mesa: 0 }))).toBe('Numero da mesa inválido');
    expect(msg(await l.post('/api/venda', { tipoVenda: 54, mesa: 2.5 }))).toBe('Numero da mesa inválido');
    const [a, b] = await Promise.all([
      l.post('/api/venda', { tipoVenda: 54, mesa: 7 }),
      l.post('/api/venda', { tipoVenda: 54, mesa: 7 }),
    ]);
    const oks = [a, b].filter((r) => r.corpo.valido);
    expect(oks).toHaveLength(1);
    expect(msg([a, b].find((r) => !r.corpo.valido) as typeof a)).toBe('A mesa 7 já esta aberta!');
    const mapa = await l.get('/api/venda/mapaMesas');
    expect(mapa.corpo.data.mesas).toEqual([
      expect.objectContaining({ mesa: 7, vendaId: oks[0]?.corpo.data._id, estado: 'ocupada' }),
    ]);
    const pop = await l.post('/api/venda/getPopulate', {
      filtro: { empresa: l.empresa, 'status.id': { $in: [57, 58] }, 'tipoVenda.id': 54, mesa: 7 },
      populateObj: [],
    });
    expect(pop.lista.map((v) => v._id)).toEqual([oks[0]?.corpo.data._id]);
    expect(msg(await l.post('/api/venda/getPopulate', { filtro: { total: 1 } }))).toBe(
      'Filtro não permitido: total',
    );
  });

  it('transfers items to another table and a whole table to a free one', async () => {
    const origem = (await l.post('/api/venda', { tipoVenda: 54, mesa: 11 })).corpo.data._id as string;
    await adicionar(origem, [{ produto: calabresa }, { produto: agua }, { produto: lata }]);
    const semLib = await l.post('/api/vendaTransferencia', {
      vendaOrigem: origem,
      mesaDestino: 12,
      itens: [2],
    });
    expect(msg(semLib)).toBe('Supervisor não informado');
    const r = await l.post('/api/vendaTransferencia', {
      vendaOrigem: origem,
      mesaDestino: 12,
      itens: [2, 3],
      liberacao: await l.liberacao(PERMISSAO.transferirItem),
    });
    expect(r.corpo.valido, JSON.stringify(r.corpo)).toBe(true);
    const o = r.corpo.data.origem as Registro;
    const d = r.corpo.data.destino as Registro;
    expect((o.produtos as Registro[]).map((i) => i.numeroItem)).toEqual([1]);
    expect(d).toMatchObject({ mesa: 12, total: '9.50' });
    const inteira = await l.post('/api/vendaTransferencia', {
      vendaOrigem: d._id,
      mesaDestino: 13,
      liberacao: await l.liberacao(PERMISSAO.transferirMesa),
    });
    expect((inteira.corpo.data.origem as Registro).mesa).toBe(13);
    // Onto an occupied table only when the operator said to merge the bills; otherwise nothing changes.
    const semJuntar = await l.post('/api/vendaTransferencia', {
      vendaOrigem: d._id,
      mesaDestino: 11,
      liberacao: await l.liberacao(PERMISSAO.transferirMesa),
    });
    expect(msg(semJuntar)).toBe(
      'A mesa 11 está ocupada: confirme se deseja juntar as contas das duas mesas!',
    );
    // Merge into an occupied table: everything moves and the emptied sale is cancelled.
    const junta = await l.post('/api/vendaTransferencia', {
      vendaOrigem: d._id,
      mesaDestino: 11,
      juntar: true,
      liberacao: await l.liberacao(PERMISSAO.transferirMesa),
    });
    expect((junta.corpo.data.origem as Registro).status).toMatchObject({ id: 60 });
    expect((junta.corpo.data.destino as Registro).produtos as unknown[]).toHaveLength(3);
  });

  it('seats: split an item, pay one seat, the paid line is locked', async () => {
    const id = (await l.post('/api/venda', { tipoVenda: 54, mesa: 21, posicaoVenda: 2 })).corpo.data
      ._id as string;
    await adicionar(id, [{ produto: calabresa, quantidade: '2' }, { produto: agua }]);
    await l.post(`/api/venda/${id}/confirmarItens`, {});
    const s = await l.post(`/api/venda/${id}/posicoes`, { numeroItem: 1, posicoes: [1, 2] });
    expect((item(s, 1).posicao as Registro[]).map((p) => p.numero)).toEqual([1, 2]);
    const p = await pagar(id, { valorPago: '54.90', posicao: 1 });
    expect(p.corpo.valido, JSON.stringify(p.corpo)).toBe(true);
    expect(item(p, 1)).toMatchObject({ existePosicaoPago: true });
    const liberacao = await l.liberacao(PERMISSAO.excluirProdutoConfirmado);
    const d = await l.put(`/api/vendaDeletarProduto/${id}`, { vendaEvento: { numeroItem: 1 }, liberacao });
    expect(msg(d)).toBe('Existem pagamentos realizados por posição, deleção não permitido!');
  });

  it('closes the bill with the service charge (16) and without it only with the release (17)', async () => {
    const id = (await l.post('/api/venda', { tipoVenda: 54, mesa: 31 })).corpo.data._id as string;
    await adicionar(id, [{ produto: calabresa }, { produto: agua }]);
    const com = await l.post(`/api/venda/${id}/fecharConta`, { comServico: true });
    expect(com.corpo.valido, JSON.stringify(com.corpo)).toBe(true);
    expect(com.corpo.data.status).toMatchObject({ id: 58 });
    expect(item(com, 3)).toMatchObject({ valorLiquido: '5.79' });
    expect(com.corpo.data.total).toBe('63.69');
    const sem = await l.post(`/api/venda/${id}/fecharConta`, { comServico: false }, l.caixaToken);
    expect(msg(sem)).toBe('Supervisor não informado');
    const ok = await l.post(
      `/api/venda/${id}/fecharConta`,
      {
        comServico: false,
        liberacao: await l.liberacao(PERMISSAO.fecharContaSemServico, undefined, undefined, {
          token: l.caixaToken,
        }),
      },
      l.caixaToken,
    );
    expect(ok.corpo.data.total).toBe('57.90');
    // Ordering more goes back to open (57).
    const mais = await adicionar(id, [{ produto: agua }]);
    expect(mais.corpo.data.status).toMatchObject({ id: 57 });
  });
});

describe('two terminals on one table', () => {
  it('concurrent item launches and payments never lose a write', async () => {
    const id = (await l.post('/api/venda', { tipoVenda: 54, mesa: 41 })).corpo.data._id as string;
    const outro = l.caixaToken;
    const rs = await Promise.all(
      Array.from({ length: 16 }, (_, k) =>
        adicionar(id, [{ produto: k % 2 ? agua : calabresa }], k % 2 ? outro : l.admin),
      ),
    );
    expect(rs.every((r) => r.corpo.valido)).toBe(true);
    const v = await l.get(`/api/venda/${id}`);
    const itens = v.corpo.data.produtos as Registro[];
    expect(itens).toHaveLength(16);
    expect(new Set(itens.map((i) => i.numeroItem)).size).toBe(16);
    const ps = await Promise.all(
      Array.from({ length: 6 }, (_, k) => pagar(id, { valorPago: '10' }, k % 2 ? outro : l.admin)),
    );
    expect(ps.every((r) => r.corpo.valido)).toBe(true);
    const depois = await l.get(`/api/venda/${id}`);
    expect(depois.corpo.data.totalPago).toBe('60.00');
    expect(depois.corpo.data.versao).toBe(1 + 16 + 6);
  });
});

describe('realtime', () => {
  it('emits vendaAlterada to the store room after a committed write', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const s: Socket = io(url, {
      path: '/socket.io',
      transports: ['websocket'],
      auth: { token: l.admin },
      reconnection: false,
    });
    try {
      await new Promise<void>((resolve, reject) => {
        s.once('connect', () => resolve());
        s.once('connect_error', reject);
      });
      await s.emitWithAck('entrarEmpresa', { empresaId: l.empresa });
      const chegou = new Promise<Registro>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('sem vendaAlterada')), 3000);
        s.on('vendaAlterada', (dados: Registro) => {
          if (dados.mesa === 51) {
            clearTimeout(timer);
            resolve(dados);
          }
        });
      });
      const id = (await l.post('/api/venda', { tipoVenda: 54, mesa: 51 })).corpo.data._id as string;
      await adicionar(id, [{ produto: agua }]);
      const dados = await chegou;
      expect(dados).toMatchObject({ vendaId: id, status: 57, tipoVenda: 54, mesa: 51 });
      expect(typeof dados.versao).toBe('number');
    } finally {
      s.close();
    }
  });
});
