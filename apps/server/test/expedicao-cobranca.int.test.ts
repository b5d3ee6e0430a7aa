import { TIPO_PAGAMENTO } from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consultar, consultarUm } from '../src/db/consultar.ts';
import { documentoComoTexto } from '../src/modules/impressao/layouts/documento.ts';
import { lerEscPos } from '../src/modules/impressao/layouts/leitura.ts';
import { kdsDoApp } from '../src/modules/kds/kds.routes.ts';
import { iniciarSimuladorMapas } from '../src/simuladores/mapas.ts';
import { type AppTeste, criarAppTeste, type Registro, type Resposta } from './app-teste.ts';
import { type Loja, prepararLoja } from './vendas-apoio.ts';

// The payment the call center agreed by phone reaches the store: the expedition list, the motoboy
// departure and the expedition ticket say what the rider collects, the change he takes and the note the
// customer pays with, or that the order is paid.

let t: AppTeste;
let mapas: Awaited<ReturnType<typeof iniciarSimuladorMapas>>;
let cc: Loja;
let shopping: Loja;
let joao: string;
let motoboy: string;
const estacao: Record<string, string> = {};

const dados = (r: Resposta) => {
  expect(r.corpo.valido, JSON.stringify(r.corpo)).toBe(true);
  return r.corpo.data;
};

/** A delivery for João (his address routes to Loja Shopping): an X-Burguer and two waters, R$ 32,90 + the R$ 5,00 fee. */
async function pedido(pagamento: Record<string, unknown>): Promise<Registro> {
  const produtos = [
    { produto: await cc.produto('X-Burguer') },
    { produto: await cc.produto('Água Mineral 500ml'), quantidade: '2' },
  ];
  const v = dados(
    await cc.post('/api/callCenter/pedido', { tipoVenda: 55, cliente: joao, produtos, pagamento }),
  );
  await kdsDoApp(t.app)?.ocioso();
  return v;
}

async function naExpedicao(vendaId: string): Promise<Registro | undefined> {
  const lista = dados(await shopping.get('/api/expedicao')) as unknown as Registro[];
  return lista.find((x) => x.vendaId === vendaId);
}

async function painel() {
  return dados(await shopping.get('/api/saidaMotoboy')) as unknown as {
    motoboys: (Registro & { pedidos: Registro[] })[];
    aDespachar: Registro[];
  };
}

/** The expedition tickets of a sale, read back from the printer bytes. */
async function tickets(vendaId: string) {
  const linhas = await consultar(
    t.banco.db,
    sql`select conteudo from impressao where origem_id = ${vendaId} and tipo_impressao = 5 order by created_at`,
  );
  return linhas.map((j) => {
    const bytes = Buffer.from(j.conteudo as string, 'base64');
    return { bytes, texto: documentoComoTexto(lerEscPos(bytes)) };
  });
}

async function produzir(vendaId: string) {
  for (const e of ['Cozinha Quente', 'Bar'])
    dados(await shopping.post(`/api/kds/estacao/${estacao[e]}/acao`, { vendaId, acao: 'despachar' }));
  await kdsDoApp(t.app)?.ocioso();
}

beforeAll(async () => {
  mapas = await iniciarSimuladorMapas();
  t = await criarAppTeste({ mapasUrl: mapas.url, mapasChave: mapas.chave });
  cc = await prepararLoja(t, t.demo.empresas.gestor);
  shopping = await prepararLoja(t, t.demo.empresas.shopping);
  joao = (await consultarUm(t.banco.db, sql`select id from pessoa where nome = 'João Cliente'`))
    ?.id as string;
  motoboy = (
    await consultarUm(t.banco.db, sql`select id from usuario where email = 'motoboy@exemplo.com.br'`)
  )?.id as string;
  for (const e of dados(await shopping.get('/api/kds/estacoes')) as unknown as Registro[])
    estacao[e.descricao as string] = e._id as string;
});
afterAll(async () => {
  await t?.fechar();
  await mapas?.fechar();
});

