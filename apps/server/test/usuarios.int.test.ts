import { PERMISSAO } from '@retaguarda/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppTeste, criarAppTeste, sha256Hex } from './app-teste.ts';

let t: AppTeste;
let admin: string;
let caixa: string;
let motoboy: string;
beforeAll(async () => {
  t = await criarAppTeste();
  admin = await t.login('admin@exemplo.com.br', 'admin123');
  caixa = await t.login('caixa@exemplo.com.br', 'caixa123');
  motoboy = await t.login('motoboy@exemplo.com.br', 'moto123');
});
afterAll(() => t.fechar());

describe('companies and permissions of a user', () => {
  it('lists the companies where the user holds 425', async () => {
    const a = await t.post(
      '/api/getEmpresasUsuario',
      { grupoEmpresarialId: t.demo.grupoId, permissao: 425 },
      admin,
    );
    expect(a.lista.map((e) => e.descricao)).toEqual(['Loja Centro', 'Loja Shopping', 'Franqueadora Exemplo']);
    const c = await t.post('/api/getEmpresasUsuario', { permissao: 425 }, caixa);
    expect(c.lista.map((e) => e.descricao)).toEqual(['Loja Centro', 'Loja Shopping']);
  });

  it("answers 'Usuário sem permissão para acessar essa empresa.' when there is none", async () => {
    const r = await t.post('/api/getEmpresasUsuario', { permissao: PERMISSAO.descontoGeral }, motoboy);
    expect(r.corpo).toEqual({
      valido: false,
      data: { message: 'Usuário sem permissão para acessar essa empresa.' },
    });
  });

  it('hides especial permissions in stores that are not the franchise manager', async () => {
    const especial = PERMISSAO.produtoGeralIncluir;
    const centro = await t.post('/api/getPermissoesUsuario', { empresaId: t.demo.empresas.centro }, admin);
    const gestor = await t.post('/api/getPermissoesUsuario', { empresaId: t.demo.empresas.gestor }, admin);
    expect(centro.corpo.data.permissoes).not.toContain(especial);
    expect(gestor.corpo.data.permissoes).toContain(especial);
    expect(centro.corpo.data.permissoes).toContain(PERMISSAO.produtoGeralAcessar);
  });

  it('validaPermissaoAcessoRetaguarda checks group, company, person and permission', async () => {
    const body = {
      grupoEmpresarialId: t.demo.grupoId,
      empresaId: t.demo.empresas.centro,
      permissaoId: PERMISSAO.abrirCaixa,
    };
    expect((await t.post('/api/validaPermissaoAcessoRetaguarda', body, caixa)).corpo.valido).toBe(true);
    const semPermissao = await t.post(
      '/api/validaPermissaoAcessoRetaguarda',
      { ...body, permissaoId: PERMISSAO.descontoGeral },
      caixa,
    );
    expect(semPermissao.corpo.valido).toBe(false);
    const outraEmpresa = await t.post(
      '/api/validaPermissaoAcessoRetaguarda',
      { ...body, empresaId: t.demo.empresas.gestor },
      caixa,
    );
    expect(outraEmpresa.corpo.data.message).toBe('Usuário sem permissão para acessar essa empresa.');
    // A cashier cannot ask about someone else.
    const outro = await t.post(
      '/api/validaPermissaoAcessoRetaguarda',
      { ...body, pessoaId: t.demo.usuarios.admin },
      caixa,
    );
    expect(outro.corpo.valido).toBe(false);
  });

  it('getPermissaoAgendaProtegidaPorEmpresa answers per company', async () => {
    const r = await t.post(
      '/api/getPermissaoAgendaProtegidaPorEmpresa',
      { listaEmpresa: [t.demo.empresas.centro, t.demo.empresas.gestor] },
      admin,
    );
    expect(r.lista).toEqual([
      { empresa: t.demo.empresas.centro, permitido: true },
      { empresa: t.demo.empresas.gestor, permitido: true },
    ]);
    const c = await t.post(
      '/api/getPermissaoAgendaProtegidaPorEmpresa',
      { listaEmpresa: [t.demo.empresas.centro] },
      caixa,
    );
    expect(c.lista).toEqual([{ empresa: t.demo.empresas.centro, permitido: false }]);
  });

  it('getUsuario lists users; only Motoboy attribution lists delivery people', async () => {
    const todos = await t.post(
      '/api/getUsuario',
      { filtro: {}, retornoCompleto: false, modoLista: true },
      caixa,
    );
    expect(todos.lista.length).toBe(9);
    expect(Object.keys(todos.lista[0] ?? {}).sort()).toEqual(['_id', 'atribuicoes', 'codigoInterno', 'nome']);
    const motoboys = await t.post(
      '/api/getUsuario',
      { filtro: { atribuicoes: 'Motoboy' }, modoLista: true },
      caixa,
    );
    expect(motoboys.lista.map((u) => u.nome)).toEqual(['Marcos Motoboy']);
  });
});

