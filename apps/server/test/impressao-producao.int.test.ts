import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { consultar, consultarUm } from '../src/db/consultar.ts';
import { tempoReal } from '../src/lib/tempo.ts';
import { ServicoImpressao } from '../src/modules/impressao/impressao.service.ts';
import { documentoComoTexto } from '../src/modules/impressao/layouts/documento.ts';
import { lerEscPos } from '../src/modules/impressao/layouts/leitura.ts';
import { imprimirProducao } from '../src/modules/impressao/producao.ts';
import { type AppTeste, criarAppTeste, type Registro } from './app-teste.ts';

// Production tickets split by print sector (produtoGeralSetorEmpresa, setorImpressaoProducao) and printed
// as a diff against what each sector already got (STYLE: Odoo order_change).

let t: AppTeste;
let token: string;
let empresa: string;
let terminal: string;
const setor: Record<string, string> = {};
const produto: Record<string, string> = {};
let impressoraBar: string;

const venda = { tipoVenda: 54, numero: 321, mesa: 5, atendente: 'Ana Garçom' };
const item = (chave: string, nome: string, quantidade: string, extra: Record<string, unknown> = {}) => ({
  chave,
  produto: produto[nome],
  descricao: nome,
  quantidade,
  ...extra,
});

async function imprimir(vendaId: string, itens: unknown[], headers: Record<string, string> = {}) {
  const r = await t.post('/api/impressao/producao', { terminal, vendaId, venda, itens }, token, headers);
  return r;
}

async function textoDo(id: string): Promise<string> {
  const job = await t.get(`/api/impressao/${id}`, token);
  return documentoComoTexto(lerEscPos(Buffer.from(job.corpo.data.conteudo as string, 'base64')));
}

type Resultado = { impressoes: Registro[]; semSetor: Registro[]; setores: Registro[] };
const porSetor = (r: Resultado, id: string | undefined) =>
  r.impressoes.filter((i) => i.setorImpressao === id);

beforeAll(async () => {
  t = await criarAppTeste();
  token = await t.login('admin@exemplo.com.br', 'admin123');
  empresa = t.demo.empresas.centro;
  terminal = (
    await consultarUm(
      t.banco.db,
      sql`select id from terminal where empresa_id = ${empresa} and descricao like 'Terminal Caixa%'`,
    )
  )?.id as string;
  for (const s of await consultar(
    t.banco.db,
    sql`select id, descricao, impressora_id from setor_impressao where empresa_id = ${empresa}`,
  )) {
    setor[s.descricao as string] = s.id as string;
    if (s.descricao === 'Bar') impressoraBar = s.impressora_id as string;
  }
  for (const p of await consultar(t.banco.db, sql`select id, descricao from produto_geral`))
    produto[p.descricao as string] = p.id as string;
  const bebidas = await consultarUm(t.banco.db, sql`select id from agrupador where descricao = 'Bebidas'`);
  const h = { empresa };
  // Bebidas go to the Bar; the X-Burguer goes to the Cozinha by its own registration.
  const regra = await t.post(
    '/api/setorImpressaoProducao',
    { empresa, descricao: 'Bebidas no Bar', agrupadores: [bebidas?.id], setoresImpressao: [setor.Bar] },
    token,
    h,
  );
  expect(regra.corpo.valido, JSON.stringify(regra.corpo)).toBe(true);
  const proprio = await t.post(
    '/api/produtoGeralSetorEmpresa',
    { empresa, produtoGeral: produto['X-Burguer'], setoresImpressao: [setor.Cozinha] },
    token,
    h,
  );
  expect(proprio.corpo.valido, JSON.stringify(proprio.corpo)).toBe(true);
  // A delivery-only rule must not apply to this table sale.
  const outros = await consultarUm(t.banco.db, sql`select id from agrupador where descricao = 'Outros'`);
  const soDelivery = await t.post(
    '/api/setorImpressaoProducao',
    {
      empresa,
      descricao: 'Outros no delivery',
      agrupadores: [outros?.id],
      setoresImpressao: [setor.Caixa],
      tiposVenda: [55],
    },
    token,
    h,
  );
  expect(soDelivery.corpo.valido, JSON.stringify(soDelivery.corpo)).toBe(true);
});
afterAll(() => t.fechar());

