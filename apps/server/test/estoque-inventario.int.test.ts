import {
  ESTADO_INICIAL,
  escreverEstoque,
  lerEstoque,
  TIPO_MOVIMENTO_ESTOQUE,
  valorizarHistorico,
} from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arrayTexto, consultar } from '../src/db/consultar.ts';
import { novoId } from '../src/lib/ids.ts';
import { type AppTeste, criarAppTeste, type Registro } from './app-teste.ts';

// Stock count (estoqueInventario, issue 17) through the routes, as the stock keeper: a count from a filter with
// the snapshot at its date, typed quantities (zero is a count; negative and NaN are not), a collector file
// with an unknown code (listed, nothing imported), the review against the balance at the count's date (a move
// written after the snapshot but dated before the count is in it; one dated after is not), posting once under
// two posts at once, the adjustments in the kardex with their values, a cancelled count never posted, the
// report. PGlite by default; PostgreSQL with the server-pg project.

// The consumption worker wakes only at start and when a sale ends here: the pending-sale test controls the
// outbox itself.
process.env.ESTOQUE_CONSUMO_INTERVALO_MS = '3600000';

let t: AppTeste;
let grupo: string;
let loja: string;
let admin: string;
let estoquista: string;
let caixa: string;

const msg = (r: { corpo: { data: Registro } }) => String(r.corpo.data.message ?? '');
const dados = <T>(r: { corpo: { data: unknown } }) => r.corpo.data as T;

/** EAN-13 with its check digit. */
function ean13(base12: string): string {
  const soma = [...base12].reduce((s, d, i) => s + Number(d) * (i % 2 ? 3 : 1), 0);
  return `${base12}${(10 - (soma % 10)) % 10}`;
}

interface Produto {
  id: string;
  codigo: number;
  gtin: string;
}

let seqProduto = 0;
async function novoProduto(
  descricao: string,
  opcoes: { custo?: string; categorias?: string[] } = {},
): Promise<Produto> {
  seqProduto++;
  const codigo = 97000 + seqProduto;
  const gtin = ean13(`789${String(900000000 + seqProduto)}`);
  const r = await t.post(
    '/api/produtoGeral',
    {
      descricao,
      codigoInterno: codigo,
      gtin,
      tipoProduto: 1,
      custo: opcoes.custo ?? '1.00',
      preco: '10.00',
      categorias: opcoes.categorias ?? [],
    },
    admin,
  );
  expect(r.corpo.valido, JSON.stringify(r.corpo)).toBe(true);
  return { id: String(r.corpo.data._id), codigo, gtin };
}

async function entrada(
  itens: { produto: string; quantidade: string; custoUnitario: string }[],
  data?: string,
) {
  const r = await t.post(
    '/api/estoque/entrada',
    { _id: novoId(), empresa: loja, ...(data ? { data } : {}), itens },
    estoquista,
  );
  expect(r.corpo.valido, JSON.stringify(r.corpo)).toBe(true);
}

async function movimentos(produto: string) {
  return consultar(
    t.banco.db,
    sql`select id, tipo, data, quantidade::text as q, custo_informado, custo_unitario::text as c, valor::text as v,
               saldo_apos::text as s, custo_medio_apos::text as m, origem_tipo, origem_id
          from estoque_movimento where grupo_empresarial_id = ${grupo} and empresa_id = ${loja}
           and produto_id = ${produto} order by data, seq`,
  );
}

/** Cache = Σ moves and every running figure = a fold from scratch. */
async function conferirLivro(produto: string) {
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
  }
  const [s] = await consultar(
    t.banco.db,
    sql`select quantidade::text as q, custo_medio::text as m from estoque_saldo
         where grupo_empresarial_id = ${grupo} and empresa_id = ${loja} and produto_id = ${produto}`,
  );
  const ultimo = dobra.at(-1) ?? ESTADO_INICIAL;
  expect(escreverEstoque(lerEstoque(String(s?.q ?? '0')))).toBe(escreverEstoque(ultimo.saldo));
  expect(escreverEstoque(lerEstoque(String(s?.m ?? '0')))).toBe(escreverEstoque(ultimo.custoMedio));
}

interface Item {
  produto: { _id: string };
  quantidade: string | null;
  saldoSistema?: string;
  localizacao: string | null;
}
interface Folha {
  inventario: Registro & { status: string; numero: number; itens: number; contados: number };
  itens: Item[];
}
interface Diferenca {
  produto: { _id: string };
  contada: string;
  saldo: string;
  diferenca: string;
  custo: string;
  valor: string;
  movimento: string | null;
}
interface Revisao {
  diferencas: Diferenca[];
  totais: Record<string, string | number>;
  movimentosDepoisDoInstantaneo: number;
}