describe('supervisor release', () => {
  const liberar = (login: string, senha: string, permissao: number, token = caixa) =>
    t.post(
      '/api/liberacaoSupervisor',
      {
        login,
        senha: sha256Hex(senha),
        motivo: 'Cliente reclamou',
        permissao,
        empresa: t.demo.empresas.centro,
        // A discount release names the discount it allows (issue 14 point 2).
        ...(permissao === PERMISSAO.descontoItem ? { desconto: { modo: 2, valor: '10' } } : {}),
      },
      token,
    );

  it('releases with the supervisor login and password, or operational password, and names the supervisor', async () => {
    const r = await liberar('supervisor@exemplo.com.br', 'super123', PERMISSAO.descontoItem);
    expect(r.corpo.valido).toBe(true);
    expect(r.corpo.data.supervisor).toMatchObject({ nome: 'Sandra Supervisora', codigoInterno: 2 });
    const operacional = await liberar('2', '1002', PERMISSAO.descontoItem);
    expect(operacional.corpo.valido).toBe(true);

    // The release token proves this release only: its permission, group and store; it is not a session.
    const { tokens } = t.app.servicos;
    const liberacao = r.corpo.data.liberacao as string;
    const esperado = {
      grupoEmpresarialId: t.demo.grupoId,
      permissao: PERMISSAO.descontoItem,
      empresaId: t.demo.empresas.centro,
    };
    expect(await tokens.verificarLiberacao(liberacao, esperado)).toMatchObject({
      supervisorId: t.demo.usuarios.supervisor,
      motivo: 'Cliente reclamou',
    });
    expect(
      await tokens.verificarLiberacao(liberacao, { ...esperado, permissao: PERMISSAO.cancelarVenda }),
    ).toBeUndefined();
    expect(
      await tokens.verificarLiberacao(liberacao, { ...esperado, empresaId: t.demo.empresas.shopping }),
    ).toBeUndefined();
    expect(await tokens.verificarLiberacao(caixa, esperado)).toBeUndefined();
    expect((await t.get('/api/id', liberacao)).corpo.loginExpirado).toBe(true);
  });

  it('accepts no password only for the logged-in user itself', async () => {
    const supervisor = await t.login('supervisor@exemplo.com.br', 'super123');
    const semSenha = (login: string, token: string) =>
      t.post(
        '/api/liberacaoSupervisor',
        { login, senha: '', permissao: PERMISSAO.descontoItem, desconto: { modo: 2, valor: '10' } },
        token,
        { empresa: t.demo.empresas.centro },
      );
    expect((await semSenha('supervisor@exemplo.com.br', supervisor)).corpo.valido).toBe(true);
    expect((await semSenha('supervisor@exemplo.com.br', caixa)).corpo.data.message).toBe(
      'Campo senha não informado, o mesmo é obrigatório!',
    );
  });

  it('refuses a wrong password and a user without the permission', async () => {
    expect(
      (await liberar('supervisor@exemplo.com.br', 'errada', PERMISSAO.descontoItem)).corpo.data.message,
    ).toBe('Usuário ou senha inválidos.');
    expect(
      (await liberar('caixa@exemplo.com.br', 'caixa123', PERMISSAO.descontoItem)).corpo.data.message,
    ).toBe('Usuário sem permissão para realizar esta operação.');
  });
});