describe('POST /api/impressao/producao', () => {
  it('splits a sale by print sector, then prints only what changed', async () => {
    const vendaId = 'a'.repeat(24);
    const r1 = (
      await imprimir(vendaId, [
        item('1', 'X-Burguer', '2', { obs: 'sem cebola' }),
        item('2', 'Refrigerante 2L', '1'),
        item('3', 'Produto Genérico', '1'),
      ])
    ).corpo.data as unknown as Resultado;
    expect(r1.impressoes).toHaveLength(2);
    expect(r1.semSetor.map((s) => s.descricao)).toEqual(['Produto Genérico']);
    const [cozinha] = porSetor(r1, setor.Cozinha);
    const [bar] = porSetor(r1, setor.Bar);
    expect(cozinha?.tipoImpressao).toEqual({ id: 3, descricao: 'Produção' });
    expect(cozinha?.origemId).toBe(vendaId);
    const textoCozinha = await textoDo(cozinha?._id as string);
    expect(textoCozinha).toContain('PRODUÇÃO - COZINHA');
    expect(textoCozinha).toContain('MESA 5');
    expect(textoCozinha).toMatch(/2 x X-Burguer\n {3}Obs: sem cebola/);
    expect(textoCozinha).not.toContain('Refrigerante');
    const textoBar = await textoDo(bar?._id as string);
    expect(textoBar).toContain('1 x Refrigerante 2L');
    expect(textoBar).not.toContain('X-Burguer');
    expect(cozinha?.producaoItens).toEqual([
      expect.objectContaining({ chave: '1', tipo: 'novo', quantidade: '2.0000', descricao: 'X-Burguer' }),
    ]);

    // The same sale again: nothing new for the kitchen.
    const r2 = (
      await imprimir(vendaId, [
        item('1', 'X-Burguer', '2', { obs: 'sem cebola' }),
        item('2', 'Refrigerante 2L', '1'),
        item('3', 'Produto Genérico', '1'),
      ])
    ).corpo.data as unknown as Resultado;
    expect(r2.impressoes).toEqual([]);

    // One more burger, a note on the soda, the generic item deleted.
    const r3 = (
      await imprimir(vendaId, [
        item('1', 'X-Burguer', '3', { obs: 'sem cebola' }),
        item('2', 'Refrigerante 2L', '1', { obs: 'com gelo' }),
      ])
    ).corpo.data as unknown as Resultado;
    expect(r3.impressoes).toHaveLength(2);
    expect(await textoDo(porSetor(r3, setor.Cozinha)[0]?._id as string)).toMatch(/\+1 x X-Burguer/);
    expect(await textoDo(porSetor(r3, setor.Bar)[0]?._id as string)).toMatch(
      /\*\* ALTERADO \*\*\n1 x Refrigerante 2L\n {3}Obs: com gelo/,
    );

    // The burger line cancelled.
    const r4 = (
      await imprimir(vendaId, [
        item('1', 'X-Burguer', '3', { obs: 'sem cebola', cancelado: true }),
        item('2', 'Refrigerante 2L', '1', { obs: 'com gelo' }),
      ])
    ).corpo.data as unknown as Resultado;
    expect(r4.impressoes).toHaveLength(1);
    expect(await textoDo(r4.impressoes[0]?._id as string)).toContain('CANCELADO 3 x X-Burguer');
  });

  it('a category rule limited to delivery (55) routes only delivery sales', async () => {
    const mesa = (await imprimir('d'.repeat(24), [item('1', 'Ingresso Show', '1')])).corpo
      .data as unknown as Resultado;
    expect(mesa.impressoes).toEqual([]);
    expect(mesa.semSetor.map((s) => s.descricao)).toEqual(['Ingresso Show']);
    const r = await t.post(
      '/api/impressao/producao',
      {
        terminal,
        vendaId: 'e'.repeat(24),
        venda: { tipoVenda: 55, numero: 900, sequencialPeriodo: 17 },
        itens: [item('1', 'Ingresso Show', '1')],
      },
      token,
    );
    const delivery = r.corpo.data as unknown as Resultado;
    expect(delivery.impressoes.map((i) => i.setorImpressao)).toEqual([setor.Caixa]);
    // delivery shows the period sequence, not the sale number
    const texto = await textoDo(delivery.impressoes[0]?._id as string);
    expect(texto).toContain('DELIVERY 17');
    expect(texto).not.toContain('900');
  });

  it('the demo data routes snacks to the Cozinha by category (seed rule)', async () => {
    const r = (await imprimir('9'.repeat(24), [item('1', 'Batata Frita Porção', '1')])).corpo
      .data as unknown as Resultado;
    expect(r.impressoes.map((i) => i.setorImpressao)).toEqual([setor.Cozinha]);
  });

  it('a retry with the same Idempotency-Key prints nothing more', async () => {
    const vendaId = 'b'.repeat(24);
    const h = { 'idempotency-key': 'producao-b-1' };
    const a = (await imprimir(vendaId, [item('1', 'X-Burguer', '1')], h)).corpo.data as unknown as Resultado;
    const b = (await imprimir(vendaId, [item('1', 'X-Burguer', '1')], h)).corpo.data as unknown as Resultado;
    expect(b.impressoes.map((i) => i._id)).toEqual(a.impressoes.map((i) => i._id));
    const n = await consultarUm(
      t.banco.db,
      sql`select count(*)::int as n from impressao where origem_id = ${vendaId}`,
    );
    expect(n?.n).toBe(1);
  });

  it('a refusal (label printer in a sector) prints nothing and keeps the kitchen state', async () => {
    const vendaId = 'c'.repeat(24);
    await t.put(`/api/impressora/${impressoraBar}`, { modelo: 8 }, token);
    const r = await imprimir(vendaId, [item('1', 'X-Burguer', '1'), item('2', 'Refrigerante 2L', '2')]);
    expect(r.corpo.valido).toBe(false);
    expect(r.corpo.data.message).toMatch(
      /é de etiquetas \(Elgin L42 \(etiqueta\)\) e não imprime comprovantes/,
    );
    const n = await consultarUm(
      t.banco.db,
      sql`select count(*)::int as n from impressao where origem_id = ${vendaId}`,
    );
    expect(n?.n).toBe(0);
    await t.put(`/api/impressora/${impressoraBar}`, { modelo: 1 }, token);
    const ok = (await imprimir(vendaId, [item('1', 'X-Burguer', '1'), item('2', 'Refrigerante 2L', '2')]))
      .corpo.data as unknown as Resultado;
    // Both lines still new: the failed attempt stored nothing.
    expect(ok.impressoes).toHaveLength(2);
  });
});

