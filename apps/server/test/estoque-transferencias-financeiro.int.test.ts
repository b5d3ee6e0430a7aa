import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consultar } from '../src/db/consultar.ts';
import { novoId } from '../src/lib/ids.ts';
import {
  cancelarTitulosTransferencia,
  faturarTransferencia,
} from '../src/modules/financeiro/titulos-transferencia.ts';
import { type AppTeste, criarAppTeste, type Registro, type Resposta } from './app-teste.ts';

// Stock transfers -> finance titles (issue 18, decision 0018 §5-6), through the stock routes as the stock keeper:
// the receipt writes a receivable of the origin and a payable of the destination for what arrived (travelled cost
// with the origin's percentage), due on the shipping day + diasFaturamentoPadrao, with the company's plan
// accounts (a code of the chart, else the chart's transfer nodes), once; finance off, or two branches of one
// company without gerarFinancerioPropriaLoja, write nothing; an undone transfer cancels its open titles.

process.env.ESTOQUE_CONSUMO_INTERVALO_MS = '3600000';

let t: AppTeste;
let grupo: string;
let centro: string;
let shopping: string;
let admin: string;
let estoquista: string;
let financeiro: string;
let produto: string;

const ok = (r: Resposta) => {
  expect(r.corpo.valido, JSON.stringify(r.corpo)).toBe(true);
  return r.corpo.data as Registro & {
    transferencia: Registro & { financeiro: { gerouFaturamento: boolean; semTitulos: string | null } | null };
    repetido?: boolean;
  };
};

const FINANCEIRO = {
  gerarFinanceiroTransferencia: true,
  diasFaturamentoPadrao: 30,
  // A code of the default chart ("Transferências entre lojas (crédito)") and one the chart does not have.
  planoDeContaTransferenciaCreditoPadrao: '1.02.002',
  planoDeContaTransferenciaDebitoPadrao: '9.9.99',
  addPercentualTransferencia: '10',
};

async function configurarEstoque(config: Record<string, unknown>) {
  await consultar(
    t.banco.db,
    sql`update empresa set configuracoes_estoque = ${JSON.stringify(config)}::jsonb
         where grupo_empresarial_id = ${grupo} and id = ${centro}`,
  );
}

async function transferir(quantidade: string, recebida?: string) {
  const d = ok(
    await t.post(
      '/api/estoque/transferencia',
      {
        _id: novoId(),
        empresaOrigem: centro,
        empresaDestino: shopping,
        itens: [{ produto, quantidade }],
        enviar: true,
      },
      estoquista,
    ),
  );
  const id = String(d.transferencia._id);
  const corpo = recebida
    ? { itens: [{ produto, quantidadeRecebida: recebida, motivoDivergencia: 'Caixa molhada' }] }
    : {};
  return { id, recebida: ok(await t.post(`/api/estoque/transferencia/${id}/receber`, corpo, estoquista)) };
}

const titulosDe = (id: string) =>
  consultar(
    t.banco.db,
    sql`select t.id, t.tipo, t.empresa_id, t.valor::text as valor, t.competencia::text as competencia,
               t.vencimento::text as vencimento, t.status, t.origem_tipo, t.origem_id, t.documento, t.descricao,
               pc.codigo, pc.chave
          from financeiro_titulo t join financeiro_plano_conta pc on pc.id = t.plano_conta_id
         where t.grupo_empresarial_id = ${grupo} and t.lote = ${id} order by t.origem_id`,
  );

const hojeSaoPaulo = () => new Date().toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' });

beforeAll(async () => {
  t = await criarAppTeste();
  grupo = t.demo.grupoId;
  centro = t.demo.empresas.centro;
  shopping = t.demo.empresas.shopping;
  admin = await t.login('admin@exemplo.com.br', 'admin123');
  estoquista = await t.login('estoque@exemplo.com.br', 'estoque123');
  financeiro = await t.login('financeiro@exemplo.com.br', 'financeiro123');
  const p = ok(
    await t.post(
      '/api/produtoGeral',
      {
        descricao: 'Transf Fin Farinha',
        codigoInterno: 97001,
        tipoProduto: 1,
        custo: '10.00',
        preco: '20.00',
      },
      admin,
    ),
  );
  produto = String(p._id);
  ok(
    await t.post(
      '/api/estoque/entrada',
      { _id: novoId(), empresa: centro, itens: [{ produto, quantidade: '100', custoUnitario: '10' }] },
      estoquista,
    ),
  );
  await configurarEstoque(FINANCEIRO);
  // The shared box is slow: the database, migrations and seed may take more than the default minute.
}, 240_000);
afterAll(async () => t?.fechar());

