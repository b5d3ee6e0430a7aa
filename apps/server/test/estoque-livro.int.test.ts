import {
  ESTADO_INICIAL,
  escreverEstoque,
  lerEstoque,
  TIPO_MOVIMENTO_ESTOQUE,
  valorizarHistorico,
} from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consultar } from '../src/db/consultar.ts';
import { novoId } from '../src/lib/ids.ts';
import { type NovoMovimento, registrarMovimentos } from '../src/modules/estoque/livro.ts';
import { type AppTeste, criarAppTeste, type Registro } from './app-teste.ts';

// The stock ledger (issue 17): balance = Σ moves and the stored running figures equal a fold from scratch on
// random histories (back-dated moves included), negative balance refused where the store refuses it, closed
// periods, manual exit sent twice, reversal once, kardex pages.

let t: AppTeste;
let admin: string;
let caixa: string;
let grupo: string;
let loja: string;
const msg = (r: { corpo: { data: Registro } }) => r.corpo.data.message;

async function novoProduto(descricao: string, custo = '1.00'): Promise<string> {
  const r = await t.post('/api/produtoGeral', { descricao, tipoProduto: 3, custo, preco: '10.00' }, admin);
  expect(r.corpo.valido, JSON.stringify(r.corpo)).toBe(true);
  return String(r.corpo.data._id);
}

/** The product's moves in ledger order, with the stored figures. */
async function movimentos(produto: string, empresa = loja) {
  return consultar(
    t.banco.db,
    sql`select id, quantidade::text as q, custo_informado, custo_unitario::text as c, valor::text as v,
               saldo_apos::text as s, custo_medio_apos::text as m
          from estoque_movimento where grupo_empresarial_id = ${grupo} and empresa_id = ${empresa}
           and produto_id = ${produto} order by data, seq`,
  );
}

async function saldo(produto: string, empresa = loja) {
  const [s] = await consultar(
    t.banco.db,
    sql`select quantidade::text as q, custo_medio::text as m from estoque_saldo
         where grupo_empresarial_id = ${grupo} and empresa_id = ${empresa} and produto_id = ${produto}`,
  );
  return s;
}

/** Checks the invariants of one product: cache = Σ and = last move; every stored figure = the fold. */
async function conferir(produto: string) {
  const movs = await movimentos(produto);
  const dobra = valorizarHistorico(
    movs.map((m) => ({
      quantidade: lerEstoque(String(m.q)),
      custoInformado: m.custo_informado ? lerEstoque(String(m.c)) : null,
    })),
  );
  for (const [i, m] of movs.entries()) {
    expect(escreverEstoque(lerEstoque(String(m.s)))).toBe(escreverEstoque(dobra[i]!.saldo));
    expect(escreverEstoque(lerEstoque(String(m.m)))).toBe(escreverEstoque(dobra[i]!.custoMedio));
    expect(escreverEstoque(lerEstoque(String(m.c)))).toBe(escreverEstoque(dobra[i]!.custoUnitario));
  }
  const s = await saldo(produto);
  const soma = movs.reduce((a, m) => a + lerEstoque(String(m.q)), 0n);
  expect(escreverEstoque(lerEstoque(String(s?.q ?? '0')))).toBe(escreverEstoque(soma));
  const ultimo = dobra.at(-1) ?? ESTADO_INICIAL;
  expect(escreverEstoque(lerEstoque(String(s?.m ?? '0')))).toBe(escreverEstoque(ultimo.custoMedio));
}

beforeAll(async () => {
  t = await criarAppTeste();
  grupo = t.demo.grupoId;
  loja = t.demo.empresas.centro;
  admin = await t.login('admin@exemplo.com.br', 'admin123');
  caixa = await t.login('caixa@exemplo.com.br', 'caixa123');
  // The store allows negative stock for the property test; the refusal test turns it off.
  await consultar(
    t.banco.db,
    sql`update empresa set configuracoes_estoque = coalesce(configuracoes_estoque, '{}'::jsonb) || '{"permitirEstoqueNegativo": true}'
         where id = ${loja}`,
  );
});
afterAll(async () => t.fechar());

