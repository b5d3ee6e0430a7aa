import { STATUS_TITULO, TIPO_PAGAMENTO } from '@retaguarda/domain';
import type {
  RespostaCalendario,
  RespostaDiaCalendario,
  RespostaImportacaoExtrato,
} from '@retaguarda/domain/financeiro/calendario-recebimento';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consultar, consultarUm } from '../src/db/consultar.ts';
import { novoId } from '../src/lib/ids.ts';
import { agendaDaLoja } from '../src/modules/financeiro/agenda-cartao.ts';
import { contaPorChave, planoPorChave } from '../src/modules/financeiro/cadastros-padrao.ts';
import { importarExtrato } from '../src/modules/financeiro/extrato-operadora.service.ts';
import { type AppTeste, criarAppTeste, type Registro, type Resposta } from './app-teste.ts';

// Card settlement rules, the receivables / payables calendar and the acquirer settlement-file import (issue 18),
// through the routes as the finance clerk: the store's rule gives each instalment its business day and fee; the
// month shows per day and acquirer gross, fee, net and what was received; a file with one line missing, one
// short and one unknown lists three divergences and settles the rest into the store's bank; the same file twice
// changes nothing; bad input is refused in pt-BR with nothing written.

let t: AppTeste;
let fin: string;
let caixa: string;
let loja: string;
let cielo: string;
let stone: string;
let cieloShopping: string;
const msg = (r: Resposta) => String(r.corpo.data.message ?? JSON.stringify(r.corpo.data));

async function postar<T = Registro>(url: string, corpo: unknown, token = fin): Promise<T> {
  const r = await t.post(url, corpo, token);
  expect(r.corpo.valido, JSON.stringify(r.corpo)).toBe(true);
  return r.corpo.data as T;
}

const operadora = async (empresa: string, nome: string) =>
  String(
    (
      await consultarUm(
        t.banco.db,
        sql`select id from operadora where empresa_id = ${empresa} and descricao = ${nome}`,
      )
    )?.id,
  );

beforeAll(async () => {
  t = await criarAppTeste();
  loja = t.demo.empresas.centro;
  fin = await t.login('financeiro@exemplo.com.br', 'financeiro123');
  caixa = await t.login('caixa@exemplo.com.br', 'caixa123');
  cielo = await operadora(loja, 'Cielo');
  stone = await operadora(loja, 'Stone');
  cieloShopping = await operadora(t.demo.empresas.shopping, 'Cielo');
});
afterAll(async () => t.fechar());

