import { describe, expect, it } from 'vitest';
import { estadoDaUrl, urlDoRelatorioSalvo } from './estado-url.ts';

describe('a saved report state travels in the URL', () => {
  it('reads the report own parameters apart from the frame ones', () => {
    const e = estadoDaUrl(
      '?empresa=a&empresa=b&inicio=2026-10-01&filtro=%7B%22dataInicio%22%3A%222026-10-01%22%7D&colunas=dia,liquido&grafico=linhas&relatorioSalvo=x',
    );
    expect(e).toEqual({
      parametros: 'empresa=a&empresa=b&inicio=2026-10-01',
      filtro: { dataInicio: '2026-10-01' },
      colunas: ['dia', 'liquido'],
      agrupamento: [],
      grafico: 'linhas',
    });
  });

  it('ignores a broken filter or an unknown chart', () => {
    expect(estadoDaUrl('filtro=%7Bnao-json&grafico=radar')).toMatchObject({ filtro: {}, grafico: 'nenhum' });
    expect(estadoDaUrl('filtro=%5B1%5D').filtro).toEqual({});
  });

  it('opening a saved report gives back the same state, and names it', () => {
    const estado = {
      parametros: 'regime=caixa&inicio=2026-10-01',
      filtro: { tipoVenda: [55], dataInicio: '2026-10-01', dataFim: '2026-10-31' },
      colunas: ['loja'],
      agrupamento: ['dia', 'empresa'],
      grafico: 'barras' as const,
    };
    const url = urlDoRelatorioSalvo({ _id: 'abc', relatorio: 'relatorioVenda', estado });
    expect(url.startsWith('/relatorioVenda?regime=caixa&inicio=2026-10-01&')).toBe(true);
    const busca = url.slice(url.indexOf('?'));
    expect(new URLSearchParams(busca).get('relatorioSalvo')).toBe('abc');
    expect(estadoDaUrl(busca)).toEqual(estado);
  });
});
