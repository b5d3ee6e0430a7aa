import { lerDinheiro, MF, type RespostaExtratoConta, somarDias } from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consultar, consultarUm } from '../src/db/consultar.ts';
import { novoId } from '../src/lib/ids.ts';
import { hashSenha, sha256Hex } from '../src/modules/auth/auth.service.ts';
import { contaPorChave } from '../src/modules/financeiro/cadastros-padrao.ts';
import { lancarMovimentacoes } from '../src/modules/financeiro/livro.ts';
import { inserir } from '../src/seed/inserir.ts';
import { permissoesFinanceiro } from '../src/seed/seed-financeiro.ts';
import { type AppTeste, criarAppTeste, type Registro } from './app-teste.ts';

// The account statement and the manual movements (issue 18, financeiroMovimentacao): a transfer is two legs
// sharing its id and is written once however often it is sent; an adjustment carries its chart node; a reversal
// undoes an adjustment or both legs of a transfer, once; the statement's opening balance, running balance and
// totals; permissions per store (a shared account is open in each store it serves). Property: random histories
// with back-dated movements keep every saldo_atual equal to the running sum in (data, seq) order and the cache
// equal to the sum. PGlite by default; PostgreSQL with the server-pg project.

let t: AppTeste;
let grupo: string;
let fin: string;
let centro: string;
let shopping: string;
let bancoCentro: string;
let caixaCentro: string;
let bancoShopping: string;
const HOJE = new Date().toISOString().slice(0, 10);
const msg = (r: { corpo: { data: Registro } }) => String(r.corpo.data.message);

const extrato = async (conta: string, de: string, ate: string, token = fin) => {
  const r = await t.post('/api/financeiroMovimentacao/extrato', { conta, de, ate }, token);
  expect(r.corpo.valido, JSON.stringify(r.corpo)).toBe(true);
  return r.corpo.data as unknown as RespostaExtratoConta;
};
const contarMovimentacoes = async () =>
  Number(
    (
      await consultarUm(
        t.banco.db,
        sql`select count(*)::int as n from financeiro_movimentacao where grupo_empresarial_id = ${grupo}`,
      )
    )?.n,
  );

/** Every stored running balance = the fold in (data, seq) order; the cache = Σ. */
async function conferirConta(conta: string) {
  const movs = await consultar(
    t.banco.db,
    sql`select valor::text as v, saldo_atual::text as s from financeiro_movimentacao
         where grupo_empresarial_id = ${grupo} and conta_id = ${conta} order by data, seq`,
  );
  let soma = 0;
  for (const m of movs) {
    soma += lerDinheiro(String(m.v));
    expect(lerDinheiro(String(m.s))).toBe(soma);
  }
  const cache = await consultarUm(
    t.banco.db,
    sql`select saldo::text as s from financeiro_conta_saldo where grupo_empresarial_id = ${grupo} and conta_id = ${conta}`,
  );
  expect(lerDinheiro(String(cache?.s ?? '0'))).toBe(soma);
}

beforeAll(async () => {
  t = await criarAppTeste();
  grupo = t.demo.grupoId;
  centro = t.demo.empresas.centro;
  shopping = t.demo.empresas.shopping;
  fin = await t.login('financeiro@exemplo.com.br', 'financeiro123');
  await t.banco.db.transaction(async (tx) => {
    bancoCentro = await contaPorChave(tx, grupo, centro, 'bancoLoja');
    caixaCentro = await contaPorChave(tx, grupo, centro, 'caixaLoja');
    bancoShopping = await contaPorChave(tx, grupo, shopping, 'bancoLoja');
  });
}, 240_000);
afterAll(async () => t?.fechar());

