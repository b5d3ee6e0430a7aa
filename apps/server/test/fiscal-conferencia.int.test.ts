import { MENSAGENS_NCM, type Venda, vendaSchema } from '@retaguarda/domain';
import { MENSAGENS_CERTIFICADO, ncmExiste, type SimuladorSefaz, VIGENCIA_NCM } from '@retaguarda/fiscal';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { consultar, consultarUm } from '../src/db/consultar.ts';
import { novoId } from '../src/lib/ids.ts';
import { gerarPfxDemonstracao } from '../src/modules/fiscal/certificado-demo.ts';
import { MENSAGENS_CSC } from '../src/modules/fiscal/conferencia.ts';
import { type AppTeste, criarAppTeste, type Registro } from './app-teste.ts';
import { apontarParaSimulador, gravarVendaTeste } from './fiscal-apoio.ts';

// Issue 15 points 5, 7, 8 and 9 (decision 0009) end to end against the local SEFAZ simulator: the note is what the
// customer paid, nothing spends a number before it can be sent (NCM at save, XSD before the number, automatic
// inutilização of a note SEFAZ refused), pt-BR reasons with the fix, and the store's own clock.

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

let t: AppTeste;
let sim: SimuladorSefaz;
let admin: string;

beforeEach(async () => {
  t = await criarAppTeste();
  sim = await apontarParaSimulador(t);
  admin = await t.login('admin@exemplo.com.br', 'admin123');
});

afterEach(async () => {
  await t.fechar();
  await sim.fechar();
});

const LATA = 'Refrigerante Lata 350ml';

async function produto(descricao: string) {
  const l = await consultarUm(
    t.banco.db,
    sql`select id from produto_geral where grupo_empresarial_id = ${t.demo.grupoId} and descricao = ${descricao}`,
  );
  if (!l) throw new Error(descricao);
  return { _id: l.id as string, descricao };
}

async function dinheiro() {
  const l = await consultarUm(
    t.banco.db,
    sql`select id, descricao from forma_pagamento where empresa_id = ${t.demo.empresas.centro} and (tipo->>'id')::int = 77`,
  );
  if (!l) throw new Error('dinheiro');
  return { _id: l.id as string, descricao: l.descricao as string, tipo: 77, tipoTroco: 1 };
}

/** An ended counter sale of one can sold at `preco`, paid `pago` in cash with the change the cashier gave. */
async function venda(preco: string, pago: string, troco: string): Promise<Venda> {
  const lata = await produto(LATA);
  const agora = new Date().toISOString();
  return vendaSchema.parse({
    _id: novoId(),
    empresa: t.demo.empresas.centro,
    grupoEmpresarial: t.demo.grupoId,
    tipoVenda: { id: 53 },
    status: { id: 59 },
    data: agora,
    produtos: [
      {
        _id: novoId(),
        numeroItem: 1,
        produto: lata,
        quantidade: '1',
        precoVenda: preco,
        valorBruto: preco,
        valorLiquido: preco,
        confirmado: true,
        data: agora,
      },
    ],
    pagamentos: [
      {
        _id: novoId(),
        formaPagamento: await dinheiro(),
        valor: preco,
        valorPago: pago,
        valorTroco: troco,
        data: agora,
      },
    ],
    subTotal: preco,
    total: preco,
  });
}

const emitir = async (v: Venda) => {
  await gravarVendaTeste(t, v);
  return t.post('/api/enviaNFCE', { empresa: v.empresa, venda: v._id }, admin);
};

const configurarLata = (cfg: Record<string, unknown>, ncm = '22021000') =>
  consultar(
    t.banco.db,
    sql`update produto_geral set configuracao_imposto = ${JSON.stringify(cfg)}::jsonb, ncm = ${ncm}
        where grupo_empresarial_id = ${t.demo.grupoId} and descricao = ${LATA}`,
  );

const SIMPLES = { origem: 0, CFOP: '5405', CSOSN: '500', PIS: { CST: '49' }, COFINS: { CST: '49' } };

async function ultimoNumero(): Promise<number> {
  const seq = await t.get(`/api/getSequencialNota/${t.demo.empresas.centro}`, admin);
  return Number((seq.corpo.data as Registro).ultimoNumero);
}

