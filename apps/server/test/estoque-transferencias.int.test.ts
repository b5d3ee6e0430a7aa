import { lerEstoque, TIPO_MOVIMENTO_ESTOQUE } from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consultar } from '../src/db/consultar.ts';
import { novoId } from '../src/lib/ids.ts';
import { type AppTeste, criarAppTeste, type Registro, type Resposta } from './app-teste.ts';

// Stock transfers between the stores of a group (issue 17) through the routes, as the stock keeper: ship at the
// origin's average (refused where the origin refuses negative stock, and where finance is on and a default
// plan account is missing), the cost that travels with the origin's percentage, received once under two
// receipts at once, a partial receipt whose loss in transit needs a reason, cancelling a shipped transfer
// (reversals restore the origin exactly), tipoCusto and the registered cost update, a replenishment order
// requested -> reserved -> turned into a shipped transfer, the replenishment list turned into requests, and the
// report. PGlite by default; PostgreSQL with the server-pg project.

process.env.ESTOQUE_CONSUMO_INTERVALO_MS = '3600000';

let t: AppTeste;
let grupo: string;
let centro: string;
let shopping: string;
let admin: string;
let estoquista: string;
let caixa: string;

const msg = (r: Resposta) => String(r.corpo.data.message ?? '');
const ok = (r: Resposta) => {
  expect(r.corpo.valido, JSON.stringify(r.corpo)).toBe(true);
  expect(r.status).toBe(200);
  return r.corpo.data;
};

interface Detalhe {
  transferencia: Registro & {
    numero: number;
    status: string;
    valorEnviado: string | null;
    valorRecebido: string | null;
    valorDivergencia: string | null;
    financeiro: {
      gerouFaturamento: boolean;
      semTitulos: string | null;
      titulos: { tipo: string; empresa: string; planoConta: string; valor: string; vencimento: string }[];
    } | null;
  };
  itens: {
    produto: { _id: string };
    quantidade: string;
    custoSaida: string | null;
    custoUnitario: string | null;
    valorEnviado: string | null;
    quantidadeRecebida: string | null;
    divergencia: string | null;
    valorDivergencia: string | null;
    motivoDivergencia: string | null;
  }[];
  repetido?: boolean;
}
const detalhe = (r: Resposta) => ok(r) as unknown as Detalhe;

let seqProduto = 0;
async function novoProduto(descricao: string, custo = '1.00', unidadeSigla?: string): Promise<string> {
  seqProduto++;
  let unidade: string | undefined;
  if (unidadeSigla) {
    const [u] = await consultar(
      t.banco.db,
      sql`select id from unidade_medida where grupo_empresarial_id = ${grupo} and sigla = ${unidadeSigla}`,
    );
    unidade = String(u?.id);
  }
  const r = await t.post(
    '/api/produtoGeral',
    {
      descricao,
      codigoInterno: 98000 + seqProduto,
      tipoProduto: 1,
      custo,
      preco: '10.00',
      ...(unidade ? { unidade } : {}),
    },
    admin,
  );
  return String(ok(r)._id);
}

async function entrada(
  empresa: string,
  itens: { produto: string; quantidade: string; custoUnitario: string }[],
) {
  ok(await t.post('/api/estoque/entrada', { _id: novoId(), empresa, itens }, estoquista));
}

async function saldo(empresa: string, produto: string) {
  const [s] = await consultar(
    t.banco.db,
    sql`select quantidade::text as q, custo_medio::text as m, ultimo_custo::text as u from estoque_saldo
         where grupo_empresarial_id = ${grupo} and empresa_id = ${empresa} and produto_id = ${produto}`,
  );
  return { q: String(s?.q ?? '0.000000'), m: String(s?.m ?? '0.000000') };
}

async function movimentosDe(transferencia: string) {
  return consultar(
    t.banco.db,
    sql`select empresa_id, produto_id, tipo, quantidade::text as q, custo_unitario::text as c, valor::text as v,
               estorno_de
          from estoque_movimento where grupo_empresarial_id = ${grupo} and origem_tipo = 'transferencia'
           and origem_id = ${transferencia} order by seq`,
  );
}

