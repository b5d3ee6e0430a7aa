import { PERMISSAO } from '@retaguarda/domain';
import { MENSAGENS_RELATORIO_SALVO } from '@retaguarda/domain/relatorios-salvos/relatorio-salvo';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consultarUm } from '../src/db/consultar.ts';
import { novoId } from '../src/lib/ids.ts';
import { hashSenha } from '../src/modules/auth/auth.service.ts';
import { MENSAGEM_SEM_PERMISSAO } from '../src/modules/relatorios-salvos/relatorios-salvos.service.ts';
import { inserir } from '../src/seed/inserir.ts';
import { semear } from '../src/seed/seed.ts';
import { type AppTeste, criarAppTeste, type Resposta, sha256Hex } from './app-teste.ts';

// relatoriosCriados (issue 19): the finance clerk saves a DRE with its filter, private and shared. Another user of
// the group who holds the DRE's permission (the administrator) sees only the shared one and can neither rename nor
// delete it; a user of the group without the DRE's permission sees neither; another group sees nothing of it.
// Bad input answers a pt-BR message, never a 500, and changes nothing.

let t: AppTeste;
let fin: string;
let admin: string;
let estoque: string;
let adminB: string;
let caixa: string;

const msg = (r: Resposta) => String(r.corpo.data.message ?? '');
const ids = (r: Resposta) => r.lista.map((x) => x._id).sort();
const estado = { parametros: 'inicio=2026-10-01&fim=2026-10-31&regime=caixa', grafico: 'barras' };

beforeAll(async () => {
  t = await criarAppTeste();
  fin = await t.login('financeiro@exemplo.com.br', 'financeiro123');
  admin = await t.login('admin@exemplo.com.br', 'admin123');
  caixa = await t.login('caixa@exemplo.com.br', 'caixa123');
  // A stock clerk who may save reports but not open the DRE.
  const perfil = await inserir(t.banco.db, 'acesso_sistema', {
    grupo_empresarial_id: t.demo.grupoId,
    descricao: 'Relatórios de estoque',
    permissoes: [
      PERMISSAO.listarEmpresasUsuario,
      PERMISSAO.acessoRetaguarda,
      PERMISSAO.relatorioEstoqueFluxoAcessar,
      PERMISSAO.relatoriosCriadosAcessar,
      PERMISSAO.relatoriosCriadosIncluir,
      PERMISSAO.relatoriosCriadosAlterar,
      PERMISSAO.relatoriosCriadosExcluir,
    ],
  });
  await inserir(t.banco.db, 'usuario', {
    grupo_empresarial_id: t.demo.grupoId,
    codigo_interno: 93,
    nome: 'Ester Estoque Relatórios',
    email: 'rel.estoque@exemplo.com.br',
    ativo: true,
    atribuicoes: [],
    acessos: [t.demo.empresas.centro].map((empresa) => ({ empresa, acessoSistema: perfil })),
    permissoes_extras: [],
    senha_hash: await hashSenha(sha256Hex('rel123')),
  });
  estoque = await t.login('rel.estoque@exemplo.com.br', 'rel123');
  const b = await semear(t.banco.db);
  adminB = await t.login('admin@exemplo.com.br', 'admin123', b.grupoId);
});
afterAll(async () => t.fechar());

