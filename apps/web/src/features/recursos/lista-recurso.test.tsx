import { recursos } from '@retaguarda/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { definirConfig } from '../../lib/api/config.ts';
import { entrar, reiniciarSessaoParaTeste } from '../../lib/session/sessao.ts';
import { type ChamadaRegistrada, envelope, instalarFetch } from '../../test/fetch-falso.ts';
import { TelaRecurso } from './tela-recurso.tsx';

const EMPRESA = 'e00000000000000000000001';
const formas = [
  {
    _id: 'f00000000000000000000001',
    descricao: 'Dinheiro',
    tipo: { id: 77, descricao: 'Dinheiro' },
    tipoTroco: { id: 1, descricao: 'Permite troco' },
    ativo: true,
  },
  {
    _id: 'f00000000000000000000002',
    descricao: 'Pix',
    tipo: { id: 92, descricao: 'Pix' },
    tipoTroco: { id: 2, descricao: 'Não permite troco' },
    ativo: false,
  },
];

function servidor(
  permissoes: number[],
  extra: (c: ChamadaRegistrada) => Response | undefined = () => undefined,
) {
  return instalarFetch((c) => {
    const r = extra(c);
    if (r) return r;
    if (c.url.endsWith('getPermissoesUsuario')) return envelope(true, { permissoes });
    if (c.url.endsWith('/getPopulate')) return envelope(true, formas);
    if (c.url.endsWith('/contar')) return envelope(true, { total: 42 });
    return envelope(false, { message: `inesperado ${c.url}` });
  });
}