describe('transferência entre contas', () => {
  it('two legs with the same origin, once however often it is sent; both statements show the running balance', async () => {
    const _id = novoId();
    const corpo = { _id, contaOrigem: bancoCentro, contaDestino: caixaCentro, valor: '100.00', data: HOJE };
    const r = await t.post('/api/financeiroMovimentacao/transferencia', corpo, fin);
    expect(r.corpo.valido, JSON.stringify(r.corpo)).toBe(true);
    const movs = r.corpo.data.movimentacoes as { conta: string; valor: string }[];
    expect(movs.map((m) => [m.conta, m.valor])).toEqual([
      [bancoCentro, '-100.00'],
      [caixaCentro, '100.00'],
    ]);
    const antes = await contarMovimentacoes();
    const de2 = await t.post('/api/financeiroMovimentacao/transferencia', corpo, fin);
    expect(de2.corpo.data.repetida).toBe(true);
    expect(await contarMovimentacoes()).toBe(antes);

    const origem = await extrato(bancoCentro, somarDias(HOJE, -1), HOJE);
    const destino = await extrato(caixaCentro, somarDias(HOJE, -1), HOJE);
    const linhaO = origem.movimentacoes.find((m) => m.origemId === _id)!;
    const linhaD = destino.movimentacoes.find((m) => m.origemId === _id)!;
    expect(linhaO.valor).toBe('-100.00');
    expect(linhaO.contraPartida?._id).toBe(caixaCentro);
    expect(linhaD.contraPartida?._id).toBe(bancoCentro);
    expect(linhaO.estornavel).toBe(true);
    expect(origem.saidas).toBe('100.00');
    expect(destino.entradas).toBe('100.00');
    expect(origem.saldoFinal).toBe(origem.movimentacoes.at(-1)?.saldoAtual);
    expect(destino.saldoFinal).toBe(destino.movimentacoes.at(-1)?.saldoAtual);
    await conferirConta(bancoCentro);
    await conferirConta(caixaCentro);
  });

  it('refuses the same account, zero and NaN, with a pt-BR message and nothing written', async () => {
    const antes = await contarMovimentacoes();
    const base = { contaOrigem: bancoCentro, contaDestino: caixaCentro, data: HOJE };
    const mesma = await t.post(
      '/api/financeiroMovimentacao/transferencia',
      { ...base, _id: novoId(), contaDestino: bancoCentro, valor: '10.00' },
      fin,
    );
    expect(mesma.corpo.valido).toBe(false);
    expect(msg(mesma)).toBe(MF.transferenciaMesmaConta);
    for (const valor of ['0', '-5', 'abc']) {
      const r = await t.post(
        '/api/financeiroMovimentacao/transferencia',
        { ...base, _id: novoId(), valor },
        fin,
      );
      expect(r.corpo.valido, valor).toBe(false);
      expect(msg(r)).toMatch(/valor/i);
    }
    const semConta = await t.post(
      '/api/financeiroMovimentacao/transferencia',
      { ...base, _id: novoId(), contaDestino: novoId(), valor: '1.00' },
      fin,
    );
    expect(msg(semConta)).toBe(MF.contaNaoEncontrada);
    expect(await contarMovimentacoes()).toBe(antes);
  });
});