describe('settlement rules (operadoraRegraRecebimento)', () => {
  it('refuses a rule the domain refuses, naming the field, and writes nothing', async () => {
    const antes = await consultarUm(
      t.banco.db,
      sql`select count(*)::int as n from operadora_regra_recebimento`,
    );
    const r = await t.post(
      '/api/operadoraRegraRecebimento',
      {
        empresa: loja,
        operadora: stone,
        produto: 'debito',
        parcelasDe: 1,
        parcelasAte: 3,
        taxaPercentual: '1.5',
      },
      fin,
    );
    expect(r.corpo.valido).toBe(false);
    expect(JSON.stringify(r.corpo.data)).toContain('Débito é sempre em 1 parcela.');
    const depois = await consultarUm(
      t.banco.db,
      sql`select count(*)::int as n from operadora_regra_recebimento`,
    );
    expect(depois?.n).toBe(antes?.n);
  });

  it("schedules a card payment with the store's most specific rule, on business days", async () => {
    // Stone: an any-brand rule for credit 2..6x at D+15 every 15 days, 2.50%, calendar days.
    await postar('/api/operadoraRegraRecebimento', {
      empresa: loja,
      operadora: stone,
      produto: 'creditoParcelado',
      parcelasDe: 2,
      parcelasAte: 6,
      dias: 15,
      intervaloDias: 15,
      taxaPercentual: '2.50',
      diasUteis: false,
    });
    const agenda = await agendaDaLoja(t.banco.db, t.demo.grupoId, loja);
    const venda = { valor: '100.00', dataVenda: '2026-03-04', bandeira: null };
    // Seeded Cielo instalments: 3.59%, D+30 every 30 days, business days. 100.00 / 3 = 33.34 + 33.33 + 33.33;
    // fee 33.34 × 3.59% = 1.1969 -> 1.20, 33.33 × 3.59% = 1.1965 -> 1.20. 2026-04-03 is Good Friday -> Monday 6th;
    // 2026-05-03 is a Sunday -> Monday 4th; 2026-06-02 is a Tuesday.
    expect(agenda({ ...venda, tipo: TIPO_PAGAMENTO.credito, parcelas: 3, operadora: cielo })).toEqual([
      { parcela: 1, parcelas: 3, vencimento: '2026-04-06', valor: '33.34', taxa: '1.20' },
      { parcela: 2, parcelas: 3, vencimento: '2026-05-04', valor: '33.33', taxa: '1.20' },
      { parcela: 3, parcelas: 3, vencimento: '2026-06-02', valor: '33.33', taxa: '1.20' },
    ]);
    // Debit 1.39% D+1; credit in one 3.09% D+30 (2026-04-03 Good Friday -> 04-06).
    expect(agenda({ ...venda, tipo: TIPO_PAGAMENTO.debito, parcelas: 1, operadora: cielo })).toEqual([
      { parcela: 1, parcelas: 1, vencimento: '2026-03-05', valor: '100.00', taxa: '1.39' },
    ]);
    expect(agenda({ ...venda, tipo: TIPO_PAGAMENTO.credito, parcelas: 1, operadora: cielo })).toEqual([
      { parcela: 1, parcelas: 1, vencimento: '2026-04-06', valor: '100.00', taxa: '3.09' },
    ]);
    // The new Stone rule: 50.00 + 50.00 at D+15 and D+30 in calendar days, 1.25 each.
    expect(agenda({ ...venda, tipo: TIPO_PAGAMENTO.credito, parcelas: 2, operadora: stone })).toEqual([
      { parcela: 1, parcelas: 2, vencimento: '2026-03-19', valor: '50.00', taxa: '1.25' },
      { parcela: 2, parcelas: 2, vencimento: '2026-04-03', valor: '50.00', taxa: '1.25' },
    ]);
    // A meal voucher without a rule: the default D+30 on a business day, no fee.
    expect(agenda({ ...venda, tipo: TIPO_PAGAMENTO.valeRefeicao, parcelas: 1, operadora: cielo })).toEqual([
      { parcela: 1, parcelas: 1, vencimento: '2026-04-06', valor: '100.00', taxa: '0.00' },
    ]);
  });
});

// Card receivables of Cielo in March 2030 as the POS posting leaves them (gross, fee, NSU, authorisation).
const RECEBIVEIS = [
  // [nsu, autorizacao, venda, vencimento, valor, taxa]
  ['1001', 'AUT01', '2030-03-01', '2030-03-04', '100.00', '1.39'],
  ['1002', 'AUT02', '2030-03-01', '2030-03-04', '50.00', '0.70'],
  ['1003', 'AUT03', '2030-03-04', '2030-03-05', '80.00', '1.11'],
  ['1004', '', '2030-03-04', '2030-03-05', '20.00', '0.28'],
  ['1005', 'AUT05', '2030-03-04', '2030-03-05', '60.00', '0.83'],
  ['1006', 'AUT06', '2030-03-05', '2030-03-06', '40.00', '0.56'],
] as const;
const titulos: string[] = [];

async function criarRecebiveis() {
  const db = t.banco.db;
  const receita = await planoPorChave(db, t.demo.grupoId, 'receitaVendas');
  const taxa = await planoPorChave(db, t.demo.grupoId, 'taxasCartao');
  for (const [nsu, aut, venda, venc, valor, tx] of RECEBIVEIS) {
    const id = novoId();
    titulos.push(id);
    await consultar(
      db,
      sql`insert into financeiro_titulo (id, grupo_empresarial_id, empresa_id, tipo, descricao, operadora_id,
            plano_conta_id, plano_conta_taxa_id, valor, taxa, competencia, vencimento, parcela, parcelas, status, nsu,
            autorizacao, data_venda, origem_tipo, origem_id)
          values (${id}, ${t.demo.grupoId}, ${loja}, 'receber', ${`Débito - NSU ${nsu}`}, ${cielo}, ${receita}, ${taxa},
            ${valor}::numeric, ${tx}::numeric, ${venda}::date, ${venc}::date, 1, 1, 1, ${nsu}, ${aut || null},
            ${venda}::date, 'pagamento', ${novoId()})`,
    );
  }
}

const CABECALHO =
  'data_pagamento;operadora;bandeira;produto;data_venda;nsu;autorizacao;parcela;parcelas;valor_bruto;taxa;valor_liquido';