function abrir(tabela: string, inicial = `/${tabela}`) {
  const def = recursos.recursoPorTabela(tabela);
  if (!def) throw new Error(tabela);
  const router = createMemoryRouter([{ path: `/${tabela}`, element: <TelaRecurso def={def} /> }], {
    initialEntries: [inicial],
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const fp = recursos.formaPagamento.permissoes;
const TODAS_FP = [fp.acessar, fp.incluir, fp.alterar, fp.excluir];

beforeEach(() => {
  reiniciarSessaoParaTeste();
  definirConfig({ baseUrl: '/api/' });
  entrar(
    { token: 'tk', usuario: { _id: 'u1', nome: 'Admin', codigoInterno: 1 } },
    { _id: 'g1', descricao: 'Grupo' },
    { _id: EMPRESA, descricao: 'Loja Centro' },
  );
});

describe('generic resource list', { timeout: 30_000 }, () => {
  it('lists a page of the current store with the total, searching the busca fields on the server', async () => {
    const chamadas = servidor(TODAS_FP);
    const router = abrir('formaPagamento');
    await screen.findByText('1-20 de 42');
    const lista = chamadas.find((c) => c.url.endsWith('formaPagamento/getPopulate'));
    expect(lista?.corpo).toEqual({ filtro: { empresa: { $eq: EMPRESA } }, limit: 20, skip: 0 });
    expect(lista?.cabecalhos.empresa).toBe(EMPRESA);

    fireEvent.change(screen.getByLabelText('Pesquisar'), { target: { value: 'pi' } });
    fireEvent.keyDown(screen.getByLabelText('Pesquisar'), { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(router.state.location.search).toBe('?q=pi'));
    await waitFor(() =>
      expect(chamadas.some((c) => JSON.stringify(c.corpo).includes('"$regex":"pi"'))).toBe(true),
    );
    const busca = chamadas.findLast((c) => c.url.endsWith('formaPagamento/contar'));
    expect(busca?.corpo).toEqual({
      filtro: {
        $and: [{ empresa: { $eq: EMPRESA } }, { $or: [{ descricao: { $regex: 'pi', $options: 'i' } }] }],
      },
    });
  });

  it('restores page, sort and the open form from the address', async () => {
    const chamadas = servidor(TODAS_FP);
    abrir('formaPagamento', '/formaPagamento?p=3&o=-descricao&abrir=novo');
    await screen.findByText('Incluir Forma de Pagamento');
    await waitFor(() =>
      expect(chamadas.find((c) => c.url.endsWith('formaPagamento/getPopulate'))?.corpo).toMatchObject({
        sort: '-descricao',
        skip: 40,
      }),
    );
  });

  it('hides the write buttons without their permissions', async () => {
    servidor([fp.acessar]);
    abrir('formaPagamento');
    await screen.findByText('1-20 de 42');
    expect(screen.queryByRole('button', { name: /Incluir/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Excluir' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Alterar' })).toBeNull();
    expect(screen.getAllByRole('button', { name: 'Visualizar' }).length).toBe(2);
  });

  it('shows every permission-guarded button to a user who holds them', async () => {
    servidor(TODAS_FP);
    abrir('formaPagamento');
    await screen.findByText('1-20 de 42');
    expect(screen.getByRole('button', { name: /Incluir/ })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Excluir' }).length).toBe(2);
  });
});

describe('generic resource form', { timeout: 30_000 }, () => {
  it('shows the spec messages per field and sends nothing while the form is invalid', async () => {
    const chamadas = servidor(TODAS_FP);
    abrir('formaPagamento', '/formaPagamento?abrir=novo');
    const formulario = await screen.findByTestId('formulario-recurso');
    fireEvent.click(await screen.findByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(within(formulario).getAllByText('* Obrigatório').length).toBe(3));
    expect(chamadas.some((c) => c.metodo === 'POST' && c.url.endsWith('/api/formaPagamento'))).toBe(false);
  });

  it("refuses an invalid CPF with 'CPF Inválido' and creates a valid person with the store-less body", async () => {
    const p = recursos.pessoa.permissoes;
    const chamadas = servidor([p.acessar, p.incluir, p.alterar], (c) =>
      c.metodo === 'POST' && c.url.endsWith('/api/pessoa')
        ? envelope(true, { _id: 'p00000000000000000000001', ...(c.corpo as object) })
        : c.metodo === 'GET' && c.url.endsWith('/api/pessoa/p00000000000000000000001')
          ? envelope(true, { _id: 'p00000000000000000000001', nome: 'Ana' })
          : undefined,
    );
    const router = abrir('pessoa', '/pessoa?abrir=novo');
    const formulario = await screen.findByTestId('formulario-recurso');
    fireEvent.change(within(formulario).getByLabelText('Nome'), { target: { value: 'Ana' } });
    fireEvent.change(within(formulario).getByLabelText('CPF/CNPJ'), { target: { value: '12345678900' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Salvar' }));
    await within(formulario).findByText('CPF Inválido');
    fireEvent.change(within(formulario).getByLabelText('CPF/CNPJ'), { target: { value: '52998224725' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(router.state.location.search).toBe('?abrir=p00000000000000000000001'));
    const criar = chamadas.find((c) => c.metodo === 'POST' && c.url.endsWith('/api/pessoa'));
    expect(criar?.corpo).toMatchObject({ nome: 'Ana', cpfCnpj: '52998224725', clientePadrao: false });
    expect(criar?.corpo).not.toHaveProperty('empresa');
  });

  it('says the franchise manager registers products in a store under franchise control, in place of Incluir', async () => {
    const pg = recursos.produtoGeral.permissoes;
    const franquia = {
      controleDeFranquia: true,
      tipoEmpresa: 'Franquia',
      franqueadora: 'Franqueadora Exemplo',
      retidas: [pg.incluir, pg.alterar],
    };
    servidor([pg.acessar], (c) =>
      c.url.endsWith('getPermissoesUsuario')
        ? envelope(true, { permissoes: [pg.acessar], franquia })
        : undefined,
    );
    abrir('produtoGeral');
    expect(
      await screen.findByText(
        'Cadastro feito pela Franqueadora Exemplo: os produtos são incluídos e alterados na empresa gestora da franquia.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Incluir/ })).toBeNull();
  });

  it("shows no franchise note where the user's profile never granted the inclusion", async () => {
    const pg = recursos.produtoGeral.permissoes;
    const franquia = { controleDeFranquia: true, tipoEmpresa: 'Franquia', franqueadora: 'X', retidas: [] };
    servidor([pg.acessar], (c) =>
      c.url.endsWith('getPermissoesUsuario')
        ? envelope(true, { permissoes: [pg.acessar], franquia })
        : undefined,
    );
    abrir('produtoGeral');
    await screen.findByText('1-20 de 42');
    expect(screen.queryByText(/Cadastro feito pela/)).toBeNull();
  });

  it('shows no franchise note for an ordinary registration', async () => {
    const franquia = {
      controleDeFranquia: true,
      tipoEmpresa: 'Franquia',
      franqueadora: 'Franqueadora Exemplo',
    };
    servidor([fp.acessar], (c) =>
      c.url.endsWith('getPermissoesUsuario')
        ? envelope(true, { permissoes: [fp.acessar], franquia })
        : undefined,
    );
    abrir('formaPagamento');
    await screen.findByText('1-20 de 42');
    expect(screen.queryByText(/Cadastro feito pela/)).toBeNull();
  });
});
