import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { definirConfig } from '../../lib/api/config.ts';
import { queryClient } from '../../lib/api/query-client.ts';
import { reiniciarSessaoParaTeste, restaurarSessao } from '../../lib/session/sessao.ts';
import { capturarToasts, envelope, instalarFetch } from '../../test/fetch-falso.ts';
import { LayoutsImpressaoPage } from './layouts-impressao-page.tsx';

// The layout gallery with a fake API: the samples, their preview per model and width, the server's refusal
// shown on the screen, and a real print job with the chosen width.

const cabecalho = { empresa: 'Loja', data: '2026-11-21T20:05:00-03:00' };
const amostras = [
  { layout: 'sangria', cabecalho, caixa: 'Caixa 01', valor: '10.00' },
  { layout: 'producao', cabecalho, venda: { tipoVenda: 54, mesa: 3 }, setor: 'Cozinha', itens: [] },
];

function instalar() {
  return instalarFetch(({ url, corpo }) => {
    if (url.endsWith('/api/impressao/amostras')) return envelope(true, amostras);
    if (url.endsWith('/api/impressao/preview')) {
      const { documento, modelo } = corpo as {
        documento: (typeof amostras)[number] & { cabecalho: { colunas: number } };
        modelo: number;
      };
      if (modelo === 7)
        return envelope(false, { message: 'A impressora é de etiquetas e não imprime comprovantes.' });
      return envelope(true, {
        tipoImpressao: documento.layout === 'sangria' ? 7 : 3,
        titulo: `Doc ${documento.layout}`,
        colunas: documento.cabecalho.colunas,
        linguagem: modelo === 0 ? 'TEXTO' : 'ESCPOS',
        html: `<!doctype html><p>${documento.layout} ${documento.cabecalho.colunas}</p>`,
        texto: `TEXTO ${documento.layout}`,
        conteudo: '',
        tamanho: 321,
      });
    }
    if (url.endsWith('/api/terminal/getPopulate'))
      return envelope(true, [{ _id: 't1', descricao: 'Terminal Caixa 1' }]);
    if (url.endsWith('/api/setorImpressao/getPopulate'))
      return envelope(true, [{ _id: 's1', descricao: 'Caixa' }]);
    if (url.endsWith('/api/impressao')) return envelope(true, [{ _id: 'j1' }, { _id: 'j2' }]);
    return envelope(false, { message: `inesperado ${url}` });
  });
}

/** Waits for the paper to show `texto` (the machine is shared: a generous limit). */
const papelMostra = (texto: string) =>
  waitFor(() => expect(screen.getByTestId('previa-papel').getAttribute('srcdoc')).toContain(texto), {
    timeout: 8000,
  });

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
});

describe('layoutsImpressao', () => {
  it('previews a layout at 48 or 64 columns, refuses a label printer on screen, prints with the width chosen', async () => {
    const chamadas = instalar();
    const toasts = capturarToasts();
    render(
      <QueryClientProvider client={queryClient}>
        <LayoutsImpressaoPage />
      </QueryClientProvider>,
    );
    // The production ticket comes first in the menu and is shown at once.
    const menu = await screen.findByTestId('lista-layouts', {}, { timeout: 8000 });
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((m) => m.textContent),
    ).toEqual(['Produção (cozinha)', 'Sangria']);
    await papelMostra('producao 48');
    expect(screen.getByText('Produção')).toBeTruthy();

    fireEvent.click(within(menu).getByText('Sangria'));
    await papelMostra('sangria 48');
    fireEvent.click(screen.getByText('64 colunas (condensada)'));
    await papelMostra('sangria 64');
    expect(screen.getByText('321 bytes')).toBeTruthy();

    // Sent for real: the terminal's queue, the document at the width shown.
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Terminal' }));
    fireEvent.click(await screen.findByTitle('Terminal Caixa 1'));
    fireEvent.click(screen.getByRole('button', { name: /Enviar à impressora/ }));
    await waitFor(() =>
      expect(toasts.map((t) => t.mensagem)).toContain('Enviado para a impressora: 2 vias.'),
    );
    const envio = chamadas.find((c) => c.url.endsWith('/api/impressao'));
    expect(envio?.corpo).toMatchObject({
      terminal: 't1',
      documento: { layout: 'sangria', caixa: 'Caixa 01', cabecalho: { colunas: 64 } },
    });

    // A label printer: the server's message on the screen, no toast.
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Modelo da impressora' }));
    fireEvent.click(await screen.findByTitle('Argox (etiqueta) - não imprime comprovantes'));
    expect((await screen.findByTestId('erro-previa', {}, { timeout: 8000 })).textContent).toContain(
      'é de etiquetas',
    );
    expect(toasts.filter((t) => t.tipo === 'error')).toEqual([]);
  }, 30_000);

  it('a text-only printer has no condensed font: back to 48 columns, 64 disabled', async () => {
    const chamadas = instalar();
    render(
      <QueryClientProvider client={queryClient}>
        <LayoutsImpressaoPage />
      </QueryClientProvider>,
    );
    await papelMostra('producao 48');
    fireEvent.click(screen.getByText('64 colunas (condensada)'));
    await papelMostra('producao 64');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Modelo da impressora' }));
    fireEvent.click(await screen.findByTitle('Genérica (somente texto)'));
    await papelMostra('producao 48');
    const ultima = chamadas.filter((c) => c.url.endsWith('/api/impressao/preview')).at(-1);
    expect(ultima?.corpo).toMatchObject({ modelo: 0, documento: { cabecalho: { colunas: 48 } } });
    expect(screen.getByText(/não tem negrito, expandido, condensado nem QR Code/)).toBeTruthy();
    const opcao64 = screen.getByText('64 colunas (condensada)').closest('.ant-segmented-item');
    expect(opcao64?.className).toContain('disabled');
  }, 30_000);
});