// Lines 1-4 paid as expected (4 by authorisation-less NSU), 1005 short by 0.50, 1006 never paid, an unknown NSU.
const ARQUIVO = [
  CABECALHO,
  '04/03/2030;Cielo;Visa;debito;01/03/2030;001001;AUT01;1;1;100,00;1,39;98,61',
  '04/03/2030;Cielo;Master;debito;01/03/2030;1002;AUT02;1;1;50,00;0,70;49,30',
  '05/03/2030;Cielo;Visa;debito;04/03/2030;1003;AUT03;1;1;80,00;1,11;78,89',
  '05/03/2030;Cielo;Elo;debito;04/03/2030;1004;;1;1;20,00;0,28;19,72',
  '05/03/2030;Cielo;Visa;debito;04/03/2030;1005;AUT05;1;1;60,00;1,33;58,67',
  '06/03/2030;Cielo;Visa;debito;05/03/2030;999999;ZZZ99;1;1;35,00;0,49;34,51',
].join('\n');

const estado = async () => ({
  titulos: await consultar(
    t.banco.db,
    sql`select id, status, valor_pago::text as pago from financeiro_titulo where id = any(${`{${titulos.join(',')}}`}::text[])
         order by nsu`,
  ),
  baixas: (await consultarUm(t.banco.db, sql`select count(*)::int as n from financeiro_baixa`))?.n,
  movimentos: await consultar(
    t.banco.db,
    sql`select data::text as data, valor::text as valor, saldo_atual::text as saldo from financeiro_movimentacao
         order by data, seq`,
  ),
  linhas: (await consultarUm(t.banco.db, sql`select count(*)::int as n from financeiro_extrato_linha`))?.n,
  extratos: (await consultarUm(t.banco.db, sql`select count(*)::int as n from financeiro_extrato_operadora`))
    ?.n,
});

