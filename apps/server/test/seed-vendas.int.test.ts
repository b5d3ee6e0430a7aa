import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { consultar, consultarUm } from '../src/db/consultar.ts';
import { gerarVendas, type ResultadoGerador } from '../src/seed/seed-vendas.ts';
import { type AppTeste, criarAppTeste } from './app-teste.ts';

// The sales generator of `npm run seed:vendas` (issue 19 proof): a small run (8 model sales plus one per payment
// type through the API, 600 copies, 3 stores, 28 days) and what every generated sale must keep — the totals the server computed,
// numbers without gap per store, the store's own forms, terminal and cash period, the peaks in -03:00, the
// cancellation with its event, and the report outbox drained.

// The setup makes ~25 sales through the API and a bulk load with the report outbox drained: about a minute on a
// quiet machine, close to five on this shared 2-core one (measured 4.8 min at load 27 on PGlite).
vi.setConfig({ testTimeout: 120_000, hookTimeout: 600_000 });

let t: AppTeste;
let r: ResultadoGerador;
const VENDAS = 600;

beforeAll(async () => {
  t = await criarAppTeste();
  r = await gerarVendas(t.app, t.banco.db, t.demo.grupoId, {
    vendas: VENDAS,
    lojas: 3,
    dias: 28,
    semente: 7,
    modelos: 8,
    lote: 250,
    log: (m) => console.error(`[seed:vendas] ${m}`),
    ultimoDia: '2026-10-31',
  });
});
afterAll(async () => {
  await t?.fechar();
});

const db = () => t.banco.db;
/** The generated sales: those dated in the generated window (the models are dated today). */
const geradas = sql`v.data < '2026-11-01T03:00:00Z'`;

