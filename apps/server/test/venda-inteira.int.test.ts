import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consultar } from '../src/db/consultar.ts';
import { type AppTeste, criarAppTeste, type Registro, type Resposta } from './app-teste.ts';
import { abrirPeriodo, contar, type Loja, novoId, prepararLoja } from './vendas-apoio.ts';

// A sale sent whole (POST /api/venda with `pagamentos` and `encerrar`): the counter terminal and the offline
// queue record a finished sale in one write, with the same rules as the step-by-step calls.

let t: AppTeste;
let l: Loja;
let produtos: string[];
let dinheiro: string;
let debito: string;
let convenio: string;

beforeAll(async () => {
  t = await criarAppTeste();
  l = await prepararLoja(t);
  await abrirPeriodo(l);
  produtos = [
    await l.produto('Pizza Grande Calabresa'),
    await l.produto('Refrigerante Lata 350ml'),
    await l.produto('X-Burguer'),
  ];
  dinheiro = await l.forma(77);
  debito = await l.forma(79);
  convenio = await l.forma(86);
});
afterAll(async () => t.fechar());

const ok = (r: Resposta) => {
  expect(r.corpo.valido, JSON.stringify(r.corpo)).toBe(true);
  return r.corpo.data;
};
const msg = (r: Resposta) => {
  expect(r.corpo.valido).toBe(false);
  return r.corpo.data.message as string;
};

const inteira = (extra: Registro = {}) => ({
  _id: novoId(),
  tipoVenda: 53,
  terminal: l.terminal,
  produtos: produtos.map((produto) => ({ produto })),
  pagamentos: [
    { _id: novoId(), formaPagamento: debito, valorPago: '20.00' },
    { _id: novoId(), formaPagamento: dinheiro, valorPago: '200.00' },
  ],
  encerrar: true,
  ...extra,
});

/** The same sale through the step-by-step calls, for comparison. */
async function emPassos(): Promise<Registro> {
  const v = ok(await l.post('/api/venda', { tipoVenda: 53, terminal: l.terminal }));
  for (const produto of produtos) ok(await l.post(`/api/venda/${v._id}/itens`, { produtos: [{ produto }] }));
  for (const [forma, valorPago] of [
    [debito, '20.00'],
    [dinheiro, '200.00'],
  ])
    ok(
      await l.post(`/api/venda/${v._id}/pagamentos`, {
        _id: novoId(),
        formaPagamento: forma,
        valorPago,
        terminal: l.terminal,
      }),
    );
  return ok(await l.post(`/api/venda/${v._id}/encerrar`, {}));
}

