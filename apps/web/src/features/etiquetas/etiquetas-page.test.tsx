import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { definirConfig } from '../../lib/api/config.ts';
import { queryClient } from '../../lib/api/query-client.ts';
import { reiniciarSessaoParaTeste, restaurarSessao } from '../../lib/session/sessao.ts';
import { envelope, instalarFetch } from '../../test/fetch-falso.ts';
import { EtiquetasPage, lerConteudo } from './etiquetas-page.tsx';

// The labels screen with a fake API: the products changed since a day are added and printed on the store's
// label printer with its registered format; bad input stops before the server with a pt-BR message.

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

const IMPRESSORAS = {
  terminais: [{ _id: 'term1', descricao: 'Terminal Caixa 1' }],
  setores: [
    {
      _id: 'sBar',
      descricao: 'Bar',
      impressora: 'Cozinha',
      modelo: 1,
      linguagem: 'ESCPOS',
      nomeLinguagem: 'ESC/POS',
      formatoEtiqueta: null,
    },
    {
      _id: 'sEtq',
      descricao: 'Etiquetas',
      impressora: 'Zebra',
      modelo: 6,
      linguagem: 'ZPL',
      nomeLinguagem: 'ZPL II',
      formatoEtiqueta: 10,
    },
  ],
};
const ALTERADO = {
  produto: 'p1',
  codigoInterno: 19,
  motivo: 'preco',
  etiqueta: {
    produto: 'p1',
    descricao: 'Queijo Mussarela (kg)',
    preco: '47.90',
    unidade: 'KG',
    quantidade: 1,
  },
};

function tela() {
  render(
    <QueryClientProvider client={queryClient}>
      <EtiquetasPage />
    </QueryClientProvider>,
  );
}

describe('etiquetas', { timeout: 60_000 }, () => {
  it('adds the products changed since a day and prints them on the label printer with its format', async () => {
    const chamadas = instalarFetch(({ url }) => {
      if (url.endsWith('/api/etiquetas/impressoras')) return envelope(true, IMPRESSORAS);
      if (url.endsWith('/api/etiquetas/alterados')) return envelope(true, [ALTERADO]);
      if (url.endsWith('/api/etiquetas/imprimir'))
        return envelope(true, { impressoes: ['j1'], total: 1, linguagem: 'ZPL', bytes: 321, avisos: [] });
      return envelope(true, []);
    });
    tela();
    await screen.findByText('Zebra · ZPL II', {}, { timeout: 15_000 });
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar alterados' }));
    expect(await screen.findByText('19 · Queijo Mussarela (kg)', {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByText('preço')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Validade em dias de 19 · Queijo Mussarela (kg)'), {
      target: { value: '5' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Imprimir na impressora de etiquetas' }));
    expect(
      await screen.findByText(
        '1 etiqueta enviada para a fila de impressão (ZPL II, 321 bytes).',
        {},
        { timeout: 15_000 },
      ),
    ).toBeTruthy();
    const pedido = chamadas.find((c) => c.url.endsWith('/api/etiquetas/imprimir'));
    expect(pedido?.corpo).toEqual({
      empresa: 'emp1',
      formato: 10,
      terminal: 'term1',
      setorImpressao: 'sEtq',
      itens: [{ produto: 'p1', quantidade: 1, validadeDias: 5 }],
    });
  });

  it('an empty selection or an unreadable content is refused in pt-BR without calling the server', async () => {
    const chamadas = instalarFetch(({ url }) => {
      if (url.endsWith('/api/etiquetas/impressoras')) return envelope(true, IMPRESSORAS);
      if (url.endsWith('/api/etiquetas/alterados')) return envelope(true, [ALTERADO]);
      return envelope(true, []);
    });
    tela();
    await screen.findByText('Zebra · ZPL II', {}, { timeout: 15_000 });
    fireEvent.click(screen.getByRole('button', { name: 'Imprimir na impressora de etiquetas' }));
    expect(await screen.findByText('Nenhum produto selecionado para as etiquetas.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar alterados' }));
    await screen.findByText('19 · Queijo Mussarela (kg)', {}, { timeout: 15_000 });
    fireEvent.change(screen.getByLabelText('Conteúdo de 19 · Queijo Mussarela (kg)'), {
      target: { value: 'meio quilo' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Imprimir na impressora de etiquetas' }));
    expect(
      await screen.findByText(/Conteúdo "meio quilo" de 19 · Queijo Mussarela \(kg\) não reconhecido/),
    ).toBeTruthy();
    expect(chamadas.some((c) => c.url.endsWith('/api/etiquetas/imprimir'))).toBe(false);
  });

  it("shows the server's refusal (invalid EAN)", async () => {
    instalarFetch(({ url }) => {
      if (url.endsWith('/api/etiquetas/impressoras')) return envelope(true, IMPRESSORAS);
      if (url.endsWith('/api/etiquetas/alterados')) return envelope(true, [ALTERADO]);
      if (url.endsWith('/api/etiquetas/imprimir'))
        return envelope(false, {
          message:
            'Queijo Mussarela (kg): Código de barras EAN-13 7894900011518 inválido: o dígito verificador deveria ser 7.',
        });
      return envelope(true, []);
    });
    tela();
    await screen.findByText('Zebra · ZPL II', {}, { timeout: 15_000 });
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar alterados' }));
    await screen.findByText('19 · Queijo Mussarela (kg)', {}, { timeout: 15_000 });
    fireEvent.click(screen.getByRole('button', { name: 'Imprimir na impressora de etiquetas' }));
    await waitFor(
      () => expect(screen.getAllByText(/o dígito verificador deveria ser 7/).length).toBeGreaterThan(0),
      { timeout: 15_000 },
    );
    expect(screen.queryByText(/enviada para a fila/)).toBeNull();
  });

  it('reads package contents', () => {
    expect(lerConteudo('400 g')).toEqual({ quantidade: '400', unidade: 'g' });
    expect(lerConteudo('1,5 kg')).toEqual({ quantidade: '1.5', unidade: 'kg' });
    expect(lerConteudo('2 l')).toEqual({ quantidade: '2', unidade: 'L' });
    expect(lerConteudo('350ml')).toEqual({ quantidade: '350', unidade: 'ml' });
    expect(lerConteudo('')).toBeUndefined();
    expect(lerConteudo('meio quilo')).toBeNull();
  });
});
