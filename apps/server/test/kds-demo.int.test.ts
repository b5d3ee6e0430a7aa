import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consultar, consultarUm } from '../src/db/consultar.ts';
import { documentoComoTexto } from '../src/modules/impressao/layouts/documento.ts';
import { lerEscPos } from '../src/modules/impressao/layouts/leitura.ts';
import { kdsDoApp } from '../src/modules/kds/kds.routes.ts';
import { type AppTeste, criarAppTeste, type Registro, type Resposta } from './app-teste.ts';
import { type Loja, prepararLoja } from './vendas-apoio.ts';

// The demo kitchen of the seed (seed-kds.ts) as a store gets it after `npm start`, and what the server
// prints by itself: production tickets per print sector when lines are confirmed (only the difference),
// and the expedition ticket on the store's expedition sector when a takeaway order is produced.

let t: AppTeste;
let l: Loja;
const p: Record<string, string> = {};
const estacao: Record<string, string> = {};
const setor: Record<string, string> = {};

const dados = (r: Resposta) => {
  expect(r.corpo.valido, JSON.stringify(r.corpo)).toBe(true);
  return r.corpo.data;
};

async function ocioso() {
  await kdsDoApp(t.app)?.ocioso();
}

async function confirmar(vendaId: string) {
  dados(await l.post(`/api/venda/${vendaId}/confirmarItens`, {}));
  await ocioso();
}

async function lancar(corpo: Record<string, unknown>, produtos: Record<string, unknown>[]): Promise<string> {
  const v = dados(await l.post('/api/venda', { ...corpo, terminal: l.terminal, produtos }));
  await confirmar(v._id as string);
  return v._id as string;
}

/** Jobs of a sale, oldest first, with their text read back from the printer bytes. */
async function jobs(vendaId: string) {
  const linhas = await consultar(
    t.banco.db,
    sql`select id, setor_impressao_id, tipo_impressao, conteudo from impressao where origem_id = ${vendaId}
        order by created_at, id`,
  );
  return linhas.map((j) => ({
    setor: j.setor_impressao_id as string,
    tipo: Number(j.tipo_impressao),
    bytes: Buffer.from(j.conteudo as string, 'base64'),
    texto: documentoComoTexto(lerEscPos(Buffer.from(j.conteudo as string, 'base64'))),
  }));
}

async function itensDa(estacaoId: string, vendaId: string): Promise<string[]> {
  const d = dados(await l.get(`/api/kds/estacao/${estacaoId}/pedidos`)) as unknown as {
    pedidos: { vendaId: string; itens: { descricao: string }[] }[];
  };
  return d.pedidos.find((x) => x.vendaId === vendaId)?.itens.map((i) => i.descricao) ?? [];
}

beforeAll(async () => {
  t = await criarAppTeste();
  l = await prepararLoja(t);
  for (const d of ['Pizza Grande Calabresa', 'Refrigerante Lata 350ml', 'X-Burguer'])
    p[d] = await l.produto(d);
  for (const e of dados(await l.get('/api/kds/estacoes')) as unknown as Registro[])
    estacao[e.descricao as string] = e._id as string;
  for (const s of await consultar(
    t.banco.db,
    sql`select id, descricao from setor_impressao where empresa_id = ${l.empresa}`,
  ))
    setor[s.descricao as string] = s.id as string;
});

afterAll(async () => {
  await t?.fechar();
});