describe('transfer titles', () => {
  let id: string;

  it('the receipt writes the receivable of the origin and the payable of the destination, once', async () => {
    const r = await transferir('4');
    id = r.id;
    // 4 × (10.00 + 10%) = 44.00.
    expect(r.recebida.transferencia.financeiro?.gerouFaturamento).toBe(true);
    const hoje = hojeSaoPaulo();
    const vencimento = new Date(Date.parse(`${hoje}T12:00:00Z`) + 30 * 86_400_000).toISOString().slice(0, 10);
    const titulos = await titulosDe(id);
    expect(titulos.map((x) => [x.tipo, x.empresa_id, x.valor, x.competencia, x.vencimento])).toEqual([
      ['receber', centro, '44.00', hoje, vencimento],
      ['pagar', shopping, '44.00', hoje, vencimento],
    ]);
    expect(titulos.map((x) => [Number(x.status), x.origem_tipo, x.origem_id])).toEqual([
      [1, 'transferencia', `${id}:1`],
      [1, 'transferencia', `${id}:2`],
    ]);
    // The credit plan is the chart's node of that code; the debit code is not in the chart: its transfer node.
    expect(titulos[0]?.codigo).toBe('1.02.002');
    expect(titulos[1]?.chave).toBe('transferenciaDebito');
    expect(String(titulos[0]?.descricao)).toMatch(/^Transferência nº \d+ para /);
    expect(String(titulos[1]?.descricao)).toMatch(/^Transferência nº \d+ de /);
    // The finance clerk sees them as ordinary open titles.
    const lido = await t.get(`/api/financeiroTitulo/${String(titulos[1]?.id)}`, financeiro);
    expect(lido.corpo.valido, JSON.stringify(lido.corpo)).toBe(true);

    // A second receipt answers the first; billing again writes nothing.
    expect(ok(await t.post(`/api/estoque/transferencia/${id}/receber`, {}, estoquista)).repetido).toBe(true);
    const op = { grupo, usuario: 'teste' };
    expect(await t.banco.db.transaction((tx) => faturarTransferencia(tx, op, id))).toBe(0);
    expect(await titulosDe(id)).toHaveLength(2);
  });

  it('bills what arrived after a partial receipt', async () => {
    const r = await transferir('5', '3');
    expect((await titulosDe(r.id)).map((x) => [x.tipo, x.valor])).toEqual([
      ['receber', '33.00'],
      ['pagar', '33.00'],
    ]);
  });

  it('writes nothing with gerarFinanceiroTransferencia off', async () => {
    await configurarEstoque({ ...FINANCEIRO, gerarFinanceiroTransferencia: false });
    const r = await transferir('1');
    expect(r.recebida.transferencia.financeiro?.semTitulos).toBe('desligado');
    expect(r.recebida.transferencia.financeiro?.gerouFaturamento).toBe(false);
    expect(await titulosDe(r.id)).toEqual([]);
    await configurarEstoque(FINANCEIRO);
  });

  it('two branches of one company (CNPJ root) bill each other only with gerarFinancerioPropriaLoja', async () => {
    const [antes] = await consultar(t.banco.db, sql`select cnpj from empresa where id = ${shopping}`);
    await consultar(t.banco.db, sql`update empresa set cnpj = '11222333000343' where id = ${shopping}`);
    try {
      const sem = await transferir('1');
      expect(sem.recebida.transferencia.financeiro?.semTitulos).toBe('mesmaEmpresa');
      expect(await titulosDe(sem.id)).toEqual([]);
      await configurarEstoque({ ...FINANCEIRO, gerarFinancerioPropriaLoja: true });
      const com = await transferir('1');
      expect((await titulosDe(com.id)).map((x) => [x.tipo, x.valor])).toEqual([
        ['receber', '11.00'],
        ['pagar', '11.00'],
      ]);
    } finally {
      await consultar(
        t.banco.db,
        sql`update empresa set cnpj = ${antes?.cnpj ?? null} where id = ${shopping}`,
      );
      await configurarEstoque(FINANCEIRO);
    }
  });

  it('a transfer cancelled in transit is never billed', async () => {
    const d = ok(
      await t.post(
        '/api/estoque/transferencia',
        {
          _id: novoId(),
          empresaOrigem: centro,
          empresaDestino: shopping,
          itens: [{ produto, quantidade: '2' }],
          enviar: true,
        },
        estoquista,
      ),
    );
    const tid = String(d.transferencia._id);
    ok(await t.post(`/api/estoque/transferencia/${tid}/cancelar`, { motivo: 'Não saiu' }, estoquista));
    expect(await titulosDe(tid)).toEqual([]);
  });

  it('undoing a billed transfer cancels its open titles; a title with a settlement refuses it', async () => {
    const op = { grupo, usuario: 'teste' };
    const outra = await transferir('1');
    await consultar(
      t.banco.db,
      sql`update financeiro_titulo set valor_pago = 1 where lote = ${outra.id} and tipo = 'pagar'`,
    );
    await expect(
      t.banco.db.transaction((tx) => cancelarTitulosTransferencia(tx, op, outra.id, 'Devolvida')),
    ).rejects.toThrow('Título com baixas');
    expect((await titulosDe(outra.id)).map((x) => Number(x.status))).toEqual([1, 1]);

    expect(await t.banco.db.transaction((tx) => cancelarTitulosTransferencia(tx, op, id, 'Devolvida'))).toBe(
      2,
    );
    expect((await titulosDe(id)).map((x) => Number(x.status))).toEqual([4, 4]);
    expect(await t.banco.db.transaction((tx) => cancelarTitulosTransferencia(tx, op, id, 'Devolvida'))).toBe(
      0,
    );
  });
});