async function configurarEstoque(empresa: string, config: Record<string, unknown>) {
  await consultar(
    t.banco.db,
    sql`update empresa set configuracoes_estoque = ${JSON.stringify(config)}::jsonb
         where grupo_empresarial_id = ${grupo} and id = ${empresa}`,
  );
}

const FINANCEIRO = {
  gerarFinanceiroTransferencia: true,
  diasFaturamentoPadrao: 30,
  planoDeContaTransferenciaCreditoPadrao: '3.1.05',
  planoDeContaTransferenciaDebitoPadrao: '4.1.02',
  addPercentualTransferencia: '10',
};

const criar = (
  itens: { produto: string; quantidade: string; planoDeContaCredito?: string }[],
  extra: Record<string, unknown> = {},
  token = estoquista,
) =>
  t.post(
    '/api/estoque/transferencia',
    { _id: novoId(), empresaOrigem: centro, empresaDestino: shopping, itens, ...extra },
    token,
  );
const enviar = (id: string, token = estoquista) =>
  t.post(`/api/estoque/transferencia/${id}/enviar`, {}, token);
const receber = (id: string, corpo: unknown = {}, token = estoquista) =>
  t.post(`/api/estoque/transferencia/${id}/receber`, corpo, token);

let queijo: string;
let molho: string;
let pao: string;

beforeAll(async () => {
  t = await criarAppTeste();
  grupo = t.demo.grupoId;
  centro = t.demo.empresas.centro;
  shopping = t.demo.empresas.shopping;
  admin = await t.login('admin@exemplo.com.br', 'admin123');
  estoquista = await t.login('estoque@exemplo.com.br', 'estoque123');
  caixa = await t.login('caixa@exemplo.com.br', 'caixa123');
  queijo = await novoProduto('Transf Queijo', '42.00', 'KG');
  molho = await novoProduto('Transf Molho', '12.00', 'KG');
  pao = await novoProduto('Transf Pão', '1.00', 'UN');
  // Centro (the central kitchen): 10 kg of cheese averaging 40.50, 6 kg of sauce at 12.50, 100 buns.
  await entrada(centro, [
    { produto: queijo, quantidade: '4', custoUnitario: '39' },
    { produto: molho, quantidade: '6', custoUnitario: '12.5' },
    { produto: pao, quantidade: '100', custoUnitario: '1.10' },
  ]);
  await entrada(centro, [{ produto: queijo, quantidade: '6', custoUnitario: '41.5' }]);
  await configurarEstoque(centro, FINANCEIRO);
});
afterAll(async () => t.fechar());