describe('call-center payment on the store side', () => {
  it('to collect in cash: the expedition list, the motoboy list and the ticket carry the amounts', async () => {
    const dinheiro = await shopping.forma(TIPO_PAGAMENTO.dinheiro);
    const v = await pedido({
      modo: 'naEntrega',
      formaPagamento: dinheiro,
      trocoPara: '50',
      observacao: 'nota de 50',
    });
    const vendaId = v._id as string;
    expect([v.total, v.taxaEntrega]).toEqual(['37.90', '5.00']);
    const cobranca = {
      situacao: 'cobrar',
      formaPagamento: 'Dinheiro',
      valorCobrar: '37.90',
      trocoPara: '50.00',
      troco: '12.10',
      observacao: 'nota de 50',
    };
    expect((await naExpedicao(vendaId))?.cobranca).toEqual(cobranca);
    expect((await painel()).aDespachar.find((p) => p.vendaId === vendaId)?.cobranca).toEqual(cobranca);

    dados(await shopping.post('/api/saidaMotoboy/atribuir', { vendaId, motoboy }));
    const doMotoboy = (await painel()).motoboys.find((m) => m._id === motoboy);
    expect(doMotoboy?.pedidos.find((p) => p.vendaId === vendaId)?.cobranca).toEqual(cobranca);

    await produzir(vendaId);
    const [ticket, ...mais] = await tickets(vendaId);
    expect(mais).toEqual([]);
    const linhas = ticket?.texto.split('\n') ?? [];
    expect(linhas).toContain('Cobrar R$ 37,90 em Dinheiro');
    expect(linhas).toContain('Levar troco de R$ 12,10');
    expect(linhas).toContain('(cliente paga com R$ 50,00)');
    expect(linhas).toContain('Obs. pagamento: nota de 50');
    expect(ticket?.texto).not.toContain('COBRAR NA ENTREGA');
    // In bold on the paper.
    expect(
      ticket?.bytes.includes(Buffer.from([0x1b, 0x45, 1, ...Buffer.from('Cobrar R$ 37,90 em Dinheiro')])),
    ).toBe(true);
    expect(ticket?.bytes.includes(Buffer.from('Levar troco de R$ 12,10'))).toBe(true);
  });

  it('the fee raised at the store after the call: the rider collects the new balance, less change', async () => {
    const dinheiro = await shopping.forma(TIPO_PAGAMENTO.dinheiro);
    const v = await pedido({ modo: 'naEntrega', formaPagamento: dinheiro, trocoPara: '50' });
    const vendaId = v._id as string;
    const liberacao = await shopping.liberacao(25);
    dados(await shopping.put(`/api/entrega/${vendaId}/taxa`, { taxaEntrega: '8.00', liberacao }));
    expect((await naExpedicao(vendaId))?.cobranca).toMatchObject({ valorCobrar: '40.90', troco: '9.10' });
  });

  it('prepaid: "Pago" on the lists, PEDIDO PAGO on the ticket; a store order carries nothing', async () => {
    const v = await pedido({ modo: 'prepago', formaPagamento: await shopping.forma(TIPO_PAGAMENTO.credito) });
    const vendaId = v._id as string;
    const pago = {
      situacao: 'pago',
      formaPagamento: 'Cartão de Crédito',
      valorCobrar: '0.00',
      troco: '0.00',
    };
    expect((await naExpedicao(vendaId))?.cobranca).toMatchObject(pago);
    expect((await painel()).aDespachar.find((p) => p.vendaId === vendaId)?.cobranca).toMatchObject(pago);
    await produzir(vendaId);
    const [ticket] = await tickets(vendaId);
    expect(ticket?.texto).toContain('PEDIDO PAGO');
    expect(ticket?.texto).not.toMatch(/Cobrar|troco/);

    const loja = dados(
      await shopping.post('/api/venda', {
        tipoVenda: 55,
        cliente: joao,
        produtos: [{ produto: await shopping.produto('X-Burguer') }],
      }),
    );
    dados(await shopping.post(`/api/venda/${loja._id as string}/confirmarItens`, {}));
    await kdsDoApp(t.app)?.ocioso();
    expect((await naExpedicao(loja._id as string))?.cobranca).toBeNull();
  });
});