describe('ajuste e estorno', () => {
  it('an adjustment carries its chart node; its reversal is a new movement, once; the statement marks both', async () => {
    const plano = await consultarUm(
      t.banco.db,
      sql`select id, codigo from financeiro_plano_conta where grupo_empresarial_id = ${grupo} and chave = 'quebraCaixa'`,
    );
    const _id = novoId();
    const r = await t.post(
      '/api/financeiroMovimentacao/ajuste',
      {
        _id,
        conta: caixaCentro,
        valor: '-7.35',
        data: HOJE,
        planoConta: plano?.id,
        descricao: 'Quebra conferida',
      },
      fin,
    );
    expect(r.corpo.valido, JSON.stringify(r.corpo)).toBe(true);
    const mov = (r.corpo.data.movimentacao as { _id: string })._id;
    const repetido = await t.post(
      '/api/financeiroMovimentacao/ajuste',
      {
        _id,
        conta: caixaCentro,
        valor: '-7.35',
        data: HOJE,
        planoConta: plano?.id,
        descricao: 'Quebra conferida',
      },
      fin,
    );
    expect(repetido.corpo.data.repetida).toBe(true);

    const antesDoDia = await t.post(
      '/api/financeiroMovimentacao/estornar',
      { movimentacao: mov, data: somarDias(HOJE, -1) },
      fin,
    );
    expect(msg(antesDoDia)).toMatch(/Data do estorno inválida/);
    const e = await t.post('/api/financeiroMovimentacao/estornar', { movimentacao: mov, data: HOJE }, fin);
    expect(e.corpo.valido, JSON.stringify(e.corpo)).toBe(true);
    const de2 = await t.post('/api/financeiroMovimentacao/estornar', { movimentacao: mov, data: HOJE }, fin);
    expect(msg(de2)).toBe('Esta movimentação já foi estornada.');

    const x = await extrato(caixaCentro, HOJE, HOJE);
    const original = x.movimentacoes.find((m) => m._id === mov)!;
    expect(original.planoConta?.codigo).toBe(plano?.codigo);
    expect(original.estornada).toBe(true);
    expect(original.estornavel).toBe(false);
    const estorno = x.movimentacoes.find((m) => m.estornoDe === mov)!;
    expect(estorno.valor).toBe('7.35');
    expect(estorno.estornavel).toBe(false);
    const reEstorno = await t.post(
      '/api/financeiroMovimentacao/estornar',
      { movimentacao: estorno._id, data: HOJE },
      fin,
    );
    expect(msg(reEstorno)).toBe('Um estorno não pode ser estornado.');
    await conferirConta(caixaCentro);
  });

  it('reversing one leg of a transfer reverses both', async () => {
    const _id = novoId();
    await t.post(
      '/api/financeiroMovimentacao/transferencia',
      { _id, contaOrigem: caixaCentro, contaDestino: bancoCentro, valor: '40.00', data: HOJE },
      fin,
    );
    const perna = await consultarUm(
      t.banco.db,
      sql`select id from financeiro_movimentacao where origem_id = ${_id} and conta_id = ${bancoCentro}`,
    );
    const e = await t.post(
      '/api/financeiroMovimentacao/estornar',
      { movimentacao: perna?.id, data: HOJE },
      fin,
    );
    expect(e.corpo.valido, JSON.stringify(e.corpo)).toBe(true);
    const estornos = await consultar(
      t.banco.db,
      sql`select conta_id, valor::text as v from financeiro_movimentacao
           where estorno_de in (select id from financeiro_movimentacao where origem_id = ${_id} and estorno_de is null)
           order by valor`,
    );
    expect(estornos.map((m) => [m.conta_id, m.v])).toEqual([
      [bancoCentro, '-40.00'],
      [caixaCentro, '40.00'],
    ]);
    await conferirConta(caixaCentro);
    await conferirConta(bancoCentro);
  });

  it('a settlement is not reversed here', async () => {
    const [m] = await t.banco.db.transaction((tx) =>
      lancarMovimentacoes(tx, grupo, [
        {
          empresa: centro,
          conta: bancoCentro,
          data: HOJE,
          valor: '12.00',
          descricao: 'Baixa',
          origemTipo: 'baixa',
        },
      ]),
    );
    const r = await t.post('/api/financeiroMovimentacao/estornar', { movimentacao: m?._id, data: HOJE }, fin);
    expect(r.corpo.valido).toBe(false);
    expect(msg(r)).toMatch(/Só ajustes e transferências/);
  });
});

describe('extrato', () => {
  it('opening balance from the movements before the period, back-dated ones included', async () => {
    const conta = await t.banco.db.transaction((tx) => contaPorChave(tx, grupo, shopping, 'caixaLoja'));
    const mov = (data: string, valor: string) =>
      t.banco.db.transaction((tx) =>
        lancarMovimentacoes(tx, grupo, [
          { empresa: shopping, conta, data, valor, descricao: `m ${data}`, origemTipo: 'ajuste' },
        ]),
      );
    await mov('2026-03-10', '100.00');
    await mov('2026-03-20', '-30.00');
    await mov('2026-03-05', '50.00'); // back-dated
    await mov('2026-03-15', '5.50'); // back-dated, inside the period
    const x = await extrato(conta, '2026-03-12', '2026-03-31');
    expect(x.saldoInicial).toBe('150.00');
    expect(x.movimentacoes.map((m) => [m.data, m.valor, m.saldoAtual])).toEqual([
      ['2026-03-15', '5.50', '155.50'],
      ['2026-03-20', '-30.00', '125.50'],
    ]);
    expect([x.entradas, x.saidas, x.saldoFinal]).toEqual(['5.50', '30.00', '125.50']);
    const vazio = await extrato(conta, '2026-04-01', '2026-04-30');
    expect([vazio.saldoInicial, vazio.saldoFinal, vazio.movimentacoes.length]).toEqual([
      '125.50',
      '125.50',
      0,
    ]);
    const invertido = await t.post(
      '/api/financeiroMovimentacao/extrato',
      { conta, de: '2026-04-30', ate: '2026-04-01' },
      fin,
    );
    expect(msg(invertido)).toMatch(/Período inválido/);
    await conferirConta(conta);
  });
});

