import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { capturarToasts, envelope, instalarFetch } from '../../test/fetch-falso.ts';
import { entrar, obterSessao, reiniciarSessaoParaTeste, renovarUsuario } from '../session/sessao.ts';
import { api, definirEmpresaDasChamadas, ErroApi, registrarRenovadorLogin } from './cliente.ts';
import { definirConfig } from './config.ts';

const grupo = { _id: 'g1', descricao: 'Grupo Exemplo' };
const empresa = { _id: 'e1', descricao: 'Loja Centro' };

beforeEach(() => {
  reiniciarSessaoParaTeste();
  definirConfig({ baseUrl: '/api/' });
  entrar({ token: 'token-1', usuario: { _id: 'u1', nome: 'Admin', codigoInterno: 1 } }, grupo, empresa);
});
afterEach(() => {
  registrarRenovadorLogin(null);
  definirEmpresaDasChamadas(null);
});

async function falha(promessa: Promise<unknown>): Promise<ErroApi> {
  const erro = await promessa.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(erro instanceof ErroApi)) throw new Error(`esperava ErroApi, veio ${String(erro)}`);
  return erro;
}

describe('requests', () => {
  it('resolves with data of a valid envelope and sends token and version headers', async () => {
    const chamadas = instalarFetch(() => envelope(true, { id: 'abc' }));
    await expect(api.get('id')).resolves.toEqual({ id: 'abc' });
    expect(chamadas[0]).toMatchObject({ url: '/api/id', metodo: 'GET' });
    expect(chamadas[0]?.cabecalhos).toMatchObject({ token: 'token-1', version: 'teste' });
  });

  it('sends no token on login-side calls, but still the version', async () => {
    const chamadas = instalarFetch(() => envelope(true, []));
    await api.post('getGrupoEmpresarialLista', { lixo: false }, { semToken: true });
    expect(chamadas[0]?.cabecalhos.token).toBeUndefined();
    expect(chamadas[0]?.cabecalhos.version).toBe('teste');
    expect(chamadas[0]?.corpo).toEqual({ lixo: false });
  });

  it('follows the base URL of config.json', async () => {
    definirConfig({ baseUrl: '/outra' });
    const chamadas = instalarFetch(() => envelope(true, null));
    await api.get('lista/1');
    expect(chamadas[0]?.url).toBe('/outra/lista/1');
  });
});

describe('store header (empresa)', () => {
  it("sends the session's store by default", async () => {
    const chamadas = instalarFetch(() => envelope(true, null));
    await api.get('venda/mapaMesas');
    expect(chamadas[0]?.cabecalhos.empresa).toBe('e1');
  });

  it('an explicit empresa header wins over the session (POS bound to another store)', async () => {
    const chamadas = instalarFetch(() => envelope(true, null));
    await api.get('venda/mapaMesas', { cabecalhos: { empresa: 'e2' } });
    await api.get('venda/mapaMesas', { cabecalhos: { Empresa: 'e3' } });
    expect(chamadas.map((c) => c.cabecalhos.empresa ?? c.cabecalhos.Empresa)).toEqual(['e2', 'e3']);
    expect(chamadas[1]?.cabecalhos.empresa).toBeUndefined();
  });

  it("the store declared by the POS shell replaces the session's until cleared; an explicit one still wins", async () => {
    const chamadas = instalarFetch(() => envelope(true, null));
    definirEmpresaDasChamadas('e2');
    await api.post('venda/abc/pagamentos', {});
    await api.get('venda/mapaMesas', { cabecalhos: { empresa: 'e3' } });
    definirEmpresaDasChamadas(null);
    await api.get('venda/mapaMesas');
    expect(chamadas.map((c) => c.cabecalhos.empresa)).toEqual(['e2', 'e3', 'e1']);
  });

  it('login-side calls carry no store', async () => {
    const chamadas = instalarFetch(() => envelope(true, null));
    definirEmpresaDasChamadas('e2');
    await api.post('login', {}, { semToken: true });
    expect(chamadas[0]?.cabecalhos.empresa).toBeUndefined();
  });
});