describe('a sale sent whole', () => {
  it('is created, paid and ended in one write, with the totals of the step-by-step calls', async () => {
    const passos = await emPassos();
    const antes = await contar(t, 'venda');
    const v = ok(await l.post('/api/venda', inteira(), l.admin, { 'idempotency-key': novoId() }));
    expect(await contar(t, 'venda')).toBe(antes + 1);
    expect((v.status as Registro).id).toBe(59);
    for (const campo of ['subTotal', 'totalDesconto', 'total', 'totalPago', 'troco'])
      expect(v[campo], campo).toBeTypeOf('string');
    for (const campo of ['subTotal', 'totalDesconto', 'total', 'totalPago', 'troco'])
      expect(v[campo], campo).toEqual(passos[campo]);
    expect(v.troco).not.toBe('0.00');
    // Combos and promotions were applied as on the step path: same lines, same prices.
    const linhas = (x: Registro) =>
      (x.produtos as Registro[]).map((i) => [i.numeroItem, i.precoVenda, i.valorTotal, i.confirmado]);
    expect(linhas(v)).toEqual(linhas(passos));
    // Numbered in the store and in the register's period, the payments in the terminal's open period.
    expect(v.numero).toBeTypeOf('number');
    expect(v.sequencialPeriodo).toBe((passos.sequencialPeriodo as number) + 1);
    const [periodo] = await consultar(
      t.banco.db,
      sql`select id from periodo where caixa_id = ${l.caixa} and periodo_aberto`,
    );
    expect((v.pagamentos as Registro[]).map((p) => p.periodo)).toEqual([periodo?.id, periodo?.id]);
    const [gravada] = await consultar(
      t.banco.db,
      sql`select status, encerrada_em is not null as encerrada, periodo_id from venda where id = ${v._id as string}`,
    );
    expect(gravada).toEqual({ status: 59, encerrada: true, periodo_id: periodo?.id });
    // What GET reads back is what the write answered.
    const lida = ok(await l.get(`/api/venda/${v._id}`));
    expect(lida.total).toBe(v.total);
    expect((lida.pagamentos as Registro[]).length).toBe(2);
  });

  it('a retry (same Idempotency-Key, or the same sale _id) records nothing twice', async () => {
    const corpo = inteira();
    const chave = novoId();
    const antes = [await contar(t, 'venda'), await contar(t, 'venda_pagamento')];
    const [a, b] = await Promise.all([
      l.post('/api/venda', corpo, l.admin, { 'idempotency-key': chave }),
      l.post('/api/venda', corpo, l.admin, { 'idempotency-key': chave }),
    ]);
    const c = await l.post('/api/venda', corpo);
    expect(ok(b).numero).toBe(ok(a).numero);
    expect(ok(c)._id).toBe(corpo._id);
    expect((ok(c).status as Registro).id).toBe(59);
    expect([await contar(t, 'venda'), await contar(t, 'venda_pagamento')]).toEqual([
      (antes[0] ?? 0) + 1,
      (antes[1] ?? 0) + 2,
    ]);
  });

  it('refusals change nothing: change on debit, unknown payment form, no open period', async () => {
    const antes = await contar(t, 'venda');
    expect(
      msg(
        await l.post(
          '/api/venda',
          inteira({ pagamentos: [{ _id: novoId(), formaPagamento: debito, valorPago: '900.00' }] }),
        ),
      ),
    ).toBe('A forma de pagamento Cartão de Débito não permite troco');
    expect(
      msg(
        await l.post(
          '/api/venda',
          inteira({ pagamentos: [{ _id: novoId(), formaPagamento: novoId(), valorPago: '900.00' }] }),
        ),
      ),
    ).toBe('Forma de pagamento não encontrada!');
    await consultar(t.banco.db, sql`update periodo set periodo_aberto = false where caixa_id = ${l.caixa}`);
    try {
      expect(msg(await l.post('/api/venda', inteira()))).toBe(
        'Não existe período (caixa) aberto para o caixa deste terminal, não é permitido receber!',
      );
    } finally {
      await consultar(t.banco.db, sql`update periodo set periodo_aberto = true where caixa_id = ${l.caixa}`);
    }
    expect(await contar(t, 'venda')).toBe(antes);
  });

  it('paid without ending: an open sale with its payments, ended later by /encerrar', async () => {
    const v = ok(await l.post('/api/venda', inteira({ encerrar: false })));
    expect((v.status as Registro).id).not.toBe(59);
    expect((v.pagamentos as Registro[]).length).toBe(2);
    const fim = ok(await l.post(`/api/venda/${v._id}/encerrar`, {}));
    expect((fim.status as Registro).id).toBe(59);
  });

  it('a convênio payment takes the step path (balance under its lock) and ends the sale', async () => {
    const [maria] = await consultar(
      t.banco.db,
      sql`select id from pessoa where nome = 'Maria Cliente Convênio'`,
    );
    const antes = ok(await l.post('/api/getSaldoConvenio', { empresa: l.empresa, cliente: maria?.id }));
    // The price the store charges now (happy hours, promotions): read from an open sale of the same line.
    const aberta = ok(await l.post('/api/venda', { tipoVenda: 53, produtos: [{ produto: produtos[1] }] }));
    const v = ok(
      await l.post(
        '/api/venda',
        inteira({
          cliente: maria?.id,
          produtos: [{ produto: produtos[1] }],
          pagamentos: [{ _id: novoId(), formaPagamento: convenio, valorPago: aberta.total }],
        }),
        l.admin,
        { 'idempotency-key': novoId() },
      ),
    );
    expect((v.status as Registro).id).toBe(59);
    expect(v.totalPago).toBe(v.total);
    const depois = ok(await l.post('/api/getSaldoConvenio', { empresa: l.empresa, cliente: maria?.id }));
    const usado = (x: unknown) => Number((x as Registro[])[0]?.utilizado);
    expect(usado(depois) - usado(antes)).toBeCloseTo(Number(v.total), 2);
    // Sent again (the answer was lost): the same sale, the balance used once.
    const outra = ok(await l.post('/api/venda', { ...inteira(), _id: v._id }));
    expect(outra._id).toBe(v._id);
    const ainda = ok(await l.post('/api/getSaldoConvenio', { empresa: l.empresa, cliente: maria?.id }));
    expect(usado(ainda)).toBe(usado(depois));
  });
});