describe('relatoriosCriados: owner, the group and another group', () => {
  let privado = '';
  let compartilhado = '';

  it('the finance clerk saves a DRE privately and another shared with the group, with the filter kept', async () => {
    const r1 = await t.post(
      '/api/relatorioSalvo',
      {
        descricao: 'DRE caixa outubro',
        relatorio: 'relatorioFinanceiroPlanoDeContas',
        visibilidade: 'privado',
        estado,
      },
      fin,
    );
    expect(r1.corpo.valido, msg(r1)).toBe(true);
    privado = String(r1.corpo.data._id);
    expect(r1.corpo.data).toMatchObject({
      descricao: 'DRE caixa outubro',
      proprio: true,
      dono: { nome: 'Fernanda Financeiro' },
      estado: { parametros: estado.parametros, grafico: 'barras', colunas: [], agrupamento: [], filtro: {} },
    });
    const id = novoId();
    const corpo = {
      _id: id,
      descricao: 'DRE da rede',
      relatorio: 'relatorioFinanceiroPlanoDeContas',
      visibilidade: 'grupo',
      estado: { parametros: 'regime=competencia', colunas: ['conta', 'valor'] },
    };
    const r2 = await t.post('/api/relatorioSalvo', corpo, fin);
    expect(r2.corpo.valido, msg(r2)).toBe(true);
    compartilhado = id;
    // A retry of the same save answers the first and stores nothing more.
    const r3 = await t.post('/api/relatorioSalvo', { ...corpo, descricao: 'Outro nome' }, fin);
    expect(r3.corpo.data).toMatchObject({ _id: id, descricao: 'DRE da rede' });
    const n = await consultarUm(
      t.banco.db,
      sql`select count(*)::int as n from relatorio_salvo where id = ${id}`,
    );
    expect(n?.n).toBe(1);

    const lista = await t.post('/api/relatorioSalvo/lista', {}, fin);
    expect(ids(lista)).toEqual([privado, compartilhado].sort());
    const doDre = await t.post(
      '/api/relatorioSalvo/lista',
      { relatorio: 'relatorioFinanceiroPlanoDeContas' },
      fin,
    );
    expect(doDre.lista).toHaveLength(2);
    const outro = await t.post('/api/relatorioSalvo/lista', { relatorio: 'relatorioEstoqueFluxo' }, fin);
    expect(outro.lista).toHaveLength(0);
  });

  it('another user of the group holding the DRE permission sees only the shared one, and cannot change it', async () => {
    const lista = await t.post('/api/relatorioSalvo/lista', {}, admin);
    expect(ids(lista)).toEqual([compartilhado]);
    expect(lista.lista[0]).toMatchObject({ proprio: false, dono: { nome: 'Fernanda Financeiro' } });
    expect((await t.get(`/api/relatorioSalvo/${compartilhado}`, admin)).corpo.valido).toBe(true);
    const ler = await t.get(`/api/relatorioSalvo/${privado}`, admin);
    expect(msg(ler)).toBe(MENSAGENS_RELATORIO_SALVO.naoEncontrado);

    const renomear = await t.put(`/api/relatorioSalvo/${compartilhado}`, { descricao: 'Meu agora' }, admin);
    expect(msg(renomear)).toBe(MENSAGENS_RELATORIO_SALVO.somenteDono);
    const apagar = await t.del(`/api/relatorioSalvo/${compartilhado}`, admin);
    expect(msg(apagar)).toBe(MENSAGENS_RELATORIO_SALVO.somenteDono);
    const apagarPrivado = await t.del(`/api/relatorioSalvo/${privado}`, admin);
    expect(msg(apagarPrivado)).toBe(MENSAGENS_RELATORIO_SALVO.naoEncontrado);
    const linha = await consultarUm(
      t.banco.db,
      sql`select descricao, lixo from relatorio_salvo where id = ${compartilhado}`,
    );
    expect(linha).toEqual({ descricao: 'DRE da rede', lixo: false });
  });

  it('a user of the group without the DRE permission sees neither, and cannot save a DRE', async () => {
    expect((await t.post('/api/relatorioSalvo/lista', {}, estoque)).lista).toEqual([]);
    expect(msg(await t.get(`/api/relatorioSalvo/${compartilhado}`, estoque))).toBe(
      MENSAGENS_RELATORIO_SALVO.naoEncontrado,
    );
    const salvar = await t.post(
      '/api/relatorioSalvo',
      {
        descricao: 'DRE',
        relatorio: 'relatorioFinanceiroPlanoDeContas',
        visibilidade: 'privado',
        estado: {},
      },
      estoque,
    );
    expect(msg(salvar)).toBe(MENSAGENS_RELATORIO_SALVO.semPermissaoBase);
    // Its own report of a base it holds is fine.
    const fluxo = await t.post(
      '/api/relatorioSalvo',
      { descricao: 'Fluxo do mês', relatorio: 'relatorioEstoqueFluxo', visibilidade: 'grupo', estado: {} },
      estoque,
    );
    expect(fluxo.corpo.valido, msg(fluxo)).toBe(true);
    // The finance clerk cannot open the stock flow: its shared report stays out of her list.
    expect(ids(await t.post('/api/relatorioSalvo/lista', {}, fin))).toEqual([privado, compartilhado].sort());
    expect(ids(await t.post('/api/relatorioSalvo/lista', {}, admin))).toEqual(
      [compartilhado, String(fluxo.corpo.data._id)].sort(),
    );
  });

  it('a user without the relatoriosCriados permissions is refused', async () => {
    expect(msg(await t.post('/api/relatorioSalvo/lista', {}, caixa))).toBe(MENSAGEM_SEM_PERMISSAO);
  });

  it('another group sees nothing of it, even by id', async () => {
    expect((await t.post('/api/relatorioSalvo/lista', {}, adminB)).lista).toEqual([]);
    expect(msg(await t.get(`/api/relatorioSalvo/${compartilhado}`, adminB))).toBe(
      MENSAGENS_RELATORIO_SALVO.naoEncontrado,
    );
    expect(msg(await t.del(`/api/relatorioSalvo/${compartilhado}`, adminB))).toBe(
      MENSAGENS_RELATORIO_SALVO.naoEncontrado,
    );
    // The same client id from another group is not a retry of this one.
    const intruso = await t.post(
      '/api/relatorioSalvo',
      {
        _id: compartilhado,
        descricao: 'Intruso',
        relatorio: 'relatorioFinanceiroPlanoDeContas',
        visibilidade: 'grupo',
        estado: {},
      },
      adminB,
    );
    expect(intruso.corpo.valido).toBe(false);
    expect(intruso.status).toBe(200);
  });

  it('the owner renames, unshares and deletes', async () => {
    const r = await t.put(
      `/api/relatorioSalvo/${compartilhado}`,
      { descricao: 'DRE da rede (competência)', visibilidade: 'privado' },
      fin,
    );
    expect(r.corpo.data).toMatchObject({
      descricao: 'DRE da rede (competência)',
      visibilidade: 'privado',
      estado: { parametros: 'regime=competencia', colunas: ['conta', 'valor'] },
    });
    expect(
      ids(
        await t.post('/api/relatorioSalvo/lista', { relatorio: 'relatorioFinanceiroPlanoDeContas' }, admin),
      ),
    ).toEqual([]);
    const apagar = await t.del(`/api/relatorioSalvo/${privado}`, fin);
    expect(apagar.corpo).toEqual({ valido: true, data: { _id: privado } });
    expect(ids(await t.post('/api/relatorioSalvo/lista', {}, fin))).toEqual([compartilhado]);
    expect(msg(await t.get(`/api/relatorioSalvo/${privado}`, fin))).toBe(
      MENSAGENS_RELATORIO_SALVO.naoEncontrado,
    );
  });
});

