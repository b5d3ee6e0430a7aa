import {
  diaComercial,
  MF,
  PERMISSAO,
  type RespostaAgenda,
  STATUS_TITULO,
  somarDias,
  somarMeses,
} from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consultarUm } from '../src/db/consultar.ts';
import { novoId } from '../src/lib/ids.ts';
import { hashSenha } from '../src/modules/auth/auth.service.ts';
import { contaPorChave, planoPorChave } from '../src/modules/financeiro/cadastros-padrao.ts';
import { inserir } from '../src/seed/inserir.ts';
import { permissoesFinanceiro } from '../src/seed/seed-financeiro.ts';
import { type AppTeste, criarAppTeste, type Registro, type Resposta, sha256Hex } from './app-teste.ts';

// The finance agenda (issue 18) through its routes as the finance clerk: bad titles refused in pt-BR with nothing
// written, a payable in 3 instalments, two titles settled at once (one partly, with interest, fine and discount),
// paying more than is open refused, the retry of a settlement writing nothing twice, its reversal, cancelling,
// the agenda's rows and totals, and the protected agenda of a user without permission 223.

let t: AppTeste;
let fin: string;
let caixa: string;
let semProtegida: string;
let loja: string;
let outra: string;
let conta: string;
let planoAluguel: string;
let planoReceita: string;
const hoje = diaComercial(new Date());
const msg = (r: Resposta) => String(r.corpo.data.message ?? JSON.stringify(r.corpo.data));

async function postar(url: string, corpo: unknown, token = fin): Promise<Registro> {
  const r = await t.post(url, corpo, token);
  expect(r.corpo.valido, JSON.stringify(r.corpo)).toBe(true);
  return r.corpo.data;
}

const contarTitulos = async (descricao: string) =>
  Number(
    (
      await consultarUm(
        t.banco.db,
        sql`select count(*)::int as n from financeiro_titulo where descricao = ${descricao}`,
      )
    )?.n,
  );
const contarBaixas = async () =>
  Number((await consultarUm(t.banco.db, sql`select count(*)::int as n from financeiro_baixa`))?.n);
const contarMovimentos = async () =>
  Number((await consultarUm(t.banco.db, sql`select count(*)::int as n from financeiro_movimentacao`))?.n);
const saldo = async () =>
  String(
    (
      await consultarUm(
        t.banco.db,
        sql`select coalesce((select saldo::text from financeiro_conta_saldo where conta_id = ${conta}), '0.00') as s`,
      )
    )?.s,
  );
const agenda = async (corpo: Record<string, unknown>, token = fin) =>
  (await postar(
    '/api/financeiroAgenda',
    { de: hoje, ate: somarDias(hoje, 90), ...corpo },
    token,
  )) as unknown as RespostaAgenda;

const titulo = (extra: Record<string, unknown> = {}) => ({
  _id: novoId(),
  empresa: loja,
  tipo: 'pagar',
  descricao: 'Fornecedor de embalagens',
  planoConta: planoAluguel,
  valor: '1000.00',
  competencia: hoje,
  vencimento: hoje,
  parcelas: 1,
  ...extra,
});

beforeAll(async () => {
  t = await criarAppTeste();
  loja = t.demo.empresas.centro;
  outra = t.demo.empresas.shopping;
  fin = await t.login('financeiro@exemplo.com.br', 'financeiro123');
  caixa = await t.login('caixa@exemplo.com.br', 'caixa123');
  const db = t.banco.db;
  conta = await contaPorChave(db, t.demo.grupoId, loja, 'bancoLoja');
  planoAluguel = await planoPorChave(db, t.demo.grupoId, 'aluguel');
  planoReceita = await planoPorChave(db, t.demo.grupoId, 'receitaVendas');
  // A clerk with every finance permission but "Agenda Protegida" (223).
  const perfil = await inserir(db, 'acesso_sistema', {
    grupo_empresarial_id: t.demo.grupoId,
    descricao: 'Financeiro sem agenda protegida',
    permissoes: permissoesFinanceiro().filter((p) => p !== PERMISSAO.agendaProtegida),
  });
  await inserir(db, 'usuario', {
    grupo_empresarial_id: t.demo.grupoId,
    codigo_interno: 91,
    nome: 'Auxiliar Financeiro',
    email: 'auxiliar.fin@exemplo.com.br',
    ativo: true,
    atribuicoes: ['Financeiro'],
    acessos: [loja, outra].map((empresa) => ({ empresa, acessoSistema: perfil })),
    permissoes_extras: [],
    senha_hash: await hashSenha(sha256Hex('aux123')),
  });
  semProtegida = await t.login('auxiliar.fin@exemplo.com.br', 'aux123');
});
afterAll(async () => t.fechar());

