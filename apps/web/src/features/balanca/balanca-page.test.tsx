import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { definirConfig } from '../../lib/api/config.ts';
import { queryClient } from '../../lib/api/query-client.ts';
import { reiniciarSessaoParaTeste, restaurarSessao } from '../../lib/session/sessao.ts';
import { capturarToasts, envelope, instalarFetch } from '../../test/fetch-falso.ts';
import { BalancaPage } from './balanca-page.tsx';

// The scale screen with a fake API: the download sends the store, the brand and the encoding, and a refusal
// of the server is shown in pt-BR.

beforeEach(() => {
  reiniciarSessaoParaTeste();
  queryClient.clear();
  definirConfig({ baseUrl: '/api/' });
  restaurarSessao({
    usuario: { token: 't', usuario: { _id: 'u1', nome: 'Admin', codigoInterno: 1 } },
    grupoEmpresarial: { _id: 'g1', descricao: 'Grupo' },
    empresa: { _id: 'emp1', descricao: 'Loja Centro' },
    escuro: false,
  });
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => undefined }),
  );
});

function tela() {
  render(
    <QueryClientProvider client={queryClient}>
      <BalancaPage />
    </QueryClientProvider>,
  );
}

describe('balanca', { timeout: 20_000 }, () => {
  it('downloads the zip of the chosen store and brand (no selection: the weighed products)', async () => {
    const chamadas = instalarFetch(({ url }) => {
      if (url.endsWith('/api/downloadArquivoBalanca'))
        return new Response(new Uint8Array([0x50, 0x4b, 3, 4]), {
          status: 200,
          headers: {
            'Content-Type': 'application/zip',
            'Content-Disposition': 'attachment; filename="balanca-toledo-mgv.zip"',
          },
        });
      if (url.endsWith('/api/balanca/produtos'))
        return envelope(true, [{ _id: 'p1', descricao: 'Queijo (kg)', codigoInterno: 25 }]);
      return envelope(true, []);
    });
    tela();
    fireEvent.click(screen.getByRole('button', { name: 'Baixar zip' }));
    expect(
      await screen.findByText('Arquivo balanca-toledo-mgv.zip gerado.', {}, { timeout: 8000 }),
    ).toBeTruthy();
    const pedido = chamadas.find((c) => c.url.endsWith('/api/downloadArquivoBalanca'));
    expect(pedido?.corpo).toEqual({ empresa: 'emp1', balanca: 'toledo', codificacao: 'windows-1252' });
    expect(pedido?.cabecalhos.token).toBe('t');
  });

  it("shows the server's refusal", async () => {
    instalarFetch(({ url }) =>
      url.endsWith('/api/downloadArquivoBalanca')
        ? envelope(false, {
            message: 'Nenhum produto pesável (unidade KG) ativo nesta loja para enviar à balança.',
          })
        : envelope(true, []),
    );
    const toasts = capturarToasts();
    tela();
    fireEvent.click(screen.getByRole('button', { name: 'Baixar zip' }));
    await waitFor(
      () =>
        expect(toasts.map((t) => t.mensagem)).toContain(
          'Erro ao gerar o arquivo da balança: Nenhum produto pesável (unidade KG) ativo nesta loja para enviar à balança.',
        ),
      { timeout: 8000 },
    );
    expect(screen.queryByText(/gerado\./)).toBeNull();
  });
  it("sets how the store's POS reads the scale's label: the example follows the fields, saving sends the store", async () => {
    const salvo = {
      habilitado: false,
      tamanhoCodigo: 5,
      tipoValor: 'peso',
      tamanhoValor: 5,
      casasDecimais: 3,
    };
    const chamadas = instalarFetch(({ url, corpo }) => {
      if (url.endsWith('/api/getPermissoesUsuario')) return envelope(true, { permissoes: [844, 845] });
      if (url.endsWith('/api/balanca/configuracaoCodigo'))
        return envelope(true, { configuracao: salvo, exemplo: '2001230010003' });
      if (url.endsWith('/api/balanca/salvarConfiguracaoCodigo'))
        return envelope(true, { ...(corpo as object), exemplo: 'x' });
      return envelope(true, []);
    });
    tela();
    expect((await screen.findByTestId('etiqueta-exemplo', {}, { timeout: 8000 })).textContent).toContain(
      '2 CCCCC 0 PPPPP D',
    );
    fireEvent.click(await screen.findByRole('switch', { name: 'Ler etiquetas da balança no PDV' }));
    fireEvent.change(screen.getByLabelText('Dígitos do valor'), { target: { value: '6' } });
    // 5 + 6 digits fill the EAN-13's 11: no ignored digit, and the example is rebuilt from the domain's rule.
    await waitFor(() =>
      expect(screen.getByTestId('etiqueta-exemplo').textContent).toContain('2 CCCCC PPPPPP D'),
    );
    // 1 kg of PLU 123 reads the same in both layouts: 2 00123 001000 3.
    expect(screen.getByTestId('etiqueta-exemplo').textContent).toContain('2001230010003');
    fireEvent.change(screen.getByLabelText('Dígitos do código (PLU)'), { target: { value: '6' } });
    expect(
      await screen.findByText('Código do produto e valor somam mais de 11 dígitos no EAN-13.'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Salvar etiqueta' })).toHaveProperty('disabled', true);
    fireEvent.change(screen.getByLabelText('Dígitos do código (PLU)'), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar etiqueta' }));
    await waitFor(() =>
      expect(chamadas.find((c) => c.url.endsWith('/api/balanca/salvarConfiguracaoCodigo'))?.corpo).toEqual({
        empresa: 'emp1',
        configuracao: { ...salvo, habilitado: true, tamanhoValor: 6 },
      }),
    );
  });
});