const folha = async (id: string, token = estoquista) => {
  const r = await t.get(`/api/estoque/inventario/${id}`, token);
  expect(r.corpo.valido, JSON.stringify(r.corpo)).toBe(true);
  return dados<Folha>(r);
};
const contar = (id: string, itens: { produto: string; quantidade: string | null }[], somar = false) =>
  t.put(`/api/estoque/inventario/${id}/contagem`, { itens, somar }, estoquista);
const quantidades = async (id: string) =>
  Object.fromEntries((await folha(id)).itens.map((i) => [i.produto._id, i.quantidade]));

const hora = 3_600_000;
let categoria: string;
let subcategoria: string;
let a: Produto;
let b: Produto;
let c: Produto;
let d: Produto;
let f: Produto;
let fora: Produto;
let dataContagem: string;

beforeAll(async () => {
  t = await criarAppTeste();
  grupo = t.demo.grupoId;
  loja = t.demo.empresas.centro;
  admin = await t.login('admin@exemplo.com.br', 'admin123');
  estoquista = await t.login('estoque@exemplo.com.br', 'estoque123');
  caixa = await t.login('caixa@exemplo.com.br', 'caixa123');
  const cat = await t.post('/api/agrupador', { descricao: 'Inventário teste', tipo: 'categoria' }, admin);
  categoria = String(cat.corpo.data._id);
  const sub = await t.post(
    '/api/agrupador',
    { descricao: 'Inventário teste - congelados', tipo: 'categoria', agrupadorPai: categoria },
    admin,
  );
  subcategoria = String(sub.corpo.data._id);
  a = await novoProduto('Inv Farinha', { custo: '5.00', categorias: [categoria] });
  b = await novoProduto('Inv Fermento', { custo: '2.50', categorias: [categoria] });
  c = await novoProduto('Inv Queijo', { custo: '40.00', categorias: [categoria] });
  d = await novoProduto('Inv Polpa congelada', { custo: '4.00', categorias: [subcategoria] });
  f = await novoProduto('Inv Orégano', { custo: '30.00', categorias: [categoria] });
  fora = await novoProduto('Inv Fora da categoria', { custo: '1.00' });
  // D has no stock history in the store: it is counted because the store's registration controls it.
  const cad = await t.post(
    '/api/estoqueCadastro',
    { empresa: loja, produtoGeral: d.id, controlaEstoque: true, localizacao: 'Freezer 9' },
    admin,
  );
  expect(cad.corpo.valido, JSON.stringify(cad.corpo)).toBe(true);
  const antes = new Date(Date.now() - 5 * hora).toISOString();
  await entrada(
    [
      { produto: a.id, quantidade: '10', custoUnitario: '5' },
      { produto: b.id, quantidade: '4', custoUnitario: '2.5' },
      { produto: c.id, quantidade: '1.5', custoUnitario: '40' },
      { produto: f.id, quantidade: '0.5', custoUnitario: '30' },
      { produto: fora.id, quantidade: '3', custoUnitario: '1' },
    ],
    antes,
  );
  dataContagem = new Date(Date.now() - 2 * hora).toISOString();
});
afterAll(async () => t.fechar());

