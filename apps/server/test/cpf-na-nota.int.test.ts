import type { SimuladorSefaz } from '@retaguarda/fiscal';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { consultar, consultarUm } from '../src/db/consultar.ts';
import { type AppTeste, criarAppTeste, type Registro, type Resposta } from './app-teste.ts';
import { apontarParaSimulador } from './fiscal-apoio.ts';
import { abrirPeriodo, contar, type Loja, novoId, prepararLoja } from './vendas-apoio.ts';

// CPF na nota (issue 15 point 6): a wrong consumer document is refused when the sale is created or changed
// (POS and call center), with the spec's message and nothing written; an ended sale whose note was not issued
// yet has its document corrected by the cashier and the note issued then, with the CPF in the XML's dest.

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

let t: AppTeste;
let sim: SimuladorSefaz;
let loja: Loja;
let pizza = '';
let dinheiro = '';

const msg = (r: Resposta) => r.corpo.data.message;

beforeAll(async () => {
  t = await criarAppTeste();
  sim = await apontarParaSimulador(t);
  loja = await prepararLoja(t);
  await abrirPeriodo(loja);
  pizza = await loja.produto('Pizza Grande Calabresa');
  dinheiro = await loja.forma(77);
});

afterAll(async () => {
  await t?.fechar();
  await sim?.fechar();
});

/** The stored columns a refused write must leave as they were. */
async function registro(id: string) {
  return consultarUm(
    t.banco.db,
    sql`select cpf_cnpj, versao, total::text as total from venda where id = ${id}`,
  );
}

describe('a wrong document is refused with the sale', () => {
  it.each([
    ['529.982.247-26', 'CPF Inválido'],
    ['11.222.333/0001-82', 'CNPJ Inválido'],
    ['12345', 'CPF ou CNPJ Inválido, favor preencher corretamente'],
    ['111.111.111-11', 'CPF Inválido'],
  ])('creating with %s: "%s", no sale written', async (cpfCnpj, mensagem) => {
    const antes = await contar(t, 'venda');
    const id = novoId();
    const r = await loja.post(
      '/api/venda',
      { _id: id, tipoVenda: 53, terminal: loja.terminal, cpfCnpj, produtos: [{ produto: pizza }] },
      loja.caixaToken,
    );
    expect(r.status).toBe(200);
    expect(r.corpo.valido).toBe(false);
    expect(msg(r)).toBe(mensagem);
    expect(await contar(t, 'venda')).toBe(antes);
  });

  it('a whole counter sale (paid and ended in one request) with a wrong CPF: nothing written', async () => {
    const antes = [await contar(t, 'venda'), await contar(t, 'venda_pagamento')];
    const r = await loja.post(
      '/api/venda',
      {
        _id: novoId(),
        tipoVenda: 53,
        terminal: loja.terminal,
        cpfCnpj: '52998224726',
        produtos: [{ produto: pizza }],
        pagamentos: [{ _id: novoId(), formaPagamento: dinheiro, valorPago: '60', terminal: loja.terminal }],
        encerrar: true,
      },
      loja.caixaToken,
    );
    expect(msg(r)).toBe('CPF Inválido');
    expect([await contar(t, 'venda'), await contar(t, 'venda_pagamento')]).toEqual(antes);
  });

  it('a valid CPF, masked CNPJ or alphanumeric CNPJ is kept without the mask', async () => {
    for (const [digitado, guardado] of [
      ['529.982.247-25', '52998224725'],
      ['11.222.333/0001-81', '11222333000181'],
      ['12.abc.345/01de-35', '12ABC34501DE35'],
    ] as const) {
      const r = await loja.post(
        '/api/venda',
        { tipoVenda: 53, terminal: loja.terminal, cpfCnpj: digitado, produtos: [{ produto: pizza }] },
        loja.caixaToken,
      );
      expect(r.corpo.valido, JSON.stringify(r.corpo)).toBe(true);
      expect(r.corpo.data.cpfCnpj).toBe(guardado);
      expect((await registro(r.corpo.data._id as string))?.cpf_cnpj).toBe(guardado);
    }
  });

  it('changing an open sale: a wrong document refused and nothing changed; a right one kept; null clears', async () => {
    const criada = await loja.post(
      '/api/venda',
      { tipoVenda: 54, mesa: 31, terminal: loja.terminal, produtos: [{ produto: pizza }] },
      loja.caixaToken,
    );
    const id = criada.corpo.data._id as string;
    const antes = await registro(id);
    for (const [cpfCnpj, mensagem] of [
      ['529.982.247-26', 'CPF Inválido'],
      ['1122233300018', 'CPF ou CNPJ Inválido, favor preencher corretamente'],
    ] as const) {
      const r = await loja.put(`/api/venda/${id}/cpfCnpj`, { cpfCnpj }, loja.caixaToken);
      expect(r.corpo.valido).toBe(false);
      expect(msg(r)).toBe(mensagem);
      expect(await registro(id)).toEqual(antes);
    }
    const certo = await loja.put(`/api/venda/${id}/cpfCnpj`, { cpfCnpj: '529.982.247-25' }, loja.caixaToken);
    expect(certo.corpo.valido, JSON.stringify(certo.corpo)).toBe(true);
    expect(certo.corpo.data).toMatchObject({ cpfCnpj: '52998224725', versao: Number(antes?.versao) + 1 });
    expect(await registro(id)).toEqual({
      ...antes,
      cpf_cnpj: '52998224725',
      versao: Number(antes?.versao) + 1,
    });
    const limpa = await loja.put(`/api/venda/${id}/cpfCnpj`, { cpfCnpj: null }, loja.caixaToken);
    expect(limpa.corpo.data.cpfCnpj).toBeNull();
  });

  it('the call center: an order with a wrong CPF is refused before anything is created', async () => {
    const cc = await prepararLoja(t, t.demo.empresas.gestor);
    const id = novoId();
    const r = await cc.post('/api/callCenter/pedido', {
      _id: id,
      tipoVenda: 53,
      empresa: t.demo.empresas.centro,
      cpfCnpj: '529.982.247-26',
      produtos: [{ produto: pizza }],
    });
    expect(msg(r)).toBe('CPF Inválido');
    expect(await consultarUm(t.banco.db, sql`select id from venda where id = ${id}`)).toBeUndefined();
    expect(
      await consultarUm(t.banco.db, sql`select venda_id from call_center_pedido where venda_id = ${id}`),
    ).toBeUndefined();
    const certo = await cc.post('/api/callCenter/pedido', {
      _id: id,
      tipoVenda: 53,
      empresa: t.demo.empresas.centro,
      cpfCnpj: '529.982.247-25',
      produtos: [{ produto: pizza }],
    });
    expect(certo.corpo.valido, JSON.stringify(certo.corpo)).toBe(true);
    expect((await registro(id))?.cpf_cnpj).toBe('52998224725');
  });
});