describe('demo kitchen of the seed', () => {
  it('every store has Cozinha Quente, Bar and Montagem with the numeric bump bar', async () => {
    const lista = dados(await l.get('/api/kds/estacoes')) as unknown as Registro[];
    expect(lista.map((e) => [e.descricao, e.tipo])).toEqual([
      ['Bar', 'producao'],
      ['Cozinha Quente', 'producao'],
      ['Montagem', 'montagem'],
    ]);
    expect(lista[0]?.teclas).toContainEqual({ tecla: '5', acao: 'despachar' });
    const shopping = await consultarUm(
      t.banco.db,
      sql`select count(*)::int as n from kds_estacao where empresa_id = ${t.demo.empresas.shopping}`,
    );
    expect(shopping?.n).toBe(3);
    const empresa = await consultarUm(
      t.banco.db,
      sql`select configuracoes->'expedicao'->>'setorImpressaoExpedicao' as s from empresa where id = ${l.empresa}`,
    );
    expect(empresa?.s).toBe(setor['Expedição']);
  });

  it('a table order: pizza to Cozinha Quente, drink to Bar, both in Montagem; one production ticket per print sector', async () => {
    const venda = await lancar({ tipoVenda: 54, mesa: 31 }, [
      { produto: p['Pizza Grande Calabresa'], obs: 'bem assada' },
      { produto: p['Refrigerante Lata 350ml'], quantidade: '2' },
    ]);
    expect(await itensDa(estacao['Cozinha Quente'] as string, venda)).toEqual(['Pizza Grande Calabresa']);
    expect(await itensDa(estacao.Bar as string, venda)).toEqual(['Refrigerante Lata 350ml']);
    expect((await itensDa(estacao.Montagem as string, venda)).sort()).toEqual([
      'Pizza Grande Calabresa',
      'Refrigerante Lata 350ml',
    ]);

    const [cozinha, bar, ...resto] = (await jobs(venda)).sort((a, b) =>
      a.setor === setor.Cozinha ? -1 : b.setor === setor.Cozinha ? 1 : 0,
    );
    expect(resto).toEqual([]);
    expect(cozinha).toMatchObject({ setor: setor.Cozinha, tipo: 3 });
    expect(bar).toMatchObject({ setor: setor.Bar, tipo: 3 });
    expect(cozinha?.texto).toContain('PRODUÇÃO - COZINHA');
    expect(cozinha?.texto).toContain('MESA 31');
    expect(cozinha?.texto).toContain('1 x Pizza Grande Calabresa\n   Obs: bem assada');
    expect(cozinha?.texto).not.toContain('Refrigerante');
    expect(bar?.texto).toContain('2 x Refrigerante Lata 350ml');
    // ESC/POS: init + CP860, the table in expanded bold, partial cut.
    expect(cozinha?.bytes.subarray(0, 5).toString('hex')).toBe('1b401b7403');
    expect(cozinha?.bytes.includes(Buffer.from([0x1d, 0x21, 0x11, ...Buffer.from('MESA 31')]))).toBe(true);
    expect(cozinha?.bytes.subarray(-4).toString('hex')).toBe('1d564200');

    // More of the table: only the new line prints; confirming again prints nothing.
    dados(await l.post(`/api/venda/${venda}/itens`, { produtos: [{ produto: p['X-Burguer'] }] }));
    await confirmar(venda);
    await confirmar(venda);
    const depois = await jobs(venda);
    expect(depois).toHaveLength(3);
    expect(depois[2]?.setor).toBe(setor.Cozinha);
    expect(depois[2]?.texto).toContain('1 x X-Burguer');
    expect(depois[2]?.texto).not.toContain('Pizza');

    // A table order produced gets no expedition ticket (its food goes to the table).
    for (const e of ['Cozinha Quente', 'Bar'])
      dados(await l.post(`/api/kds/estacao/${estacao[e]}/acao`, { vendaId: venda, acao: 'despachar' }));
    await ocioso();
    const v = dados(await l.get(`/api/venda/${venda}`)) as Registro;
    expect((v.expedicao as { status: number }).status).toBe(2);
    expect((await jobs(venda)).filter((j) => j.tipo === 5)).toEqual([]);
  });

  it("an order without a terminal (delivery app, call center) prints on the store's first terminal", async () => {
    const v = dados(
      await l.post('/api/venda', { tipoVenda: 53, produtos: [{ produto: p['Refrigerante Lata 350ml'] }] }),
    );
    expect(v.terminal ?? null).toBeNull();
    await confirmar(v._id as string);
    const [bar, ...resto] = await jobs(v._id as string);
    expect(resto).toEqual([]);
    expect(bar).toMatchObject({ setor: setor.Bar, tipo: 3 });
    expect(bar?.texto).toContain('1 x Refrigerante Lata 350ml');
    const primeiro = await consultarUm(
      t.banco.db,
      sql`select id from terminal where empresa_id = ${l.empresa} order by created_at, id limit 1`,
    );
    const job = await consultarUm(
      t.banco.db,
      sql`select terminal_id from impressao where origem_id = ${v._id as string}`,
    );
    expect(job?.terminal_id).toBe(primeiro?.id);
  });

  it('a delivery order produced prints the expedition ticket on the Expedição sector, once', async () => {
    const joao = await consultarUm(t.banco.db, sql`select id from pessoa where nome = 'João Cliente'`);
    const venda = await lancar({ tipoVenda: 55, cliente: joao?.id, distanciaEntregaMetros: 4500 }, [
      { produto: p['Pizza Grande Calabresa'] },
      { produto: p['Refrigerante Lata 350ml'] },
    ]);
    dados(
      await l.post(`/api/kds/estacao/${estacao['Cozinha Quente']}/acao`, {
        vendaId: venda,
        acao: 'despachar',
      }),
    );
    await ocioso();
    expect((await jobs(venda)).filter((j) => j.tipo === 5)).toEqual([]);
    dados(await l.post(`/api/kds/estacao/${estacao.Bar}/acao`, { vendaId: venda, acao: 'despachar' }));
    await ocioso();
    const v = dados(await l.get(`/api/venda/${venda}`)) as Registro;
    const expedicao = (await jobs(venda)).filter((j) => j.tipo === 5);
    expect(expedicao).toHaveLength(1);
    const ticket = expedicao[0];
    expect(ticket?.setor).toBe(setor['Expedição']);
    const linhas = ticket?.texto.split('\n') ?? [];
    // The period sequence (spec 1 section 9; the sale number without an open period), centred, expanded.
    expect(linhas.map((x) => x.trim())).toContain(`DELIVERY ${(v.sequencialPeriodo ?? v.numero) as number}`);
    expect(ticket?.bytes.includes(Buffer.from([0x1d, 0x21, 0x11, ...Buffer.from('DELIVERY ')]))).toBe(true);
    expect(ticket?.texto).toContain('Cliente: João Cliente');
    expect(ticket?.texto).toContain('Fone: (41) 98888-0002');
    expect(ticket?.texto).toContain('Endereço: Avenida Batel, 1200 - Batel');
    expect(ticket?.texto).toContain('Previsão de entrega: 45 min');
    expect(ticket?.texto).toContain('1 x Pizza Grande Calabresa');
    expect(ticket?.texto).toMatch(/COBRAR NA ENTREGA +R\$ \d+,\d\d/);
    expect(ticket?.bytes.includes(Buffer.from([0x1b, 0x45, 1]))).toBe(true);
    expect(ticket?.bytes.subarray(-4).toString('hex')).toBe('1d564200');

    // Recall and bump again: the order was already produced, no second ticket.
    dados(await l.post(`/api/kds/estacao/${estacao.Bar}/acao`, { vendaId: venda, acao: 'recall' }));
    dados(await l.post(`/api/kds/estacao/${estacao.Bar}/acao`, { vendaId: venda, acao: 'despachar' }));
    await ocioso();
    expect((await jobs(venda)).filter((j) => j.tipo === 5)).toHaveLength(1);
  });
});