describe('transfer', () => {
  let id: string;

  it('refuses bad input with a clear message and writes nothing', async () => {
    for (const [quantidade, texto] of [
      ['0', 'maior que zero'],
      ['-2', 'maior que zero'],
      ['NaN', 'itens.0.quantidade'],
      ['1.1234567', '6 casas'],
    ] as const) {
      const r = await criar([{ produto: queijo, quantidade }]);
      expect(r.corpo.valido).toBe(false);
      expect(r.status).toBeLessThan(500);
      expect(JSON.stringify(r.corpo.data)).toContain(texto);
    }
    const mesma = await criar([{ produto: queijo, quantidade: '1' }], { empresaDestino: centro });
    expect(JSON.stringify(mesma.corpo.data)).toContain('diferente da loja de origem');
    expect(msg(await criar([{ produto: novoId(), quantidade: '1' }]))).toBe('Produto não encontrado!');
    expect(msg(await criar([{ produto: queijo, quantidade: '1' }], { empresaDestino: novoId() }))).toBe(
      'Empresa não encontrada!',
    );
    const semPermissao = await criar([{ produto: queijo, quantidade: '1' }], {}, caixa);
    expect(semPermissao.corpo.valido).toBe(false);
    for (const url of [
      `/api/estoque/transferencia?empresa=${centro}&limite=0x10`,
      `/api/estoque/transferencia?empresa=${centro}&pagina=-1`,
      '/api/estoque/transferencia/nao-e-id',
      `/api/estoque/relatorio/transferencia?dataInicial=ontem&dataFinal=hoje`,
      `/api/estoque/listaReposicao?empresaFornecedora=${centro}&empresa=x`,
    ]) {
      const r = await t.get(url, estoquista);
      expect(r.corpo.valido, url).toBe(false);
      expect(r.status, url).toBeLessThan(500);
    }
    const [n] = await consultar(
      t.banco.db,
      sql`select count(*)::int as n from estoque_transferencia where grupo_empresarial_id = ${grupo}`,
    );
    expect(n?.n).toBe(0);
  });

  it('is created as a draft once per _id, numbered, with the origin balance on each line', async () => {
    id = novoId();
    const corpo = {
      _id: id,
      empresaOrigem: centro,
      empresaDestino: shopping,
      observacao: 'Reposição de sexta',
      itens: [
        { produto: queijo, quantidade: '4' },
        { produto: molho, quantidade: '2', planoDeContaCredito: '3.1.09' },
      ],
    };
    const [r1, r2] = await Promise.all([
      t.post('/api/estoque/transferencia', corpo, estoquista),
      t.post('/api/estoque/transferencia', corpo, estoquista),
    ]);
    const d1 = detalhe(r1);
    const d2 = detalhe(r2);
    expect(d1.transferencia.numero).toBe(d2.transferencia.numero);
    expect(d1.transferencia.status).toBe('rascunho');
    expect(d1.itens.map((i) => [i.produto._id, i.quantidade])).toEqual([
      [queijo, '4.000000'],
      [molho, '2.000000'],
    ]);
    expect((d1.itens[0] as unknown as { saldoOrigem: string }).saldoOrigem).toBe('10.000000');
    expect(await movimentosDe(id)).toEqual([]);
  });

  it('refuses to ship when finance is on and a default plan account is missing (spec 1 §5), writing nothing', async () => {
    await configurarEstoque(centro, { ...FINANCEIRO, planoDeContaTransferenciaDebitoPadrao: '' });
    const r = await enviar(id);
    expect(r.corpo.valido).toBe(false);
    expect(msg(r)).toBe(
      'Plano de conta de débito padrão da transferência não configurado: revise a aba Estoque do cadastro da empresa Pizzaria Exemplo Centro.',
    );
    await configurarEstoque(centro, { ...FINANCEIRO, planoDeContaTransferenciaCreditoPadrao: null });
    expect(msg(await enviar(id))).toBe(
      'Plano de conta de crédito padrão da transferência não configurado: revise a aba Estoque do cadastro da empresa Pizzaria Exemplo Centro.',
    );
    expect(detalhe(await t.get(`/api/estoque/transferencia/${id}`, estoquista)).transferencia.status).toBe(
      'rascunho',
    );
    expect(await movimentosDe(id)).toEqual([]);
    expect((await saldo(centro, queijo)).q).toBe('10.000000');
    await configurarEstoque(centro, FINANCEIRO);
  });

  it('refuses to ship more than the origin holds where it refuses negative stock, writing nothing', async () => {
    const grande = detalhe(
      await criar([
        { produto: molho, quantidade: '1' },
        { produto: queijo, quantidade: '10.5' },
      ]),
    );
    const r = await enviar(String(grande.transferencia._id));
    expect(r.corpo.valido).toBe(false);
    expect(r.status).toBeLessThan(500);
    expect(msg(r)).toBe(
      'Estoque insuficiente: Transf Queijo na loja Pizzaria Exemplo Centro tem saldo 10 e a quantidade pedida é 10,5.',
    );
    expect(await movimentosDe(String(grande.transferencia._id))).toEqual([]);
    expect((await saldo(centro, molho)).q).toBe('6.000000');
    ok(
      await t.post(
        `/api/estoque/transferencia/${grande.transferencia._id}/cancelar`,
        { motivo: 'Digitado errado' },
        estoquista,
      ),
    );
  });

  it('ships: exits at the average, the cost that travels with the origin percentage, the titles to generate', async () => {
    const d = detalhe(await enviar(id));
    expect(d.transferencia.status).toBe('enviada');
    // Cheese average (4·39 + 6·41.5)/10 = 40.50; +10% = 44.55. Sauce 12.50; +10% = 13.75.
    expect(d.itens.map((i) => [i.custoSaida, i.custoUnitario, i.valorEnviado])).toEqual([
      ['40.500000', '44.550000', '178.20'],
      ['12.500000', '13.750000', '27.50'],
    ]);
    expect(d.transferencia.valorEnviado).toBe('205.70');
    const movs = await movimentosDe(id);
    expect(movs.map((m) => [m.empresa_id, Number(m.tipo), m.q, m.c, m.v])).toEqual([
      [centro, TIPO_MOVIMENTO_ESTOQUE.transferenciaSaida, '-4.000000', '40.500000', '-162.00'],
      [centro, TIPO_MOVIMENTO_ESTOQUE.transferenciaSaida, '-2.000000', '12.500000', '-25.00'],
    ]);
    expect(await saldo(centro, queijo)).toEqual({ q: '6.000000', m: '40.500000' });
    // Receivable of the origin per credit plan account (the sauce has its own), payable of the destination.
    const f = d.transferencia.financeiro!;
    expect(f.gerouFaturamento).toBe(false);
    expect(f.semTitulos).toBeNull();
    const vencimento = f.titulos[0]!.vencimento;
    expect(Date.parse(vencimento) - Date.parse(new Date().toISOString().slice(0, 10))).toBeGreaterThanOrEqual(
      29 * 86_400_000,
    );
    expect(f.titulos.map((x) => [x.tipo, x.empresa, x.planoConta, x.valor])).toEqual([
      ['receber', centro, '3.1.05', '178.20'],
      ['receber', centro, '3.1.09', '27.50'],
      ['pagar', shopping, '4.1.02', '205.70'],
    ]);
    // A second send answers the first; a shipped transfer cannot be changed.
    const de_novo = detalhe(await enviar(id));
    expect(de_novo.repetido).toBe(true);
    expect(await movimentosDe(id)).toHaveLength(2);
    const alterar = await t.put(
      `/api/estoque/transferencia/${id}`,
      { empresaDestino: shopping, itens: [{ produto: queijo, quantidade: '1' }] },
      estoquista,
    );
    expect(msg(alterar)).toContain('já foi enviada');
  });

  it('is received by the destination only, once under two receipts at once', async () => {
    const semPermissao = await receber(id, {}, caixa);
    expect(semPermissao.corpo.valido).toBe(false);
    const [r1, r2] = await Promise.all([receber(id), receber(id)]);
    const d1 = detalhe(r1);
    const d2 = detalhe(r2);
    expect([d1.repetido ?? false, d2.repetido ?? false].sort()).toEqual([false, true]);
    expect(d1.transferencia.status).toBe('recebida');
    const entradas = (await movimentosDe(id)).filter(
      (m) => Number(m.tipo) === TIPO_MOVIMENTO_ESTOQUE.transferenciaEntrada,
    );
    expect(entradas.map((m) => [m.empresa_id, m.produto_id, m.q, m.c, m.v])).toEqual([
      [shopping, queijo, '4.000000', '44.550000', '178.20'],
      [shopping, molho, '2.000000', '13.750000', '27.50'],
    ]);
    expect(await saldo(shopping, queijo)).toEqual({ q: '4.000000', m: '44.550000' });
    expect(d1.transferencia.valorRecebido).toBe('205.70');
    expect(d1.transferencia.valorDivergencia).toBe('0.00');
    const cancelar = await t.post(`/api/estoque/transferencia/${id}/cancelar`, { motivo: 'x' }, estoquista);
    expect(msg(cancelar)).toContain('já foi recebida');
  });

  it('a partial receipt keeps the loss in transit with its reason; the titles follow what arrived', async () => {
    const d = detalhe(
      await criar(
        [
          { produto: queijo, quantidade: '2' },
          { produto: pao, quantidade: '30' },
        ],
        { enviar: true },
      ),
    );
    const tid = String(d.transferencia._id);
    expect(d.transferencia.status).toBe('enviada');
    const semMotivo = await receber(tid, { itens: [{ produto: pao, quantidadeRecebida: '28' }] });
    expect(msg(semMotivo)).toBe('Informe o motivo da divergência de Transf Pão: enviado 30, recebido 28.');
    const demais = await receber(tid, { itens: [{ produto: pao, quantidadeRecebida: '31' }] });
    expect(msg(demais)).toContain('é maior que a enviada');
    const negativo = await receber(tid, { itens: [{ produto: pao, quantidadeRecebida: '-1' }] });
    expect(negativo.corpo.valido).toBe(false);
    expect(negativo.status).toBeLessThan(500);
    expect(
      (await movimentosDe(tid)).filter((m) => Number(m.tipo) === TIPO_MOVIMENTO_ESTOQUE.transferenciaEntrada),
    ).toEqual([]);

    const r = detalhe(
      await receber(tid, {
        itens: [
          {
            produto: pao,
            quantidadeRecebida: '28',
            motivoDivergencia: 'Dois pacotes amassados no transporte',
          },
        ],
      }),
    );
    // Bun: average 1.10 + 10% = 1.21; 30 shipped = 36.30, 28 arrived = 33.88, 2 lost = 2.42.
    const linhaPao = r.itens.find((i) => i.produto._id === pao)!;
    expect([
      linhaPao.quantidadeRecebida,
      linhaPao.divergencia,
      linhaPao.valorDivergencia,
      linhaPao.motivoDivergencia,
    ]).toEqual(['28.000000', '2.000000', '2.42', 'Dois pacotes amassados no transporte']);
    expect(r.transferencia.valorEnviado).toBe('125.40');
    expect(r.transferencia.valorRecebido).toBe('122.98');
    expect(r.transferencia.valorDivergencia).toBe('2.42');
    expect(r.transferencia.financeiro!.titulos.map((x) => [x.tipo, x.valor])).toEqual([
      ['receber', '122.98'],
      ['pagar', '122.98'],
    ]);
    // The origin lost 30 buns, the destination got 28: the 2 are in no store.
    expect((await saldo(centro, pao)).q).toBe('70.000000');
    expect((await saldo(shopping, pao)).q).toBe('28.000000');
  });

  it('cancelled after shipping, the goods come back to the origin at the cost they left with', async () => {
    const antes = await saldo(centro, queijo);
    const d = detalhe(await criar([{ produto: queijo, quantidade: '1.5' }], { enviar: true }));
    const tid = String(d.transferencia._id);
    // An entry at another cost between the exit and the cancellation moves the average.
    await entrada(centro, [{ produto: queijo, quantidade: '1', custoUnitario: '50' }]);
    const semMotivo = await t.post(`/api/estoque/transferencia/${tid}/cancelar`, { motivo: ' ' }, estoquista);
    expect(semMotivo.corpo.valido).toBe(false);
    const [c1, c2] = await Promise.all([
      t.post(`/api/estoque/transferencia/${tid}/cancelar`, { motivo: 'Caminhão não saiu' }, estoquista),
      t.post(`/api/estoque/transferencia/${tid}/cancelar`, { motivo: 'Caminhão não saiu' }, estoquista),
    ]);
    expect(detalhe(c1).transferencia.status).toBe('cancelada');
    expect(detalhe(c2).transferencia.status).toBe('cancelada');
    const movs = await movimentosDe(tid);
    expect(movs.map((m) => [Number(m.tipo), m.q, m.c])).toEqual([
      [TIPO_MOVIMENTO_ESTOQUE.transferenciaSaida, '-1.500000', '40.500000'],
      [TIPO_MOVIMENTO_ESTOQUE.estorno, '1.500000', '40.500000'],
    ]);
    expect(movs[1]?.estorno_de).toBeTruthy();
    // 4 at 40.50 + 1 at 50 = 5 at 42.40: the same as if the transfer had never left (brought back at the
    // average of the moment, 43.214286, it would be 5 at 43.014286).
    expect(antes).toEqual({ q: '4.000000', m: '40.500000' });
    expect(await saldo(centro, queijo)).toEqual({ q: '5.000000', m: '42.400000' });
    expect(msg(await receber(tid))).toBe('Esta transferência foi cancelada.');
  });

  it('carries the last cost or the registered cost by tipoCusto, and updates the registered cost when asked', async () => {
    await configurarEstoque(centro, {
      gerarFinanceiroTransferencia: false,
      tipoCusto: 'ultimoCusto',
      atualizarPrecoCustoTransferencia: true,
    });
    await entrada(centro, [{ produto: queijo, quantidade: '2', custoUnitario: '52' }]);
    const ultimo = detalhe(await criar([{ produto: queijo, quantidade: '1' }], { enviar: true }));
    // Last entry cost of the cheese at Centro: 52.00 (its average is (5·42.40 + 2·52)/7 = 45.142857).
    expect(ultimo.itens[0]?.custoSaida).toBe('45.142857');
    expect(ultimo.itens[0]?.custoUnitario).toBe('52.000000');
    expect(ultimo.transferencia.financeiro?.semTitulos).toBe('desligado');
    expect(ultimo.transferencia.financeiro?.titulos).toEqual([]);
    detalhe(await receber(String(ultimo.transferencia._id)));
    const [p] = await consultar(
      t.banco.db,
      sql`select custo::text as custo from produto_geral where id = ${queijo} and grupo_empresarial_id = ${grupo}`,
    );
    expect(lerEstoque(String(p?.custo))).toBe(lerEstoque('52'));
    const historico = await t.get(`/api/auditoria/produtoGeral/${queijo}`, admin);
    expect(JSON.stringify(historico.corpo.data)).toContain('52.000000');

    await configurarEstoque(centro, { tipoCusto: 'custoReposicao' });
    const reposicao = detalhe(await criar([{ produto: molho, quantidade: '1' }], { enviar: true }));
    expect(reposicao.itens[0]?.custoUnitario).toBe('12.000000');
    await configurarEstoque(centro, FINANCEIRO);
  });
});

