import { PERMISSAO } from '@retaguarda/domain';
import type { SimuladorSefaz } from '@retaguarda/fiscal';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { consultarUm } from '../src/db/consultar.ts';
import { type AppTeste, criarAppTeste, type Registro, sha256Hex } from './app-teste.ts';
import { apontarParaSimulador } from './fiscal-apoio.ts';
import { type Loja, novoId, prepararLoja } from './vendas-apoio.ts';

// Issue 13 points 4 and 9 through the API, as the cashier: the customer's receipt of an ended sale (DANFE NFC-e
// in homologation or the non-fiscal receipt) and its reprint (permission 55 / 54, the supervisor's release),
// then the cash closing's labelled figures per payment type with a counted shortage.

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

let t: AppTeste;
let l: Loja;
let sim: SimuladorSefaz;
const msg = (r: { corpo: { data: Registro } }) => r.corpo.data.message;

/** The supervisor's release asked from the cashier's session (a release is bound to who asked for it). */
async function liberacao(permissao: number): Promise<string> {
  const r = await l.post(
    '/api/liberacaoSupervisor',
    { login: 'supervisor@exemplo.com.br', senha: sha256Hex('super123'), permissao, motivo: 'teste' },
    l.caixaToken,
  );
  expect(r.corpo.valido, JSON.stringify(r.corpo)).toBe(true);
  return r.corpo.data.liberacao as string;
}

beforeAll(async () => {
  t = await criarAppTeste();
  sim = await apontarParaSimulador(t, 5000);
  l = await prepararLoja(t);
  const aberto = await l.post(
    '/api/periodo/abrir',
    { terminal: l.terminal, valorAbertura: '100' },
    l.caixaToken,
  );
  expect(aberto.corpo.valido, JSON.stringify(aberto.corpo)).toBe(true);
});
afterAll(async () => {
  await t.fechar();
  await sim.fechar();
});

/** A counter sale of one pizza paid with `forma`, ended by the cashier. */
async function vender(forma: number, valorPago?: string): Promise<Registro> {
  const id = (await l.post('/api/venda', { tipoVenda: 53, terminal: l.terminal }, l.caixaToken)).corpo.data
    ._id as string;
  const itens = await l.post(
    `/api/venda/${id}/itens`,
    { produtos: [{ produto: await l.produto('Pizza Grande Mussarela') }] },
    l.caixaToken,
  );
  expect(itens.corpo.valido, JSON.stringify(itens.corpo)).toBe(true);
  const total = String(itens.corpo.data.total);
  const pag = await l.post(
    `/api/venda/${id}/pagamentos`,
    {
      _id: novoId(),
      formaPagamento: await l.forma(forma),
      valorPago: valorPago ?? total,
      terminal: l.terminal,
    },
    l.caixaToken,
  );
  expect(pag.corpo.valido, JSON.stringify(pag.corpo)).toBe(true);
  const fim = await l.post(`/api/venda/${id}/encerrar`, {}, l.caixaToken);
  expect(fim.corpo.valido, JSON.stringify(fim.corpo)).toBe(true);
  return fim.corpo.data;
}

const comprovante = (venda: string, corpo: Record<string, unknown>, token = l.caixaToken) =>
  l.post(`/api/venda/${venda}/comprovante`, { terminal: l.terminal, ...corpo }, token);

async function textoDoJob(id: string): Promise<string> {
  const r = await t.app.inject({
    method: 'GET',
    url: `/api/impressao/${id}/preview.html`,
    headers: { token: l.admin, version: 'teste' },
  });
  // One line per element: the words of a line and the lines apart.
  return r.body
    .replace(/<[^>]+>/g, '\n')
    .replace(/&amp;/g, '&')
    .split('\n')
    .map((x) => x.trim())
    .filter(Boolean)
    .join('\n');
}

const jobs = async (venda: string) =>
  Number(
    (
      await consultarUm(
        t.banco.db,
        sql`select count(*)::int as n from impressao where origem_id = ${venda} and tipo_impressao in (1, 5)`,
      )
    )?.n,
  );

