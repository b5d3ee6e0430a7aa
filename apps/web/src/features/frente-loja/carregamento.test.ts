import { beforeEach, describe, expect, it, vi } from 'vitest';
import { definirConfig } from '../../lib/api/config.ts';
import { entrar, reiniciarSessaoParaTeste } from '../../lib/session/sessao.ts';
import { envelope, instalarFetch } from '../../test/fetch-falso.ts';

// The local cache replaced by a map: what is under test is the order of the calls and the messages.
const cache = new Map<string, unknown>();
vi.mock('./armazenamento-local.ts', () => ({
  gravarLista: async (lista: string, empresa: string, valor: unknown) => {
    cache.set(`${lista}:${empresa}`, valor);
  },
  lerLista: async (lista: string, empresa: string) => cache.get(`${lista}:${empresa}`),
}));
const { carregarDadosReferencia } = await import('./dados-referencia.ts');

const E = 'e'.repeat(24);
const T = 'f'.repeat(24);
const vinculo = {
  empresaPadrao: { _id: E, descricao: 'Loja Centro' },
  terminalPadrao: { _id: T, descricao: 'Caixa 1' },
};

function servidor(sobrescrever: Record<string, () => Response> = {}) {
  return instalarFetch((c) => {
    const rota = c.url.replace('/api/', '');
    const especial = sobrescrever[rota];
    if (especial) return especial();
    if (rota === 'empresa/getPopulate')
      return envelope(true, [{ _id: E, descricao: 'Loja Centro', endereco: { uf: 'PR' } }]);
    if (rota === 'terminal/getPopulate')
      return envelope(true, [
        { _id: T, descricao: 'Caixa 1', funcoes: ['balcao', 'caixa'], configuracoes: { caixa: 'c1' } },
      ]);
    if (rota === 'formaPagamento/getPopulate') return envelope(true, [{ _id: 'a'.repeat(24), ativo: true }]);
    if (rota === 'operadora/getPopulate' || rota === 'setorImpressao/getPopulate') return envelope(true, []);
    if (rota === 'getListaProdutoGeralEmpresa')
      return envelope(true, {
        produtos: [],
        catalogo: {
          produtos: [],
          promocoes: [],
          combos: [],
          tabelasVenda: [],
          happyHours: [],
          sugestoes: [],
        },
        configuracao: { empresa: E },
        formasPagamento: [{ _id: 'a'.repeat(24), descricao: 'Dinheiro', tipo: 77, tipoTroco: 1 }],
      });
    if (rota === 'periodo/getPopulate')
      return envelope(true, [{ _id: 'p1', caixa: 'c1', dataAbertura: '2026-11-21T10:00:00Z' }]);
    if (rota === 'olhoNoImposto/getPopulate')
      return envelope(true, [{ _id: 'o1', uf: 'PR', codigo: '22021000', tipo: 0, nacionalfederal: '13.45' }]);
    if (rota === 'versionamento/getPopulate') return envelope(true, [{ _id: 'v1', empresa: E, versao: 7 }]);
    return envelope(false, { message: `rota inesperada ${rota}` });
  });
}

beforeEach(() => {
  cache.clear();
  reiniciarSessaoParaTeste();
  definirConfig({ baseUrl: '/api/' });
  entrar(
    { token: 't', usuario: { _id: 'u1', nome: 'Admin', codigoInterno: 1 } },
    { _id: 'g', descricao: 'G' },
    { _id: E, descricao: 'Loja Centro' },
  );
});