describe('replenishment order', () => {
  let pedido: string;

  it('is requested by the store, reserved by the supplier within its free balance, turned into a shipped transfer', async () => {
    pedido = novoId();
    const pedidoCorpo = {
      _id: pedido,
      empresaSolicitante: shopping,
      empresaFornecedora: centro,
      dataNecessidade: '2026-12-01',
      itens: [
        { produto: pao, quantidade: '50' },
        { produto: molho, quantidade: '2' },
      ],
    };
    const r = ok(await t.post('/api/estoque/pedidoTransferencia', pedidoCorpo, estoquista)) as {
      pedido: { status: string; numero: number; origem: string };
    };
    expect(r.pedido.status).toBe('solicitado');
    expect(r.pedido.origem).toBe('manual');
    const repetido = ok(await t.post('/api/estoque/pedidoTransferencia', pedidoCorpo, estoquista)) as {
      repetido?: boolean;
    };
    expect(repetido.repetido).toBe(true);
    const cedo = await t.post(
      `/api/estoque/pedidoTransferencia/${pedido}/finalizar`,
      { transferencia: novoId(), enviar: true },
      estoquista,
    );
    expect(msg(cedo)).toBe('Reserve os produtos do pedido antes de gerar a transferência.');

    // Centro holds 70 buns; another order reserving 30 leaves 40 free.
    const outro = novoId();
    ok(
      await t.post(
        '/api/estoque/pedidoTransferencia',
        {
          _id: outro,
          empresaSolicitante: shopping,
          empresaFornecedora: centro,
          itens: [{ produto: pao, quantidade: '30' }],
        },
        estoquista,
      ),
    );
    ok(await t.post(`/api/estoque/pedidoTransferencia/${outro}/reservar`, {}, estoquista));
    const demais = await t.post(`/api/estoque/pedidoTransferencia/${pedido}/reservar`, {}, estoquista);
    expect(msg(demais)).toBe(
      'Estoque insuficiente para reservar: Transf Pão na loja Pizzaria Exemplo Centro tem 40 livre (saldo 70, 30 reservado para outros pedidos) e a reserva é de 50.',
    );
    ok(
      await t.post(`/api/estoque/pedidoTransferencia/${outro}/cancelar`, { motivo: 'Desistiu' }, estoquista),
    );
    const reservado = ok(
      await t.post(
        `/api/estoque/pedidoTransferencia/${pedido}/reservar`,
        { itens: [{ produto: pao, quantidade: '45' }] },
        estoquista,
      ),
    ) as { pedido: { status: string }; itens: { quantidadeReservada: string }[] };
    expect(reservado.pedido.status).toBe('reservado');
    expect(reservado.itens.map((i) => i.quantidadeReservada)).toEqual(['45.000000', '2.000000']);
    const alterar = await t.put(
      `/api/estoque/pedidoTransferencia/${pedido}`,
      { empresaFornecedora: centro, itens: [{ produto: pao, quantidade: '1' }] },
      estoquista,
    );
    expect(msg(alterar)).toContain('já foi reservado');

    const transferencia = novoId();
    const [f1, f2] = await Promise.all([
      t.post(
        `/api/estoque/pedidoTransferencia/${pedido}/finalizar`,
        { transferencia, enviar: true },
        estoquista,
      ),
      t.post(
        `/api/estoque/pedidoTransferencia/${pedido}/finalizar`,
        { transferencia, enviar: true },
        estoquista,
      ),
    ]);
    const fim = ok(f1) as { pedido: { pedido: { status: string } }; transferencia: Detalhe };
    ok(f2);
    expect(fim.pedido.pedido.status).toBe('finalizado');
    expect(fim.transferencia.transferencia.status).toBe('enviada');
    expect(fim.transferencia.itens.map((i) => [i.produto._id, i.quantidade])).toEqual([
      [pao, '45.000000'],
      [molho, '2.000000'],
    ]);
    expect((await movimentosDe(transferencia)).length).toBe(2);
    expect((await saldo(centro, pao)).q).toBe('25.000000');
    expect(
      msg(await t.post(`/api/estoque/pedidoTransferencia/${pedido}/cancelar`, { motivo: 'x' }, estoquista)),
    ).toContain('cancele a transferência');
    // Cancelling the transfer gives the order back to the supplier, reserved.
    ok(
      await t.post(`/api/estoque/transferencia/${transferencia}/cancelar`, { motivo: 'Refazer' }, estoquista),
    );
    const volta = ok(await t.get(`/api/estoque/pedidoTransferencia/${pedido}`, estoquista)) as {
      pedido: { status: string; transferencia: unknown };
    };
    expect(volta.pedido.status).toBe('reservado');
    expect(volta.pedido.transferencia).toBeNull();
    expect((await saldo(centro, pao)).q).toBe('70.000000');
  });

  it('lists the requests of a store and those it supplies', async () => {
    const solicitados = ok(
      await t.get(`/api/estoque/pedidoTransferencia?empresa=${shopping}&papel=solicitados`, estoquista),
    ) as { itens: { _id: string }[] };
    expect(solicitados.itens.map((p) => p._id)).toContain(pedido);
    const aAtender = ok(
      await t.get(`/api/estoque/pedidoTransferencia?empresa=${shopping}&papel=aAtender`, estoquista),
    ) as { itens: unknown[] };
    expect(aAtender.itens).toEqual([]);
  });
});