describe('comprovante da venda', () => {
  let comNota: Registro;

  it('store with NFC-e: the DANFE of the homologation note is printed, marked without fiscal value', async () => {
    const cfg = await t.put(`/api/fiscal/configuracao/${l.empresa}`, { emitirNfce: true }, l.admin);
    expect(cfg.corpo.data.emitirNfce).toBe(true);
    comNota = await vender(77, '100');
    const nota = (comNota.nfce as Registro[])[0];
    expect(nota).toMatchObject({ statusNota: 'processado', cStat: 100 });
    const r = await comprovante(comNota._id as string, { documento: 'nfce' });
    expect(r.corpo.valido, JSON.stringify(r.corpo)).toBe(true);
    expect(r.corpo.data).toMatchObject({
      documento: 'nfce',
      reimpressao: false,
      aviso: null,
      notas: [{ numero: nota?.numero, chave: nota?.chave, homologacao: true, statusNota: 'processado' }],
    });
    const [job] = r.corpo.data.impressoes as Registro[];
    expect(job).toMatchObject({ tipoImpressao: { id: 1 }, origemId: comNota._id });
    const texto = await textoDoJob(job?._id as string);
    const corrido = texto.replace(/\n/g, ' ');
    expect(corrido).toContain('Documento Auxiliar da Nota Fiscal de Consumidor Eletrônica');
    // NFC-e manual (DANFE, division V): the homologation message, here on two lines of the 48-column roll.
    expect(corrido).toContain('EMITIDA EM AMBIENTE DE HOMOLOGAÇÃO - SEM VALOR FISCAL');
    expect(corrido.replace(/\s/g, '')).toContain(String(nota?.chave));
  });

  it('a reprint of the DANFE needs permission 55: the cashier asks the supervisor', async () => {
    const antes = await jobs(comNota._id as string);
    const negado = await comprovante(comNota._id as string, {});
    expect(msg(negado)).toBe('Supervisor não informado');
    expect(await jobs(comNota._id as string)).toBe(antes);
    const r = await comprovante(comNota._id as string, {
      liberacao: await liberacao(PERMISSAO.reimprimirNfce),
    });
    expect(r.corpo.data, JSON.stringify(r.corpo)).toMatchObject({ documento: 'nfce', reimpressao: true });
    expect(await jobs(comNota._id as string)).toBe(antes + 1);
  });

  it('the non-fiscal receipt when chosen; its reprint is the cashier’s own (54)', async () => {
    const r = await comprovante(comNota._id as string, { documento: 'naoFiscal' });
    expect(r.corpo.data).toMatchObject({ documento: 'naoFiscal', reimpressao: false, notas: [] });
    const [job] = r.corpo.data.impressoes as Registro[];
    expect(job).toMatchObject({ tipoImpressao: { id: 5 } });
    const texto = await textoDoJob(job?._id as string);
    expect(texto).toContain('RECIBO');
    expect(texto).toContain('NÃO É DOCUMENTO FISCAL');
    expect(texto).toMatch(/Troco\s+R\$ [\d,]+/);
    const de_novo = await comprovante(comNota._id as string, { documento: 'naoFiscal' });
    expect(de_novo.corpo.data).toMatchObject({ documento: 'naoFiscal', reimpressao: true });
  });

  it('without a note, the DANFE choice prints the receipt and says why; bad requests change nothing', async () => {
    await t.put(`/api/fiscal/configuracao/${l.empresa}`, { emitirNfce: false }, l.admin);
    const sem = await vender(80);
    expect(sem.nfce).toEqual([]);
    const r = await comprovante(sem._id as string, { documento: 'nfce' });
    expect(r.corpo.data).toMatchObject({
      documento: 'naoFiscal',
      aviso: 'Venda sem NFC-e autorizada: impresso o recibo não fiscal.',
    });
    // Reprint from 'Vendas' (no choice): the receipt, as the sale has no note.
    expect((await comprovante(sem._id as string, {})).corpo.data).toMatchObject({
      documento: 'naoFiscal',
      reimpressao: true,
    });
    const aberta = (await l.post('/api/venda', { tipoVenda: 53, terminal: l.terminal }, l.caixaToken)).corpo
      .data._id as string;
    expect(msg(await comprovante(aberta, {}))).toBe(
      'O comprovante só pode ser impresso para uma venda encerrada!',
    );
    const outraLoja = await consultarUm(
      t.banco.db,
      sql`select id from terminal where empresa_id = ${t.demo.empresas.shopping} limit 1`,
    );
    const r2 = await l.post(
      `/api/venda/${sem._id}/comprovante`,
      { terminal: outraLoja?.id, documento: 'naoFiscal' },
      l.admin,
    );
    expect(msg(r2)).toBe('Terminal não encontrado nesta loja!');
    const invalido = await comprovante(sem._id as string, { documento: 'cupom' });
    expect(invalido.status).toBe(200);
    expect(invalido.corpo.valido).toBe(false);
    expect(await jobs(aberta)).toBe(0);
  });

  it('the store setting takes only the three choices', async () => {
    // Company registrations are edited in the franchise manager company (franchise control).
    const gestor = { empresa: t.demo.empresas.gestor };
    const atual = (await l.get(`/api/empresa/${l.empresa}`, l.admin)).corpo.data.configuracoes as Registro;
    const errado = await l.put(
      `/api/empresa/${l.empresa}`,
      { configuracoes: { ...atual, comprovanteVenda: 'cupom' } },
      l.admin,
      gestor,
    );
    expect(errado.corpo.valido).toBe(false);
    const certo = await l.put(
      `/api/empresa/${l.empresa}`,
      { configuracoes: { ...atual, comprovanteVenda: 'perguntar' } },
      l.admin,
      gestor,
    );
    expect(certo.corpo.valido, JSON.stringify(certo.corpo)).toBe(true);
    const e = await l.get(`/api/empresa/${l.empresa}`, l.admin);
    expect((e.corpo.data.configuracoes as Registro).comprovanteVenda, JSON.stringify(e.corpo)).toBe(
      'perguntar',
    );
  });
});