describe('carregarDadosReferencia', () => {
  it('loads the company before the terminal, then the lists, and applies the period rule', async () => {
    const chamadas = servidor();
    const d = await carregarDadosReferencia(vinculo, () => undefined);
    expect(chamadas.map((c) => c.url.replace('/api/', ''))).toEqual([
      'empresa/getPopulate',
      'terminal/getPopulate',
      'formaPagamento/getPopulate',
      'operadora/getPopulate',
      'setorImpressao/getPopulate',
      'getListaProdutoGeralEmpresa',
      'periodo/getPopulate',
      'olhoNoImposto/getPopulate',
      'versionamento/getPopulate',
    ]);
    expect(chamadas[2]?.corpo).toEqual({ filtro: { empresa: E, lixo: false } });
    // The IBPT table of the store's state, up to the spec's 20,000 rows; the version the cache is at.
    expect(chamadas[7]?.corpo).toMatchObject({ filtro: { uf: 'PR' }, limit: 20000 });
    expect(chamadas[8]?.corpo).toEqual({ filtro: { empresa: E } });
    expect(d.olhoNoImposto.map((o) => o.codigo)).toEqual(['22021000']);
    expect(d.versao).toBe(7);
    expect(d.terminal).toMatchObject({ funcoes: ['balcao', 'caixa'], caixa: 'c1' });
    expect(d.periodo).toMatchObject({ periodoId: 'p1', periodoAberto: true, existePeriodoAberto: true });
    expect(d.formasPagamento.map((f) => f.descricao)).toEqual(['Dinheiro']);
    expect(d.modoLocal).toBe(false);
  });

  it('answers the spec messages for missing settings, company and terminal', async () => {
    servidor({
      'empresa/getPopulate': () => envelope(true, []),
    });
    await expect(carregarDadosReferencia({}, () => undefined)).rejects.toThrow(
      'Configurações da Empresa Padrão não foram encontrados, reconfigure o sistema!',
    );
    await expect(carregarDadosReferencia(vinculo, () => undefined)).rejects.toThrow(
      'Não foram encontrados nenhuma empresa com os dados configurados da Empresa Padrão!',
    );
    servidor({ 'terminal/getPopulate': () => envelope(true, []) });
    await expect(
      carregarDadosReferencia({ empresaPadrao: vinculo.empresaPadrao }, () => undefined),
    ).rejects.toThrow('Configurações do Terminal Padrão não foram encontrados, reconfigure o sistema!');
    await expect(carregarDadosReferencia(vinculo, () => undefined)).rejects.toThrow(
      'Não foram encontrados nenhum terminal com os dados configurados do Terminal Padrão!',
    );
  });

  it('a refused list says which; without the server and without a cache, the communication message', async () => {
    servidor({ 'formaPagamento/getPopulate': () => envelope(false, { message: 'Sem permissão' }) });
    await expect(carregarDadosReferencia(vinculo, () => undefined)).rejects.toThrow(
      'Falha ao obter Forma Pagamento! Sem permissão',
    );
    servidor({ 'operadora/getPopulate': () => new Response('x', { status: 500, statusText: '' }) });
    await expect(carregarDadosReferencia(vinculo, () => undefined)).rejects.toThrow(
      'Falha de comunicação ao tentar obter a lista de Operadoras!',
    );
    cache.clear();
    servidor({
      getListaProdutoGeralEmpresa: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await expect(carregarDadosReferencia(vinculo, () => undefined)).rejects.toThrow(
      'Falha de comunicação ao tentar obter a Lista de Produtos!',
    );
  });

  it("a store without a version record or a failed version call stops with the spec's messages", async () => {
    servidor({ 'versionamento/getPopulate': () => envelope(true, []) });
    await expect(carregarDadosReferencia(vinculo, () => undefined)).rejects.toThrow(
      'Empresa sem versionamento',
    );
    cache.clear();
    servidor({ 'versionamento/getPopulate': () => envelope(false, { message: 'x' }) });
    await expect(carregarDadosReferencia(vinculo, () => undefined)).rejects.toThrow(
      'Problemas ao buscar versionamento!',
    );
  });

  it('without the server, the cached lists of this company are used (local mode)', async () => {
    servidor();
    await carregarDadosReferencia(vinculo, () => undefined);
    instalarFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    const d = await carregarDadosReferencia(vinculo, () => undefined);
    expect(d.modoLocal).toBe(true);
    expect(d.empresa.descricao).toBe('Loja Centro');
    expect(d.periodo.periodoAberto).toBe(true);
    expect(d.versao).toBe(7);
  });
});
