import { PERMISSAO } from '@retaguarda/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppTeste, criarAppTeste } from './app-teste.ts';

// Grupo Exemplo has franchise control: product master data and the notes' numbering are kept by the
// franchise manager (Franqueadora Exemplo). A store user whose profile holds those permissions is refused
// with who does it, not a bare 'sem permissão'.

let t: AppTeste;
let admin: string;
let supervisor: string;
let centro: string;
const NOTA_PRODUTOS =
  'Cadastro feito pela Franqueadora Exemplo: os produtos são incluídos e alterados na empresa gestora da franquia.';

beforeAll(async () => {
  t = await criarAppTeste();
  centro = t.demo.empresas.centro;
  admin = await t.login('admin@exemplo.com.br', 'admin123');
  // The store supervisor's profile gets the product and numbering permissions (as an administrator might).
  const perfis = await t.post(
    '/api/acessoSistema/getPopulate',
    { filtro: { descricao: 'Supervisor de Caixa' } },
    admin,
  );
  const perfil = perfis.lista[0];
  const atuais = (perfil?.permissoes as number[] | undefined) ?? [];
  const alterado = await t.put(
    `/api/acessoSistema/${perfil?._id}`,
    {
      permissoes: [
        ...atuais,
        PERMISSAO.produtoGeralAcessar,
        PERMISSAO.produtoGeralIncluir,
        PERMISSAO.produtoGeralAlterar,
        PERMISSAO.empresaNumeroNotaAcessar,
      ],
    },
    admin,
  );
  expect(alterado.corpo.valido).toBe(true);
  supervisor = await t.login('supervisor@exemplo.com.br', 'super123');
});
afterAll(() => t.fechar());

describe('a store user writing what the franchise manager keeps', () => {
  it('reads the products but is told who includes them', async () => {
    const lista = await t.post('/api/produtoGeral/getPopulate', { limit: 1 }, supervisor, {
      empresa: centro,
    });
    expect(lista.corpo.valido).toBe(true);
    const novo = await t.post('/api/produtoGeral', { descricao: 'Pastel de Vento' }, supervisor, {
      empresa: centro,
    });
    expect(novo.corpo).toMatchObject({ valido: false, data: { message: NOTA_PRODUTOS } });
    const contados = await t.post(
      '/api/produtoGeral/contar',
      { filtro: { descricao: 'Pastel de Vento' } },
      admin,
      {
        empresa: t.demo.empresas.gestor,
      },
    );
    expect(contados.corpo.data).toEqual({ total: 0 });
  });

  it('is told who sets the numbering of the notes', async () => {
    const r = await t.put(
      `/api/fiscal/numeracao/${centro}`,
      { modelo: '65', serie: 1, ultimoNumero: 500 },
      supervisor,
    );
    expect(r.corpo).toMatchObject({
      valido: false,
      data: {
        message:
          'Cadastro feito pela Franqueadora Exemplo: a numeração das notas fiscais das lojas é definida na empresa gestora da franquia.',
      },
    });
    const seq = await t.get(`/api/getSequencialNota/${centro}`, admin);
    expect(seq.corpo.data).not.toMatchObject({ ultimoNumero: 500 });
  });

  it('gets the franchise context with the permissions, and a profile-less refusal stays the plain one', async () => {
    const p = await t.post('/api/getPermissoesUsuario', { empresaId: centro }, supervisor);
    expect(p.corpo.data).toMatchObject({
      franquia: { controleDeFranquia: true, franqueadora: 'Franqueadora Exemplo', tipoEmpresa: 'Franquia' },
    });
    expect(p.corpo.data.permissoes).not.toContain(PERMISSAO.produtoGeralIncluir);
    expect(p.corpo.data).toMatchObject({
      franquia: { retidas: expect.arrayContaining([PERMISSAO.produtoGeralIncluir]) },
    });
    // The cashier's profile never granted the product's inclusion: the refusal is the plain one.
    const caixa = await t.login('caixa@exemplo.com.br', 'caixa123');
    const r = await t.post('/api/produtoGeral', { descricao: 'Pastel de Vento' }, caixa, { empresa: centro });
    expect(r.corpo.data.message).toBe('Usuário sem permissão para esta operação.');
    const numeracao = await t.put(`/api/fiscal/numeracao/${centro}`, { serie: 1, ultimoNumero: 500 }, caixa);
    expect(numeracao.corpo.data.message).toBe('Usuário sem permissão para esta operação.');
  });

  it('the franchise manager includes the product', async () => {
    const novo = await t.post('/api/produtoGeral', { descricao: 'Pastel de Vento' }, admin, {
      empresa: t.demo.empresas.gestor,
    });
    expect(novo.corpo.data.message ?? '').not.toBe(NOTA_PRODUTOS);
  });
});