describe('fechamento de caixa: cada valor com o seu rótulo, por forma de pagamento', () => {
  it('sales per payment type, expected vs counted per method, the shortage and the spec total labelled', async () => {
    // The sales of the receipt tests above are in this period too: read them from the report itself.
    await l.post(
      '/api/caixa/suprimento',
      { terminal: l.terminal, valor: '20', motivo: 'troco' },
      l.caixaToken,
    );
    await l.post(
      '/api/caixa/sangria',
      { terminal: l.terminal, valor: '50', motivo: 'cofre', liberacao: await liberacao(PERMISSAO.sangria) },
      l.caixaToken,
    );
    await vender(77);
    await vender(80);
    const periodo = (await l.get(`/api/periodo/atual?terminal=${l.terminal}`, l.caixaToken)).corpo.data
      .periodoId as string;
    const antes = (await l.get(`/api/periodo/${periodo}/relatorio`, l.caixaToken)).corpo.data;
    const f = antes.figuras as Registro;
    const vendas = f.vendasPorForma as Registro[];
    const porTipo = (tipo: number) => vendas.find((v) => v.tipo === tipo);
    expect(porTipo(77)).toMatchObject({ descricao: 'Dinheiro' });
    expect(porTipo(80)).toMatchObject({ descricao: 'Cartão de Crédito' });
    const centavos = (v: unknown) => Math.round(Number(v) * 100);
    const totalRegistrado = vendas.reduce((s, v) => s + centavos(v.valor), 0);
    expect(centavos(f.totalVendasRegistradas)).toBe(totalRegistrado);
    // Drawer: fund 100 + cash sales + supply 20 - bleed-off 50.
    const esperadoDinheiro = 10000 + centavos(porTipo(77)?.valor) + 2000 - 5000;
    expect(f).toMatchObject({
      valorAbertura: '100.00',
      totalSuprimentos: '20.00',
      quantidadeSuprimentos: 1,
      totalSangrias: '50.00',
      quantidadeSangrias: 1,
      contado: false,
      diferencaTotal: null,
    });
    expect(centavos(f.dinheiroEsperado)).toBe(esperadoDinheiro);
    // Not counted yet: the spec's total is the sales recorded.
    expect(centavos(f.totalVendasContagem)).toBe(totalRegistrado);

    // Counted: R$ 12,30 short in cash, the card as expected.
    const contagem = [
      { tipo: 77, valor: ((esperadoDinheiro - 1230) / 100).toFixed(2) },
      { tipo: 80, valor: String(porTipo(80)?.valor) },
    ];
    const r = await l.post(
      '/api/periodo/fechar',
      { terminal: l.terminal, contagem, liberacao: await liberacao(PERMISSAO.fecharCaixaComDiferenca) },
      l.caixaToken,
    );
    expect(r.corpo.valido, JSON.stringify(r.corpo)).toBe(true);
    const g = r.corpo.data.figuras as Registro;
    expect(g.contado).toBe(true);
    expect(g.diferencaTotal).toBe('-12.30');
    expect(g.conferencia).toEqual([
      {
        tipo: 77,
        descricao: 'Dinheiro',
        esperado: (esperadoDinheiro / 100).toFixed(2),
        contado: contagem[0]?.valor,
        diferenca: '-12.30',
      },
      {
        tipo: 80,
        descricao: 'Cartão de Crédito',
        esperado: porTipo(80)?.valor,
        contado: porTipo(80)?.valor,
        diferenca: '0.00',
      },
    ]);
    // Spec 1 section 9 keeps its formula (counted cash + bleed-offs + other types - supplies and fund): the
    // recorded sales less the shortage, and the report's old total is the same figure.
    expect(centavos(g.totalVendasContagem)).toBe(totalRegistrado - 1230);
    expect(r.corpo.data.totalVendas).toBe(g.totalVendasContagem);
    expect(r.corpo.data.periodo).toMatchObject({ diferenca: '-12.30', status: { id: 6 } });
  });
});