describe('títulos: entrada inválida', () => {
  it.each([
    ['zero', '0'],
    ['negativo', '-10.00'],
    ['NaN', 'NaN'],
    ['texto', 'abc'],
  ])('valor %s: mensagem em pt-BR e nada gravado', async (_nome, valor) => {
    const r = await t.post('/api/financeiroTitulo', titulo({ descricao: `Inválido ${valor}`, valor }), fin);
    expect(r.status).toBe(200);
    expect(r.corpo.valido).toBe(false);
    expect(msg(r)).toMatch(/valor/i);
    expect(await contarTitulos(`Inválido ${valor}`)).toBe(0);
  });

  it('vencimento mais de um ano antes da competência', async () => {
    const r = await t.post(
      '/api/financeiroTitulo',
      titulo({ descricao: 'Vencimento errado', competencia: hoje, vencimento: somarDias(hoje, -400) }),
      fin,
    );
    expect(r.corpo.valido).toBe(false);
    expect(msg(r)).toContain(MF.vencimentoAntesCompetencia);
    expect(await contarTitulos('Vencimento errado')).toBe(0);
  });

  it('o caixa (sem permissão da agenda) não cria título', async () => {
    const r = await t.post('/api/financeiroTitulo', titulo({ descricao: 'Do caixa' }), caixa);
    expect(r.corpo.valido).toBe(false);
    expect(msg(r)).toMatch(/permiss/i);
    expect(await contarTitulos('Do caixa')).toBe(0);
  });
});