describe('relatoriosCriados: bad input', () => {
  const base = {
    descricao: 'X',
    relatorio: 'relatorioFinanceiroPlanoDeContas',
    visibilidade: 'privado',
    estado: {},
  };
  it.each([
    ['no name', { ...base, descricao: '  ' }, MENSAGENS_RELATORIO_SALVO.nome],
    ['unknown report', { ...base, relatorio: 'usuarios' }, MENSAGENS_RELATORIO_SALVO.relatorio],
    ['bad visibility', { ...base, visibilidade: 'publico' }, MENSAGENS_RELATORIO_SALVO.visibilidade],
    ['bad chart', { ...base, estado: { grafico: 'radar' } }, MENSAGENS_RELATORIO_SALVO.grafico],
    [
      'huge filter',
      { ...base, estado: { filtro: { x: 'a'.repeat(30_000) } } },
      MENSAGENS_RELATORIO_SALVO.filtroGrande,
    ],
    ['bad id', { ...base, _id: 'nao-e-id' }, 'Id inválido'],
    ['not an object', [1, 2], 'Dados inválidos'],
  ])('%s: a pt-BR message, HTTP 200, nothing stored', async (_nome, corpo, mensagem) => {
    const antes = await consultarUm(t.banco.db, sql`select count(*)::int as n from relatorio_salvo`);
    const r = await t.post('/api/relatorioSalvo', corpo, fin);
    expect(r.status).toBe(200);
    expect(r.corpo.valido).toBe(false);
    expect(msg(r)).toContain(mensagem);
    const depois = await consultarUm(t.banco.db, sql`select count(*)::int as n from relatorio_salvo`);
    expect(depois?.n).toBe(antes?.n);
  });

  it('a rename with nothing, or of a malformed id, answers in pt-BR', async () => {
    const nada = await t.put(`/api/relatorioSalvo/${novoId()}`, {}, fin);
    expect(msg(nada)).toContain('Nada a alterar.');
    const id = await t.del('/api/relatorioSalvo/123', fin);
    expect(id.status).toBe(200);
    expect(msg(id)).toContain('Id inválido');
    const vazio = await t.put(`/api/relatorioSalvo/${novoId()}`, { descricao: 'Novo' }, fin);
    expect(msg(vazio)).toBe(MENSAGENS_RELATORIO_SALVO.naoEncontrado);
  });
});