describe('replenishment list', () => {
  it('suggests what each store needs to reach its maximum and turns it into requests in one click', async () => {
    // Shopping: maximum 40 cheese, minimum 10; it holds 7 (4 + 2 + 1 received) and nothing is on the way for it.
    ok(
      await t.post(
        '/api/estoqueCadastro',
        {
          empresa: shopping,
          produtoGeral: queijo,
          controlaEstoque: true,
          estoqueMinimo: '10',
          estoqueMaximo: '40',
        },
        admin,
      ),
    );
    const cadPao = await t.post(
      '/api/estoqueCadastro',
      {
        empresa: shopping,
        produtoGeral: pao,
        controlaEstoque: true,
        estoqueMinimo: '10',
        estoqueMaximo: '100',
      },
      admin,
    );
    ok(cadPao);
    const lista = ok(
      await t.get(`/api/estoque/listaReposicao?empresaFornecedora=${centro}&empresa=${shopping}`, estoquista),
    ) as {
      linhas: {
        empresa: { _id: string };
        produto: { _id: string };
        saldo: string;
        pendente: string;
        sugerido: string;
        abaixoDoMinimo: boolean;
      }[];
      disponivel: { produto: string; saldo: string; necessario: string }[];
    };
    const porProduto = Object.fromEntries(lista.linhas.map((l) => [l.produto._id, l]));
    expect(porProduto[queijo]).toMatchObject({
      saldo: '7.000000',
      sugerido: '33.000000',
      abaixoDoMinimo: true,
    });
    // Buns: 28 in stock + 47 asked in the reserved order (45 bun reserved) -> 100 − 28 − 45 = 27.
    expect(porProduto[pao]).toMatchObject({
      saldo: '28.000000',
      pendente: '45.000000',
      sugerido: '27.000000',
    });
    expect(lista.disponivel.find((d) => d.produto === queijo)).toMatchObject({ necessario: '33.000000' });

    const pedidoId = novoId();
    const gerar = {
      empresaFornecedora: centro,
      pedidos: [
        {
          _id: pedidoId,
          empresa: shopping,
          itens: lista.linhas.map((l) => ({ produto: l.produto._id, quantidade: l.sugerido })),
        },
      ],
    };
    const semPermissao = await t.post('/api/estoque/listaReposicao/gerar', gerar, caixa);
    expect(semPermissao.corpo.valido).toBe(false);
    const gerados = ok(await t.post('/api/estoque/listaReposicao/gerar', gerar, estoquista)) as unknown as {
      origem: string;
      status: string;
    }[];
    expect(gerados.map((g) => [g.origem, g.status])).toEqual([['listaReposicao', 'solicitado']]);
    // Sent again (a double click): the same request.
    ok(await t.post('/api/estoque/listaReposicao/gerar', gerar, estoquista));
    const [n] = await consultar(
      t.banco.db,
      sql`select count(*)::int as n from estoque_pedido_transferencia where grupo_empresarial_id = ${grupo} and origem = 'listaReposicao'`,
    );
    expect(n?.n).toBe(1);
    // What was asked is now pending: nothing more to suggest for those products.
    const depois = ok(
      await t.get(`/api/estoque/listaReposicao?empresaFornecedora=${centro}&empresa=${shopping}`, estoquista),
    ) as { linhas: { produto: { _id: string } }[] };
    expect(depois.linhas.filter((l) => l.produto._id === queijo || l.produto._id === pao)).toEqual([]);
  });
});

