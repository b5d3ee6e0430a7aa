import { type Venda, vendaSchema } from '@retaguarda/domain';
import type { SimuladorSefaz } from '@retaguarda/fiscal';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { consultarUm } from '../src/db/consultar.ts';
import { novoId } from '../src/lib/ids.ts';
import {
  MENSAGEM_PERIODO_INVALIDO,
  MENSAGEM_SEM_SIMULADOR,
} from '../src/modules/fiscal-relatorios/fiscal-relatorios.routes.ts';
import { type AppTeste, criarAppTeste, type Registro } from './app-teste.ts';
import { apontarParaSimulador, gravarVendaTeste } from './fiscal-apoio.ts';

// relatorioVendasResumoFiscal and relatorioDFE over notes really issued against the local simulator.

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

async function idDe(consulta: ReturnType<typeof sql>): Promise<Registro> {
  const l = await consultarUm(t.banco.db, consulta);
  if (!l) throw new Error('dado de demonstração ausente');
  return l;
}

/** An ended counter sale of Loja Centro: `latas` cans of 6.50 paid by `tipo` (77 cash with change of 3.50). */
async function venda(latas: number, tipo: 77 | 79): Promise<Venda> {
  const lata = await idDe(
    sql`select id from produto_geral where grupo_empresarial_id = ${t.demo.grupoId} and descricao = 'Refrigerante Lata 350ml'`,
  );
  const forma = await idDe(
    sql`select id, descricao from forma_pagamento where empresa_id = ${t.demo.empresas.centro} and (tipo->>'id')::int = ${tipo}`,
  );
  const agora = new Date().toISOString();
  const total = (latas * 6.5).toFixed(2);
  const pago = tipo === 77 ? (latas * 6.5 + 3.5).toFixed(2) : total;
  const v = vendaSchema.parse({
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
        produto: { _id: lata.id, descricao: 'Refrigerante Lata 350ml' },
        quantidade: String(latas),
        precoVenda: '6.50',
        valorBruto: total,
        valorLiquido: total,
        confirmado: true,
        data: agora,
      },
    ],
    pagamentos: [
      {
        _id: novoId(),
        formaPagamento: { _id: forma.id, descricao: forma.descricao, tipo, tipoTroco: tipo === 77 ? 1 : 2 },
        valor: total,
        valorPago: pago,
        valorTroco: tipo === 77 ? '3.50' : '0',
        data: agora,
      },
    ],
    subTotal: total,
    total,
  });
  return gravarVendaTeste(t, v);
}

const periodo = () => ({
  empresa: t.demo.empresas.centro,
  dataInicial: new Date(Date.now() - 86_400_000).toISOString(),
  dataFinal: new Date(Date.now() + 86_400_000).toISOString(),
});

