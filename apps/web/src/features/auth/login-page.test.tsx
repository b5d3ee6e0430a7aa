import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { definirConfig } from '../../lib/api/config.ts';
import { sha256Hex } from '../../lib/crypto/sha256.ts';
import { CHAVES } from '../../lib/session/armazenamento.ts';
import { entrar, obterSessao, reiniciarSessaoParaTeste, sair } from '../../lib/session/sessao.ts';
import { type ChamadaRegistrada, capturarToasts, envelope, instalarFetch } from '../../test/fetch-falso.ts';
import { LoginPage } from './login-page.tsx';

const grupo = { _id: 'g1', descricao: 'Grupo Exemplo', configuracoes: { controleDeFranquia: true } };
const usuario = { _id: 'u1', nome: 'Administrador', codigoInterno: 1, email: 'admin@exemplo.com.br' };
const lojas = [
  { _id: 'e1', descricao: 'Loja Centro', nomeFantasia: 'Loja Centro' },
  { _id: 'e2', descricao: 'Loja Shopping', nomeFantasia: 'Loja Shopping' },
];

function abrirLogin() {
  const router = createMemoryRouter(
    [
      { path: '/login', Component: LoginPage },
      { path: '/', element: <p>início</p> },
    ],
    { initialEntries: ['/login'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

function servidor(extra: (c: ChamadaRegistrada) => Response | undefined = () => undefined) {
  return instalarFetch((chamada) => {
    const resposta = extra(chamada);
    if (resposta) return resposta;
    if (chamada.url.endsWith('getGrupoEmpresarialLista')) return envelope(true, [grupo]);
    if (chamada.url.endsWith('/login'))
      return envelope(true, { token: 'tk', usuario, grupoEmpresarial: grupo });
    if (chamada.url.endsWith('getEmpresasUsuario')) return envelope(true, lojas);
    return envelope(false, { message: 'inesperado' });
  });
}

async function preencher(email: string, senha: string) {
  await waitFor(() => expect(screen.getByText('Grupo Exemplo')).toBeTruthy());
  fireEvent.change(screen.getByLabelText('E-mail ou Código Interno'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Senha'), { target: { value: senha } });
  fireEvent.click(screen.getByRole('button', { name: 'Entrar' }));
}

beforeEach(() => {
  reiniciarSessaoParaTeste();
  definirConfig({ baseUrl: '/api/' });
});

describe('login page', () => {
  it('asks for the groups with {lixo:false} and warns when none is registered', async () => {
    const toasts = capturarToasts();
    const chamadas = instalarFetch(() => envelope(true, []));
    abrirLogin();
    const texto = 'Não foi encontrado nenhum Grupo Empresarial Cadastrado, entre em contato com  o Suporte.';
    await waitFor(() => expect(toasts).toContainEqual({ tipo: 'warning', mensagem: texto }));
    expect(chamadas[0]).toMatchObject({ url: '/api/getGrupoEmpresarialLista', corpo: { lixo: false } });
  });

  it("shows 'Falha de Comunicação - {error}' when the server cannot be reached", async () => {
    const toasts = capturarToasts();
    instalarFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    abrirLogin();
    await waitFor(() =>
      expect(toasts).toContainEqual({
        tipo: 'error',
        mensagem: 'Falha de Comunicação - Failed to fetch',
        duracao: 10,
      }),
    );
  });

  it('validates the identifier before calling the server', async () => {
    const chamadas = servidor();
    abrirLogin();
    await preencher('abc', 'x');
    expect(
      await screen.findByText('Informações inválidas, digite um E-mail ou Código Interno validos.'),
    ).toBeTruthy();
    expect(chamadas.some((c) => c.url.endsWith('/login'))).toBe(false);
  });

  it('logs in with the SHA-256 of the password, then the chosen company is saved and opened', async () => {
    const chamadas = servidor();
    const router = abrirLogin();
    await preencher('admin@exemplo.com.br', 'admin123');
    expect(await screen.findByText('Selecione a empresa')).toBeTruthy();
    const login = chamadas.find((c) => c.url.endsWith('/login'));
    expect(login?.corpo).toEqual({
      email: 'admin@exemplo.com.br',
      senha: await sha256Hex('admin123'),
      grupoEmpresarial: 'g1',
    });
    expect(login?.cabecalhos.token).toBeUndefined();
    const empresas = chamadas.find((c) => c.url.endsWith('getEmpresasUsuario'));
    expect(empresas?.corpo).toEqual({ grupoEmpresarialId: 'g1', pessoaId: 'u1', permissao: 425 });
    expect(empresas?.cabecalhos.token).toBe('tk');
    // Nothing is committed before the company is chosen.
    expect(obterSessao().usuario).toBeNull();

    fireEvent.mouseDown(screen.getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('Loja Shopping'));
    fireEvent.click(screen.getByRole('button', { name: 'Acessar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(obterSessao()).toMatchObject({ usuario: { token: 'tk', usuario }, grupoEmpresarial: grupo });
    expect(obterSessao().empresa?._id).toBe('e2');
    expect(JSON.parse(localStorage.getItem(CHAVES.empresa) ?? 'null')._id).toBe('e2');
  });

  it('a failed company check keeps the previous user', async () => {
    const toasts = capturarToasts();
    const anterior = { token: 'antigo', usuario: { _id: 'u0', nome: 'Anterior', codigoInterno: 9 } };
    entrar(anterior, grupo, { _id: 'e1', descricao: 'Loja Centro' });
    servidor((c) =>
      c.url.endsWith('getEmpresasUsuario')
        ? envelope(false, { message: 'Usuário sem permissão para acessar essa empresa.' })
        : undefined,
    );
    abrirLogin();
    await preencher('3', 'caixa123');
    await waitFor(() =>
      expect(toasts).toContainEqual({
        tipo: 'error',
        mensagem: 'Usuário sem permissão para acessar essa empresa.',
        duracao: 10,
      }),
    );
    expect(obterSessao().usuario).toEqual(anterior);
    sair();
  });

  it('without the public list the device offers the group code of its last login (an old device: the id)', async () => {
    definirConfig({ baseUrl: '/api/', listaGrupos: false });
    const chamadas = servidor();
    entrar({ token: 'tk', usuario }, { ...grupo, codigo: 100001 }, lojas[0] as (typeof lojas)[number]);
    sair();
    const { unmount } = render(
      <RouterProvider
        router={createMemoryRouter([{ path: '/login', Component: LoginPage }], {
          initialEntries: ['/login'],
        })}
      />,
    );
    const campo = screen.getByLabelText('Código do Grupo Empresarial') as HTMLInputElement;
    await waitFor(() => expect(campo.value).toBe('100001'));
    fireEvent.change(screen.getByLabelText('E-mail ou Código Interno'), { target: { value: '3' } });
    fireEvent.change(screen.getByLabelText('Senha'), { target: { value: 'caixa123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    await waitFor(() => expect(chamadas.some((c) => c.url.endsWith('/login'))).toBe(true));
    expect(chamadas.find((c) => c.url.endsWith('/login'))?.corpo).toMatchObject({
      grupoEmpresarial: '100001',
    });
    expect(chamadas.some((c) => c.url.endsWith('getGrupoEmpresarialLista'))).toBe(false);
    unmount();
    // A device saved before the codes existed remembers only the id: the server still takes it.
    reiniciarSessaoParaTeste();
    entrar({ token: 'tk', usuario }, grupo, lojas[0] as (typeof lojas)[number]);
    sair();
    abrirLogin();
    const antigo = screen.getByLabelText('Código do Grupo Empresarial') as HTMLInputElement;
    await waitFor(() => expect(antigo.value).toBe('g1'));
    definirConfig({ baseUrl: '/api/' });
  });
});