describe('report', () => {
  it('lists the lines shipped in the period with values and divergences; totals leave cancelled ones out', async () => {
    const inicio = new Date(Date.now() - 86_400_000).toISOString();
    const fim = new Date(Date.now() + 86_400_000).toISOString();
    const r = ok(
      await t.get(`/api/estoque/relatorio/transferencia?dataInicial=${inicio}&dataFinal=${fim}`, estoquista),
    ) as {
      linhas: {
        status: string;
        produto: { _id: string };
        divergencia: string | null;
        motivoDivergencia: string | null;
      }[];
      totais: Record<string, string | number>;
    };
    expect(r.linhas.some((l) => l.status === 'cancelada')).toBe(true);
    // Shipped and not cancelled: 205.70 + 125.40 + 52.00 (cheese at its last cost) + 12.00 (sauce at its registered
    // cost, in transit) = 395.10; received 205.70 + 122.98 + 52.00 = 380.68; lost 2.42.
    expect(r.totais).toMatchObject({
      valorEnviado: '395.10',
      valorRecebido: '380.68',
      valorDivergencia: '2.42',
      valorEmTransito: '12.00',
      transferencias: 4,
    });
    const divergencias = ok(
      await t.get(
        `/api/estoque/relatorio/transferencia?dataInicial=${inicio}&dataFinal=${fim}&somenteDivergencias=true`,
        estoquista,
      ),
    ) as { linhas: { produto: { _id: string }; motivoDivergencia: string }[] };
    expect(divergencias.linhas.map((l) => [l.produto._id, l.motivoDivergencia])).toEqual([
      [pao, 'Dois pacotes amassados no transporte'],
    ]);
    const invertido = await t.get(
      `/api/estoque/relatorio/transferencia?dataInicial=${fim}&dataFinal=${inicio}`,
      estoquista,
    );
    expect(msg(invertido)).toBe('A data final deve ser depois da inicial.');
    expect(
      (await t.get(`/api/estoque/relatorio/transferencia?dataInicial=${inicio}&dataFinal=${fim}`, caixa))
        .corpo.valido,
    ).toBe(false);
  });
});
