import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { definirConfig } from '../lib/api/config.ts';
import { reiniciarSessaoParaTeste } from '../lib/session/sessao.ts';
import { capturarToasts, envelope, instalarFetch } from '../test/fetch-falso.ts';
import { criarRotas } from './router.tsx';

function abrir(caminho: string) {
  const router = createMemoryRouter(criarRotas(), { initialEntries: [caminho] });
  render(<RouterProvider router={router} />);
  return router;
}

beforeEach(() => {
  reiniciarSessaoParaTeste();
  definirConfig({ baseUrl: '/api/' });
});

describe('routes and guard', () => {
  it('sends a visitor without a saved session from a back-office route to /login', async () => {
    instalarFetch(() => envelope(true, [{ _id: 'g1', descricao: 'Grupo Exemplo' }]));
    const router = abrir('/formaPagamento');
    // The first lazy route is transformed on demand: allow it time.
    expect(await screen.findByText('Acesso ao sistema', undefined, { timeout: 5000 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });

  it.each(['/naoExiste', '/404'])('shows the public not-found page for %s', async (caminho) => {
    const router = abrir(caminho);
    expect(await screen.findByText('Página não encontrada.')).toBeTruthy();
    expect(router.state.location.pathname).toBe(caminho);
  });

  it('alterarSenha with an invalid key: warning with the server message, then /403', async () => {
    const toasts = capturarToasts();
    const chamadas = instalarFetch(() =>
      envelope(false, { message: 'Chave de alteração de senha expirada.' }),
    );
    const router = abrir('/alterarSenha/chave-velha');
    expect(await screen.findByText('Acesso negado')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/403');
    expect(chamadas[0]).toMatchObject({ url: '/api/validaAlterarSenha', corpo: { chave: 'chave-velha' } });
    expect(chamadas[0]?.cabecalhos.token).toBeUndefined();
    expect(toasts).toEqual([{ tipo: 'warning', mensagem: 'Chave de alteração de senha expirada.' }]);
  });

  it('alterarSenha with a valid key shows the new-password form', async () => {
    instalarFetch(() => envelope(true, { usuarioId: 'u1' }));
    abrir('/alterarSenha/chave-boa');
    expect(await screen.findByLabelText('Nova senha')).toBeTruthy();
    expect(screen.getByLabelText('Confirme a nova senha')).toBeTruthy();
  });

  it('/403 is public', async () => {
    const router = abrir('/403');
    expect(await screen.findByText('Acesso negado')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/403'));
  });
});