async function linha(id: string) {
  const l = await consultarUm(t.banco.db, sql`select * from nfce where id = ${id}`);
  if (!l) throw new Error(id);
  return l;
}

describe('a nota é o que o cliente pagou (ponto 5)', () => {
  it('89,32 pagos com 100,00: vNF 89,32, vPag 100,00 e vTroco 10,68 como o caixa deu; ICMS-ST por cima recusado sem número', async () => {
    await configurarLata(SIMPLES);
    const r = await emitir(await venda('89.32', '100.00', '10.68'));
    expect(r.corpo.valido, JSON.stringify(r.corpo)).toBe(true);
    const l = await linha((r.corpo.data as Registro)._id as string);
    expect(
      l.numero,
      JSON.stringify(await consultar(t.banco.db, sql`select numero, status_nota, x_motivo from nfce`)),
    ).toBe(1);
    expect(String(l.valor)).toBe('89.32');
    expect(l.xml).toContain('<vNF>89.32</vNF>');
    expect(l.xml).toContain('<detPag><tPag>01</tPag><vPag>100.00</vPag></detPag><vTroco>10.68</vTroco>');
    expect(await ultimoNumero()).toBe(1);

    // The same sale with the can set up to retain ST (CSOSN 202, MVA 40%): the ST would go on top of 89,32.
    await configurarLata({
      ...SIMPLES,
      CSOSN: '202',
      pICMS: '18',
      modBCST: 4,
      pMVAST: '40',
      pICMSST: '18',
      CEST: '0300700',
    });
    const st = await emitir(await venda('89.32', '100.00', '10.68'));
    // 89,32 x 1,40 = 125,05 x 18% = 22,51 - own 16,08 = 6,43
    expect(st.corpo).toMatchObject({
      valido: false,
      data: {
        message:
          `Produto ${LATA}: o ICMS-ST (CSOSN 202) somaria R$ 6,43 ao total da nota (R$ 95,75), mas o cliente pagou ` +
          'R$ 89,32. Em venda ao consumidor final não há retenção de ICMS-ST: no cadastro do produto, estado PR, use ' +
          'CSOSN 500 (ICMS cobrado anteriormente por substituição tributária).',
      },
    });
    expect(await ultimoNumero()).toBe(1);
  });
});

