import { readFileSync } from 'node:fs';
import type { RespostaImportacaoExtrato } from '@retaguarda/domain/financeiro/calendario-recebimento';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consultar, consultarUm } from '../src/db/consultar.ts';
import { novoId } from '../src/lib/ids.ts';
import { planoPorChave } from '../src/modules/financeiro/cadastros-padrao.ts';
import { type AppTeste, criarAppTeste, type Registro } from './app-teste.ts';

// Cielo's positional "extrato eletrônico" v14 (CIELO04) imported through the route as the finance clerk, the
// domain's fixture as the user would upload it: every CV is matched against the store's Cielo forecasts — three
// paid as expected, one paid short (the fee Cielo charged is higher than forecast), the chargeback unknown — and
// the same file twice changes nothing.

const FIXTURE = readFileSync(
  new URL('../../../packages/domain/src/financeiro/fixtures/cielo-v14-pagamentos.txt', import.meta.url),
  'utf8',
);

let t: AppTeste;
let fin: string;
let loja: string;
let cielo: string;
const titulos: string[] = [];

async function postar<T = Registro>(url: string, corpo: unknown): Promise<T> {
  const r = await t.post(url, corpo, fin);
  expect(r.corpo.valido, JSON.stringify(r.corpo)).toBe(true);
  return r.corpo.data as T;
}

// The forecasts of the fixture's sales: [nsu, autorização, venda, vencimento, parcela, parcelas, bruto, taxa].
// 000125 was forecast with a 1.00 fee; Cielo took 1.19 (its share of the RO fee), so it is paid 0.19 short.
const PREVISTOS: [string, string, string, string, number, number, string, string][] = [
  ['000123', 'A1B2C3', '2026-03-04', '2026-03-05', 1, 1, '100.00', '1.39'],
  ['000124', '777001', '2026-03-04', '2026-04-03', 1, 1, '150.00', '3.59'],
  ['000125', '777002', '2026-03-04', '2026-04-03', 1, 1, '50.00', '1.00'],
  ['000456', 'ELO456', '2026-03-04', '2026-04-06', 2, 3, '33.33', '0.80'],
];

beforeAll(async () => {
  t = await criarAppTeste();
  loja = t.demo.empresas.centro;
  fin = await t.login('financeiro@exemplo.com.br', 'financeiro123');
  cielo = String(
    (
      await consultarUm(
        t.banco.db,
        sql`select id from operadora where empresa_id = ${loja} and descricao = 'Cielo'`,
      )
    )?.id,
  );
  const db = t.banco.db;
  const receita = await planoPorChave(db, t.demo.grupoId, 'receitaVendas');
  const taxa = await planoPorChave(db, t.demo.grupoId, 'taxasCartao');
  for (const [nsu, aut, venda, venc, parcela, parcelas, valor, tx] of PREVISTOS) {
    const id = novoId();
    titulos.push(id);
    await consultar(
      db,
      sql`insert into financeiro_titulo (id, grupo_empresarial_id, empresa_id, tipo, descricao, operadora_id,
            plano_conta_id, plano_conta_taxa_id, valor, taxa, competencia, vencimento, parcela, parcelas, status, nsu,
            autorizacao, data_venda, origem_tipo, origem_id)
          values (${id}, ${t.demo.grupoId}, ${loja}, 'receber', ${`Cartão - NSU ${nsu}`}, ${cielo}, ${receita}, ${taxa},
            ${valor}::numeric, ${tx}::numeric, ${venda}::date, ${venc}::date, ${parcela}, ${parcelas}, 1, ${nsu}, ${aut},
            ${venda}::date, 'pagamento', ${novoId()})`,
    );
  }
});
afterAll(async () => t.fechar());

const meus = (d: { nsu?: string | null }) => PREVISTOS.some((p) => p[0] === d.nsu) || d.nsu === '000789';

describe('Cielo extrato eletrônico v14 through the import route', () => {
  it('reads the positional file, matches its CVs to the forecasts and settles what was paid as expected', async () => {
    const r = await postar<RespostaImportacaoExtrato>('/api/financeiro/extratoOperadora/importar', {
      empresa: loja,
      operadora: cielo,
      nome: 'CIELO04_20260310.txt',
      conteudo: FIXTURE,
    });
    expect(r.erros).toEqual([]);
    expect(r.resumo).toMatchObject({ linhas: 5, novas: 5, jaImportadas: 0, conciliadas: 4, baixadas: 3 });
    expect(
      r.divergencias.filter(meus).map((d) => [d.tipo, d.linha, d.nsu, d.esperado, d.pago, d.diferenca]),
    ).toEqual([
      ['aMenor', 6, '000125', '49.00', '48.81', '-0.19'],
      ['desconhecido', 10, '000789', null, '-50.00', null],
    ]);
    const pagos = await consultar(
      t.banco.db,
      sql`select nsu, valor_pago::text as pago from financeiro_titulo
           where id = any(${`{${titulos.join(',')}}`}::text[]) order by nsu`,
    );
    expect(pagos).toEqual([
      { nsu: '000123', pago: '100.00' },
      { nsu: '000124', pago: '150.00' },
      { nsu: '000125', pago: '0.00' },
      { nsu: '000456', pago: '33.33' },
    ]);
    const salvo = await consultarUm(
      t.banco.db,
      sql`select formato from financeiro_extrato_operadora where id = ${r._id}`,
    );
    expect(salvo?.formato).toBe('cieloEletronico');
  });

  it('the same Cielo file twice changes nothing', async () => {
    const r = await postar<RespostaImportacaoExtrato>('/api/financeiro/extratoOperadora/importar', {
      empresa: loja,
      operadora: cielo,
      nome: 'CIELO04_20260310 (1).txt',
      conteudo: FIXTURE,
    });
    expect(r.resumo).toMatchObject({ linhas: 5, novas: 0, jaImportadas: 5, baixadas: 0 });
    const linhas = await consultarUm(
      t.banco.db,
      sql`select count(*)::int as n from financeiro_extrato_linha where operadora_id = ${cielo}`,
    );
    expect(linhas?.n).toBe(5);
  });

  it('a v15 file is refused in pt-BR and writes nothing', async () => {
    const v15 = FIXTURE.split('\n')
      .map((r, i) => (i === 0 ? `${r.slice(0, 70)}015${r.slice(73)}` : r))
      .join('\n');
    const r = await t.post(
      '/api/financeiro/extratoOperadora/importar',
      { empresa: loja, operadora: cielo, nome: 'CIELO04_v15.txt', conteudo: v15 },
      fin,
    );
    const texto = JSON.stringify(r.corpo);
    expect(texto).toMatch(/só a versão 14/);
    const linhas = await consultarUm(
      t.banco.db,
      sql`select count(*)::int as n from financeiro_extrato_linha where operadora_id = ${cielo}`,
    );
    expect(linhas?.n).toBe(5);
  });
});