describe('agenda: parcelas, baixa de vários títulos, estorno, cancelamento', () => {
  let lote: string;
  let parcelas: Registro[];
  let receber: string;
  let operacao: string;

  it('cria uma conta a pagar em 3 parcelas mensais (centavos na primeira) e a repetição não duplica', async () => {
    lote = novoId();
    const corpo = titulo({ _id: lote, descricao: 'Forno combinado', valor: '1000.00', parcelas: 3 });
    const criados = (await postar('/api/financeiroTitulo', corpo)) as unknown as Registro[];
    expect(criados.map((c) => [c.valor, c.vencimento, c.parcela])).toEqual([
      ['333.34', hoje, 1],
      ['333.33', somarMeses(hoje, 1), 2],
      ['333.33', somarMeses(hoje, 2), 3],
    ]);
    await postar('/api/financeiroTitulo', corpo);
    expect(await contarTitulos('Forno combinado')).toBe(3);
    parcelas = criados;
    const r = (await postar(
      '/api/financeiroTitulo',
      titulo({ tipo: 'receber', descricao: 'Evento corporativo', planoConta: planoReceita, valor: '500.00' }),
    )) as unknown as Registro[];
    receber = String(r[0]?._id);
  });

  it('a agenda lista as parcelas do período com os totais por dia e por tipo', async () => {
    const a = await agenda({ empresas: [loja], busca: 'forno' });
    expect(a.titulos.map((x) => x.parcela)).toEqual([1, 2, 3]);
    expect(a.titulos[0]?.empresaDescricao).toBeTruthy();
    expect(a.totais.pagar.aberto).toBe('1000.00');
    expect(a.totais.receber.aberto).toBe('0.00');
    expect(a.totais.porDia.find((d) => d.dia === hoje)?.pagar.aberto).toBe('333.34');
    const soReceber = await agenda({ empresas: [loja], tipo: 'receber', busca: 'evento' });
    expect(soReceber.titulos).toHaveLength(1);
    expect(soReceber.totais.saldoPrevisto).toBe('500.00');
    const outraLoja = await agenda({ empresas: [outra], busca: 'forno' });
    expect(outraLoja.titulos).toHaveLength(0);
  });

  it('baixa maior que o saldo em aberto: mensagem e nada gravado', async () => {
    const [baixas, movs, antes] = [await contarBaixas(), await contarMovimentos(), await saldo()];
    const r = await t.post(
      '/api/financeiroTitulo/baixar',
      {
        _id: novoId(),
        conta,
        data: hoje,
        titulos: [
          { titulo: receber, valor: '100.00' },
          { titulo: String(parcelas[0]?._id), valor: '333.35' },
        ],
      },
      fin,
    );
    expect(r.corpo.valido).toBe(false);
    expect(msg(r)).toBe(MF.baixaMaiorQueAberto('333.34'));
    expect([await contarBaixas(), await contarMovimentos(), await saldo()]).toEqual([baixas, movs, antes]);
    const rec = await t.get(`/api/financeiroTitulo/${receber}`, fin);
    expect(rec.corpo.data.valorPago).toBe('0.00');
  });

  it.each([
    ['zero', '0'],
    ['negativo', '-1'],
    ['NaN', 'NaN'],
  ])('baixa com valor %s: recusada e nada gravado', async (_n, valor) => {
    const baixas = await contarBaixas();
    const r = await t.post(
      '/api/financeiroTitulo/baixar',
      { _id: novoId(), conta, data: hoje, titulos: [{ titulo: String(parcelas[0]?._id), valor }] },
      fin,
    );
    expect(r.corpo.valido).toBe(false);
    expect(msg(r)).toMatch(/valor/i);
    expect(await contarBaixas()).toBe(baixas);
  });

  it('paga duas parcelas de uma vez (a 1ª inteira com juros, multa e desconto; a 2ª em parte)', async () => {
    const antes = await saldo();
    operacao = novoId();
    const corpo = {
      _id: operacao,
      conta,
      data: hoje,
      titulos: [
        { titulo: String(parcelas[0]?._id), valor: '333.34', juros: '5.00', multa: '2.00', desconto: '1.00' },
        { titulo: String(parcelas[1]?._id), valor: '100.00' },
      ],
    };
    const r = await postar('/api/financeiroTitulo/baixar', corpo);
    expect(r.repetida).toBe(false);
    expect((r.baixas as string[]).length).toBe(2);
    // 333.34 + 5 + 2 − 1 = 339.34 and 100.00 leave the account.
    const esperado = (Number(antes) - 439.34).toFixed(2);
    expect(await saldo()).toBe(esperado);
    const contas = (await postar('/api/financeiroAgenda/contas', { empresa: loja })) as unknown as Registro[];
    expect(contas.find((c) => c._id === conta)?.saldo).toBe(esperado);
    expect(contas.length).toBeGreaterThanOrEqual(2);

    const [baixas, movs] = [await contarBaixas(), await contarMovimentos()];
    const repetida = await postar('/api/financeiroTitulo/baixar', corpo);
    expect(repetida.repetida).toBe(true);
    expect([await contarBaixas(), await contarMovimentos(), await saldo()]).toEqual([baixas, movs, esperado]);

    const a = await agenda({ empresas: [loja], busca: 'forno' });
    expect(a.titulos.map((x) => [x.status.id, x.valorPago, x.valorAberto])).toEqual([
      [STATUS_TITULO.pago, '333.34', '0.00'],
      [STATUS_TITULO.pagoParcial, '100.00', '233.33'],
      [STATUS_TITULO.aberto, '0.00', '333.33'],
    ]);
    expect(a.totais.pagar).toMatchObject({ aberto: '566.66', pago: '433.34' });
    const abertos = await agenda({ empresas: [loja], busca: 'forno', status: [1, 2] });
    expect(abertos.titulos).toHaveLength(2);
  });

  it('título pago não aceita nova baixa', async () => {
    const r = await t.post(
      '/api/financeiroTitulo/baixar',
      { _id: novoId(), conta, data: hoje, titulos: [{ titulo: String(parcelas[0]?._id), valor: '1.00' }] },
      fin,
    );
    expect(r.corpo.valido).toBe(false);
    expect(msg(r)).toBe(MF.tituloFechado);
  });

  it('estorna a baixa parcial: o título volta a aberto e o valor volta à conta; estornar de novo é recusado', async () => {
    const antes = await saldo();
    const detalhe = await t.get(`/api/financeiroTitulo/${String(parcelas[1]?._id)}`, fin);
    const baixas = detalhe.corpo.data.baixas as Registro[];
    expect(baixas).toHaveLength(1);
    const baixa = String(baixas[0]?._id);
    await postar('/api/financeiroTitulo/estornarBaixa', { baixa, data: hoje });
    expect(await saldo()).toBe((Number(antes) + 100).toFixed(2));
    const depois = await t.get(`/api/financeiroTitulo/${String(parcelas[1]?._id)}`, fin);
    expect(depois.corpo.data).toMatchObject({ valorPago: '0.00', status: { id: STATUS_TITULO.aberto } });
    expect((depois.corpo.data.baixas as Registro[])[0]?.estornada).toBe(true);
    const r = await t.post('/api/financeiroTitulo/estornarBaixa', { baixa, data: hoje }, fin);
    expect(r.corpo.valido).toBe(false);
    expect(msg(r)).toBe(MF.baixaEstornada);
    expect(await saldo()).toBe((Number(antes) + 100).toFixed(2));
  });

  it('cancela com motivo; título com baixa não é cancelado', async () => {
    const r = await t.post(
      '/api/financeiroTitulo/cancelar',
      { titulo: String(parcelas[0]?._id), motivo: 'Lançado em duplicidade' },
      fin,
    );
    expect(r.corpo.valido).toBe(false);
    expect(msg(r)).toBe(MF.tituloComBaixa);
    const semMotivo = await t.post(
      '/api/financeiroTitulo/cancelar',
      { titulo: String(parcelas[2]?._id), motivo: ' ' },
      fin,
    );
    expect(semMotivo.corpo.valido).toBe(false);
    expect(msg(semMotivo)).toMatch(/motivo/i);
    await postar('/api/financeiroTitulo/cancelar', {
      titulo: String(parcelas[2]?._id),
      motivo: 'Desconto negociado',
    });
    const a = await agenda({ empresas: [loja], busca: 'forno' });
    expect(a.titulos[2]).toMatchObject({ status: { id: STATUS_TITULO.cancelado }, valorAberto: '0.00' });
    expect(a.totais.pagar.aberto).toBe('333.33');
  });

  it('vencidos antes do período entram quando pedidos e são marcados', async () => {
    await postar(
      '/api/financeiroTitulo',
      titulo({
        descricao: 'Gás atrasado',
        valor: '80.00',
        competencia: somarDias(hoje, -40),
        vencimento: somarDias(hoje, -10),
      }),
    );
    const sem = await agenda({ empresas: [loja], busca: 'gás' });
    expect(sem.titulos).toHaveLength(0);
    const com = await agenda({ empresas: [loja], busca: 'gás', incluirVencidos: true });
    expect(com.titulos).toHaveLength(1);
    expect(com.titulos[0]?.vencido).toBe(true);
    expect(com.totais.pagar.vencido).toBe('80.00');
  });
});

