import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { definirConfig } from '../../lib/api/config.ts';
import { entrar, reiniciarSessaoParaTeste } from '../../lib/session/sessao.ts';
import { envelope, instalarFetch } from '../../test/fetch-falso.ts';
import { SeletorReferencia } from './seletor-referencia.tsx';

// The reference picker lists what answers the text in the box: no stale list while the typing pause runs
// or the search travels, no chosen record that does not match, no first page kept when nothing is chosen.

const PRODUTOS = [
  { _id: 'p00000000000000000000001', descricao: 'Wrap de Frango' },
  { _id: 'p00000000000000000000002', descricao: 'Refrigerante Lata 350ml' },
  { _id: 'p00000000000000000000003', descricao: 'Refrigerante 2L' },
  { _id: 'p00000000000000000000004', descricao: 'Água Mineral 500ml' },
];

/** A getPopulate that filters like the server ($or of $regex) and answers after `atrasoMs`. */
function servidor(atrasoMs: number) {
  return instalarFetch(async (c) => {
    const corpo = c.corpo as { filtro: Record<string, unknown> };
    const ou = (corpo.filtro.$or as { descricao?: { $regex: string } }[] | undefined)?.[0]?.descricao?.$regex;
    const ids = (corpo.filtro._id as { $in?: string[] } | undefined)?.$in;
    const linhas = PRODUTOS.filter(
      (p) => (!ou || p.descricao.toLowerCase().includes(ou.toLowerCase())) && (!ids || ids.includes(p._id)),
    );
    await new Promise((ok) => setTimeout(ok, atrasoMs));
    return envelope(true, linhas);
  });
}

function Teste({ inicial }: { inicial: string[] }) {
  const [valor, setValor] = useState<string[]>(inicial);
  return (
    <SeletorReferencia
      id="seletor"
      tabela="produtoGeral"
      multiplo
      valor={valor}
      onChange={(v) => setValor(Array.isArray(v) ? v : [])}
    />
  );
}

function montar(inicial: string[] = []) {
  const cliente = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={cliente}>
      <Teste inicial={inicial} />
    </QueryClientProvider>,
  );
}

const opcoesVisiveis = () =>
  [...document.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent ?? '');

beforeEach(() => {
  reiniciarSessaoParaTeste();
  definirConfig({ baseUrl: '/api/' });
  entrar(
    { token: 'tk', usuario: { _id: 'u1', nome: 'Admin', codigoInterno: 1 } },
    { _id: 'g1', descricao: 'Grupo' },
    { _id: 'e00000000000000000000001', descricao: 'Loja Centro' },
  );
});

describe('SeletorReferencia', () => {
  it('offers nothing stale while the text is typed and searched, then only what matches (the chosen one too)', async () => {
    servidor(150);
    montar(['p00000000000000000000001']);
    const caixa = screen.getByRole('combobox');
    fireEvent.mouseDown(caixa);
    await waitFor(() => expect(opcoesVisiveis()).toHaveLength(4));
    fireEvent.change(caixa, { target: { value: 'refri' } });
    // Inside the typing pause the previous list (all four, Wrap chosen) is not offered.
    expect(opcoesVisiveis()).toEqual([]);
    expect(screen.getByText('Buscando...')).toBeTruthy();
    // The search of 'refri' is on its way: still nothing stale.
    await act(() => new Promise((ok) => setTimeout(ok, 350)));
    expect(opcoesVisiveis()).toEqual([]);
    await waitFor(() => expect(opcoesVisiveis()).toEqual(['Refrigerante Lata 350ml', 'Refrigerante 2L']));
    // The chosen Wrap keeps its tag.
    expect(document.querySelector('.ant-select-selection-item')?.textContent).toContain('Wrap de Frango');
  });

  it('with nothing chosen, typing narrows the list to what the server found for the text', async () => {
    const chamadas = servidor(0);
    montar();
    const caixa = screen.getByRole('combobox');
    fireEvent.mouseDown(caixa);
    await waitFor(() => expect(opcoesVisiveis()).toHaveLength(4));
    fireEvent.change(caixa, { target: { value: 'água' } });
    // The first page of the table is not kept while the search runs.
    expect(opcoesVisiveis()).toEqual([]);
    await waitFor(() => expect(opcoesVisiveis()).toEqual(['Água Mineral 500ml']));
    expect(JSON.stringify(chamadas.at(-1)?.corpo)).toContain(
      '{"descricao":{"$regex":"água","$options":"i"}}',
    );
  });
});