describe('calendar and settlement file', () => {
  it('shows per day and acquirer what Cielo will pay: gross, fee, net', async () => {
    await criarRecebiveis();
    const c = await postar<RespostaCalendario>('/api/financeiro/calendario', {
      empresas: [loja],
      mes: '2030-03',
      visao: 'receber',
    });
    expect(c.dias.map((d) => d.data)).toEqual(['2030-03-04', '2030-03-05', '2030-03-06']);
    const dia5 = c.dias[1]!;
    // 80 + 20 + 60 = 160.00 gross, 1.11 + 0.28 + 0.83 = 2.22 fee, 157.78 net.
    expect(dia5.total).toEqual({
      quantidade: 3,
      bruto: '160.00',
      taxa: '2.22',
      liquido: '157.78',
      realizado: '0.00',
      aberto: '157.78',
    });
    expect(dia5.porOperadora).toEqual([
      expect.objectContaining({ operadora: { _id: cielo, descricao: 'Cielo' }, liquido: '157.78' }),
    ]);
    expect(c.total).toMatchObject({ quantidade: 6, bruto: '350.00', taxa: '4.87', liquido: '345.13' });
    const d = await postar<RespostaDiaCalendario>('/api/financeiro/calendario/dia', {
      empresas: [loja],
      data: '2030-03-05',
      visao: 'receber',
    });
    expect(d.total).toBe(3);
    expect(d.titulos.map((x) => [x.nsu, x.valor, x.taxa, x.liquido])).toEqual([
      ['1003', '80.00', '1.11', '78.89'],
      ['1005', '60.00', '0.83', '59.17'],
      ['1004', '20.00', '0.28', '19.72'],
    ]);
  });

  it('the payables view shows what the group must pay', async () => {
    const plano = await planoPorChave(t.banco.db, t.demo.grupoId, 'aluguel');
    await postar('/api/financeiroTitulo', {
      _id: novoId(),
      empresa: loja,
      tipo: 'pagar',
      descricao: 'Aluguel março 2030',
      planoConta: plano,
      valor: '6500.00',
      competencia: '2030-03-01',
      vencimento: '2030-03-10',
      parcelas: 1,
    });
    const c = await postar<RespostaCalendario>('/api/financeiro/calendario', {
      empresas: [loja],
      mes: '2030-03',
      visao: 'pagar',
    });
    expect(c.dias).toEqual([
      {
        data: '2030-03-10',
        total: expect.objectContaining({ quantidade: 1, bruto: '6500.00', liquido: '6500.00' }),
        porOperadora: [expect.objectContaining({ operadora: { _id: null, descricao: 'Contas a pagar' } })],
      },
    ]);
  });

  it('imports a file: one short, one never paid, one unknown -> three divergences; the rest settled', async () => {
    const r = await postar<RespostaImportacaoExtrato>('/api/financeiro/extratoOperadora/importar', {
      empresa: loja,
      operadora: cielo,
      nome: 'cielo-marco.csv',
      conteudo: ARQUIVO,
    });
    expect(r.erros).toEqual([]);
    expect(r.resumo).toMatchObject({ linhas: 6, novas: 6, jaImportadas: 0, conciliadas: 5, baixadas: 4 });
    expect(r.divergencias.map((d) => [d.tipo, d.linha, d.nsu, d.esperado, d.pago, d.diferenca])).toEqual([
      ['aMenor', 6, '1005', '59.17', '58.67', '-0.50'],
      ['desconhecido', 7, '999999', null, '34.51', null],
      ['naoPago', null, '1006', '39.44', null, null],
    ]);
    const e = await estado();
    // 1001-1004 paid in full; 1005 (short) and 1006 (never) still open.
    expect(e.titulos.map((x) => [Number(x.status), x.pago])).toEqual([
      [STATUS_TITULO.pago, '100.00'],
      [STATUS_TITULO.pago, '50.00'],
      [STATUS_TITULO.pago, '80.00'],
      [STATUS_TITULO.pago, '20.00'],
      [STATUS_TITULO.aberto, '0.00'],
      [STATUS_TITULO.aberto, '0.00'],
    ]);
    // The store's bank gets ONE movement per payment day, as its statement shows Cielo's credit: 98.61 + 49.30 on
    // the 4th, 78.89 + 19.72 on the 5th; each settlement of the day carries the day's operation id.
    const banco = await contaPorChave(t.banco.db, t.demo.grupoId, loja, 'bancoLoja');
    const movs = await consultar(
      t.banco.db,
      sql`select data::text as data, valor::text as valor, descricao, origem_tipo, origem_id, titulo_id
            from financeiro_movimentacao where conta_id = ${banco} and data >= '2030-03-01' order by data, valor`,
    );
    expect(movs).toEqual([
      {
        data: '2030-03-04',
        valor: '147.91',
        descricao: 'Recebimento Cielo: 2 títulos',
        origem_tipo: 'baixaLote',
        origem_id: `${r._id}:2030-03-04`,
        titulo_id: null,
      },
      {
        data: '2030-03-05',
        valor: '98.61',
        descricao: 'Recebimento Cielo: 2 títulos',
        origem_tipo: 'baixaLote',
        origem_id: `${r._id}:2030-03-05`,
        titulo_id: null,
      },
    ]);
    const baixas = await consultar(
      t.banco.db,
      sql`select b.operacao_id, b.data::text as data, b.valor::text as valor, b.taxa::text as taxa, t.nsu
            from financeiro_baixa b join financeiro_titulo t on t.id = b.titulo_id
           where b.titulo_id = any(${`{${titulos.join(',')}}`}::text[]) order by t.nsu`,
    );
    expect(baixas).toEqual([
      { operacao_id: `${r._id}:2030-03-04`, data: '2030-03-04', valor: '100.00', taxa: '1.39', nsu: '1001' },
      { operacao_id: `${r._id}:2030-03-04`, data: '2030-03-04', valor: '50.00', taxa: '0.70', nsu: '1002' },
      { operacao_id: `${r._id}:2030-03-05`, data: '2030-03-05', valor: '80.00', taxa: '1.11', nsu: '1003' },
      { operacao_id: `${r._id}:2030-03-05`, data: '2030-03-05', valor: '20.00', taxa: '0.28', nsu: '1004' },
    ]);
    // The day's movement is the cash of settlements the cash DRE already counts: it adds nothing to the
    // "movements without a title" sums (regime 0), the settlements are in the cash basis (regime 2).
    const dre = await consultar(
      t.banco.db,
      sql`select regime, sum(valor)::text as valor from financeiro_dre_dia where grupo_empresarial_id = ${t.demo.grupoId}
           and empresa_id = ${loja} and regime in (0, 2) and dia between '2030-03-04' and '2030-03-05'
         group by regime order by regime`,
    );
    expect(dre).toEqual([{ regime: 2, valor: '246.52' }]);
    // The calendar shows what was received.
    const c = await postar<RespostaCalendario>('/api/financeiro/calendario', {
      empresas: [loja],
      mes: '2030-03',
      visao: 'receber',
    });
    expect(c.dias[0]!.total).toMatchObject({ realizado: '147.91', aberto: '0.00' });
    expect(c.dias[1]!.total).toMatchObject({ realizado: '98.61', aberto: '59.17' });
    // The import is listed and its divergences read back the same.
    const lista = await postar<Registro[]>('/api/financeiro/extratoOperadora/lista', { empresas: [loja] });
    expect(lista[0]).toMatchObject({ _id: r._id, nome: 'cielo-marco.csv' });
    const de = await t.get(`/api/financeiro/extratoOperadora/${r._id}`, fin);
    expect(
      (de.corpo.data.divergencias as { tipo: string }[]).map((d) => d.tipo),
      JSON.stringify(de.corpo),
    ).toEqual(['aMenor', 'desconhecido', 'naoPago']);
  });

  it('the same file twice changes nothing', async () => {
    const antes = await estado();
    const r = await postar<RespostaImportacaoExtrato>('/api/financeiro/extratoOperadora/importar', {
      empresa: loja,
      operadora: cielo,
      nome: 'cielo-marco (1).csv',
      conteudo: ARQUIVO,
    });
    expect(r.resumo).toMatchObject({ linhas: 6, novas: 0, jaImportadas: 6, baixadas: 0, divergencias: 0 });
    expect(await estado()).toEqual(antes);
  });

  it('refuses bad input in pt-BR and writes nothing', async () => {
    const antes = await estado();
    const casos: [Record<string, unknown>, string][] = [
      [{ conteudo: '' }, 'Arquivo vazio.'],
      [{ operadora: cieloShopping }, 'Operadora não encontrada nesta loja.'],
      [{ operadora: '' }, 'Informe a operadora.'],
      [{ nome: '  ' }, 'Informe o nome do arquivo.'],
      [{ conteudo: 'a,b,c\n1,2,3' }, 'Formato de arquivo não reconhecido'],
      [
        { conteudo: `${CABECALHO}\n31/02/2030;Cielo;;debito;01/03/2030;1;;1;1;1,00;0,00;1,00` },
        'data_pagamento inválida',
      ],
      [{ conteudo: ARQUIVO.replaceAll(';Cielo;', ';Rede;') }, 'não é Cielo'],
    ];
    for (const [extra, mensagem] of casos) {
      const r = await t.post(
        '/api/financeiro/extratoOperadora/importar',
        { empresa: loja, operadora: cielo, nome: 'x.csv', conteudo: ARQUIVO, ...extra },
        fin,
      );
      expect(r.corpo.valido, JSON.stringify(extra)).toBe(false);
      expect(msg(r)).toContain(mensagem);
    }
    // The cashier has no access to the calendar.
    const c = await t.post(
      '/api/financeiro/calendario',
      { empresas: [loja], mes: '2030-03', visao: 'receber' },
      caixa,
    );
    expect(c.corpo.valido).toBe(false);
    const i = await t.post(
      '/api/financeiro/extratoOperadora/importar',
      { empresa: loja, operadora: cielo, nome: 'x.csv', conteudo: ARQUIVO.replace('1001', '7001') },
      caixa,
    );
    expect(i.corpo.valido).toBe(false);
    const m = await t.post(
      '/api/financeiro/calendario',
      { empresas: [loja], mes: '2030-13', visao: 'receber' },
      fin,
    );
    expect(msg(m)).toContain('Mês inválido');
    expect(await estado()).toEqual(antes);
  });
});