describe('an ended sale whose note was not issued yet', () => {
  it('the cashier corrects the CPF, the note is issued with it in dest, and then it cannot change', async () => {
    // The store issues notes by hand (enviaNFCE), so the sale ends without one.
    const cfg = await t.put(
      `/api/fiscal/configuracao/${loja.empresa}`,
      {
        emitirNfce: false,
        // The software's technician (infRespTec), which the simulator demands as SEFAZ does.
        responsavelTecnico: {
          CNPJ: '11222333000181',
          xContato: 'Suporte',
          email: 'suporte@exemplo.com.br',
          fone: '4133334444',
        },
      },
      loja.admin,
    );
    expect(cfg.corpo.data.emitirNfce).toBe(false);
    const fim = await loja.post(
      '/api/venda',
      {
        _id: novoId(),
        tipoVenda: 53,
        terminal: loja.terminal,
        cpfCnpj: '111.444.777-35',
        produtos: [{ produto: pizza }],
        pagamentos: [{ _id: novoId(), formaPagamento: dinheiro, valorPago: '60', terminal: loja.terminal }],
        encerrar: true,
      },
      loja.caixaToken,
    );
    expect(fim.corpo.valido, JSON.stringify(fim.corpo)).toBe(true);
    expect(fim.corpo.data).toMatchObject({ status: { id: 59 }, cpfCnpj: '11144477735', nfce: [] });
    const id = fim.corpo.data._id as string;
    const antes = await registro(id);

    // A wrong correction: refused, nothing changed.
    const errada = await loja.put(`/api/venda/${id}/cpfCnpj`, { cpfCnpj: '529.982.247-26' }, loja.caixaToken);
    expect(msg(errada)).toBe('CPF Inválido');
    expect(await registro(id)).toEqual(antes);

    // The right one: the ended sale keeps its values, only the document moves.
    const certa = await loja.put(`/api/venda/${id}/cpfCnpj`, { cpfCnpj: '529.982.247-25' }, loja.caixaToken);
    expect(certa.corpo.valido, JSON.stringify(certa.corpo)).toBe(true);
    expect(certa.corpo.data).toMatchObject({
      status: { id: 59 },
      cpfCnpj: '52998224725',
      total: antes?.total,
    });

    const nota = await loja.post('/api/enviaNFCE', { venda: id }, loja.caixaToken);
    expect(nota.corpo.valido, JSON.stringify(nota.corpo)).toBe(true);
    const linha = await consultarUm(
      t.banco.db,
      sql`select xml, cpf_cnpj, status_nota from nfce where venda_id = ${id}`,
    );
    expect(linha?.status_nota).toBe('processado');
    expect(linha?.cpf_cnpj).toBe('52998224725');
    const dest = /<dest>([\s\S]*?)<\/dest>/.exec(String(linha?.xml))?.[1] ?? '';
    expect(dest).toContain('<CPF>52998224725</CPF>');
    expect(String(linha?.xml)).not.toContain('11144477735');
    const danfe = await t.app.inject({
      method: 'GET',
      url: `/api/nfce/${(nota.corpo.data as Registro)._id as string}/danfe.html`,
      headers: { token: loja.caixaToken, version: 'teste' },
    });
    expect(danfe.body).toContain('CPF 52998224725');

    // Issued: the document is the note's now; a change is refused and nothing moves.
    const depois = await registro(id);
    const tarde = await loja.put(`/api/venda/${id}/cpfCnpj`, { cpfCnpj: '111.444.777-35' }, loja.caixaToken);
    expect(msg(tarde)).toBe('A NFC-e desta venda já foi emitida: o CPF/CNPJ não pode mais ser alterado.');
    expect(await registro(id)).toEqual(depois);
  });

  it('a cancelled sale keeps its document', async () => {
    const criada = await loja.post(
      '/api/venda',
      { tipoVenda: 53, terminal: loja.terminal, produtos: [{ produto: pizza }] },
      loja.caixaToken,
    );
    const id = criada.corpo.data._id as string;
    await consultar(t.banco.db, sql`update venda set status = 60 where id = ${id}`);
    const r = await loja.put(`/api/venda/${id}/cpfCnpj`, { cpfCnpj: '529.982.247-25' }, loja.caixaToken);
    expect(msg(r)).toBe('Venda cancelada: o CPF/CNPJ não pode ser alterado.');
    expect((await registro(id))?.cpf_cnpj).toBeNull();
  });
});