describe('nada gasta número antes de poder ser enviado (ponto 7)', () => {
  it('NCM conferido ao salvar o produto: 8 dígitos e presente na tabela oficial; os produtos da demonstração valem', async () => {
    expect(ncmExiste('12345678')).toBe(false);
    const pastel = { descricao: 'Pastel de Vento', tipoProduto: { id: 1 }, preco: '8.00' };
    const inexistente = await t.post('/api/produtoGeral', { ...pastel, ncm: '12345678' }, admin);
    expect(inexistente.corpo.valido).toBe(false);
    expect(inexistente.corpo.data.message).toBe(
      `NCM: ${MENSAGENS_NCM.inexistente('12345678', VIGENCIA_NCM)}`,
    );
    const curto = await t.post('/api/produtoGeral', { ...pastel, ncm: '2202100' }, admin);
    expect(curto.corpo.data.message).toBe(`NCM: ${MENSAGENS_NCM.formato}`);
    const nada = await consultarUm(
      t.banco.db,
      sql`select count(*)::int as n from produto_geral where descricao = 'Pastel de Vento'`,
    );
    expect(nada?.n).toBe(0);
    const ok = await t.post('/api/produtoGeral', { ...pastel, ncm: '19022000' }, admin);
    expect(ok.corpo.valido, JSON.stringify(ok.corpo)).toBe(true);

    const seed = await consultar(
      t.banco.db,
      sql`select descricao, ncm from produto_geral where grupo_empresarial_id = ${t.demo.grupoId}`,
    );
    expect(seed.length).toBeGreaterThan(5);
    for (const p of seed) expect(ncmExiste(String(p.ncm)), String(p.descricao)).toBe(true);
  });

  it('NCM fora da tabela, CEST fora do formato (XSD) e valor ilegível no imposto: recusados com a correção, sem número', async () => {
    await configurarLata(SIMPLES, '12345678');
    const ncm = await emitir(await venda('6.50', '6.50', '0.00'));
    expect(ncm.corpo.data.message).toBe(
      `Produto ${LATA}: ${MENSAGENS_NCM.inexistente('12345678', VIGENCIA_NCM)} A nota não foi emitida!`,
    );

    await configurarLata({ ...SIMPLES, CEST: '123' });
    const xsd = await emitir(await venda('6.50', '6.50', '0.00'));
    expect(xsd.corpo.data.message).toBe(
      'A NFC-e não foi emitida e nenhum número foi usado. Item 1 (Refrigerante Lata 350ml): CEST com o valor "123" ' +
        'fora do formato (7 dígitos); corrija no cadastro do produto.',
    );

    await configurarLata({ ...SIMPLES, CSOSN: '101', pCredSN: 'dois' });
    const ilegivel = await emitir(await venda('6.50', '6.50', '0.00'));
    expect(ilegivel.corpo.valido).toBe(false);
    expect(String(ilegivel.corpo.data.message)).toMatch(
      /^A NFC-e não foi emitida e nenhum número foi usado: /,
    );
    expect(String(ilegivel.corpo.data.message)).not.toContain('Erro Não Catalogado');

    expect(await ultimoNumero()).toBe(0);
  });

  it('nota rejeitada pela SEFAZ (778) nunca poderá ser enviada: o número é inutilizado na hora e a lista mostra', async () => {
    await configurarLata(SIMPLES);
    await sim.definirCenario({ modo: 'rejeitar', cStat: 778 });
    const r = await emitir(await venda('6.50', '6.50', '0.00'));
    expect(r.corpo.valido).toBe(false);
    const id = (r.corpo.data as Registro)._id as string;
    const l = await linha(id);
    expect(l).toMatchObject({ status_nota: 'erro', c_stat: 778, numero: 1 });
    expect(String(l.aviso)).toMatch(
      /^Número 1 inutilizado automaticamente \(protocolo \d{15}\): a nota rejeitada pela SEFAZ \(778\)/,
    );
    const evento = await consultarUm(
      t.banco.db,
      sql`select * from fiscal_evento where empresa_id = ${t.demo.empresas.centro} and tipo = 'inutilizacao'`,
    );
    expect(evento).toMatchObject({ sucesso: true, c_stat: 102 });
    expect(evento?.dados).toMatchObject({ numeroInicial: 1, numeroFinal: 1 });
    const lista = await t.post(
      '/api/nfce/getPopulate',
      { filtro: { empresa: t.demo.empresas.centro } },
      admin,
    );
    const naLista = (lista.corpo.data as unknown as Registro[]).find((n) => n._id === id);
    expect(String(naLista?.aviso)).toContain('Número 1 inutilizado automaticamente');
    // The DF-e report lists the voided number among the inutilizações.
    const dfe = await t.post(
      '/api/relatorioDFE',
      {
        empresa: t.demo.empresas.centro,
        dataInicial: new Date(Date.now() - 86_400_000).toISOString(),
        dataFinal: new Date(Date.now() + 86_400_000).toISOString(),
      },
      admin,
    );
    expect((dfe.corpo.data as unknown as { inutilizacoes: unknown[] }).inutilizacoes).toEqual([
      expect.objectContaining({ numeroInicial: 1, numeroFinal: 1, cStat: 102 }),
    ]);

    // A busy SEFAZ (999) keeps the number for a resend.
    await sim.definirCenario({ modo: 'rejeitar', cStat: 999 });
    const ocupada = await emitir(await venda('6.50', '6.50', '0.00'));
    expect(String((await linha((ocupada.corpo.data as Registro)._id as string)).aviso ?? '')).not.toContain(
      'inutilizado',
    );
  });

  it('inutilização automática que falhou (SEFAZ lenta para ela) é refeita pela fila na rodada seguinte', async () => {
    await configurarLata(SIMPLES);
    // SEFAZ answers the voiding after the whole budget (3 s): the automatic inutilização fails.
    await sim.definirCenario({ modo: 'lento', atrasoMs: 8_000, operacoes: ['inutilizacao'] });
    // The till's clock 10 minutes late: SEFAZ refuses the emission time (704), a note that can never be sent.
    const relogio = t.app.fiscal.servico.tempo;
    const agoraReal = relogio.agora;
    relogio.agora = () => new Date(Date.now() - 10 * 60_000);
    let r: Awaited<ReturnType<typeof emitir>>;
    try {
      r = await emitir(await venda('6.50', '6.50', '0.00'));
    } finally {
      relogio.agora = agoraReal;
    }
    expect(r.corpo.valido).toBe(false);
    const id = (r.corpo.data as Registro)._id as string;
    const antes = await linha(id);
    expect(antes).toMatchObject({ status_nota: 'erro', c_stat: 704 });
    expect(String(antes.aviso)).toContain(`o número ${antes.numero} ainda não foi inutilizado`);

    // SEFAZ back to normal: the worker's next pass voids the number and the list says so.
    await sim.definirCenario({ modo: 'autorizar' });
    const resumo = await t.app.fiscal.fila.processar();
    expect(resumo.inutilizados).toBeGreaterThanOrEqual(1);
    const depois = await linha(id);
    expect(String(depois.aviso)).toMatch(
      new RegExp(`^Número ${depois.numero} inutilizado automaticamente \\(protocolo \\d{15}\\)`),
    );
    // A second pass finds nothing left to void.
    expect((await t.app.fiscal.fila.processar()).inutilizados).toBe(0);
  });
});