describe('permissões por loja', () => {
  let soShopping: string;
  let compartilhada: string;
  beforeAll(async () => {
    // A clerk of Loja Shopping only; a bank account of Loja Centro shared with Loja Shopping.
    const perfil = await inserir(t.banco.db, 'acesso_sistema', {
      grupo_empresarial_id: grupo,
      descricao: 'Financeiro Shopping',
      permissoes: permissoesFinanceiro(),
    });
    await inserir(t.banco.db, 'usuario', {
      grupo_empresarial_id: grupo,
      codigo_interno: 977,
      nome: 'Clara Shopping',
      email: 'clara.shopping@exemplo.com.br',
      ativo: true,
      acessos: [{ empresa: shopping, acessoSistema: perfil }],
      permissoes_extras: [],
      senha_hash: await hashSenha(sha256Hex('clara123')),
    });
    soShopping = await t.login('clara.shopping@exemplo.com.br', 'clara123');
    const r = await t.post(
      '/api/financeiroConta',
      {
        empresa: centro,
        descricao: 'Conta conjunta',
        tipo: 'Banco',
        contaCompartilhada: true,
        empresas: [shopping],
      },
      fin,
    );
    expect(r.corpo.valido, JSON.stringify(r.corpo)).toBe(true);
    compartilhada = String(r.corpo.data._id);
  });

  it("a store's clerk sees its accounts and the shared one, not another store's own", async () => {
    const r = await t.post('/api/financeiroConta/saldos', {}, soShopping);
    expect(r.corpo.valido, JSON.stringify(r.corpo)).toBe(true);
    const ids = r.lista.map((c) => c._id);
    expect(ids).toContain(bancoShopping);
    expect(ids).toContain(compartilhada);
    expect(ids).not.toContain(bancoCentro);
    await extrato(compartilhada, HOJE, HOJE, soShopping);
    const alheio = await t.post(
      '/api/financeiroMovimentacao/extrato',
      { conta: bancoCentro, de: HOJE, ate: HOJE },
      soShopping,
    );
    expect(alheio.corpo.valido).toBe(false);
    const transf = await t.post(
      '/api/financeiroMovimentacao/transferencia',
      { _id: novoId(), contaOrigem: bancoCentro, contaDestino: compartilhada, valor: '1.00', data: HOJE },
      soShopping,
    );
    expect(transf.corpo.valido).toBe(false);
    const ok = await t.post(
      '/api/financeiroMovimentacao/transferencia',
      { _id: novoId(), contaOrigem: bancoShopping, contaDestino: compartilhada, valor: '1.00', data: HOJE },
      soShopping,
    );
    expect(ok.corpo.valido, JSON.stringify(ok.corpo)).toBe(true);
  });

  it('a user without the finance permissions is refused, naming the permission', async () => {
    const caixa = await t.login('caixa@exemplo.com.br', 'caixa123');
    const r = await t.post(
      '/api/financeiroMovimentacao/extrato',
      { conta: bancoCentro, de: HOJE, ate: HOJE },
      caixa,
    );
    expect(r.corpo.valido).toBe(false);
    expect(msg(r)).toMatch(/Movimentação Financeira/);
    const s = await t.post('/api/financeiroConta/saldos', {}, caixa);
    expect(s.corpo.valido).toBe(false);
  });
});

describe('livro: propriedade', () => {
  it('random movements with back-dated ones: every saldo_atual is the running sum in (data, seq) order, the cache the sum', async () => {
    const dia = fc.integer({ min: 0, max: 40 }).map((d) => somarDias('2026-01-01', d));
    const mov = fc.record({
      data: dia,
      centavos: fc.integer({ min: -500_000, max: 500_000 }).filter((c) => c !== 0),
      conta: fc.integer({ min: 0, max: 1 }),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(mov, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 8 }),
        async (lotes) => {
          const contas = [novoId(), novoId()];
          for (const c of contas)
            await inserir(t.banco.db, 'financeiro_conta', {
              id: c,
              grupo_empresarial_id: grupo,
              empresa_id: centro,
              descricao: 'Conta da propriedade',
              tipo: 'Banco',
            });
          for (const lote of lotes)
            await t.banco.db.transaction((tx) =>
              lancarMovimentacoes(
                tx,
                grupo,
                lote.map((m) => ({
                  empresa: centro,
                  conta: contas[m.conta]!,
                  data: m.data,
                  valor: (m.centavos / 100).toFixed(2),
                  descricao: 'p',
                  origemTipo: 'ajuste',
                })),
              ),
            );
          for (const c of contas) await conferirConta(c);
          const esperado = lotes.flat().reduce((a, m) => a + m.centavos, 0);
          const total = await consultarUm(
            t.banco.db,
            sql`select coalesce(sum(saldo), 0)::text as s from financeiro_conta_saldo where conta_id = any(${`{${contas.join(',')}}`}::text[])`,
          );
          expect(lerDinheiro(String(total?.s))).toBe(esperado);
        },
      ),
      { numRuns: process.env.TEST_BACKEND === 'postgres' ? 25 : 15 },
    );
  });
});
