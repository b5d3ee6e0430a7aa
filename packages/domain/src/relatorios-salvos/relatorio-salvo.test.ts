import { describe, expect, it } from 'vitest';
import { PERMISSOES } from '../catalogos/permissoes.ts';
import {
  GRUPOS_RELATORIO,
  MENSAGENS_RELATORIO_SALVO,
  permissaoDoRelatorio,
  RELATORIOS_DO_SISTEMA,
  type RelatorioDoSistema,
  relatorioSalvoAlterarSchema,
  relatorioSalvoCriarSchema,
} from './relatorio-salvo.ts';

const mensagens = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues.map((i) => i.message) ?? [];

describe('relatoriosDoSistema: the catalogue of built-in reports', () => {
  it('every report route of the reports range is in one group, with its own permission in 1000-1067', () => {
    const rotas = Object.keys(RELATORIOS_DO_SISTEMA) as RelatorioDoSistema[];
    const doCatalogo = PERMISSOES.filter(
      (p) =>
        p.modulo === 'report' &&
        p.acao === 'acessar' &&
        p.recurso?.startsWith('relatorio') &&
        !['relatoriosDoSistema', 'relatoriosCriados'].includes(p.recurso),
    )
      .map((p) => p.recurso)
      .concat('listaProdutosVendidos')
      .sort();
    expect([...rotas].sort()).toEqual([...new Set(doCatalogo)].sort());
    const numeros = rotas.map(permissaoDoRelatorio);
    expect(new Set(numeros).size).toBe(rotas.length);
    for (const n of numeros) expect(n >= 1000 && n <= 1067).toBe(true);
    expect(permissaoDoRelatorio('relatorioFinanceiroPlanoDeContas')).toBe(1001);
    for (const g of Object.values(RELATORIOS_DO_SISTEMA)) expect(GRUPOS_RELATORIO).toContain(g);
  });
});

describe('relatoriosCriados: what a saved report accepts', () => {
  const valido = {
    descricao: '  DRE da Loja Centro ',
    relatorio: 'relatorioFinanceiroPlanoDeContas',
    visibilidade: 'grupo',
    estado: { parametros: 'inicio=2026-01-01&fim=2026-01-31' },
  };

  it('fills the state defaults and trims the name', () => {
    const r = relatorioSalvoCriarSchema.parse(valido);
    expect(r.descricao).toBe('DRE da Loja Centro');
    expect(r.estado).toEqual({
      parametros: 'inicio=2026-01-01&fim=2026-01-31',
      filtro: {},
      colunas: [],
      agrupamento: [],
      grafico: 'nenhum',
    });
  });

  it.each([
    [{ ...valido, descricao: '   ' }, MENSAGENS_RELATORIO_SALVO.nome],
    [{ ...valido, relatorio: 'usuarios' }, MENSAGENS_RELATORIO_SALVO.relatorio],
    [{ ...valido, relatorio: 'relatoriosCriados' }, MENSAGENS_RELATORIO_SALVO.relatorio],
    [{ ...valido, visibilidade: 'todos' }, MENSAGENS_RELATORIO_SALVO.visibilidade],
    [{ ...valido, estado: { grafico: 'radar' } }, MENSAGENS_RELATORIO_SALVO.grafico],
    [
      { ...valido, estado: { filtro: { lista: 'x'.repeat(25_000) } } },
      MENSAGENS_RELATORIO_SALVO.filtroGrande,
    ],
  ])('refuses %j with its pt-BR message', (entrada, mensagem) => {
    expect(mensagens(relatorioSalvoCriarSchema.safeParse(entrada))).toContain(mensagem);
  });

  it('a change must change something', () => {
    expect(mensagens(relatorioSalvoAlterarSchema.safeParse({}))).toEqual(['Nada a alterar.']);
    expect(relatorioSalvoAlterarSchema.parse({ descricao: 'Novo nome' })).toEqual({ descricao: 'Novo nome' });
  });
});