describe('relatórios fiscais', () => {
  it('resumo fiscal: por dia e status, por CFOP/CST e por meio de pagamento (troco abatido do dinheiro)', async () => {
    const a = await t.post('/api/enviaNFCE', { dadosNfe: await venda(2, 77) }, admin);
    const b = await t.post('/api/enviaNFCE', { dadosNfe: await venda(1, 79) }, admin);
    const c = await t.post('/api/enviaNFCE', { dadosNfe: await venda(3, 79) }, admin);
    for (const r of [a, b, c]) expect(r.corpo.valido, JSON.stringify(r.corpo)).toBe(true);
    const cancel = await t.post(
      '/api/cancelar',
      {
        tipo: 'nfce',
        chave: c.corpo.data.chave,
        motivo: 'Cliente desistiu da compra',
        empresa: t.demo.empresas.centro,
      },
      admin,
    );
    expect(cancel.corpo.valido, JSON.stringify(cancel.corpo)).toBe(true);

    const r = await t.post('/api/relatorioVendasResumoFiscal', periodo(), admin);
    expect(r.corpo.valido, JSON.stringify(r.corpo)).toBe(true);
    const d = r.corpo.data as unknown as {
      dias: {
        quantidade: number;
        autorizadas: number;
        canceladas: number;
        valorAutorizado: string;
        valorCancelado: string;
      }[];
      cfopCst: { CFOP: string; cst: string; itens: number; valorContabil: string }[];
      pagamentos: { tPag: string; descricao: string; valor: string }[];
      totais: Record<string, unknown>;
    };
    expect(d.totais).toMatchObject({
      notas: 3,
      autorizadas: 2,
      canceladas: 1,
      valorAutorizado: '19.50',
      valorCancelado: '19.50',
      troco: '3.50',
    });
    expect(d.dias).toHaveLength(1);
    expect(d.dias[0]).toMatchObject({ quantidade: 3, autorizadas: 2, canceladas: 1 });
    // Only authorised notes in the books: 2 + 1 cans.
    expect(d.cfopCst.reduce((s, l) => s + Number(l.valorContabil), 0).toFixed(2)).toBe('19.50');
    expect(d.cfopCst.every((l) => /^\d{4}$/.test(l.CFOP) && l.cst !== '')).toBe(true);
    expect(d.pagamentos).toEqual([
      { tPag: '01', descricao: 'Dinheiro', quantidade: 1, valor: '13.00' },
      { tPag: '04', descricao: 'Cartão de Débito', quantidade: 1, valor: '6.50' },
    ]);
  });

  it('relatório DF-e: notas emitidas com situação e protocolo, resumo por modelo/situação; período inválido recusado', async () => {
    const a = await t.post('/api/enviaNFCE', { dadosNfe: await venda(1, 79) }, admin);
    expect(a.corpo.valido).toBe(true);
    await sim.definirCenario({ modo: 'rejeitar', cStat: 778 });
    const rej = await t.post('/api/enviaNFCE', { dadosNfe: await venda(2, 79) }, admin);
    expect(rej.corpo.valido).toBe(false);

    const r = await t.post('/api/relatorioDFE', periodo(), admin);
    expect(r.corpo.valido, JSON.stringify(r.corpo)).toBe(true);
    const d = r.corpo.data as unknown as {
      resumo: { direcao: string; modelo: string; situacao: string; quantidade: number; valor: string }[];
      documentos: { chave: string; situacao: string; protocolo: string; cStat: number | null }[];
    };
    expect(d.resumo).toEqual([
      { direcao: 'emitida', modelo: '65', situacao: 'autorizada', quantidade: 1, valor: '6.50' },
      { direcao: 'emitida', modelo: '65', situacao: 'erro', quantidade: 1, valor: '13.00' },
    ]);
    const autorizada = d.documentos.find((x) => x.chave === a.corpo.data.chave);
    expect(autorizada?.protocolo).toMatch(/^\d{15}$/);
    expect(d.documentos.find((x) => x.situacao === 'erro')?.cStat).toBe(778);

    const invalido = await t.post(
      '/api/relatorioDFE',
      { ...periodo(), dataInicial: periodo().dataFinal, dataFinal: periodo().dataInicial },
      admin,
    );
    expect(invalido.corpo).toMatchObject({ valido: false, data: { message: MENSAGEM_PERIODO_INVALIDO } });
    const caixa = await t.login('caixa@exemplo.com.br', 'caixa123');
    const semPermissao = await t.post('/api/relatorioDFE', periodo(), caixa);
    expect(semPermissao.corpo).toMatchObject({
      valido: false,
      data: { message: 'Usuário sem permissão para esta operação.' },
    });
  });

  it('cenário do simulador: recusado quando o destino não é o simulador deste servidor e sem a permissão 866', async () => {
    // This app sends to a simulator the test started, not one of its own.
    const r = await t.post('/api/fiscal/simulador/cenario', { modo: 'fora' }, admin);
    expect(r.corpo).toMatchObject({ valido: false, data: { message: MENSAGEM_SEM_SIMULADOR } });
    expect(sim.cenario()).toEqual({ modo: 'autorizar' });
    const caixa = await t.login('caixa@exemplo.com.br', 'caixa123');
    const semPermissao = await t.post('/api/fiscal/simulador/cenario', { modo: 'fora' }, caixa);
    expect(semPermissao.corpo).toMatchObject({
      valido: false,
      data: { message: 'Usuário sem permissão para esta operação.' },
    });
  });
});