describe('count', () => {
  let inv: string;

  it('is created from the filter (sub-groups included) with the snapshot at its date, once per _id', async () => {
    inv = novoId();
    const corpo = {
      _id: inv,
      empresa: loja,
      data: dataContagem,
      descricao: 'Inventário mensal',
      filtro: { agrupadores: [categoria] },
    };
    const [r1, r2] = await Promise.all([
      t.post('/api/estoque/inventario', corpo, estoquista),
      t.post('/api/estoque/inventario', corpo, estoquista),
    ]);
    expect(r1.corpo.valido, JSON.stringify(r1.corpo)).toBe(true);
    expect(r2.corpo.valido, JSON.stringify(r2.corpo)).toBe(true);
    expect(r2.corpo.data.numero).toBe(r1.corpo.data.numero);
    expect(r1.corpo.data.status).toBe('aberto');
    const s = await folha(inv);
    const porProduto = Object.fromEntries(s.itens.map((i) => [i.produto._id, i]));
    expect(Object.keys(porProduto).sort()).toEqual([a.id, b.id, c.id, d.id, f.id].sort());
    expect(porProduto[a.id]?.saldoSistema).toBe('10.000000');
    expect(porProduto[c.id]?.saldoSistema).toBe('1.500000');
    expect(porProduto[d.id]?.saldoSistema).toBe('0.000000');
    expect(porProduto[d.id]?.localizacao).toBe('Freezer 9');
    // Sheet order: by location (products without one last), then description.
    expect(s.itens[0]?.produto._id).toBe(d.id);
    expect(s.inventario.itens).toBe(5);
  });

  it('by location; and a blind count never sends the system quantity', async () => {
    const opcoes = await t.get(`/api/estoque/inventario/opcoes?empresa=${loja}`, estoquista);
    expect(opcoes.corpo.valido, JSON.stringify(opcoes.corpo)).toBe(true);
    const o = dados<{ agrupadores: { _id: string; descricao: string }[]; localizacoes: string[] }>(opcoes);
    expect(o.localizacoes).toContain('Freezer 9');
    expect(o.agrupadores.find((a) => a._id === subcategoria)?.descricao).toBe(
      'Inventário teste › Inventário teste - congelados',
    );
    expect((await t.get(`/api/estoque/inventario/opcoes?empresa=${loja}`, caixa)).corpo.valido).toBe(false);
    const porLocal = await t.post(
      '/api/estoque/inventario',
      { _id: novoId(), empresa: loja, filtro: { localizacoes: ['Freezer 9'] }, cega: true },
      estoquista,
    );
    expect(porLocal.corpo.valido, JSON.stringify(porLocal.corpo)).toBe(true);
    const s = await folha(String(porLocal.corpo.data._id));
    expect(s.itens.map((i) => i.produto._id)).toEqual([d.id]);
    expect(s.itens[0]).not.toHaveProperty('saldoSistema');
    expect(JSON.stringify(s)).not.toContain('saldoSistema');
    const nada = await t.post(
      '/api/estoque/inventario',
      { _id: novoId(), empresa: loja, filtro: { localizacoes: ['Lugar nenhum'] } },
      estoquista,
    );
    expect(msg(nada)).toContain('Nenhum produto controlado');
    const futura = await t.post(
      '/api/estoque/inventario',
      { _id: novoId(), empresa: loja, data: new Date(Date.now() + 2 * hora).toISOString() },
      estoquista,
    );
    expect(msg(futura)).toContain('não pode ser futura');
  });

  it('takes zero as a count and refuses negative, NaN and 7 places, changing nothing', async () => {
    const r = await contar(inv, [
      { produto: a.id, quantidade: '8' },
      { produto: b.id, quantidade: '0' },
    ]);
    expect(r.corpo.valido, JSON.stringify(r.corpo)).toBe(true);
    expect(r.corpo.data.status).toBe('emContagem');
    const antes = await quantidades(inv);
    expect(antes[a.id]).toBe('8.000000');
    expect(antes[b.id]).toBe('0.000000');
    for (const [quantidade, texto] of [
      ['-1', 'negativa'],
      ['NaN', 'itens.0.quantidade'],
      ['1.1234567', '6 casas'],
      ['abc', 'itens.0.quantidade'],
    ] as const) {
      const recusa = await contar(inv, [{ produto: a.id, quantidade }]);
      expect(recusa.corpo.valido).toBe(false);
      expect(recusa.status).toBeLessThan(500);
      expect(JSON.stringify(recusa.corpo.data)).toContain(texto);
    }
    const desconhecido = await contar(inv, [{ produto: novoId(), quantidade: '1' }]);
    expect(msg(desconhecido)).toBe('Produto não encontrado!');
    expect(await quantidades(inv)).toEqual(antes);
  });

  it('imports nothing from a file with an unknown code, listing each bad line with its number', async () => {
    const antes = await quantidades(inv);
    const r = await t.post(
      `/api/estoque/inventario/${inv}/importar`,
      { conteudo: `codigo;quantidade\n${a.gtin};7\n999999;3\n${c.codigo};1,5\n${b.codigo};abc\n` },
      estoquista,
    );
    expect(r.corpo.valido).toBe(false);
    expect(r.status).toBeLessThan(500);
    expect(msg(r)).toContain('2 linhas com erro: nada foi importado');
    const erros = (
      r.corpo.data as unknown as { erros: { linha: number; codigo: string; mensagem: string }[] }
    ).erros;
    expect(erros.map((e) => [e.linha, e.codigo])).toEqual([
      [3, '999999'],
      [5, String(b.codigo)],
    ]);
    expect(erros[0]?.mensagem).toContain('não encontrado');
    expect(await quantidades(inv)).toEqual(antes);
  });

  it('imports a collector file: GTIN or code, decimal comma, the same product on two lines summed', async () => {
    const r = await t.post(
      `/api/estoque/inventario/${inv}/importar`,
      { conteudo: `${a.gtin};7\r\n${c.codigo},1,25\r\n${c.gtin}\t0,25\r\n${d.codigo};2\r\n` },
      estoquista,
    );
    expect(r.corpo.valido, JSON.stringify(r.corpo)).toBe(true);
    const q = await quantidades(inv);
    expect([q[a.id], q[b.id], q[c.id], q[d.id], q[f.id]]).toEqual([
      '7.000000',
      '0.000000',
      '1.500000',
      '2.000000',
      null,
    ]);
    // Adding to what was counted: a second shelf.
    const soma = await contar(inv, [{ produto: d.id, quantidade: '1' }], true);
    expect(soma.corpo.valido).toBe(true);
    expect((await quantidades(inv))[d.id]).toBe('3.000000');
    await contar(inv, [{ produto: d.id, quantidade: '2' }]);
  });

  it('reviews against the balance at the count date: a move written later but dated before counts, one after does not', async () => {
    // A sale synced late: written now, dated 30 min before the count.
    const tardia = await t.post(
      '/api/estoque/saidaManual',
      {
        _id: novoId(),
        empresa: loja,
        data: new Date(Date.parse(dataContagem) - 30 * 60_000).toISOString(),
        motivo: 'perda',
        itens: [{ produto: b.id, quantidade: '1' }],
      },
      estoquista,
    );
    expect(tardia.corpo.valido, JSON.stringify(tardia.corpo)).toBe(true);
    // A move after the count: not part of what was on the shelf at the count.
    const depois = await t.post(
      '/api/estoque/saidaManual',
      { _id: novoId(), empresa: loja, motivo: 'perda', itens: [{ produto: a.id, quantidade: '1' }] },
      estoquista,
    );
    expect(depois.corpo.valido, JSON.stringify(depois.corpo)).toBe(true);

    const r = await t.get(`/api/estoque/inventario/${inv}/revisao`, estoquista);
    expect(r.corpo.valido, JSON.stringify(r.corpo)).toBe(true);
    const rev = dados<Revisao>(r);
    // A: 7 − 10 = −3 × 5 = −15.00; B: 0 − 3 (not 4) = −3 × 2.50 = −7.50; D: 2 − 0 at its registered cost 4 = 8.00;
    // C counted as it is: no difference; F not counted.
    expect(rev.diferencas.map((x) => [x.produto._id, x.saldo, x.diferenca, x.custo, x.valor])).toEqual([
      [a.id, '10.000000', '-3.000000', '5.000000', '-15.00'],
      [d.id, '0.000000', '2.000000', '4.000000', '8.00'],
      [b.id, '3.000000', '-3.000000', '2.500000', '-7.50'],
    ]);
    expect(rev.totais).toMatchObject({
      sobra: '8.00',
      falta: '-22.50',
      liquido: '-14.50',
      itensComDiferenca: 3,
      naoContados: 1,
      itens: 5,
    });
    expect(rev.movimentosDepoisDoInstantaneo).toBe(1);
    const zerando = dados<Revisao>(
      await t.get(`/api/estoque/inventario/${inv}/revisao?naoContados=zerar`, estoquista),
    );
    expect(zerando.totais.falta).toBe('-37.50');
    const semPermissao = await t.get(`/api/estoque/inventario/${inv}/revisao`, caixa);
    expect(semPermissao.corpo.valido).toBe(false);
  });

  it('is posted only once checked, waits for sales still in the consumption outbox, and asks about the uncounted', async () => {
    const cedo = await t.post(`/api/estoque/inventario/${inv}/efetivar`, {}, estoquista);
    expect(msg(cedo)).toContain('Confira o inventário');
    const conf = await t.post(`/api/estoque/inventario/${inv}/conferir`, {}, estoquista);
    expect(conf.corpo.valido, JSON.stringify(conf.corpo)).toBe(true);
    expect(conf.corpo.data.status).toBe('conferido');
    expect(msg(await contar(inv, [{ produto: f.id, quantidade: '1' }]))).toContain('reabra a contagem');

    // A sale ended before the count whose consumption is not written yet.
    await consultar(
      t.banco.db,
      sql`insert into estoque_venda_pendente (grupo_empresarial_id, empresa_id, venda_id, created_at)
          values (${grupo}, ${loja}, ${novoId()}, ${new Date(Date.parse(dataContagem) - hora).toISOString()}::timestamptz)`,
    );
    const espera = await t.post(
      `/api/estoque/inventario/${inv}/efetivar`,
      { naoContados: 'ignorar' },
      estoquista,
    );
    expect(msg(espera)).toContain('aguardando a baixa de estoque');
    await consultar(
      t.banco.db,
      sql`delete from estoque_venda_pendente where grupo_empresarial_id = ${grupo} and empresa_id = ${loja}`,
    );

    const pergunta = await t.post(`/api/estoque/inventario/${inv}/efetivar`, {}, estoquista);
    expect(pergunta.corpo.valido).toBe(false);
    expect(msg(pergunta)).toBe(
      '1 produto ficou sem contagem: conte, ou escolha se os não contados ficam como estão ou são zerados.',
    );
    const nenhum = await consultar(
      t.banco.db,
      sql`select id from estoque_movimento where grupo_empresarial_id = ${grupo} and origem_tipo = 'inventario'
           and origem_id = ${inv}`,
    );
    expect(nenhum).toEqual([]);
  });

  it('two posts at once write the adjustments once; the kardex shows them dated at the count with their values', async () => {
    const [r1, r2] = await Promise.all([
      t.post(`/api/estoque/inventario/${inv}/efetivar`, { naoContados: 'ignorar' }, estoquista),
      t.post(`/api/estoque/inventario/${inv}/efetivar`, { naoContados: 'ignorar' }, admin),
    ]);
    expect(r1.corpo.valido, JSON.stringify(r1.corpo)).toBe(true);
    expect(r2.corpo.valido, JSON.stringify(r2.corpo)).toBe(true);
    expect([r1.corpo.data.repetido, r2.corpo.data.repetido].sort()).toEqual([false, true]);
    const ajustes = await consultar(
      t.banco.db,
      sql`select produto_id, tipo, data, quantidade::text as q, valor::text as v from estoque_movimento
           where grupo_empresarial_id = ${grupo} and origem_tipo = 'inventario' and origem_id = ${inv}
           order by produto_id`,
    );
    expect(ajustes).toHaveLength(3);
    for (const m of ajustes) {
      expect(Number(m.tipo)).toBe(TIPO_MOVIMENTO_ESTOQUE.ajusteInventario);
      expect(new Date(String(m.data)).toISOString()).toBe(dataContagem);
    }
    const s = await folha(inv);
    expect(s.inventario.status).toBe('efetivado');

    // A: entry 10 @ 5, adjustment −3 at the count (−15.00, balance 7), then the exit after it (balance 6).
    const kardexA = await t.get(`/api/estoque/kardex?empresa=${loja}&produto=${a.id}`, estoquista);
    expect(kardexA.corpo.valido, JSON.stringify(kardexA.corpo)).toBe(true);
    const itensA = (kardexA.corpo.data as unknown as { itens: Registro[] }).itens;
    expect(itensA.map((m) => [m.tipo, m.quantidade, m.valor, m.saldoApos, m.origemTipo])).toEqual([
      [TIPO_MOVIMENTO_ESTOQUE.saidaManual, '-1.000000', '-5.00', '6.000000', 'saida_manual'],
      [TIPO_MOVIMENTO_ESTOQUE.ajusteInventario, '-3.000000', '-15.00', '7.000000', 'inventario'],
      [TIPO_MOVIMENTO_ESTOQUE.entrada, '10.000000', '50.00', '10.000000', 'entrada'],
    ]);
    expect(itensA[1]?.origemId).toBe(inv);
    expect(itensA[1]?.documento).toBe(`nº ${s.inventario.numero}`);
    // D: found 2 with no average: enters at the registered cost, which becomes its average.
    const movD = await movimentos(d.id);
    expect(movD.map((m) => [m.q, m.c, m.v, m.s, m.m, m.custo_informado])).toEqual([
      ['2.000000', '4.000000', '8.00', '2.000000', '4.000000', true],
    ]);
    const movB = await movimentos(b.id);
    expect(movB.at(-1)).toMatchObject({ q: '-3.000000', v: '-7.50', s: '0.000000' });
    for (const p of [a, b, c, d, f]) await conferirLivro(p.id);

    const rev = dados<Revisao>(await t.get(`/api/estoque/inventario/${inv}/revisao`, estoquista));
    expect(rev.totais).toMatchObject({ sobra: '8.00', falta: '-22.50', itensComDiferenca: 3 });
    expect(rev.diferencas.every((x) => x.movimento !== null)).toBe(true);
    expect(
      msg(await t.post(`/api/estoque/inventario/${inv}/cancelar`, { motivo: 'x' }, estoquista)),
    ).toContain('já foi efetivado');
    const denovo = await t.post(
      `/api/estoque/inventario/${inv}/efetivar`,
      { naoContados: 'zerar' },
      estoquista,
    );
    expect(denovo.corpo.data.repetido).toBe(true);
    expect(
      await consultar(
        t.banco.db,
        sql`select id from estoque_movimento where origem_tipo = 'inventario' and origem_id = ${inv}`,
      ),
    ).toHaveLength(3);
  });

  it('a cancelled count cannot be posted', async () => {
    const id = novoId();
    const criar = await t.post(
      '/api/estoque/inventario',
      { _id: id, empresa: loja, filtro: { agrupadores: [categoria] } },
      estoquista,
    );
    expect(criar.corpo.valido, JSON.stringify(criar.corpo)).toBe(true);
    await contar(id, [{ produto: a.id, quantidade: '1' }]);
    expect((await t.post(`/api/estoque/inventario/${id}/conferir`, {}, estoquista)).corpo.valido).toBe(true);
    const semMotivo = await t.post(`/api/estoque/inventario/${id}/cancelar`, { motivo: ' ' }, estoquista);
    expect(JSON.stringify(semMotivo.corpo.data)).toContain('Informe o motivo');
    const negado = await t.post(`/api/estoque/inventario/${id}/cancelar`, { motivo: 'errado' }, caixa);
    expect(negado.corpo.valido).toBe(false);
    const cancelar = await t.post(
      `/api/estoque/inventario/${id}/cancelar`,
      { motivo: 'contagem errada' },
      estoquista,
    );
    expect(cancelar.corpo.valido, JSON.stringify(cancelar.corpo)).toBe(true);
    expect(cancelar.corpo.data.status).toBe('cancelado');
    const efetivar = await t.post(
      `/api/estoque/inventario/${id}/efetivar`,
      { naoContados: 'zerar' },
      estoquista,
    );
    expect(efetivar.corpo.valido).toBe(false);
    expect(msg(efetivar)).toBe('Este inventário foi cancelado e não pode ser efetivado.');
    expect(
      await consultar(
        t.banco.db,
        sql`select id from estoque_movimento where origem_tipo = 'inventario' and origem_id = ${id}`,
      ),
    ).toEqual([]);
  });

  it('a count dated in a closed stock period is neither created nor posted', async () => {
    const dia = (ms: number) => new Date(ms).toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' });
    const quatroDias = new Date(Date.now() - 4 * 24 * hora).toISOString();
    const id = novoId();
    const criar = await t.post(
      '/api/estoque/inventario',
      { _id: id, empresa: loja, data: quatroDias, filtro: { agrupadores: [categoria] } },
      estoquista,
    );
    expect(criar.corpo.valido, JSON.stringify(criar.corpo)).toBe(true);
    await contar(id, [{ produto: a.id, quantidade: '1' }]);
    expect((await t.post(`/api/estoque/inventario/${id}/conferir`, {}, estoquista)).corpo.valido).toBe(true);
    const fechar = await t.post(
      '/api/estoque/periodo/fechar',
      { empresa: loja, ate: dia(Date.now() - 3 * 24 * hora) },
      estoquista,
    );
    expect(fechar.corpo.valido, JSON.stringify(fechar.corpo)).toBe(true);
    const efetivar = await t.post(
      `/api/estoque/inventario/${id}/efetivar`,
      { naoContados: 'ignorar' },
      estoquista,
    );
    expect(efetivar.corpo.valido).toBe(false);
    expect(msg(efetivar)).toContain('está fechado até');
    const outro = await t.post(
      '/api/estoque/inventario',
      { _id: novoId(), empresa: loja, data: quatroDias, filtro: { agrupadores: [categoria] } },
      estoquista,
    );
    expect(msg(outro)).toContain('Reabra o período ou escolha outra data');
    expect(
      await consultar(
        t.banco.db,
        sql`select id from estoque_movimento where origem_tipo = 'inventario' and origem_id = ${id}`,
      ),
    ).toEqual([]);
    const reabrir = await t.post(
      '/api/estoque/periodo/reabrir',
      { empresa: loja, ate: null, motivo: 'teste do inventário' },
      estoquista,
    );
    expect(reabrir.corpo.valido, JSON.stringify(reabrir.corpo)).toBe(true);
    expect(
      (await t.post(`/api/estoque/inventario/${id}/cancelar`, { motivo: 'teste' }, estoquista)).corpo.valido,
    ).toBe(true);
  });

  it('is refused to a user without the permission, naming it', async () => {
    const r = await t.post('/api/estoque/inventario', { _id: novoId(), empresa: loja }, caixa);
    expect(r.corpo.valido).toBe(false);
    expect(msg(r)).toContain('Falta a permissão');
    const lista = await t.get(`/api/estoque/inventario?empresa=${loja}`, caixa);
    expect(lista.corpo.valido).toBe(false);
  });

  it('lists the counts and reports the posted ones of the period with their values', async () => {
    const lista = await t.get(`/api/estoque/inventario?empresa=${loja}`, estoquista);
    expect(lista.corpo.valido, JSON.stringify(lista.corpo)).toBe(true);
    const { itens } = dados<{ itens: { _id: string; status: string }[] }>(lista);
    expect(itens.find((i) => i._id === inv)?.status).toBe('efetivado');
    const ini = new Date(Date.now() - 24 * hora).toISOString();
    const fim = new Date(Date.now() + hora).toISOString();
    const r = await t.get(
      `/api/estoque/relatorio/inventario?empresa=${loja}&dataInicial=${encodeURIComponent(ini)}&dataFinal=${encodeURIComponent(fim)}`,
      estoquista,
    );
    expect(r.corpo.valido, JSON.stringify(r.corpo)).toBe(true);
    const rel = dados<{ linhas: Registro[]; totais: Record<string, string> }>(r);
    expect(
      rel.linhas.map((l) => [l.inventario, l.valorSobra, l.valorFalta, l.valorLiquido, l.itensComDiferenca]),
    ).toEqual([[inv, '8.00', '-22.50', '-14.50', 3]]);
    expect(rel.totais).toEqual({ sobra: '8.00', falta: '-22.50', liquido: '-14.50' });
    const semPermissao = await t.get(
      `/api/estoque/relatorio/inventario?empresa=${loja}&dataInicial=${encodeURIComponent(ini)}&dataFinal=${encodeURIComponent(fim)}`,
      caixa,
    );
    expect(semPermissao.corpo.valido).toBe(false);
  });
  it('a posted count is reversed once: reversing moves point at the adjustments; refused in a closed period', async () => {
    const dia = (ms: number) => new Date(ms).toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' });
    const cat = await t.post('/api/agrupador', { descricao: 'Inventário estorno', tipo: 'categoria' }, admin);
    const grupoEstorno = String(cat.corpo.data._id);
    const g = await novoProduto('Inv Estorno Tomate', { custo: '2.00', categorias: [grupoEstorno] });
    const h = await novoProduto('Inv Estorno Azeite', { custo: '7.00', categorias: [grupoEstorno] });
    const cad = await t.post(
      '/api/estoqueCadastro',
      { empresa: loja, produtoGeral: h.id, controlaEstoque: true },
      admin,
    );
    expect(cad.corpo.valido, JSON.stringify(cad.corpo)).toBe(true);
    await entrada(
      [{ produto: g.id, quantidade: '10', custoUnitario: '3' }],
      new Date(Date.now() - 5 * 24 * hora).toISOString(),
    );
    const dataK = new Date(Date.now() - 4 * 24 * hora).toISOString();
    const k = novoId();
    const criar = await t.post(
      '/api/estoque/inventario',
      { _id: k, empresa: loja, data: dataK, filtro: { agrupadores: [grupoEstorno] } },
      estoquista,
    );
    expect(criar.corpo.valido, JSON.stringify(criar.corpo)).toBe(true);
    // G: 10 on the system, 8 counted: −2 at the average 3.00 = −6.00. H: never in stock, 1 found: +1 at the
    // registered 7.00 = +7.00.
    expect(
      (
        await contar(k, [
          { produto: g.id, quantidade: '8' },
          { produto: h.id, quantidade: '1' },
        ])
      ).corpo.valido,
    ).toBe(true);
    expect((await t.post(`/api/estoque/inventario/${k}/conferir`, {}, estoquista)).corpo.valido).toBe(true);
    const efetivar = await t.post(`/api/estoque/inventario/${k}/efetivar`, {}, estoquista);
    expect(efetivar.corpo.valido, JSON.stringify(efetivar.corpo)).toBe(true);
    const ajustes = await consultar(
      t.banco.db,
      sql`select id, produto_id, quantidade::text as q, valor::text as v from estoque_movimento
           where grupo_empresarial_id = ${grupo} and origem_tipo = 'inventario' and origem_id = ${k}
           order by seq`,
    );
    const ajusteDe = new Map(ajustes.map((m) => [String(m.produto_id), m]));
    expect(ajusteDe.get(g.id)).toMatchObject({ q: '-2.000000', v: '-6.00' });
    expect(ajusteDe.get(h.id)).toMatchObject({ q: '1.000000', v: '7.00' });
    // 1 tomato used today, after the count: 7 left.
    const saida = await t.post(
      '/api/estoque/saidaManual',
      { _id: novoId(), empresa: loja, motivo: 'consumoInterno', itens: [{ produto: g.id, quantidade: '1' }] },
      estoquista,
    );
    expect(saida.corpo.valido, JSON.stringify(saida.corpo)).toBe(true);

    // The count's day is closed: refused, nothing written.
    const fechar = await t.post(
      '/api/estoque/periodo/fechar',
      { empresa: loja, ate: dia(Date.now() - 3 * 24 * hora) },
      estoquista,
    );
    expect(fechar.corpo.valido, JSON.stringify(fechar.corpo)).toBe(true);
    const fechado = await t.post(
      `/api/estoque/inventario/${k}/estornar`,
      { motivo: 'Contagem duplicada' },
      estoquista,
    );
    expect(fechado.corpo.valido).toBe(false);
    expect(msg(fechado)).toBe(
      `O estoque desta loja está fechado até ${dia(Date.now() - 3 * 24 * hora)
        .split('-')
        .reverse()
        .join(
          '/',
        )}: o inventário de ${dia(Date.parse(dataK)).split('-').reverse().join('/')} não pode ser estornado. Reabra o período para estornar.`,
    );
    const reabrir = await t.post(
      '/api/estoque/periodo/reabrir',
      { empresa: loja, ate: null, motivo: 'estornar o inventário' },
      estoquista,
    );
    expect(reabrir.corpo.valido, JSON.stringify(reabrir.corpo)).toBe(true);

    // Without the permission, or without a reason: refused.
    const negado = await t.post(`/api/estoque/inventario/${k}/estornar`, { motivo: 'x' }, caixa);
    expect(negado.corpo.valido).toBe(false);
    expect(msg(negado)).toContain('Falta a permissão');
    const semMotivo = await t.post(`/api/estoque/inventario/${k}/estornar`, { motivo: ' ' }, estoquista);
    expect(JSON.stringify(semMotivo.corpo.data)).toContain('Informe o motivo do estorno.');
    expect(
      await consultar(
        t.banco.db,
        sql`select id from estoque_movimento where estorno_de = any(${arrayTexto([...ajusteDe.values()].map((m) => String(m.id)))})`,
      ),
    ).toEqual([]);

    const r = await t.post(
      `/api/estoque/inventario/${k}/estornar`,
      { motivo: 'Contagem duplicada' },
      estoquista,
    );
    expect(r.corpo.valido, JSON.stringify(r.corpo)).toBe(true);
    const estornado = dados<{ inventario: Registro; movimentos: number }>(r);
    expect(estornado.movimentos).toBe(2);
    expect(estornado.inventario).toMatchObject({ status: 'estornado', motivoEstorno: 'Contagem duplicada' });
    expect((estornado.inventario.estornadoPor as Registro | null)?.nome).toBeTruthy();
    expect((await folha(k)).inventario.status).toBe('estornado');
    // One reversing move per adjustment, pointing at it, dated at the count, undoing its value exactly; the
    // adjustments themselves are untouched.
    const estornos = await consultar(
      t.banco.db,
      sql`select produto_id, tipo, data, quantidade::text as q, valor::text as v, estorno_de from estoque_movimento
           where grupo_empresarial_id = ${grupo} and origem_tipo = 'inventario' and origem_id = ${k}
             and estorno_de is not null`,
    );
    expect(estornos).toHaveLength(2);
    for (const e of estornos) {
      const ajuste = ajusteDe.get(String(e.produto_id))!;
      expect(e.estorno_de).toBe(ajuste.id);
      expect(Number(e.tipo)).toBe(TIPO_MOVIMENTO_ESTOQUE.estorno);
      expect(new Date(String(e.data)).toISOString()).toBe(dataK);
      expect(e.q).toBe(escreverEstoque(-lerEstoque(String(ajuste.q))));
      expect(Number(e.v)).toBe(-Number(ajuste.v));
    }
    const depois = await consultar(
      t.banco.db,
      sql`select produto_id, quantidade::text as q from estoque_movimento where id = any(${arrayTexto(ajustes.map((m) => String(m.id)))})`,
    );
    expect(Object.fromEntries(depois.map((m) => [String(m.produto_id), m.q]))).toEqual({
      [g.id]: '-2.000000',
      [h.id]: '1.000000',
    });
    // 10 − 2 + 2 − 1 = 9 tomatoes; the olive oil back to 0.
    const saldos = await consultar(
      t.banco.db,
      sql`select produto_id, quantidade::text as q from estoque_saldo
           where grupo_empresarial_id = ${grupo} and empresa_id = ${loja} and produto_id = any(${arrayTexto([g.id, h.id])})`,
    );
    expect(Object.fromEntries(saldos.map((s) => [String(s.produto_id), s.q]))).toEqual({
      [g.id]: '9.000000',
      [h.id]: '0.000000',
    });
    for (const p of [g, h]) await conferirLivro(p.id);

    // Once: a second reversal is refused and writes nothing; a reversed count is not cancelled either.
    const segundo = await t.post(`/api/estoque/inventario/${k}/estornar`, { motivo: 'de novo' }, estoquista);
    expect(segundo.corpo.valido).toBe(false);
    expect(msg(segundo)).toBe('Este inventário já foi estornado: os ajustes já foram desfeitos no estoque.');
    const cancelar = await t.post(`/api/estoque/inventario/${k}/cancelar`, { motivo: 'x' }, estoquista);
    expect(msg(cancelar)).toContain('foi estornado');
    expect(
      await consultar(
        t.banco.db,
        sql`select id from estoque_movimento where origem_tipo = 'inventario' and origem_id = ${k}`,
      ),
    ).toHaveLength(4);
  });
});