describe('envelope failures (spec section 8)', () => {
  it('HTTP 200 with valido false fails with data.message, toast for 10 s', async () => {
    const toasts = capturarToasts();
    instalarFetch(() => envelope(false, { message: 'Empresa inválida', errmsg: 'ignorado' }));
    const erro = await falha(api.post('getPopulate', {}, { acao: 'ao listar empresas' }));
    expect(erro.message).toBe('Empresa inválida');
    expect(erro.tipo).toBe('envelope');
    expect(toasts).toEqual([
      { tipo: 'error', mensagem: 'Erro ao listar empresas: Empresa inválida', duracao: 10 },
    ]);
  });

  it('falls back to data.errmsg', async () => {
    const toasts = capturarToasts();
    instalarFetch(() => envelope(false, { errmsg: 'duplicate key' }));
    await falha(api.post('venda', {}, { acao: 'ao gravar' }));
    expect(toasts[0]).toMatchObject({ mensagem: 'Erro ao gravar: duplicate key', duracao: 10 });
  });

  it("without a message uses 'Retorno do erro não informado.' for 6 s", async () => {
    const toasts = capturarToasts();
    instalarFetch(() => envelope(false, null));
    const erro = await falha(api.post('venda', {}, { acao: 'ao gravar' }));
    expect(erro.message).toBe('Retorno do erro não informado.');
    expect(toasts[0]).toMatchObject({
      mensagem: 'Erro ao gravar: Retorno do erro não informado.',
      duracao: 6,
    });
  });

  it('a silent call shows nothing and still fails', async () => {
    const toasts = capturarToasts();
    instalarFetch(() => envelope(false, { message: 'Senha inválida' }));
    const erro = await falha(api.post('liberacaoSupervisor', {}, { silencioso: true }));
    expect(erro.message).toBe('Senha inválida');
    expect(toasts).toEqual([]);
  });

  it('a refused permission the screen shows in place is not toasted; any other error of that call is', async () => {
    const toasts = capturarToasts();
    const permissaoNegada = {
      id: 49,
      permissao: 'Acessar Expedição',
      grupoEmpresarial: 'Grupo Exemplo',
      perfis: [],
    };
    instalarFetch(() =>
      envelope(false, { message: 'Usuário sem permissão para esta operação.', permissaoNegada }),
    );
    const recusa = await falha(api.get('expedicao', { acao: 'ao buscar a expedição', recusaNaTela: true }));
    expect(recusa.dados).toMatchObject({ permissaoNegada });
    expect(toasts).toEqual([]);
    // Without the option, the same refusal is toasted (screens that do not show it in place).
    await falha(api.get('expedicao', { acao: 'ao buscar a expedição' }));
    expect(toasts).toHaveLength(1);
    instalarFetch(() => envelope(false, { message: 'Empresa inválida' }));
    await falha(api.get('expedicao', { acao: 'ao buscar a expedição', recusaNaTela: true }));
    expect(toasts[1]).toMatchObject({ mensagem: 'Erro ao buscar a expedição: Empresa inválida' });
  });

  it("non-200 with a status text: 'Falha ao obter a resposta do servidor! {status text}'", async () => {
    const toasts = capturarToasts();
    instalarFetch(() => new Response('x', { status: 502, statusText: 'Bad Gateway' }));
    const erro = await falha(api.get('id'));
    expect(erro.message).toBe('Falha ao obter a resposta do servidor! Bad Gateway');
    expect(erro.status).toBe(502);
    expect(toasts[0]).toMatchObject({
      tipo: 'error',
      mensagem: 'Falha ao obter a resposta do servidor! Bad Gateway',
    });
  });

  it("non-200 without a status text: 'Falha de comunicação!'", async () => {
    const toasts = capturarToasts();
    instalarFetch(() => new Response('x', { status: 500 }));
    expect((await falha(api.get('id'))).message).toBe('Falha de comunicação!');
    expect(toasts[0]?.mensagem).toBe('Falha de comunicação!');
  });

  it('a network error shows the error message', async () => {
    const toasts = capturarToasts();
    instalarFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const erro = await falha(api.get('id'));
    expect(erro.tipo).toBe('rede');
    expect(toasts[0]).toMatchObject({ mensagem: 'Falha de comunicação!', descricao: 'Failed to fetch' });
  });
});

describe('expired login', () => {
  it('warns, opens the renew dialog and retries the call with the new token', async () => {
    const toasts = capturarToasts();
    const renovador = vi.fn(async () => {
      renovarUsuario({ token: 'token-2', usuario: { _id: 'u1', nome: 'Admin', codigoInterno: 1 } });
      return true;
    });
    registrarRenovadorLogin(renovador);
    const chamadas = instalarFetch(({ cabecalhos }) =>
      cabecalhos.token === 'token-2'
        ? envelope(true, { ok: 1 })
        : envelope(false, {}, { loginExpirado: true }),
    );
    await expect(api.post('getPermissoesUsuario', { empresaId: 'e1' })).resolves.toEqual({ ok: 1 });
    expect(renovador).toHaveBeenCalledTimes(1);
    expect(toasts).toEqual([{ tipo: 'warning', mensagem: 'Acesso Expirado! Favor refazer o login' }]);
    expect(chamadas.map((c) => c.cabecalhos.token)).toEqual(['token-1', 'token-2']);
    expect(chamadas[1]?.corpo).toEqual({ empresaId: 'e1' });
    // The session was not dropped: no redirect to /login.
    expect(obterSessao().usuario?.token).toBe('token-2');
  });

  it('two calls expiring together share one warning and one renew dialog', async () => {
    const toasts = capturarToasts();
    let liberar: (ok: boolean) => void = () => undefined;
    const renovador = vi.fn(
      () =>
        new Promise<boolean>((resolve) => {
          liberar = (ok) => {
            renovarUsuario({ token: 'token-2', usuario: { _id: 'u1', nome: 'Admin', codigoInterno: 1 } });
            resolve(ok);
          };
        }),
    );
    registrarRenovadorLogin(renovador);
    instalarFetch(({ cabecalhos }) =>
      cabecalhos.token === 'token-2' ? envelope(true, 1) : envelope(false, {}, { loginExpirado: true }),
    );
    const a = api.get('id');
    const b = api.get('id');
    await vi.waitFor(() => expect(renovador).toHaveBeenCalled());
    liberar(true);
    await expect(Promise.all([a, b])).resolves.toEqual([1, 1]);
    expect(renovador).toHaveBeenCalledTimes(1);
    expect(toasts).toEqual([{ tipo: 'warning', mensagem: 'Acesso Expirado! Favor refazer o login' }]);
  });

  it('fails when the renew dialog is cancelled', async () => {
    capturarToasts();
    registrarRenovadorLogin(async () => false);
    instalarFetch(() => envelope(false, {}, { loginExpirado: true }));
    expect((await falha(api.get('id'))).tipo).toBe('loginExpirado');
  });
});
