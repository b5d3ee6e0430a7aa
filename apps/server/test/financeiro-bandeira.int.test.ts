import { PERMISSAO, proximoDiaUtil, somarDias, TIPO_PAGAMENTO } from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consultar, consultarUm } from '../src/db/consultar.ts';
import { processarLancamentos } from '../src/modules/financeiro/lancamento-pdv.ts';
import { type AppTeste, criarAppTeste } from './app-teste.ts';
import { abrirPeriodo, contar, type Loja, novoId, prepararLoja } from './vendas-apoio.ts';

// The card brand of a POS payment (issue 18 leftovers): the payment keeps the NFC-e tBand code, and at the
// closing the acquirer's rule of that brand wins over its any-brand rule. Visa is matched by the registered
// brand's fiscal code, Mastercard by its name (no code registered), Elo has no rule of its own and falls back to
// the any-brand one; an unknown code is refused and writes nothing.

let t: AppTeste;
let l: Loja;
let cielo: string;
const PIZZA = '49.90';

const dia = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());

/** The group's registered brands (tipoPagamentoBandeira): Visa by its fiscal code 01, Mastercard by its name. */
let visa: string;
let master: string;

beforeAll(async () => {
  t = await criarAppTeste();
  l = await prepararLoja(t);
  const op = await consultarUm(
    t.banco.db,
    sql`select id from operadora where empresa_id = ${l.empresa} and descricao = 'Cielo'`,
  );
  cielo = String(op?.id);
  const bandeira = async (descricao: string, codigoFiscal?: string) => {
    const r = await l.post('/api/tipoPagamentoBandeira', {
      descricao,
      ...(codigoFiscal ? { codigoFiscal } : {}),
    });
    expect(r.corpo.valido, JSON.stringify(r.corpo)).toBe(true);
    return String(r.corpo.data._id);
  };
  visa = await bandeira('Visa Crédito', '01');
  master = await bandeira('Mastercard');
  // Credit in one instalment at Cielo: the demo's any-brand rule is 3.09% at D+30 on business days.
  for (const [b, dias, taxa] of [
    [visa, 2, '1.50'],
    [master, 10, '2.00'],
  ] as const) {
    const r = await l.post('/api/operadoraRegraRecebimento', {
      empresa: l.empresa,
      operadora: cielo,
      bandeira: b,
      produto: 'credito',
      parcelasDe: 1,
      parcelasAte: 1,
      dias,
      taxaPercentual: taxa,
      diasUteis: false,
    });
    expect(r.corpo.valido, JSON.stringify(r.corpo)).toBe(true);
  }
  await abrirPeriodo(l);
});
afterAll(async () => t.fechar());

async function novaVenda(): Promise<string> {
  const id = (await l.post('/api/venda', { tipoVenda: 53, terminal: l.terminal }, l.caixaToken)).corpo.data
    ._id as string;
  await l.post(
    `/api/venda/${id}/itens`,
    { produtos: [{ produto: await l.produto('Pizza Grande Mussarela') }] },
    l.caixaToken,
  );
  return id;
}

async function pagarCredito(venda: string, bandeira: string) {
  const pagamento = novoId();
  const r = await l.post(
    `/api/venda/${venda}/pagamentos`,
    {
      _id: pagamento,
      formaPagamento: await l.forma(TIPO_PAGAMENTO.credito),
      valorPago: PIZZA,
      terminal: l.terminal,
      operadora: cielo,
      nsu: '4711',
      bandeira,
    },
    l.caixaToken,
  );
  return { pagamento, r };
}

describe('card brand of a POS payment', () => {
  const pagamentos: Record<string, string> = {};

  it('keeps the brand code on the payment and refuses an unknown one', async () => {
    const primeira = await novaVenda();
    const antes = await contar(t, 'venda_pagamento');
    const ruim = await pagarCredito(primeira, '10');
    expect(ruim.r.corpo.valido).toBe(false);
    expect(JSON.stringify(ruim.r.corpo.data)).toContain('Bandeira do cartão inválida.');
    expect(await contar(t, 'venda_pagamento')).toBe(antes);

    for (const [nome, codigo] of [
      ['visa', '01'],
      ['master', '02'],
      ['elo', '06'],
    ] as const) {
      const venda = nome === 'visa' ? primeira : await novaVenda();
      const v = await pagarCredito(venda, codigo);
      expect(v.r.corpo.valido, JSON.stringify(v.r.corpo)).toBe(true);
      const pago = (v.r.corpo.data.pagamentos as { _id: string; bandeira: string | null }[]).find(
        (p) => p._id === v.pagamento,
      );
      expect(pago?.bandeira).toBe(codigo);
      const e = await l.post(`/api/venda/${venda}/encerrar`, {}, l.caixaToken);
      expect(e.corpo.valido, JSON.stringify(e.corpo)).toBe(true);
      pagamentos[nome] = v.pagamento;
    }
    const lido = await consultarUm(
      t.banco.db,
      sql`select bandeira from venda_pagamento where id = ${pagamentos.visa ?? ''}`,
    );
    expect(lido?.bandeira).toBe('01');
  });

  it("at the closing, the brand's rule gives the receivable its fee and day; no rule of the brand, the generic", async () => {
    const contagem = [
      { tipo: TIPO_PAGAMENTO.dinheiro, valor: '100.00' },
      ...['visa', 'master', 'elo'].map(() => ({ tipo: TIPO_PAGAMENTO.credito, valor: PIZZA })),
    ];
    const liberacao = await l.liberacao(PERMISSAO.fecharCaixaComDiferenca, undefined, undefined, {
      token: l.caixaToken,
    });
    const f = await l.post(
      '/api/periodo/fechar',
      { terminal: l.terminal, contagem, liberacao },
      l.caixaToken,
    );
    expect(f.corpo.valido, JSON.stringify(f.corpo)).toBe(true);
    while ((await processarLancamentos(t.banco.db)) > 0) {
      /* next batch */
    }
    const titulo = async (pagamento: string | undefined) =>
      consultar(
        t.banco.db,
        sql`select parcela, valor::text as valor, taxa::text as taxa, vencimento::text as vencimento, operadora_id,
                   bandeira_id
              from financeiro_titulo where origem_tipo = 'pagamento' and origem_id = ${pagamento ?? ''}`,
      );
    const hoje = dia();
    // Visa rule: 1.50% of 49.90 = 0.7485 -> 0.75, D+2 in calendar days.
    expect(await titulo(pagamentos.visa)).toEqual([
      {
        parcela: 1,
        valor: PIZZA,
        taxa: '0.75',
        vencimento: somarDias(hoje, 2),
        operadora_id: cielo,
        bandeira_id: visa,
      },
    ]);
    // Mastercard rule (matched by the brand's name): 2.00% = 0.998 -> 1.00, D+10.
    expect(await titulo(pagamentos.master)).toEqual([
      {
        parcela: 1,
        valor: PIZZA,
        taxa: '1.00',
        vencimento: somarDias(hoje, 10),
        operadora_id: cielo,
        bandeira_id: master,
      },
    ]);
    // Elo: no rule of its own, the any-brand 3.09% = 1.54191 -> 1.54 at D+30 on a business day.
    expect(await titulo(pagamentos.elo)).toEqual([
      {
        parcela: 1,
        valor: PIZZA,
        taxa: '1.54',
        vencimento: proximoDiaUtil(somarDias(hoje, 30)),
        operadora_id: cielo,
        // Elo is not in the group's registry: the receivable keeps no brand id (the code stays on the payment).
        bandeira_id: null,
      },
    ]);
  });
});
