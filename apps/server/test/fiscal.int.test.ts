import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { type Venda, vendaSchema } from '@retaguarda/domain';
import {
  iniciarSimuladorSefaz,
  lerNfe,
  type SimuladorSefaz,
  validarChave,
  validarXsd,
} from '@retaguarda/fiscal';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { construirApp } from '../src/app.ts';
import { lerConfig } from '../src/config.ts';
import { consultar, consultarUm } from '../src/db/consultar.ts';
import { novoId } from '../src/lib/ids.ts';
import { gerarPfxDemonstracao } from '../src/modules/fiscal/certificado-demo.ts';
import { Cofre, MENSAGENS_COFRE } from '../src/modules/fiscal/cofre.ts';
import { mensagemNumeroInutilizado } from '../src/modules/fiscal/conferencia.ts';
import { inserirVenda } from '../src/modules/vendas/vendas.repositorio.ts';
import { type AppTeste, criarAppTeste, type Registro } from './app-teste.ts';
import { gravarVendaTeste } from './fiscal-apoio.ts';
import { abrirPeriodo, type Loja, prepararLoja } from './vendas-apoio.ts';

// NFC-e end to end against the local SEFAZ simulator (HTTPS SOAP, XSD + signature checks, keeps numbers):
// each test starts its own simulator and points its own app at it.

// Each test signs, validates (XSD worker) and talks HTTPS to its simulator: slow on a loaded 2-core machine.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

// Real inbound NF-e samples kept in the repository (packages/fiscal/test/fixtures/fiscal-ref/SOURCES.md).
const AMOSTRAS = new URL('../../../packages/fiscal/test/fixtures/fiscal-ref/samples/nfe55', import.meta.url)
  .pathname;
const INICIO = '2026-01-01T00:00:00-03:00';
const FIM = '2099-01-01T00:00:00-03:00';

let t: AppTeste;
let sim: SimuladorSefaz;
let admin: string;
let relogioSefaz: Date | undefined;

beforeEach(async () => {
  t = await criarAppTeste();
  relogioSefaz = undefined;
  sim = await iniciarSimuladorSefaz({ porta: 0, agora: () => relogioSefaz ?? new Date() });
  t.app.fiscal.servico.usarSefaz({ url: sim.url, ca: sim.certificadoPem, simulador: true, timeoutMs: 3000 });
  admin = await t.login('admin@exemplo.com.br', 'admin123');
});

afterEach(async () => {
  await t.fechar();
  await sim.fechar();
});

async function produto(descricao: string) {
  const l = await consultarUm(
    t.banco.db,
    sql`select id, preco from produto_geral where grupo_empresarial_id = ${t.demo.grupoId} and descricao = ${descricao}`,
  );
  if (!l) throw new Error(descricao);
  return { _id: l.id as string, descricao, preco: String(l.preco) };
}

async function formaPagamento(tipo: number) {
  const l = await consultarUm(
    t.banco.db,
    sql`select id, descricao from forma_pagamento where empresa_id = ${t.demo.empresas.centro} and (tipo->>'id')::int = ${tipo}`,
  );
  if (!l) throw new Error(String(tipo));
  return { _id: l.id as string, descricao: l.descricao as string, tipo, tipoTroco: tipo === 77 ? 1 : 2 };
}

/** An ended counter sale of Loja Centro: 1 pizza (54.90) + 2 cans (6.50), paid 70.00 in cash. */
async function vendaTeste(over: Record<string, unknown> = {}): Promise<Venda> {
  const pizza = await produto('Pizza Grande Calabresa');
  const lata = await produto('Refrigerante Lata 350ml');
  const agora = new Date().toISOString();
  const item = (
    n: number,
    p: { _id: string; descricao: string },
    qtd: string,
    preco: string,
    bruto: string,
  ) => ({
    _id: novoId(),
    numeroItem: n,
    produto: { _id: p._id, descricao: p.descricao },
    quantidade: qtd,
    precoVenda: preco,
    valorBruto: bruto,
    valorLiquido: bruto,
    confirmado: true,
    data: agora,
  });
  return vendaSchema.parse({
    _id: novoId(),
    empresa: t.demo.empresas.centro,
    grupoEmpresarial: t.demo.grupoId,
    tipoVenda: { id: 53 },
    status: { id: 59 },
    data: agora,
    produtos: [item(1, pizza, '1', '54.90', '54.90'), item(2, lata, '2', '6.50', '13.00')],
    pagamentos: [
      {
        _id: novoId(),
        formaPagamento: await formaPagamento(77),
        valor: '67.90',
        valorPago: '70.00',
        valorTroco: '2.10',
        data: agora,
      },
    ],
    subTotal: '67.90',
    total: '67.90',
    ...over,
  });
}

/** enviaNFCE with the client's copy of a sale that is stored first (the server builds from the stored one). */
const emitir = async (venda: Venda, token = admin, extra: Record<string, unknown> = {}) => {
  await gravarVendaTeste(t, venda);
  return t.post('/api/enviaNFCE', { empresa: venda.empresa, dadosNfe: venda, ...extra }, token);
};

type Corpo = Registro & {
  json?: { retorno: Registro; qrCode: string | null; protNFe: Registro | null };
  jsonMsg?: string;
};
const corpo = (r: { corpo: unknown }) => r.corpo as Corpo & { valido: boolean; data: Registro };

async function linhaNfce(id: string) {
  const l = await consultarUm(t.banco.db, sql`select * from nfce where id = ${id}`);
  if (!l) throw new Error(id);
  return l;
}