// The account's running balance: each movement's saldo_atual is the sum of the values up to it in (data, seq)
// order, and the cached balance is the last one (a back-dated batch movement must keep it).
async function saldoCorrido(conta: string) {
  const movs = await consultar(
    t.banco.db,
    sql`select valor::text as valor, saldo_atual::text as saldo from financeiro_movimentacao where conta_id = ${conta}
         order by data, seq`,
  );
  let soma = 0;
  const errados: number[] = [];
  for (const [i, m] of movs.entries()) {
    soma += Math.round(Number(m.valor) * 100);
    if (Math.round(Number(m.saldo) * 100) !== soma) errados.push(i);
  }
  const cache = await consultarUm(
    t.banco.db,
    sql`select saldo::text as saldo from financeiro_conta_saldo where conta_id = ${conta}`,
  );
  return { errados, soma: (soma / 100).toFixed(2), cache: String(cache?.saldo ?? '0.00') };
}

describe('bulk settlement of a settlement file', () => {
  it('reverses one settlement of a day: its share leaves the account alone, the day movement stays', async () => {
    const banco = await contaPorChave(t.banco.db, t.demo.grupoId, loja, 'bancoLoja');
    const b = await consultarUm(
      t.banco.db,
      sql`select b.id, b.operacao_id from financeiro_baixa b where b.titulo_id = ${titulos[0]!}`,
    );
    const dia = await consultarUm(
      t.banco.db,
      sql`select id, valor::text as valor from financeiro_movimentacao where origem_tipo = 'baixaLote'
           and origem_id = ${String(b?.operacao_id)}`,
    );
    expect(dia?.valor).toBe('147.91');
    await postar('/api/financeiroTitulo/estornarBaixa', { baixa: String(b?.id), data: '2030-03-06' });
    const titulo = await consultarUm(
      t.banco.db,
      sql`select status, valor_pago::text as pago from financeiro_titulo where id = ${titulos[0]!}`,
    );
    expect([Number(titulo?.status), titulo?.pago]).toEqual([STATUS_TITULO.aberto, '0.00']);
    // 100.00 − 1.39 of fee = 98.61 goes back out on the day asked, under the title; the day's 147.91 stays.
    const estornos = await consultar(
      t.banco.db,
      sql`select data::text as data, valor::text as valor, descricao, origem_id, titulo_id, estorno_de
            from financeiro_movimentacao where conta_id = ${banco} and origem_tipo = 'estornoBaixaLote'`,
    );
    expect(estornos).toEqual([
      {
        data: '2030-03-06',
        valor: '-98.61',
        descricao: 'Estorno: Recebimento: Débito - NSU 1001',
        origem_id: String(b?.id),
        titulo_id: titulos[0],
        estorno_de: null,
      },
    ]);
    const depois = await consultarUm(
      t.banco.db,
      sql`select valor::text as valor from financeiro_movimentacao where id = ${String(dia?.id)}`,
    );
    expect(depois?.valor).toBe('147.91');
    // The cash DRE loses the settlement (100.00 of revenue, −1.39 of fee); nothing lands in regime 0.
    const dre = await consultar(
      t.banco.db,
      sql`select regime, sum(valor)::text as valor from financeiro_dre_dia where grupo_empresarial_id = ${t.demo.grupoId}
           and empresa_id = ${loja} and regime in (0, 2) and dia between '2030-03-04' and '2030-03-06'
         group by regime order by regime`,
    );
    expect(dre).toEqual([{ regime: 2, valor: '147.91' }]);
    const saldo = await saldoCorrido(banco);
    expect(saldo.errados).toEqual([]);
    expect(saldo.cache).toBe(saldo.soma);
    // Not twice; the other settlement of that day still stands and reverses on its own.
    const again = await t.post(
      '/api/financeiroTitulo/estornarBaixa',
      { baixa: String(b?.id), data: '2030-03-06' },
      fin,
    );
    expect(msg(again)).toBe('Esta baixa já foi estornada.');
    const outra = await consultarUm(
      t.banco.db,
      sql`select id from financeiro_baixa where titulo_id = ${titulos[1]!}`,
    );
    await postar('/api/financeiroTitulo/estornarBaixa', { baixa: String(outra?.id), data: '2030-03-07' });
    expect((await saldoCorrido(banco)).errados).toEqual([]);
  });

  it('settles a file of 120 lines back-dated in the account exactly as the per-title path did', async () => {
    // 120 Stone receivables due 2030-02-04..08, BEFORE the account's March movements (back-dated days): every
    // 50th never paid, every 50th (+3) 0.10 short, every 40th (+11) a day late, an unknown line every 60.
    const db = t.banco.db;
    const g = t.demo.grupoId;
    const receita = await planoPorChave(db, g, 'receitaVendas');
    const taxa = await planoPorChave(db, g, 'taxasCartao');
    const N = 120;
    await consultar(
      db,
      sql`insert into financeiro_titulo (id, grupo_empresarial_id, empresa_id, tipo, descricao, operadora_id,
            plano_conta_id, plano_conta_taxa_id, valor, taxa, competencia, vencimento, parcela, parcelas, status, nsu,
            autorizacao, data_venda, origem_tipo, origem_id)
          select substr(md5('lote' || i), 1, 24), ${g}, ${loja}, 'receber', 'Crédito Stone ' || i, ${stone}, ${receita},
                 ${taxa}, 10 + i % 7 + 0.5, 0.25, date '2030-01-05' + i % 5, date '2030-02-04' + i % 5, 1, 1, 1,
                 (50000 + i)::text, 'S' || i, date '2030-01-05' + i % 5, 'pagamento', md5('lote' || i)
            from generate_series(1, ${N}) i`,
    );
    const iso = (d: string, mais: number) => {
      const x = new Date(`${d}T12:00:00Z`);
      x.setUTCDate(x.getUTCDate() + mais);
      return x.toISOString().slice(0, 10);
    };
    const cents = (c: number) => `${Math.floor(c / 100)},${String(c % 100).padStart(2, '0')}`;
    const linhas = [CABECALHO];
    for (let i = 1; i <= N; i++) {
      if (i % 50 === 7) continue;
      const venc = iso('2030-02-04', i % 5);
      const pagamento = i % 40 === 11 ? iso(venc, 1) : venc;
      const bruto = (10 + (i % 7)) * 100 + 50;
      const liquido = bruto - 25 - (i % 50 === 3 ? 10 : 0);
      linhas.push(
        `${pagamento};Stone;Visa;credito;${iso('2030-01-05', i % 5)};${50000 + i};S${i};1;1;${cents(bruto)};${cents(bruto - liquido)};${cents(liquido)}`,
      );
      if (i % 60 === 5)
        linhas.push(`${pagamento};Stone;Visa;credito;2030-01-05;${90000 + i};;1;1;7,00;0,10;6,90`);
    }
    const entrada = { empresa: loja, operadora: stone, nome: 'stone-fev.csv', conteudo: linhas.join('\n') };
    const banco = await contaPorChave(db, g, loja, 'bancoLoja');
    const usuario = String(
      (await consultarUm(db, sql`select id from usuario where email = 'financeiro@exemplo.com.br'`))?.id,
    );
    const foto = async (d: typeof db) => ({
      titulos: await consultar(
        d,
        sql`select id, status, valor_pago::text as pago from financeiro_titulo where operadora_id = ${stone}
             and vencimento between '2030-02-01' and '2030-02-28' order by id`,
      ),
      baixas: await consultar(
        d,
        sql`select b.titulo_id, b.data::text as data, b.valor::text as valor, b.taxa::text as taxa, b.conta_id
              from financeiro_baixa b join financeiro_titulo t on t.id = b.titulo_id
             where t.operadora_id = ${stone} order by b.titulo_id`,
      ),
      porDia: await consultar(
        d,
        sql`select data::text as data, sum(valor)::text as valor from financeiro_movimentacao
             where conta_id = ${banco} group by data order by data`,
      ),
      saldo: (
        await consultarUm(
          d,
          sql`select saldo::text as s from financeiro_conta_saldo where conta_id = ${banco}`,
        )
      )?.s,
      ultimo: await consultar(
        d,
        sql`select saldo_atual::text as s from financeiro_movimentacao where conta_id = ${banco}
             order by data desc, seq desc limit 1`,
      ),
      dre: await consultar(
        d,
        sql`select regime, dia::text as dia, plano_conta_id, valor::text as valor from financeiro_dre_dia
             where grupo_empresarial_id = ${g} and empresa_id = ${loja} and valor <> 0 order by 1, 2, 3`,
      ),
    });
    // The old path inside a transaction that is rolled back: what it leaves is the reference.
    class Desfazer extends Error {}
    let referencia: Awaited<ReturnType<typeof foto>> | undefined;
    let respostaReferencia: RespostaImportacaoExtrato | undefined;
    await db
      .transaction(async (tx) => {
        respostaReferencia = await importarExtrato(tx, { grupo: g, usuario }, entrada, {
          baixa: 'porTitulo',
        });
        referencia = await foto(tx);
        throw new Desfazer();
      })
      .catch((e: unknown) => {
        if (!(e instanceof Desfazer)) throw e;
      });
    const r = await postar<RespostaImportacaoExtrato>('/api/financeiro/extratoOperadora/importar', entrada);
    const semId = (x: RespostaImportacaoExtrato) => ({ resumo: x.resumo, divergencias: x.divergencias });
    expect(semId(r)).toEqual(semId(respostaReferencia!));
    // 120 − 3 never paid − 3 short = 114 settled; 3 late among them; 2 unknown lines.
    expect(r.resumo).toMatchObject({ novas: 119, conciliadas: 117, baixadas: 114 });
    expect(r.divergencias.filter((d) => d.tipo === 'atrasado')).toHaveLength(3);
    expect(r.divergencias.filter((d) => d.tipo === 'desconhecido')).toHaveLength(2);
    expect(r.divergencias.filter((d) => d.tipo === 'naoPago')).toHaveLength(3);
    expect(r.divergencias.filter((d) => d.tipo === 'aMenor')).toHaveLength(3);
    expect(await foto(db)).toEqual(referencia);
    // The cash-basis sums the triggers kept (settlements inserted one statement per file) are the ones each
    // settlement gives alone (financeiro_dre_baixa_partes), over every settlement of the store.
    const somasDoGatilho = await consultar(
      db,
      sql`select dia::text as dia, plano_conta_id as plano, valor::text as valor from financeiro_dre_dia
           where grupo_empresarial_id = ${g} and empresa_id = ${loja} and regime = 2 and valor <> 0 order by 1, 2`,
    );
    const somasUmaAUma = await consultar(
      db,
      sql`select p.dia::text as dia, p.plano, sum(p.valor)::text as valor from financeiro_baixa b
           cross join lateral financeiro_dre_baixa_partes(b, 1) p
          where b.grupo_empresarial_id = ${g} and b.empresa_id = ${loja}
          group by 1, 2 having sum(p.valor) <> 0 order by 1, 2`,
    );
    expect(somasDoGatilho).toEqual(somasUmaAUma);
    // One movement per payment day (the late ones were paid on the 6th, a day after their forecast) instead of 114.
    const lote = await consultar(
      db,
      sql`select data::text as data from financeiro_movimentacao where origem_tipo = 'baixaLote'
           and origem_id like ${`${r._id}:%`} order by data`,
    );
    expect(lote.map((m) => m.data)).toEqual([
      '2030-02-04',
      '2030-02-05',
      '2030-02-06',
      '2030-02-07',
      '2030-02-08',
    ]);
    const saldo = await saldoCorrido(banco);
    expect(saldo.errados).toEqual([]);
    expect(saldo.cache).toBe(saldo.soma);
    // Twice: nothing.
    const antes = await foto(db);
    const de2 = await postar<RespostaImportacaoExtrato>('/api/financeiro/extratoOperadora/importar', entrada);
    expect(de2.resumo).toMatchObject({ novas: 0, baixadas: 0 });
    expect(await foto(db)).toEqual(antes);
  });

  it("the calendar's and the DRE's daily sums are the titles' own after every write (settle, cancel, move)", async () => {
    const db = t.banco.db;
    // Writes the triggers must follow: a settled title cancelled, an open one moved to another day and value.
    await db.execute(
      sql`update financeiro_titulo set status = ${STATUS_TITULO.cancelado}
           where id = (select id from financeiro_titulo where status = ${STATUS_TITULO.pago} order by id limit 1)`,
    );
    await db.execute(
      sql`update financeiro_titulo set vencimento = vencimento + 3, valor = valor + 1, valor_pago = 0.5
           where id = (select id from financeiro_titulo where status = ${STATUS_TITULO.aberto} order by id limit 1)`,
    );
    const calendario = (origem: 'gatilho' | 'titulos') =>
      consultar(
        db,
        origem === 'gatilho'
          ? sql`select grupo_empresarial_id, empresa_id, tipo, vencimento::text as dia, operadora_id, quantidade,
                       bruto::text as bruto, taxa::text as taxa, realizado::text as realizado
                  from financeiro_calendario_dia where quantidade <> 0 order by 1, 2, 3, 4, 5`
          : sql`select grupo_empresarial_id, empresa_id, tipo, vencimento::text as dia,
                       coalesce(operadora_id, '') as operadora_id, count(*)::int as quantidade,
                       sum(valor)::numeric(18, 2)::text as bruto, sum(taxa)::numeric(18, 2)::text as taxa,
                       sum(case when valor_pago = 0 then 0
                                else valor_pago - round(taxa * valor_pago / valor, 2) end)::numeric(18, 2)::text
                         as realizado
                  from financeiro_titulo where status <> ${STATUS_TITULO.cancelado}
                 group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5`,
      );
    const doGatilho = await calendario('gatilho');
    expect(doGatilho.length).toBeGreaterThan(0);
    expect(doGatilho).toEqual(await calendario('titulos'));
    const dre = (origem: 'gatilho' | 'titulos') =>
      consultar(
        db,
        origem === 'gatilho'
          ? sql`select dia::text as dia, empresa_id, plano_conta_id as plano, valor::text as valor
                  from financeiro_dre_dia where regime = 1 and valor <> 0 order by 1, 2, 3`
          : sql`select p.dia::text as dia, p.empresa as empresa_id, p.plano, sum(p.valor)::numeric(18, 2)::text as valor
                  from financeiro_titulo t cross join lateral financeiro_dre_titulo_partes(t, 1) p
                 group by 1, 2, 3 having sum(p.valor) <> 0 order by 1, 2, 3`,
      );
    expect(await dre('gatilho')).toEqual(await dre('titulos'));
  });
});