describe('mensagens em pt-BR (ponto 8) e relógio da UF (ponto 9)', () => {
  it('certificado com senha errada ou arquivo danificado e CSC inválido: o motivo e a correção', async () => {
    const empresa = t.demo.empresas.shopping;
    const pfx = gerarPfxDemonstracao('11444777000161', 'Pizzaria Shopping', 'senha-certa');
    const enviar = (b64: string, senha: string) =>
      t.post(`/api/fiscal/certificado/${empresa}`, { pfxBase64: b64, senha }, admin);
    expect((await enviar(pfx.toString('base64'), 'senha-errada')).corpo.data.message).toBe(
      MENSAGENS_CERTIFICADO.senha,
    );
    const danificado = pfx.subarray(0, 200).toString('base64');
    expect((await enviar(danificado, 'senha-certa')).corpo.data.message).toBe(
      MENSAGENS_CERTIFICADO.danificado,
    );
    expect((await enviar(pfx.toString('base64'), 'senha-certa')).corpo.valido).toBe(true);

    const csc = await t.put(
      `/api/fiscal/configuracao/${empresa}`,
      { cscId: '1', cscToken: 'curto demais' },
      admin,
    );
    expect(csc.corpo.valido).toBe(false);
    expect(String(csc.corpo.data.message)).toContain(MENSAGENS_CSC.token);
    const id = await t.put(`/api/fiscal/configuracao/${empresa}`, { cscId: 'abc' }, admin);
    expect(String(id.corpo.data.message)).toContain(MENSAGENS_CSC.id);
  });

  it('loja em Cuiabá (MT): dhEmi em -04:00 e o DANFE imprime a hora de Cuiabá', async () => {
    await configurarLata(SIMPLES);
    const cfg = await t.put(
      `/api/fiscal/configuracao/${t.demo.empresas.centro}`,
      { uf: 'MT', codigoMunicipio: '5103403' },
      admin,
    );
    expect(cfg.corpo.valido, JSON.stringify(cfg.corpo)).toBe(true);
    const r = await emitir(await venda('6.50', '10.00', '3.50'));
    expect(r.corpo.valido, JSON.stringify(r.corpo)).toBe(true);
    const l = await linha((r.corpo.data as Registro)._id as string);
    const dhEmi = /<dhEmi>([^<]+)<\/dhEmi>/.exec(String(l.xml))?.[1] ?? '';
    expect(dhEmi).toMatch(/-04:00$/);
    // The same instant as stored, written on Cuiabá's clock (UTC-4, no daylight saving).
    const instante = new Date(l.dh_emi as string);
    expect(new Date(dhEmi).getTime()).toBe(instante.getTime());
    const local = new Date(instante.getTime() - 4 * 3_600_000).toISOString();
    expect(dhEmi.slice(0, 19)).toBe(local.slice(0, 19));
    const html = await t.app.inject({
      method: 'GET',
      url: `/api/nfce/${l.id as string}/danfe.html`,
      headers: { token: admin },
    });
    expect(html.body).toContain(
      `${local.slice(8, 10)}/${local.slice(5, 7)}/${local.slice(0, 4)} ${local.slice(11, 19)}`,
    );
  });
});