describe('agenda: permissões e agenda protegida', () => {
  it('período invertido é recusado com mensagem', async () => {
    const r = await t.post('/api/financeiroAgenda', { de: hoje, ate: somarDias(hoje, -1) }, fin);
    expect(r.corpo.valido).toBe(false);
    expect(msg(r)).toMatch(/Período inválido/);
  });

  it('o caixa não lê a agenda', async () => {
    const r = await t.post('/api/financeiroAgenda', { empresas: [loja], de: hoje, ate: hoje }, caixa);
    expect(r.corpo.valido).toBe(false);
    expect(msg(r)).toMatch(/permiss/i);
    const contas = await t.post('/api/financeiroAgenda/contas', { empresa: loja }, caixa);
    expect(contas.corpo.valido).toBe(false);
    expect(msg(contas)).toMatch(/permiss/i);
  });

  it('sem "Agenda Protegida" as contas a pagar da loja ficam fora (linhas e totais) e a rota diz', async () => {
    const pedir = { listaEmpresa: [loja, outra] };
    expect(await postar('/api/getPermissaoAgendaProtegidaPorEmpresa', pedir)).toEqual([
      { empresa: loja, permitido: true },
      { empresa: outra, permitido: true },
    ]);
    expect(await postar('/api/getPermissaoAgendaProtegidaPorEmpresa', pedir, semProtegida)).toEqual([
      { empresa: loja, permitido: false },
      { empresa: outra, permitido: false },
    ]);
    const completa = await agenda({ empresas: [loja, outra], incluirVencidos: true });
    expect(completa.protegidas).toEqual([]);
    expect(completa.titulos.some((x) => x.tipo === 'pagar')).toBe(true);
    const protegida = await agenda({ empresas: [loja, outra], incluirVencidos: true }, semProtegida);
    expect(protegida.protegidas.sort()).toEqual([loja, outra].sort());
    expect(protegida.titulos.every((x) => x.tipo === 'receber')).toBe(true);
    expect(protegida.totais.pagar).toEqual({ aberto: '0.00', pago: '0.00', vencido: '0.00' });
    expect(protegida.totais.receber).toEqual(completa.totais.receber);
    // Nor is a hidden payable opened or paid by its id; a receivable of the same store is.
    const pagar = completa.titulos.find(
      (x) => x.tipo === 'pagar' && x.empresa === loja && x.valorAberto !== '0.00',
    );
    const detalhe = await t.get(`/api/financeiroTitulo/${String(pagar?._id)}`, semProtegida);
    expect(detalhe.corpo.valido).toBe(false);
    expect(msg(detalhe)).toBe(MF.agendaProtegida);
    const baixas = await contarBaixas();
    const paga = await t.post(
      '/api/financeiroTitulo/baixar',
      { _id: novoId(), conta, data: hoje, titulos: [{ titulo: String(pagar?._id), valor: '1.00' }] },
      semProtegida,
    );
    expect(msg(paga)).toBe(MF.agendaProtegida);
    expect(await contarBaixas()).toBe(baixas);
    const receber = protegida.titulos.find((x) => x.tipo === 'receber');
    expect((await t.get(`/api/financeiroTitulo/${String(receber?._id)}`, semProtegida)).corpo.valido).toBe(
      true,
    );
  });
});