describe('ledger invariants', () => {
  it('keeps balance = Σ moves and every running figure = the fold, on random histories with back-dated moves', async () => {
    const produto = await novoProduto('Produto propriedade');
    const base = Date.parse('2026-01-01T12:00:00Z');
    const movimento = fc.record({
      dia: fc.integer({ min: 0, max: 40 }),
      entrada: fc.boolean(),
      quantidade: fc.integer({ min: 1, max: 5_000_000 }),
      custo: fc.integer({ min: 0, max: 90_000_000 }),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(movimento, { minLength: 1, maxLength: 4 }), { maxLength: 6 }),
        async (lotes) => {
          for (const lote of lotes) {
            const novos: NovoMovimento[] = lote.map((m) => ({
              empresa: loja,
              produto,
              data: new Date(base + m.dia * 86_400_000).toISOString(),
              tipo: m.entrada ? TIPO_MOVIMENTO_ESTOQUE.entrada : TIPO_MOVIMENTO_ESTOQUE.saidaManual,
              quantidade: m.entrada ? BigInt(m.quantidade) : -BigInt(m.quantidade),
              custoUnitario: m.entrada ? BigInt(m.custo) : null,
              origemTipo: 'teste',
            }));
            await t.banco.db.transaction((tx) =>
              registrarMovimentos(tx, grupo, novos, { permitirNegativo: true }),
            );
          }
          await conferir(produto);
        },
      ),
      { numRuns: 12 },
    );
  });

  it('a back-dated entry recomputes the later exits of its product only', async () => {
    const a = await novoProduto('Produto A retroativo');
    const b = await novoProduto('Produto B vizinho');
    const dia = (d: number) => new Date(Date.parse('2026-02-01T12:00:00Z') + d * 86_400_000).toISOString();
    const gravar = (m: Omit<NovoMovimento, 'empresa' | 'origemTipo'>[]) =>
      t.banco.db.transaction((tx) =>
        registrarMovimentos(
          tx,
          grupo,
          m.map((x) => ({ ...x, empresa: loja, origemTipo: 'teste' })),
        ),
      );
    await gravar([
      { produto: a, data: dia(0), tipo: 1, quantidade: lerEstoque('10'), custoUnitario: lerEstoque('5') },
      { produto: b, data: dia(0), tipo: 1, quantidade: lerEstoque('10'), custoUnitario: lerEstoque('3') },
    ]);
    await gravar([
      { produto: a, data: dia(5), tipo: 2, quantidade: -lerEstoque('4') },
      { produto: b, data: dia(5), tipo: 2, quantidade: -lerEstoque('4') },
    ]);
    const bAntes = await movimentos(b);
    // Day 2: 10 more of A at 8 -> average (10·5 + 10·8)/20 = 6.5; the exit of day 5 now costs 6.5.
    await gravar([
      { produto: a, data: dia(2), tipo: 1, quantidade: lerEstoque('10'), custoUnitario: lerEstoque('8') },
    ]);
    const movsA = await movimentos(a);
    expect(movsA.map((m) => [m.q, m.c, m.s, m.m].map((x) => Number(x)))).toEqual([
      [10, 5, 10, 5],
      [10, 8, 20, 6.5],
      [-4, 6.5, 16, 6.5],
    ]);
    expect(Number(movsA[2]!.v)).toBe(-26);
    expect(await movimentos(b)).toEqual(bAntes);
    await conferir(a);
    await conferir(b);
  });
});

