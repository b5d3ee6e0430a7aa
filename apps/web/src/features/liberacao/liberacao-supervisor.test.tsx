import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { definirConfig } from '../../lib/api/config.ts';
import { sha256Hex } from '../../lib/crypto/sha256.ts';
import { reiniciarSessaoParaTeste } from '../../lib/session/sessao.ts';
import { capturarToasts, envelope, instalarFetch } from '../../test/fetch-falso.ts';
import {
  LiberacaoSupervisorProvider,
  type Liberar,
  useLiberacaoSupervisor,
} from './liberacao-supervisor.tsx';
import type { OpcoesLiberacao, ResultadoLiberacao } from './regras.ts';

const supervisor = { _id: 's1', nome: 'Supervisor', codigoInterno: 2 };

let liberar: Liberar = async () => null;
function Captura() {
  liberar = useLiberacaoSupervisor().liberar;
  return null;
}

function abrir(opcoes: OpcoesLiberacao): Promise<ResultadoLiberacao | null> {
  render(
    <LiberacaoSupervisorProvider>
      <Captura />
    </LiberacaoSupervisorProvider>,
  );
  let promessa: Promise<ResultadoLiberacao | null> = Promise.resolve(null);
  act(() => {
    promessa = liberar(opcoes);
  });
  return promessa;
}

const confirmar = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Confirmar' });
const campo = (rotulo: RegExp) => screen.getByLabelText(rotulo);
const digitar = (rotulo: RegExp, valor: string) =>
  fireEvent.change(campo(rotulo), { target: { value: valor } });

beforeEach(() => {
  reiniciarSessaoParaTeste();
  definirConfig({ baseUrl: '/api/' });
});

describe('release dialog (spec sections 5 and 8)', () => {
  it('keeps Confirm disabled until login and the mandatory password are filled', async () => {
    void abrir({ permissao: 425, senhaObrigatoria: true });
    await screen.findByText('Liberação do Supervisor');
    expect(confirmar().disabled).toBe(true);
    digitar(/^Login/, 'supervisor@exemplo.com.br');
    await waitFor(() => expect(confirmar().disabled).toBe(true));
    digitar(/^Senha/, 'super123');
    await waitFor(() => expect(confirmar().disabled).toBe(false));
    expect(screen.queryByLabelText(/^Motivo/)).toBeNull();
  });

  it('needs only the login when the password is optional, and applies the field limits', async () => {
    void abrir({ permissao: 10, senhaObrigatoria: false });
    await screen.findByText('Liberação do Supervisor');
    expect(campo(/^Login/).getAttribute('maxlength')).toBe('200');
    expect(campo(/^Senha/).getAttribute('maxlength')).toBe('30');
    digitar(/^Login/, '2');
    await waitFor(() => expect(confirmar().disabled).toBe(false));
  });

  it("shows the reason when asked, requires it when mandatory, and says 'Campo Obrigatório'", async () => {
    void abrir({ permissao: 10, senhaObrigatoria: false, mostrarMotivo: true, motivoObrigatorio: true });
    await screen.findByText('Liberação do Supervisor');
    expect(campo(/^Motivo/).getAttribute('maxlength')).toBe('100');
    digitar(/^Login/, '2');
    await waitFor(() => expect(confirmar().disabled).toBe(true));
    digitar(/^Motivo/, 'Cliente reclamou');
    await waitFor(() => expect(confirmar().disabled).toBe(false));
    digitar(/^Login/, '');
    expect(await screen.findByText('Campo Obrigatório')).toBeTruthy();
    expect(confirmar().disabled).toBe(true);
  });

  it('sends login, hashed password, reason and permission; resolves with the supervisor and reason', async () => {
    const chamadas = instalarFetch(() => envelope(true, { supervisor }));
    const resultado = abrir({ permissao: 425, senhaObrigatoria: true, mostrarMotivo: true });
    await screen.findByText('Liberação do Supervisor');
    digitar(/^Login/, ' supervisor@exemplo.com.br ');
    digitar(/^Senha/, 'super123');
    digitar(/^Motivo/, 'Teste');
    await waitFor(() => expect(confirmar().disabled).toBe(false));
    fireEvent.click(confirmar());
    await expect(resultado).resolves.toEqual({ supervisor, motivo: 'Teste' });
    expect(chamadas[0]?.url).toBe('/api/liberacaoSupervisor');
    expect(chamadas[0]?.corpo).toEqual({
      login: 'supervisor@exemplo.com.br',
      senha: await sha256Hex('super123'),
      motivo: 'Teste',
      permissao: 425,
    });
    await waitFor(() => expect(screen.queryByText('Liberação do Supervisor')).toBeNull());
  });

  it('on refusal shows the server message for 3 s, keeps the dialog open and focuses login again', async () => {
    const toasts = capturarToasts();
    instalarFetch(() => envelope(false, { message: 'Senha inválida para o supervisor.' }));
    void abrir({ permissao: 425, senhaObrigatoria: true });
    await screen.findByText('Liberação do Supervisor');
    digitar(/^Login/, 'supervisor@exemplo.com.br');
    digitar(/^Senha/, 'errada');
    await waitFor(() => expect(confirmar().disabled).toBe(false));
    fireEvent.click(confirmar());
    await waitFor(() =>
      expect(toasts).toEqual([{ tipo: 'error', mensagem: 'Senha inválida para o supervisor.', duracao: 3 }]),
    );
    await waitFor(() => expect(document.activeElement).toBe(campo(/^Login/)));
    expect(screen.getByText('Liberação do Supervisor')).toBeTruthy();
  });

  it("cancel shows 'Ação cancelada!' for 2 s and resolves null", async () => {
    const toasts = capturarToasts();
    const resultado = abrir({ permissao: 425, senhaObrigatoria: true });
    await screen.findByText('Liberação do Supervisor');
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    await expect(resultado).resolves.toBeNull();
    expect(toasts).toEqual([{ tipo: 'warning', mensagem: 'Ação cancelada!', duracao: 2 }]);
  });

  it('refuses a non-numeric permission or a non-boolean password flag', () => {
    render(
      <LiberacaoSupervisorProvider>
        <Captura />
      </LiberacaoSupervisorProvider>,
    );
    const errado = (opcoes: unknown) => () => liberar(opcoes as OpcoesLiberacao);
    expect(errado({ permissao: 'abc', senhaObrigatoria: true })).toThrow(TypeError);
    expect(errado({ permissao: 425, senhaObrigatoria: 'sim' })).toThrow(TypeError);
  });
});