describe('NFC-e: emissão', () => {
  it('venda -> NFC-e autorizada pelo simulador: protocolo, qrCode e nfeProc válido no XSD gravados', async () => {
    const r = await emitir(await vendaTeste());
    const c = corpo(r);
    expect(c.valido, JSON.stringify(c)).toBe(true);
    expect(c.jsonMsg).toBe('Autorizado o uso da NF-e');
    expect(c.json?.retorno).toMatchObject({
      cStat: 100,
      statusNota: 'processado',
      numero: 1,
      serie: 1,
      tpEmis: 1,
    });
    expect(c.json?.protNFe?.nProt).toMatch(/^\d{15}$/);
    expect(String(c.json?.protNFe?.xml)).toContain('<protNFe');
    expect(c.json?.qrCode).toContain('?p=');
    const l = await linhaNfce(c.data._id as string);
    expect(l.status_nota).toBe('processado');
    expect(l.protocolo_recebimento).toBe(c.json?.protNFe?.nProt);
    expect(l.data_recebimento).not.toBeNull();
    expect(l.qr_code).toBe(c.json?.qrCode);
    expect(validarChave(l.chave as string)).toBe(true);
    expect(String(l.valor)).toBe('67.90');
    const xsd = await validarXsd(l.xml_proc as string, 'procNFe');
    expect(xsd.valido, JSON.stringify(xsd)).toBe(true);
    // Change (troco) and the cash payment mean (77 -> 01) are in the note.
    expect(l.xml).toContain('<detPag><tPag>01</tPag><vPag>70.00</vPag></detPag><vTroco>2.10</vTroco>');
    // Simples Nacional (demo CRT 1) uses CSOSN; the store's note is in the simulator.
    expect(l.xml).toContain('<CSOSN>102</CSOSN>');
    expect(sim.notas().map((n) => n.chave)).toContain(l.chave);

    // Detail, XML download and DANFE (HTML and ESC/POS).
    const det = await t.get(`/api/nfce/${l.id as string}`, admin);
    expect(det.corpo.data.xml).toBe(l.xml_proc);
    const xml = await t.app.inject({
      method: 'GET',
      url: `/api/nfce/${l.id as string}/xml`,
      headers: { token: admin },
    });
    expect(xml.headers['content-type']).toContain('application/xml');
    expect(xml.body).toContain('<nfeProc');
    const html = await t.app.inject({
      method: 'GET',
      url: `/api/nfce/${l.id as string}/danfe.html`,
      headers: { token: admin },
    });
    expect(html.headers['content-type']).toContain('text/html');
    expect(html.body).toContain('<svg');
    expect(html.body).toContain(l.protocolo_recebimento as string);
    // The authorisation time is printed in the note's offset (-03:00), as SEFAZ sent it.
    const dh = String(c.json?.protNFe?.dhRecbto);
    expect(dh).toMatch(/-03:00$/);
    expect(html.body).toContain(`${dh.slice(8, 10)}/${dh.slice(5, 7)}/${dh.slice(0, 4)} ${dh.slice(11, 19)}`);
    const esc = await t.app.inject({
      method: 'GET',
      url: `/api/nfce/${l.id as string}/danfe.escpos`,
      headers: { token: admin },
    });
    expect(esc.rawPayload.subarray(0, 2)).toEqual(Buffer.from([0x1b, 0x40]));
    expect(esc.rawPayload.includes(Buffer.from([0x1d, 0x28, 0x6b]))).toBe(true);

    // List by period/status/series.
    const lista = await t.post(
      '/api/nfce/getPopulate',
      {
        filtro: {
          empresa: t.demo.empresas.centro,
          dataInicial: INICIO,
          dataFinal: FIM,
          statusNota: 'processado',
          serie: 1,
        },
      },
      admin,
    );
    expect(lista.lista.map((n) => n.chave)).toEqual([l.chave]);
    expect(lista.lista[0]).not.toHaveProperty('xml');

    // The same sale is not issued twice.
    const de_novo = await emitir(await vendaTeste({ _id: l.venda_id }));
    expect(de_novo.corpo.data.message).toBe('Já existe NFC-e emitida para esta venda.');
  });

  it('enviaNFCE com o id de uma venda gravada pelo módulo de vendas', async () => {
    const venda = await vendaTeste({ numero: 1 });
    await inserirVenda(
      t.banco.db,
      { venda, mesa: null, comanda: null, periodo: null, versao: 0, encerradaEm: venda.data },
      t.demo.usuarios.admin,
    );
    const r = corpo(await t.post('/api/enviaNFCE', { empresa: venda.empresa, venda: venda._id }, admin));
    expect(r.valido, JSON.stringify(r)).toBe(true);
    expect(r.data).toMatchObject({ venda: venda._id, statusNota: 'processado', valor: '67.90' });
    const outra = await t.post('/api/enviaNFCE', { empresa: venda.empresa, venda: novoId() }, admin);
    expect(outra.corpo.data.message).toBe('Venda não encontrada!');
    const porVenda = await t.post('/api/nfce/getPopulate', { filtro: { venda: venda._id } }, admin);
    expect(porVenda.lista).toHaveLength(1);
  });

  it('sem SEFAZ_URL fora de produção o servidor sobe o simulador local e a loja demo ganha certificado de teste', async () => {
    process.env.SEFAZ_SIMULADOR_ARQUIVO = '';
    const app2 = await construirApp({
      config: { ...lerConfig({}), webDist: '/nao-existe' },
      banco: t.banco,
      logger: false,
    });
    try {
      await app2.ready();
      const destino = await app2.fiscal.servico.destinoSefaz();
      expect(destino).toMatchObject({ simulador: true });
      expect(destino.url).not.toBe(sim.url);
      const venda = await gravarVendaTeste(t, await vendaTeste());
      const r = await app2.inject({
        method: 'POST',
        url: '/api/enviaNFCE',
        headers: { token: admin },
        payload: { empresa: venda.empresa, dadosNfe: venda },
      });
      expect(r.json()).toMatchObject({ valido: true, json: { retorno: { cStat: 100 } } });
      const cert = await app2.inject({
        method: 'GET',
        url: `/api/fiscal/certificado/${venda.empresa}`,
        headers: { token: admin },
      });
      expect(cert.json()).toMatchObject({
        valido: true,
        data: { demonstracao: true, documento: '11222333000181' },
      });
    } finally {
      // Read when the simulator starts (first need), so kept until the end of the test.
      delete process.env.SEFAZ_SIMULADOR_ARQUIVO;
      await app2.close();
    }
  });

  it('regras de montagem recusam sem gastar número: CPF inválido, produto sem imposto, taxa de entrega, posição', async () => {
    const cpf = await emitir(await vendaTeste({ cpfCnpj: '123.456.789-00' }));
    expect(cpf.corpo).toMatchObject({
      valido: false,
      data: { message: 'CPF ou CNPJ Inválido, favor preencher corretamente' },
    });

    await consultar(
      t.banco.db,
      sql`update produto_geral set configuracao_imposto = null where descricao = 'Refrigerante Lata 350ml'`,
    );
    const semImposto = await emitir(await vendaTeste());
    expect(semImposto.corpo.data.message).toBe(
      'Produto Refrigerante Lata 350ml sem configuração de imposto para o estado PR, a nota não foi emitida!',
    );
    await consultar(
      t.banco.db,
      sql`update produto_geral set configuracao_imposto = ${JSON.stringify({ estados: { SP: { CFOP: '5102', CSOSN: '102' } } })}::jsonb
          where descricao = 'Refrigerante Lata 350ml'`,
    );
    expect((await emitir(await vendaTeste())).corpo.data.message).toContain('Refrigerante Lata 350ml');

    await consultar(
      t.banco.db,
      sql`update produto_geral set configuracao_imposto = ${JSON.stringify({ estados: { PR: { origem: 0, CFOP: '5102', CSOSN: '102' } } })}::jsonb
          where descricao = 'Refrigerante Lata 350ml'`,
    );
    await consultar(
      t.banco.db,
      sql`update produto_geral set configuracao_imposto = null where descricao = 'Taxa de Entrega'`,
    );
    const taxa = await emitir(
      await vendaTeste({ tipoVenda: { id: 55 }, taxaEntrega: '5.00', total: '72.90' }),
    );
    expect(taxa.corpo.data.message).toBe(
      'Produto Taxa de Entrega não encontrado ou não configurado corretamente!',
    );

    const mesa = await vendaTeste({ tipoVenda: { id: 54 }, posicaoVenda: 2 });
    const pag = mesa.pagamentos[0];
    if (!pag) throw new Error('sem pagamento');
    const porPosicao = { ...mesa, pagamentos: [{ ...pag, posicao: 1 }] };
    const semPosicao = await emitir(porPosicao);
    expect(semPosicao.corpo.data.message).toBe(
      'Venda de mesa com recebimento por posição: selecione a posição para emitir a NFC-e!',
    );

    // An expired certificate is refused before a number is taken.
    await t.app.fiscal.servico.salvarCertificado(
      t.demo.grupoId,
      t.demo.empresas.centro,
      null,
      gerarPfxDemonstracao('11222333000181', 'Loja Centro', 'senha-curta', new Date(), 1),
      'senha-curta',
    );
    const relogio = vi
      .spyOn(t.app.servicos.tempo, 'agora')
      .mockReturnValue(new Date(Date.now() + 3 * 86_400_000));
    const vencido = await emitir(await vendaTeste());
    relogio.mockRestore();
    expect(String(vencido.corpo.data.message)).toMatch(/^Certificado digital fora da validade/);

    // None of the refusals took a number.
    const seq = await t.get(`/api/getSequencialNota/${t.demo.empresas.centro}`, admin);
    expect(seq.corpo.data).toMatchObject({ ultimoNumero: 0, proximoNumero: 1, serie: 1, modelo: '65' });
  });

  it('taxa de entrega vira item com o produto Taxa Entrega; CPF válido identifica o consumidor', async () => {
    const base = await vendaTeste();
    const pagamento = base.pagamentos[0];
    if (!pagamento) throw new Error('sem pagamento');
    const r = await emitir(
      await vendaTeste({
        tipoVenda: { id: 55 },
        taxaEntrega: '2.10',
        total: '70.00',
        cpfCnpj: '529.982.247-25',
        // 70,00 handed over for a 70,00 bill: no change (the note's vTroco is the change given, decision 0009).
        pagamentos: [{ ...pagamento, valor: '70.00', valorPago: '70.00', valorTroco: '0.00' }],
      }),
    );
    expect(r.corpo.valido, JSON.stringify(r.corpo)).toBe(true);
    const l = await linhaNfce(r.corpo.data._id as string);
    expect(l.xml).toContain('<xProd>Taxa de Entrega</xProd>');
    expect(l.xml).toContain('<dest><CPF>52998224725</CPF>');
    expect(String(l.valor)).toBe('70.00');
    expect(l.cpf_cnpj).toBe('52998224725');
  });

  it('rejeição: gravada com o código e o texto do catálogo', async () => {
    await sim.definirCenario({ modo: 'rejeitar', cStat: 778 });
    const r = await emitir(await vendaTeste());
    const c = corpo(r);
    expect(c.valido).toBe(false);
    expect(String(c.data.message)).toMatch(/^Falha ao enviar a nota, 778 - /);
    const l = await linhaNfce(c.data._id as string);
    expect(l.status_nota).toBe('erro');
    expect(l.c_stat).toBe(778);
    expect(String(l.x_motivo)).not.toBe('');
    expect(c.json?.retorno).toMatchObject({ cStat: 778, statusNota: 'erro' });
    // The same signed XML can never pass: its number is voided at once (issue 15 point 7, decision 0009) and a
    // resend is refused with what to do.
    const inut = await consultarUm(
      t.banco.db,
      sql`select protocolo from fiscal_evento where tipo = 'inutilizacao' and sucesso and dados->>'numeroInicial' = ${String(l.numero)}`,
    );
    expect(inut?.protocolo).toMatch(/^\d{15}$/);
    await sim.definirCenario({ modo: 'autorizar' });
    const re = await t.post(`/api/nfce/${l.id as string}/reenviar`, {}, admin);
    expect(re.corpo).toMatchObject({
      valido: false,
      data: { message: mensagemNumeroInutilizado(Number(l.numero), String(inut?.protocolo)) },
    });
  });

  it('204/539: o número já usado é renumerado e a nota sai autorizada com o aviso de duplicidade', async () => {
    const primeira = corpo(await emitir(await vendaTeste()));
    expect(primeira.valido).toBe(true);
    // A restored backup puts the counter back: the next note takes number 1 again.
    await consultar(t.banco.db, sql`update fiscal_numeracao set ultimo_numero = 0`);
    const r = corpo(await emitir(await vendaTeste()));
    expect(r.valido, JSON.stringify(r)).toBe(true);
    expect(r.json?.retorno).toMatchObject({ numero: 2, cStat: 100 });
    expect(String(r.data.aviso)).toMatch(/^Nota nº 1 em duplicidade na SEFAZ \(539 - /);
    expect(r.jsonMsg).toContain('Nota nº 1 em duplicidade');
    const linhas = await consultar(
      t.banco.db,
      sql`select numero, status_nota, c_stat from nfce order by created_at`,
    );
    expect(linhas).toEqual([
      { numero: 1, status_nota: 'processado', c_stat: 100 },
      { numero: 1, status_nota: 'erro', c_stat: 539 },
      { numero: 2, status_nota: 'processado', c_stat: 100 },
    ]);
  });
});

describe('NFC-e: sempre da venda gravada; emitida pelo servidor no encerramento', () => {
  it('enviaNFCE com dadosNfe: a nota sai da venda gravada; cópia divergente ou venda não gravada recusadas sem gastar número', async () => {
    const venda = await gravarVendaTeste(t, await vendaTeste({ cpfCnpj: '529.982.247-25' }));
    const enviar = (dadosNfe: unknown) =>
      t.post('/api/enviaNFCE', { empresa: venda.empresa, dadosNfe }, admin);
    // A client copy with another total and fewer items: refused, the stored sale is not replaced by it.
    const adulterada = await enviar({ ...venda, total: '1.00', produtos: venda.produtos.slice(0, 1) });
    expect(adulterada.corpo.valido).toBe(false);
    expect(adulterada.corpo.data.message).toBe(
      'A venda enviada difere da venda registrada (total R$ 1,00 enviado, R$ 67,90 registrado; itens diferentes): ' +
        'a NFC-e é emitida somente com os dados registrados no servidor. Atualize a venda e tente novamente.',
    );
    const outroCpf = await enviar({ ...venda, cpfCnpj: '111.444.777-35' });
    expect(String(outroCpf.corpo.data.message)).toContain('CPF/CNPJ do consumidor diferente');
    const semRegistro = await enviar({ ...(await vendaTeste()), _id: novoId() });
    expect(semRegistro.corpo.data.message).toBe('Venda não encontrada!');
    const seq = await t.get(`/api/getSequencialNota/${t.demo.empresas.centro}`, admin);
    expect(seq.corpo.data).toMatchObject({ ultimoNumero: 0 });

    // Only the fields sent are compared (a legacy payload may carry fewer): the stored sale is issued.
    const ok = corpo(await enviar({ _id: venda._id, total: '67.90' }));
    expect(ok.valido, JSON.stringify(ok)).toBe(true);
    const l = await linhaNfce(ok.data._id as string);
    expect(l.xml).toContain('<vNF>67.90</vNF>');
    expect(l.xml).toContain('<CPF>52998224725</CPF>');
    // The note is written back into the sale (venda.nfce), as the POS reads it.
    const v = await t.get(`/api/venda/${venda._id}`, admin);
    expect(v.corpo.data.nfce).toEqual([
      expect.objectContaining({ _id: l.id, chave: l.chave, numero: 1, statusNota: 'processado', cStat: 100 }),
    ]);
  });

  /** Loja Centro with NFC-e at sale end, a register period open, and an ended counter sale built via the POS API. */
  async function vendaPdv(
    opcoes: {
      emitirNfce?: boolean;
      chave?: string;
      pagamento?: (l: Loja) => Promise<Record<string, unknown>>;
    } = {},
  ) {
    const loja = await prepararLoja(t);
    // The second sale of a test finds the register's period already open.
    await abrirPeriodo(loja).catch((erro: Error) =>
      expect(erro.message).toContain('Já existe um período aberto'),
    );
    const cfg = await t.put(
      `/api/fiscal/configuracao/${loja.empresa}`,
      { emitirNfce: opcoes.emitirNfce ?? true },
      admin,
    );
    expect(cfg.corpo.data.emitirNfce).toBe(opcoes.emitirNfce ?? true);
    const criar = await loja.post('/api/venda', { tipoVenda: 53, terminal: loja.terminal });
    const id = criar.corpo.data._id as string;
    await loja.post(`/api/venda/${id}/itens`, {
      produtos: [{ produto: await loja.produto('Pizza Grande Calabresa') }],
    });
    const pag = await loja.post(`/api/venda/${id}/pagamentos`, {
      _id: novoId(),
      formaPagamento: await loja.forma(77),
      terminal: loja.terminal,
      valorPago: '60',
      ...(opcoes.pagamento ? await opcoes.pagamento(loja) : {}),
    });
    expect(pag.corpo.valido, JSON.stringify(pag.corpo)).toBe(true);
    const encerrar = () =>
      loja.post(
        `/api/venda/${id}/encerrar`,
        {},
        admin,
        opcoes.chave ? { 'idempotency-key': opcoes.chave } : {},
      );
    return { loja, id, encerrar };
  }

  it('encerrar a venda no PDV emite a NFC-e no servidor e grava a nota em venda.nfce; encerrar de novo não emite outra', async () => {
    const { id, encerrar } = await vendaPdv({ chave: `encerrar:${novoId()}` });
    const fim = await encerrar();
    expect(fim.corpo.valido, JSON.stringify(fim.corpo)).toBe(true);
    expect(fim.corpo.data.status).toMatchObject({ id: 59 });
    expect(fim.corpo.data.avisoNfce).toBeUndefined();
    const nfce = fim.corpo.data.nfce as Registro[];
    expect(nfce).toHaveLength(1);
    expect(nfce[0]).toMatchObject({
      statusNota: 'processado',
      cStat: 100,
      numero: 1,
      tpEmis: 1,
      valor: '54.90',
    });
    expect(String(nfce[0]?.protocoloRecebimento)).toMatch(/^\d{15}$/);
    expect(String(nfce[0]?.qrCode)).toContain('?p=');
    expect(sim.notas().map((n) => n.chave)).toContain(nfce[0]?.chave);
    const l = await linhaNfce(nfce[0]?._id as string);
    expect(l.venda_id).toBe(id);
    expect(l.xml).toContain('<vNF>54.90</vNF>');

    // The POS retries the end (same Idempotency-Key): same sale, the same note, nothing issued.
    const de_novo = await encerrar();
    expect(de_novo.corpo.data.status).toMatchObject({ id: 59 });
    expect((de_novo.corpo.data.nfce as Registro[]).map((n) => n._id)).toEqual([l.id]);
    expect(de_novo.corpo.data.avisoNfce).toBeUndefined();
    // Without the key the engine refuses ending twice; enviaNFCE finds the note.
    const outra = await t.post(`/api/venda/${id}/encerrar`, {}, admin);
    expect(outra.corpo.data.message).toBe('Venda encerrada não pode ser confirmada!');
    const manual = await t.post('/api/enviaNFCE', { venda: id }, admin);
    expect(manual.corpo.data.message).toBe('Já existe NFC-e emitida para esta venda.');
    const linhas = await consultar(t.banco.db, sql`select id from nfce where venda_id = ${id}`);
    expect(linhas).toHaveLength(1);
  });

  it('cartão no PDV: a NFC-e autorizada leva o grupo card com o CNPJ da operadora, a bandeira e a autorização (tpIntegra 2; 1 com TEF)', async () => {
    const cartao = async (loja: Loja) => {
      const cielo = await consultarUm(
        t.banco.db,
        sql`select id from operadora where empresa_id = ${loja.empresa} and descricao = 'Cielo'`,
      );
      return {
        formaPagamento: await loja.forma(80),
        valorPago: '54.90',
        operadora: String(cielo?.id),
        bandeira: '01',
        autorizacao: 'AUT123',
      };
    };
    // The note the sale kept: authorised, or off-line when the simulator did not answer in time on a busy machine
    // (the XML is the same; an 'erro' line is only a replaced attempt).
    const valida = (notas: Registro[]) => {
      const n = notas.find((x) => x.statusNota === 'processado' || x.statusNota === 'contingencia');
      expect(n, JSON.stringify(notas)).toBeDefined();
      return n as Registro;
    };
    const { encerrar } = await vendaPdv({ pagamento: cartao });
    const fim = await encerrar();
    expect(fim.corpo.valido, JSON.stringify(fim.corpo)).toBe(true);
    const l = await linhaNfce(valida(fim.corpo.data.nfce as Registro[])._id as string);
    expect(l.xml).toContain(
      '<detPag><tPag>03</tPag><vPag>54.90</vPag><card><tpIntegra>2</tpIntegra><CNPJ>01027058000191</CNPJ><tBand>01</tBand><cAut>AUT123</cAut></card></detPag>',
    );
    // The store says its cards go through TEF: the next note says tpIntegra 1.
    const empresa = t.demo.empresas.centro;
    const cfg = await t.put(`/api/fiscal/configuracao/${empresa}`, { pagamentoIntegrado: true }, admin);
    expect(cfg.corpo.data.pagamentoIntegrado).toBe(true);
    const segunda = await vendaPdv({ pagamento: cartao });
    const fim2 = await segunda.encerrar();
    const nota2 = valida(fim2.corpo.data.nfce as Registro[]);
    expect((await linhaNfce(nota2._id as string)).xml).toContain('<card><tpIntegra>1</tpIntegra><CNPJ>');
    await t.put(`/api/fiscal/configuracao/${empresa}`, { pagamentoIntegrado: false }, admin);
  });

  it('SEFAZ fora no encerramento: venda encerrada com a NFC-e off-line em venda.nfce; autorizada depois, venda.nfce acompanha', async () => {
    await sim.definirCenario({ modo: 'fora' });
    const { id, encerrar } = await vendaPdv();
    const fim = await encerrar();
    expect(fim.corpo.data.status).toMatchObject({ id: 59 });
    const nfce = fim.corpo.data.nfce as Registro[];
    const off = nfce.find((n) => n.statusNota === 'contingencia');
    expect(off).toMatchObject({ tpEmis: 9, numero: 2 });
    expect(String(off?.qrCode)).toContain('?p=');
    // The online attempt stays listed as replaced.
    expect(nfce.find((n) => n.tpEmis === 1)).toMatchObject({ statusNota: 'erro', numero: 1 });

    await sim.definirCenario({ modo: 'autorizar' });
    await t.app.fiscal.fila.processar();
    const limite = Date.now() + 15_000;
    let atual: Registro[] = [];
    do {
      await new Promise((r) => setTimeout(r, 100));
      atual = (await t.get(`/api/venda/${id}`, admin)).corpo.data.nfce as Registro[];
    } while (!atual.some((n) => n.statusNota === 'processado') && Date.now() < limite);
    expect(atual.find((n) => n._id === off?._id)).toMatchObject({ statusNota: 'processado', cStat: 100 });
  });

  it('loja sem emitirNfce não emite; recusa antes da SEFAZ volta como avisoNfce e a venda fica encerrada', async () => {
    const sem = await vendaPdv({ emitirNfce: false });
    const fim = await sem.encerrar();
    expect(fim.corpo.data.status).toMatchObject({ id: 59 });
    expect(fim.corpo.data.nfce).toEqual([]);
    expect(await consultar(t.banco.db, sql`select id from nfce`)).toHaveLength(0);

    await consultar(
      t.banco.db,
      sql`update produto_geral set configuracao_imposto = null where descricao = 'Pizza Grande Calabresa'`,
    );
    const com = await vendaPdv();
    const r = await com.encerrar();
    expect(r.corpo.valido).toBe(true);
    expect(r.corpo.data.status).toMatchObject({ id: 59 });
    expect(r.corpo.data.avisoNfce).toBe(
      'NFC-e não emitida: Produto Pizza Grande Calabresa sem configuração de imposto para o estado PR, a nota não foi emitida!',
    );
    const seq = await t.get(`/api/getSequencialNota/${t.demo.empresas.centro}`, admin);
    expect(seq.corpo.data).toMatchObject({ ultimoNumero: 0 });
  });
});

describe('NFC-e: contingência off-line', () => {
  it('SEFAZ fora -> nota tpEmis 9 na hora -> SEFAZ volta -> o worker (outra instância, após reinício) autoriza', async () => {
    await sim.definirCenario({ modo: 'fora' });
    const v1 = corpo(await emitir(await vendaTeste()));
    const v2 = corpo(await emitir(await vendaTeste()));
    expect(v1.valido, JSON.stringify(v1)).toBe(true);
    // The online attempt keeps its number (1, 3) for the worker to settle; the offline note takes the next one.
    expect(v1.json?.retorno).toMatchObject({ tpEmis: 9, statusNota: 'contingencia', numero: 2 });
    expect(v1.json?.qrCode).toBeTruthy();
    expect(v1.jsonMsg).toContain('contingência off-line');
    expect(v2.json?.retorno).toMatchObject({ tpEmis: 9, numero: 4 });
    const html = await t.app.inject({
      method: 'GET',
      url: `/api/nfce/${v1.data._id as string}/danfe.html`,
      headers: { token: admin },
    });
    expect(html.body).toContain('CONTING');

    // The first server goes down; the queue is in the database.
    await t.app.fiscal.fila.parar();
    await sim.definirCenario({ modo: 'autorizar' });
    // One of the two is rejected by SEFAZ: it must not block the other.
    const v2Linha = await linhaNfce(v2.data._id as string);
    // Signature tampered (still valid for the XSD): SEFAZ refuses it (297).
    const xml = String(v2Linha.xml);
    const i = xml.indexOf('<SignatureValue>') + '<SignatureValue>'.length;
    const adulterado = xml.slice(0, i) + (xml[i] === 'A' ? 'B' : 'A') + xml.slice(i + 1);
    await consultar(t.banco.db, sql`update nfce set xml = ${adulterado} where id = ${v2Linha.id as string}`);
    process.env.FISCAL_FILA_INTERVALO_MS = '100';
    process.env.FISCAL_FILA_ATRASO_S = '0';
    const app2 = await construirApp({
      config: { ...lerConfig({}), webDist: '/nao-existe' },
      banco: t.banco,
      logger: false,
    });
    delete process.env.FISCAL_FILA_INTERVALO_MS;
    delete process.env.FISCAL_FILA_ATRASO_S;
    app2.fiscal.servico.usarSefaz({ url: sim.url, ca: sim.certificadoPem, simulador: true, timeoutMs: 3000 });
    try {
      await app2.ready();
      // The screens of the store hear about each change of the queued notes (Socket.IO `nfceAlterada`).
      const avisos = vi.spyOn(
        app2.servicos.tempoReal as NonNullable<typeof app2.servicos.tempoReal>,
        'emitirParaEmpresa',
      );
      const limite = Date.now() + 15_000;
      let l1 = await linhaNfce(v1.data._id as string);
      let l2 = await linhaNfce(v2.data._id as string);
      while ((l1.pendente_envio || l2.pendente_envio) && Date.now() < limite) {
        await new Promise((r) => setTimeout(r, 100));
        l1 = await linhaNfce(v1.data._id as string);
        l2 = await linhaNfce(v2.data._id as string);
      }
      expect(l1).toMatchObject({ status_nota: 'processado', tp_emis: 9, pendente_envio: false, c_stat: 100 });
      expect(l1.protocolo_recebimento).toMatch(/^\d{15}$/);
      expect(l2).toMatchObject({ status_nota: 'erro', pendente_envio: false });
      expect(l2.c_stat).toBe(297);
      expect(avisos).toHaveBeenCalledWith(
        t.demo.empresas.centro,
        'nfceAlterada',
        expect.objectContaining({ _id: l1.id, statusNota: 'processado', cStat: 100 }),
      );
      // The replaced online attempts never reached SEFAZ (217): their numbers are voided.
      let substituidas = await consultar(
        t.banco.db,
        sql`select numero, verificar_envio, c_stat, aviso from nfce where tp_emis = 1 order by numero`,
      );
      while (substituidas.some((x) => x.verificar_envio) && Date.now() < limite) {
        await new Promise((r) => setTimeout(r, 100));
        substituidas = await consultar(
          t.banco.db,
          sql`select numero, verificar_envio, c_stat, aviso from nfce where tp_emis = 1 order by numero`,
        );
      }
      expect(substituidas.map((x) => [x.numero, x.verificar_envio, x.c_stat])).toEqual([
        [1, false, 102],
        [3, false, 102],
      ]);
      expect(String(substituidas[0]?.aviso)).toMatch(/^Número 1 inutilizado \(protocolo \d{15}\)\.$/);
    } finally {
      await app2.close();
    }
  });

  it('SEFAZ lenta: nota off-line na hora; a online que chegou depois é cancelada quando a SEFAZ responde', async () => {
    await sim.definirCenario({
      modo: 'lento',
      atrasoMs: 4000,
      operacoes: ['autorizacao', 'consultaProtocolo'],
    });
    const r = corpo(await emitir(await vendaTeste()));
    expect(r.valido, JSON.stringify(r)).toBe(true);
    expect(r.json?.retorno).toMatchObject({ tpEmis: 9, statusNota: 'contingencia', numero: 2 });
    const online = await consultarUm(t.banco.db, sql`select * from nfce where numero = 1`);
    expect(online).toMatchObject({ verificar_envio: true, tp_emis: 1 });
    expect(String(online?.x_motivo)).toContain('substituída pela NFC-e off-line nº 2');
    await sim.definirCenario({ modo: 'autorizar' });
    // The slow SEFAZ did authorise number 1 after our timeout.
    expect(sim.notas().map((n) => n.chave)).toContain(online?.chave);
    await t.app.fiscal.fila.processar();
    const off = await linhaNfce(r.data._id as string);
    expect(off).toMatchObject({ status_nota: 'processado', c_stat: 100, pendente_envio: false });
    const l1 = await consultarUm(t.banco.db, sql`select * from nfce where numero = 1`);
    expect(l1).toMatchObject({ status_nota: 'processado', cancelado: true, verificar_envio: false });
    expect((l1?.cancelamento as { motivo: string } | undefined)?.motivo).toBe(
      'NFC-e substituida pela emissao em contingencia off-line',
    );
  });

  it('contingência habilitada na empresa: emite tpEmis 9 sem tentar a SEFAZ; desabilitar zera o registro', async () => {
    const curta = await t.post(
      `/api/fiscal/contingencia/${t.demo.empresas.centro}`,
      { habilitado: true, xJust: 'curta' },
      admin,
    );
    expect(curta.corpo.data.message).toBe(
      'A justificativa da contingência deve ter entre 15 e 256 caracteres.',
    );
    const caixa = await t.login('caixa@exemplo.com.br', 'caixa123');
    const semPermissao = await t.post(
      `/api/fiscal/contingencia/${t.demo.empresas.centro}`,
      { habilitado: true, xJust: 'Internet da loja fora do ar' },
      caixa,
    );
    expect(semPermissao.corpo.valido).toBe(false);
    const h = await t.post(
      `/api/fiscal/contingencia/${t.demo.empresas.centro}`,
      { habilitado: true, xJust: 'Internet da loja fora do ar' },
      admin,
    );
    expect(h.corpo.data).toMatchObject({
      habilitado: true,
      numeroNota: 1,
      xJust: 'Internet da loja fora do ar',
    });
    const antes = sim.requisicoes.length;
    const r = corpo(await emitir(await vendaTeste()));
    expect(r.json?.retorno).toMatchObject({ tpEmis: 9, statusNota: 'contingencia' });
    expect(sim.requisicoes.filter((q) => q.operacao === 'autorizacao')).toHaveLength(0);
    expect(sim.requisicoes.length).toBe(antes);
    const l = await linhaNfce(r.data._id as string);
    expect(l.xml).toContain('<xJust>Internet da loja fora do ar</xJust>');
    const d = await t.post(
      `/api/fiscal/contingencia/${t.demo.empresas.centro}`,
      { habilitado: false },
      admin,
    );
    expect(d.corpo.data).toEqual({ habilitado: false, dataHora: null, numeroNota: null, xJust: null });
    expect((await t.app.fiscal.fila.processar()).autorizadas).toBe(1);
  });
});

describe('NFC-e: cancelamento e inutilização', () => {
  it('cancela só com aceite da SEFAZ; recusa mantém a nota; motivo curto e falta de liberação barrados', async () => {
    const a = corpo(await emitir(await vendaTeste()));
    const b = corpo(await emitir(await vendaTeste()));
    const chaveA = a.data.chave as string;
    const curto = await t.post('/api/cancelar', { tipo: 'nfce', chave: chaveA, motivo: 'curto' }, admin);
    expect(curto.corpo.data.message).toBe('A justificativa do cancelamento deve ter no mínimo 15 caracteres');

    const caixa = await t.login('caixa@exemplo.com.br', 'caixa123');
    const motivo = 'Cliente desistiu da compra';
    const semLib = await t.post('/api/cancelar', { tipo: 'nfce', chave: chaveA, motivo }, caixa);
    expect(semLib.corpo.data.message).toBe('Cancelamento de NFC-e exige liberação de supervisor.');
    const lib = await t.post(
      '/api/liberacaoSupervisor',
      {
        login: 'supervisor@exemplo.com.br',
        senha: (await import('./app-teste.ts')).sha256Hex('super123'),
        permissao: 29,
        empresa: t.demo.empresas.centro,
      },
      caixa,
    );
    expect(lib.corpo.valido, JSON.stringify(lib.corpo)).toBe(true);
    const ok = await t.post(
      '/api/cancelar',
      {
        tipo: 'nfce',
        chave: chaveA,
        protocolo: a.json?.protNFe?.nProt,
        motivo,
        empresa: t.demo.empresas.centro,
        liberacao: lib.corpo.data.liberacao,
      },
      caixa,
    );
    expect(ok.corpo.valido, JSON.stringify(ok.corpo)).toBe(true);
    expect(ok.corpo.data).toMatchObject({ cancelado: true, retorno: { cStat: 135, motivo } });
    const la = await linhaNfce(a.data._id as string);
    expect(la.cancelado).toBe(true);
    expect(String((la.cancelamento as { xml: string }).xml)).toContain('<procEventoNFe');

    // 8 days later SEFAZ refuses (501): the note stays authorised, not cancelled.
    relogioSefaz = new Date(Date.now() + 8 * 86_400_000);
    const recusa = await t.post('/api/cancelar', { tipo: 'nfce', chave: b.data.chave, motivo }, admin);
    expect(recusa.corpo.valido).toBe(false);
    expect(String(recusa.corpo.data.message)).toMatch(
      /^501 - .*: ver Retorno Valido Sefaz, nota não cancelada$/,
    );
    const lb = await linhaNfce(b.data._id as string);
    expect(lb.cancelado).toBe(false);
    const eventos = await consultar(
      t.banco.db,
      sql`select sucesso, c_stat from fiscal_evento order by created_at`,
    );
    expect(eventos).toEqual([
      { sucesso: true, c_stat: 135 },
      { sucesso: false, c_stat: 501 },
    ]);
  });

  it('inutiliza números pulados; ano fora da regra 453/454; faixa com nota emitida recusada', async () => {
    await emitir(await vendaTeste());
    const base = { empresa: t.demo.empresas.centro, justificativa: 'Numeracao pulada por falha no terminal' };
    const usada = await t.post(
      '/api/fiscal/inutilizar',
      { ...base, numeroInicial: 1, numeroFinal: 3 },
      admin,
    );
    expect(usada.corpo.data.message).toContain('contém a nota nº 1');
    const futuro = await t.post(
      '/api/fiscal/inutilizar',
      { ...base, numeroInicial: 5, numeroFinal: 6, ano: 2999 },
      admin,
    );
    expect(futuro.corpo.data.message).toBe(
      '453 - Rejeição: Ano de inutilização não pode ser superior ao Ano atual',
    );
    const antigo = await t.post(
      '/api/fiscal/inutilizar',
      { ...base, numeroInicial: 5, numeroFinal: 6, ano: 2005 },
      admin,
    );
    expect(antigo.corpo.data.message).toBe(
      '454 - Rejeição: Ano de inutilização não pode ser inferior a 2006',
    );
    const ok = await t.post('/api/fiscal/inutilizar', { ...base, numeroInicial: 5, numeroFinal: 6 }, admin);
    expect(ok.corpo).toMatchObject({ valido: true, data: { cStat: 102, numeroInicial: 5, numeroFinal: 6 } });
    expect(ok.corpo.data.protocolo).toMatch(/^\d{15}$/);
  });
});

describe('NFC-e: numeração, configuração, certificado, exportação', () => {
  it('50 terminais pedindo número ao mesmo tempo: 1..50 sem lacuna nem repetição (NFC-e e Bnf)', async () => {
    const empresa = t.demo.empresas.centro;
    const caixa = await t.login('caixa@exemplo.com.br', 'caixa123');
    const respostas = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        i % 2 === 0
          ? t.put(`/api/gerarNovoSequencialNota/${empresa}`, {}, caixa)
          : t.put(`/api/gerarNovoSequencialNota/${empresa}`, {}, admin),
      ),
    );
    const numeros = respostas.map((r) => r.corpo.data.numero as number).sort((a, b) => a - b);
    expect(numeros).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    const seq = await t.get(`/api/getSequencialNota/${empresa}`, admin);
    expect(seq.corpo.data).toEqual({ empresa, modelo: '65', serie: 1, ultimoNumero: 50, proximoNumero: 51 });

    const bnf = await Promise.all(
      Array.from({ length: 50 }, () => t.get(`/api/gerarNovoSequencialBnf/${empresa}`, admin)),
    );
    expect(bnf.map((r) => r.corpo.data.numero as number).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 50 }, (_, i) => i + 1),
    );
    expect((await t.get(`/api/getSequencialBnf/${empresa}`, admin)).corpo.data).toMatchObject({
      modelo: 'bnf',
      ultimoNumero: 50,
    });
    // A retry with the same Idempotency-Key gets the same number.
    const chave = { 'idempotency-key': `seq-${novoId()}` };
    const r1 = await t.app.inject({
      method: 'PUT',
      url: `/api/gerarNovoSequencialNota/${empresa}`,
      headers: { token: admin, ...chave },
    });
    const r2 = await t.app.inject({
      method: 'PUT',
      url: `/api/gerarNovoSequencialNota/${empresa}`,
      headers: { token: admin, ...chave },
    });
    expect(r1.json().data.numero).toBe(51);
    expect(r2.json().data.numero).toBe(51);
    // Other store, own counter.
    const outra = await t.put(`/api/gerarNovoSequencialNota/${t.demo.empresas.shopping}`, {}, admin);
    expect(outra.corpo.data.numero).toBe(1);
    // The counter can be set forward (empresaNumeroNota), never to another group's store.
    const def = await t.put(
      `/api/fiscal/numeracao/${empresa}`,
      { modelo: '65', serie: 1, ultimoNumero: 100 },
      admin,
    );
    expect(def.corpo.data).toMatchObject({ ultimoNumero: 100, proximoNumero: 101 });
    expect((await t.put(`/api/gerarNovoSequencialNota/${empresa}`, {}, admin)).corpo.data.numero).toBe(101);
    const caixaDefine = await t.put(`/api/fiscal/numeracao/${empresa}`, { serie: 1, ultimoNumero: 5 }, caixa);
    expect(caixaDefine.corpo.data.message).toBe('Usuário sem permissão para esta operação.');
  });

  it('configuração fiscal: lê e grava CRT, ambiente, série, CSC (nunca devolvido), resp. técnico e UF', async () => {
    const empresa = t.demo.empresas.shopping;
    const put = await t.put(
      `/api/fiscal/configuracao/${empresa}`,
      {
        CRT: 3,
        ambiente: 2,
        serie: 7,
        formatoDANFE: 4,
        consumidorFinal: 2,
        ie: '9044016688',
        codigoMunicipio: '4106902',
        cscId: '000002',
        cscToken: 'TOKEN-CSC-0123456789ABCDEF',
        responsavelTecnico: {
          CNPJ: '11222333000181',
          xContato: 'Suporte',
          email: 'suporte@exemplo.com.br',
          fone: '4133334444',
        },
        uf: 'pr',
      },
      admin,
    );
    expect(put.corpo.valido, JSON.stringify(put.corpo)).toBe(true);
    expect(put.corpo.data).toMatchObject({
      CRT: 3,
      ambiente: 2,
      serie: 7,
      cscId: '000002',
      cscConfigurado: true,
      uf: 'PR',
    });
    expect(JSON.stringify(put.corpo.data)).not.toContain('TOKEN-CSC');
    const bruto = await consultarUm(
      t.banco.db,
      sql`select f::text as t from fiscal_empresa f where empresa_id = ${empresa}`,
    );
    expect(String(bruto?.t)).not.toContain('TOKEN-CSC');
    const e = await consultarUm(t.banco.db, sql`select fiscal, nfce from empresa where id = ${empresa}`);
    expect(e?.fiscal).toMatchObject({ CRT: 3, nfe: { ambiente: 2 } });
    expect(e?.nfce).toMatchObject({ serie: 7, tipoEmissao: 1, contingenciaNfce: { habilitado: false } });
    const invalido = await t.put(`/api/fiscal/configuracao/${empresa}`, { serie: 950 }, admin);
    expect(invalido.corpo.valido).toBe(false);
  });

  it('certificado A1: upload multipart, validade e titular exibidos, guardado cifrado (bytes crus sem o PFX)', async () => {
    const empresa = t.demo.empresas.shopping;
    const senha = 'senha-do-certificado';
    const pfx = gerarPfxDemonstracao('11444777000161', 'Pizzaria Shopping', senha);
    const fronteira = '----fronteira123';
    const multipart = Buffer.concat([
      Buffer.from(`--${fronteira}\r\nContent-Disposition: form-data; name="senha"\r\n\r\n${senha}\r\n`),
      Buffer.from(
        `--${fronteira}\r\nContent-Disposition: form-data; name="certificado"; filename="a1.pfx"\r\nContent-Type: application/x-pkcs12\r\n\r\n`,
      ),
      pfx,
      Buffer.from(`\r\n--${fronteira}--\r\n`),
    ]);
    const enviar = (corpoReq: Buffer, token: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/fiscal/certificado/${empresa}`,
        headers: { token, 'content-type': `multipart/form-data; boundary=${fronteira}` },
        payload: corpoReq,
      });
    const caixa = await t.login('caixa@exemplo.com.br', 'caixa123');
    expect((await enviar(multipart, caixa)).json().valido).toBe(false);
    const r = (await enviar(multipart, admin)).json() as { valido: boolean; data: Registro };
    expect(r.valido, JSON.stringify(r)).toBe(true);
    expect(r.data).toMatchObject({
      titular: 'PIZZARIA SHOPPING:11444777000161',
      documento: '11444777000161',
      vencido: false,
    });
    expect(r.data.diasParaVencer).toBeGreaterThan(300);
    const bruto = await consultarUm(
      t.banco.db,
      sql`select c::text as t from fiscal_certificado c where empresa_id = ${empresa}`,
    );
    const texto = String(bruto?.t);
    expect(texto).not.toContain(pfx.toString('base64').slice(0, 40));
    expect(texto).not.toContain(pfx.toString('hex').slice(0, 40));
    expect(texto).not.toContain(senha);
    // The key lives outside the database (the deployment's CHAVE_CERTIFICADOS): another key opens nothing.
    const blob = await consultarUm(
      t.banco.db,
      sql`select pfx_cifrado from fiscal_certificado where empresa_id = ${empresa}`,
    );
    expect(() =>
      Cofre.deChave(randomBytes(32)).decifrar(String(blob?.pfx_cifrado), `certificado:${empresa}`),
    ).toThrow(MENSAGENS_COFRE.outraChave);
    expect(t.app.fiscal.servico.cofre.decifrar(String(blob?.pfx_cifrado), `certificado:${empresa}`)).toEqual(
      pfx,
    );

    const errada = await t.post(
      `/api/fiscal/certificado/${empresa}`,
      { pfxBase64: pfx.toString('base64'), senha: 'x' },
      admin,
    );
    expect(String(errada.corpo.data.message)).toMatch(/^Não foi possível abrir o certificado A1/);
    const outro = gerarPfxDemonstracao('99888777000155', 'Outra Empresa', senha);
    const outroCnpj = await t.post(
      `/api/fiscal/certificado/${empresa}`,
      { pfxBase64: outro.toString('base64'), senha },
      admin,
    );
    expect(outroCnpj.corpo.data.message).toBe('O certificado pertence a outro CNPJ (99888777000155).');
    const cfg = await t.get(`/api/fiscal/configuracao/${empresa}`, admin);
    expect((cfg.corpo.data.certificado as Registro).titular).toBe('PIZZARIA SHOPPING:11444777000161');
  });

  it('baixarNotas/exportarDados: zip com os XML do período', async () => {
    const a = corpo(await emitir(await vendaTeste()));
    expect(a.valido).toBe(true);
    const z = await t.app.inject({
      method: 'POST',
      url: '/api/exportarDados',
      headers: { token: admin },
      payload: { empresa: t.demo.empresas.centro, dataInicial: INICIO, dataFinal: FIM },
    });
    expect(z.headers['content-type']).toBe('application/zip');
    const arquivo = `${t.app.servicos.config.dataDir}/teste-${novoId()}.zip`;
    fs.mkdirSync(t.app.servicos.config.dataDir, { recursive: true });
    fs.writeFileSync(arquivo, z.rawPayload);
    const { execFileSync } = await import('node:child_process');
    const lista = execFileSync('unzip', ['-Z1', arquivo]).toString().trim().split('\n');
    expect(lista).toEqual([`NFCe/${a.data.chave as string}-procNFe.xml`, 'resumo.csv']);
    const xml = execFileSync('unzip', ['-p', arquivo, lista[0] as string]).toString();
    expect(xml).toContain(`<chNFe>${a.data.chave as string}</chNFe>`);
    fs.unlinkSync(arquivo);
    const vazio = await t.post(
      '/api/baixarNotas',
      {
        empresa: t.demo.empresas.centro,
        dataInicial: '2020-01-01T00:00:00-03:00',
        dataFinal: '2020-02-01T00:00:00-03:00',
      },
      admin,
    );
    expect(vazio.corpo.data.message).toBe('Nenhuma nota encontrada no período informado.');
  });
});

describe('NF-e de entrada', () => {
  it('uploadXmlNfe das amostras reais: itens com códigos do fornecedor, chave duplicada recusada, vínculo com produto', async () => {
    const arquivos = fs.readdirSync(AMOSTRAS).filter((f) => f.endsWith('.xml'));
    expect(arquivos.length).toBeGreaterThanOrEqual(3);
    for (const nome of arquivos) {
      const xml = fs.readFileSync(`${AMOSTRAS}/${nome}`, 'utf8');
      const esperado = lerNfe(xml);
      const fronteira = 'xyz';
      const payload = Buffer.concat([
        Buffer.from(
          `--${fronteira}\r\nContent-Disposition: form-data; name="empresa"\r\n\r\n${t.demo.empresas.centro}\r\n`,
        ),
        Buffer.from(
          `--${fronteira}\r\nContent-Disposition: form-data; name="arquivo"; filename="${nome}"\r\nContent-Type: text/xml\r\n\r\n`,
        ),
        Buffer.from(xml),
        Buffer.from(`\r\n--${fronteira}--\r\n`),
      ]);
      const enviar = () =>
        t.app.inject({
          method: 'POST',
          url: '/api/uploadXmlNfe',
          headers: { token: admin, 'content-type': `multipart/form-data; boundary=${fronteira}` },
          payload,
        });
      const r = (await enviar()).json() as { valido: boolean; data: Registro & { itens: Registro[] } };
      expect(r.valido, JSON.stringify(r)).toBe(true);
      expect(r.data.chave).toBe(esperado.chave);
      expect(r.data.itens.map((i) => i.cProd)).toEqual(esperado.itens.map((i) => i.cProd));
      const dup = (await enviar()).json() as { valido: boolean; data: Registro };
      expect(dup).toEqual({
        valido: false,
        data: { message: `Nota fiscal já importada (chave ${esperado.chave}).` },
      });
    }
    const lista = await t.post(
      '/api/notaEntrada/getPopulate',
      { filtro: { empresa: t.demo.empresas.centro } },
      admin,
    );
    expect(lista.lista).toHaveLength(arquivos.length);
    const notaId = lista.lista[0]?._id as string;
    const detalhe = await t.get(`/api/notaEntrada/${notaId}`, admin);
    const item = (detalhe.corpo.data.itens as Registro[])[0] as Registro;
    const lata = await produto('Refrigerante Lata 350ml');
    const v = await t.put(
      `/api/notaEntrada/${notaId}/itens`,
      { itens: [{ _id: item._id, produtoGeral: lata._id, fatorConversao: '12' }] },
      admin,
    );
    expect(v.corpo.valido, JSON.stringify(v.corpo)).toBe(true);
    expect((v.corpo.data.itens as Registro[])[0]).toMatchObject({
      produtoGeral: lata._id,
      fatorConversao: '12.000000',
    });
    const invalido = await t.post(
      '/api/uploadXmlNfe',
      { xml: '<nada/>', empresa: t.demo.empresas.centro },
      admin,
    );
    expect(String(invalido.corpo.data.message)).toMatch(/^Arquivo XML de NF-e inválido/);
  });
});