describe('manual exit, refusals and periods', () => {
  let produto: string;

  beforeAll(async () => {
    produto = await novoProduto('Queijo teste saída', '20.00');
    const r = await t.post(
      '/api/estoque/entrada',
      { _id: novoId(), empresa: loja, itens: [{ produto, quantidade: '5', custoUnitario: '20' }] },
      admin,
    );
    expect(r.corpo.valido, JSON.stringify(r.corpo)).toBe(true);
  });

  it('posts a manual exit once, however many times it is sent', async () => {
    const doc = {
      _id: novoId(),
      empresa: loja,
      motivo: 'perda',
      itens: [{ produto, quantidade: '0.5' }],
    };
    const [r1, r2] = await Promise.all([
      t.post('/api/estoque/saidaManual', doc, admin),
      t.post('/api/estoque/saidaManual', doc, admin),
    ]);
    expect(r1.corpo.valido, JSON.stringify(r1.corpo)).toBe(true);
    expect(r2.corpo.valido).toBe(true);
    const movs = (r1.corpo.data as unknown as { movimentos: Registro[] }).movimentos;
    expect(movs).toHaveLength(1);
    expect((r2.corpo.data as unknown as { movimentos: Registro[] }).movimentos[0]?._id).toBe(movs[0]?._id);
    expect(movs[0]?.valor).toBe('-10.00');
    expect(Number((await saldo(produto))?.q)).toBe(4.5);
  });

  it('refuses bad input with a clear message and writes nothing', async () => {
    const antes = await movimentos(produto);
    for (const [quantidade, texto] of [
      ['0', 'Quantidade inválida'],
      ['-2', 'Quantidade inválida'],
      ['NaN', 'itens.0.quantidade'],
      ['1.1234567', '6 casas'],
    ] as const) {
      const r = await t.post(
        '/api/estoque/saidaManual',
        { _id: novoId(), empresa: loja, motivo: 'perda', itens: [{ produto, quantidade }] },
        admin,
      );
      expect(r.corpo.valido).toBe(false);
      expect(r.status).toBeLessThan(500);
      expect(JSON.stringify(r.corpo.data)).toContain(texto);
    }
    const semMotivo = await t.post(
      '/api/estoque/saidaManual',
      { _id: novoId(), empresa: loja, motivo: 'outro', itens: [{ produto, quantidade: '1' }] },
      admin,
    );
    expect(JSON.stringify(semMotivo.corpo.data)).toContain('Descreva o motivo');
    expect(await movimentos(produto)).toEqual(antes);
  });

  it('refuses a negative balance where the store refuses it, naming product, store, balance and quantity', async () => {
    await consultar(
      t.banco.db,
      sql`update empresa set configuracoes_estoque = configuracoes_estoque || '{"permitirEstoqueNegativo": false}' where id = ${loja}`,
    );
    const antes = await movimentos(produto);
    const r = await t.post(
      '/api/estoque/saidaManual',
      { _id: novoId(), empresa: loja, motivo: 'quebra', itens: [{ produto, quantidade: '7' }] },
      admin,
    );
    expect(r.corpo.valido).toBe(false);
    expect(msg(r)).toMatch(
      /^Estoque insuficiente: Queijo teste saída na loja .+ tem saldo 4,5 e a quantidade pedida é 7\.$/,
    );
    expect(await movimentos(produto)).toEqual(antes);
    await consultar(
      t.banco.db,
      sql`update empresa set configuracoes_estoque = configuracoes_estoque || '{"permitirEstoqueNegativo": true}' where id = ${loja}`,
    );
  });

  it('reverses a manual move once', async () => {
    const r = await t.post(
      '/api/estoque/saidaManual',
      { _id: novoId(), empresa: loja, motivo: 'validade', itens: [{ produto, quantidade: '1' }] },
      admin,
    );
    const mov = (r.corpo.data as unknown as { movimentos: Registro[] }).movimentos[0]!;
    const [e1, e2] = await Promise.all([
      t.post(`/api/estoque/movimento/${mov._id}/estornar`, { motivo: 'lançada errada' }, admin),
      t.post(`/api/estoque/movimento/${mov._id}/estornar`, { motivo: 'lançada errada' }, admin),
    ]);
    const validos = [e1, e2].filter((e) => e.corpo.valido);
    expect(validos).toHaveLength(1);
    expect(msg([e1, e2].find((e) => !e.corpo.valido)!)).toBe('Este movimento já foi estornado.');
    expect(Number((await saldo(produto))?.q)).toBe(4.5);
    await conferir(produto);
  });

  it('refuses a move in a closed period until a user with the permission reopens it', async () => {
    const ontem = new Date(Date.now() - 86_400_000).toISOString();
    const dia = (d: string) => new Date(d).toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' });
    const ate = dia(new Date(Date.now() - 2 * 86_400_000).toISOString());
    const negado = await t.post('/api/estoque/periodo/fechar', { empresa: loja, ate }, caixa);
    expect(negado.corpo.valido).toBe(false);
    expect(msg(negado)).toContain('Falta a permissão');
    const fechar = await t.post('/api/estoque/periodo/fechar', { empresa: loja, ate }, admin);
    expect(fechar.corpo.valido, JSON.stringify(fechar.corpo)).toBe(true);
    const tresDias = new Date(Date.now() - 3 * 86_400_000).toISOString();
    const antes = await movimentos(produto);
    const r = await t.post(
      '/api/estoque/saidaManual',
      {
        _id: novoId(),
        empresa: loja,
        data: tresDias,
        motivo: 'perda',
        itens: [{ produto, quantidade: '1' }],
      },
      admin,
    );
    expect(r.corpo.valido).toBe(false);
    expect(msg(r)).toContain('está fechado até');
    expect(msg(r)).toContain('Reabra o período');
    expect(await movimentos(produto)).toEqual(antes);
    // Yesterday is after the closed day: accepted.
    const depois = await t.post(
      '/api/estoque/saidaManual',
      {
        _id: novoId(),
        empresa: loja,
        data: ontem,
        motivo: 'perda',
        itens: [{ produto, quantidade: '0.25' }],
      },
      admin,
    );
    expect(depois.corpo.valido, JSON.stringify(depois.corpo)).toBe(true);
    const reabrir = await t.post(
      '/api/estoque/periodo/reabrir',
      { empresa: loja, ate: null, motivo: 'acerto' },
      admin,
    );
    expect(reabrir.corpo.valido, JSON.stringify(reabrir.corpo)).toBe(true);
    const agora = await t.post(
      '/api/estoque/saidaManual',
      {
        _id: novoId(),
        empresa: loja,
        data: tresDias,
        motivo: 'perda',
        itens: [{ produto, quantidade: '0.25' }],
      },
      admin,
    );
    expect(agora.corpo.valido, JSON.stringify(agora.corpo)).toBe(true);
    await conferir(produto);
    const historico = await t.get(`/api/estoque/periodo?empresa=${loja}`, admin);
    expect(historico.lista.map((h) => h.acao)).toEqual(['reabertura', 'fechamento']);
  });

  it('pages the kardex newest first and shows the position with its value', async () => {
    const p1 = await t.get(`/api/estoque/kardex?empresa=${loja}&produto=${produto}&limite=2`, admin);
    expect(p1.corpo.valido, JSON.stringify(p1.corpo)).toBe(true);
    const d1 = p1.corpo.data as unknown as { itens: Registro[]; proximo: string | null };
    expect(d1.itens).toHaveLength(2);
    const todos = [...d1.itens];
    let proximo = d1.proximo;
    while (proximo) {
      const p = await t.get(
        `/api/estoque/kardex?empresa=${loja}&produto=${produto}&limite=2&antesDe=${encodeURIComponent(proximo)}`,
        admin,
      );
      const d = p.corpo.data as unknown as { itens: Registro[]; proximo: string | null };
      todos.push(...d.itens);
      proximo = d.proximo;
    }
    const ids = (await movimentos(produto)).map((m) => m.id).reverse();
    expect(todos.map((m) => m._id)).toEqual(ids);
    // Only manual moves not yet reversed may be reversed from the kardex.
    for (const m of todos) {
      const manual = m.origemTipo === 'saida_manual' || m.origemTipo === 'entrada';
      expect(m.estornavel, JSON.stringify(m)).toBe(manual && !m.estornado);
    }
    expect(todos.some((m) => m.estornavel)).toBe(true);
    expect(todos.some((m) => m.estornado && !m.estornavel)).toBe(true);
    const pos = await t.get(`/api/estoque/posicao?empresa=${loja}&busca=queijo teste`, admin);
    const itens = (pos.corpo.data as unknown as { itens: Registro[] }).itens;
    expect(itens).toHaveLength(1);
    expect(itens[0]?.quantidade).toBe(
      escreverEstoque((await movimentos(produto)).reduce((a, m) => a + lerEstoque(String(m.q)), 0n)),
    );
    const semPermissao = await t.get(`/api/estoque/posicao?empresa=${loja}`, caixa);
    expect(semPermissao.corpo.valido).toBe(false);
  });
});