describe('seed:vendas', () => {
  it('writes the asked number of sales over the stores and days, with lines and payments', async () => {
    expect(r).toMatchObject({ vendas: VENDAS, primeiroDia: '2026-10-04', ultimoDia: '2026-10-31' });
    expect(r.lojas).toHaveLength(3);
    const [l] = await consultar(
      db(),
      sql`select count(*)::int as n, count(distinct v.empresa_id)::int as lojas,
                 count(distinct (v.data at time zone 'America/Sao_Paulo')::date)::int as dias,
                 min((v.data at time zone 'America/Sao_Paulo')::date)::text as primeiro,
                 max((v.data at time zone 'America/Sao_Paulo')::date)::text as ultimo
            from venda v where ${geradas}`,
    );
    expect(l).toEqual({ n: VENDAS, lojas: 3, dias: 28, primeiro: '2026-10-04', ultimo: '2026-10-31' });
    expect(r.itens).toBeGreaterThan(VENDAS * 2);
    expect(r.pagamentos).toBeGreaterThan(VENDAS * 0.9);
  });

  it('keeps the totals the server computed: Σ lines + delivery fee = total = Σ payments − change', async () => {
    const [l] = await consultar(
      db(),
      sql`with i as (select venda_id, sum(valor_liquido) filter (where not cancelado) as liquido from venda_item group by 1),
               p as (select venda_id, sum(valor_pago - valor_troco) filter (where not lixo) as pago from venda_pagamento group by 1)
          select count(*) filter (where v.status = 59)::int as encerradas,
                 count(*) filter (where v.status = 59 and coalesce(i.liquido, 0) + v.taxa_entrega <> v.total)::int as itens_diferem,
                 count(*) filter (where v.status = 59 and coalesce(p.pago, 0) <> v.total)::int as pagamentos_diferem,
                 count(*) filter (where v.status = 60 and coalesce(p.pago, 0) <> 0)::int as canceladas_com_pagamento
            from venda v left join i on i.venda_id = v.id left join p on p.venda_id = v.id where ${geradas}`,
    );
    expect(l).toMatchObject({ itens_diferem: 0, pagamentos_diferem: 0, canceladas_com_pagamento: 0 });
    expect(Number(l?.encerradas)).toBeGreaterThan(VENDAS * 0.9);
  });

  it('has deliveries with a fee, tables with the service line, pizzas in parts, discounts and cancellations', async () => {
    const [l] = await consultar(
      db(),
      sql`select count(*) filter (where v.tipo_venda = 55 and v.taxa_entrega > 0)::int as entregas,
                 count(*) filter (where v.tipo_venda = 54)::int as mesas,
                 count(*) filter (where v.total_desconto > 0)::int as com_desconto,
                 count(*) filter (where v.status = 60)::int as canceladas,
                 (select count(*)::int from venda_item i join venda v on v.id = i.venda_id
                   where ${geradas} and jsonb_array_length(coalesce(i.produtos_filho, '[]'::jsonb)) >= 2) as pizzas_em_partes,
                 (select count(*)::int from venda_item i join venda v on v.id = i.venda_id
                   where ${geradas} and i.obs like 'Serviço%') as linhas_servico,
                 (select count(*)::int from venda_evento e join venda v on v.id = e.venda_id
                   where ${geradas} and e.tipo = 'Cancelamento' and v.status = 60) as eventos_cancelamento
            from venda v where ${geradas}`,
    );
    for (const k of ['entregas', 'mesas', 'com_desconto', 'pizzas_em_partes', 'linhas_servico'])
      expect(Number(l?.[k]), k).toBeGreaterThan(0);
    expect(Number(l?.canceladas)).toBeGreaterThan(0);
    expect(l?.eventos_cancelamento).toBe(l?.canceladas);
  });

  it('numbers each store without gap, with its own terminal, cash period and payment forms', async () => {
    const lojas = await consultar(
      db(),
      sql`select v.empresa_id, count(*)::int as n, count(distinct v.numero)::int as numeros,
                 max(v.numero) - min(v.numero) + 1 as faixa,
                 bool_and(t.empresa_id = v.empresa_id) as terminal_da_loja,
                 bool_and(pe.empresa_id = v.empresa_id and not pe.periodo_aberto) as periodo_da_loja
            from venda v join terminal t on t.id = v.terminal_id left join periodo pe on pe.id = v.periodo_id
           where ${geradas} group by 1`,
    );
    for (const l of lojas) {
      expect(l.numeros).toBe(l.n);
      expect(Number(l.faixa)).toBe(l.n);
      expect(l).toMatchObject({ terminal_da_loja: true, periodo_da_loja: true });
    }
    const [f] = await consultar(
      db(),
      sql`select count(*)::int as n from venda_pagamento p join forma_pagamento f on f.id = p.forma_pagamento_id
           where f.empresa_id <> p.empresa_id or p.forma_pagamento->>'_id' <> f.id`,
    );
    expect(f?.n).toBe(0);
  });

  it('sells at lunch and dinner in -03:00, more at dinner, nothing before 10:00', async () => {
    const horas = await consultar(
      db(),
      sql`select extract(hour from v.data at time zone 'America/Sao_Paulo')::int as h, count(*)::int as n
            from venda v where ${geradas} group by 1`,
    );
    const n = (de: number, ate: number) =>
      horas.filter((x) => Number(x.h) >= de && Number(x.h) < ate).reduce((a, x) => a + Number(x.n), 0);
    expect(n(0, 10)).toBe(0);
    expect(n(12, 14)).toBeGreaterThan(n(15, 17) * 2);
    expect(n(19, 22)).toBeGreaterThan(n(12, 14));
  });

  it('leaves the sales report outbox empty: the aggregates hold the generated sales', async () => {
    const l = await consultarUm(db(), sql`select count(*)::int as n from relatorio_venda_pendente`);
    expect(l?.n).toBe(0);
    const a = await consultarUm(
      db(),
      sql`select count(*)::int as n from relatorio_venda_aplicada a join venda v on v.id = a.venda_id where ${geradas}`,
    );
    expect(a?.n).toBe(VENDAS);
  });
});