/** The database handle with its statements counted (transactions included), on either backend. */
function contandoComandos(db: Db): { db: Db; comandos: () => number } {
  let n = 0;
  const envolver = (alvo: object): object =>
    new Proxy(alvo, {
      get(o, chave) {
        const valor: unknown = Reflect.get(o, chave);
        if (typeof valor !== 'function') return valor;
        if (chave === 'execute')
          return (...args: unknown[]) => {
            n++;
            return valor.apply(o, args);
          };
        if (chave === 'transaction')
          return (corpo: (tx: object) => unknown, ...resto: unknown[]) =>
            valor.call(o, (tx: object) => corpo(envolver(tx)), ...resto);
        return valor.bind(o);
      },
    });
  return { db: envolver(db) as Db, comandos: () => n };
}

describe('production tickets cost', () => {
  // A sale's tickets run after every sale write (the kitchen sync): the statements they cost must not grow
  // with the number of print sectors (they did: the sector, its printer and the terminal were read again
  // for each sector, 5 statements more per sector).
  it('a sale to three print sectors costs the statements of a sale to one', async () => {
    const contado = contandoComandos(t.banco.db);
    const servico = new ServicoImpressao(contado.db, tempoReal, () => undefined);
    const ctx = { grupoEmpresarialId: t.demo.grupoId, usuarioId: null };
    const delivery = { tipoVenda: 55 as const, numero: 77, sequencialPeriodo: 7 };
    const entrada = (vendaId: string, itens: ReturnType<typeof item>[]) => ({
      terminalId: terminal,
      vendaId,
      venda: delivery,
      itens: itens.map((i) => ({ ...i, produtoId: i.produto as string })),
    });

    const antesUm = contado.comandos();
    const um = await imprimirProducao(
      servico,
      ctx,
      entrada('1'.repeat(24), [item('1', 'Refrigerante 2L', '1')]),
    );
    const comandosUm = contado.comandos() - antesUm;
    expect(um.impressoes.map((i) => i.setorImpressao)).toEqual([setor.Bar]);

    const antesTres = contado.comandos();
    const tres = await imprimirProducao(
      servico,
      ctx,
      entrada('2'.repeat(24), [
        item('1', 'X-Burguer', '1'),
        item('2', 'Refrigerante 2L', '1'),
        item('3', 'Ingresso Show', '1'),
      ]),
    );
    const comandosTres = contado.comandos() - antesTres;
    expect(new Set(tres.impressoes.map((i) => i.setorImpressao))).toEqual(
      new Set([setor.Cozinha, setor.Bar, setor.Caixa]),
    );
    expect(comandosTres).toBe(comandosUm);
    // terminal + store, the products with their sector rules, the sent state, the sectors with their
    // printers, every copy in one insert
    expect(comandosUm).toBeLessThanOrEqual(5);

    // A later write of the same sale with one more line: the sent state is found and locked, then updated.
    const antesDepois = contado.comandos();
    const depois = await imprimirProducao(
      servico,
      ctx,
      entrada('2'.repeat(24), [
        item('1', 'X-Burguer', '2'),
        item('2', 'Refrigerante 2L', '1'),
        item('3', 'Ingresso Show', '1'),
      ]),
    );
    expect(depois.impressoes.map((i) => i.setorImpressao)).toEqual([setor.Cozinha]);
    expect(contado.comandos() - antesDepois).toBe(comandosUm + 2);
  });
});
