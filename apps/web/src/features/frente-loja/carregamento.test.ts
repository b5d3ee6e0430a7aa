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
const { carregarDadosReferencia, ErroCarregamento } = await import('./dados-referencia.ts');

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
    if (rota === 'frenteLoja/empresa')
      return envelope(true, { _id: E, descricao: 'Loja Centro', endereco: { uf: 'PR' } });
    if (rota === 'frenteLoja/terminais')
      return envelope(true, [
        { _id: T, descricao: 'Caixa 1', funcoes: ['balcao', 'caixa'], configuracoes: { caixa: 'c1' } },
      ]);
    if (rota === 'frenteLoja/formasPagamento') return envelope(true, [{ _id: 'a'.repeat(24), ativo: true }]);
    if (rota === 'frenteLoja/operadoras' || rota === 'frenteLoja/setoresImpressao') return envelope(true, []);
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
    if (rota === 'frenteLoja/olhoNoImposto')
      return envelope(true, [{ _id: 'o1', uf: 'PR', codigo: '22021000', tipo: 0, nacionalfederal: '13.45' }]);
    if (rota === 'frenteLoja/versionamento') return envelope(true, [{ empresa: E, versao: 7 }]);
    if (rota === 'getPermissoesUsuario') return envelope(true, { permissoes: [45, 46, 53] });
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
      'frenteLoja/empresa',
      'frenteLoja/terminais',
      'frenteLoja/formasPagamento',
      'frenteLoja/operadoras',
      'frenteLoja/setoresImpressao',
      'getListaProdutoGeralEmpresa',
      'periodo/getPopulate',
      'frenteLoja/olhoNoImposto',
      'frenteLoja/versionamento',
      'getPermissoesUsuario',
    ]);
    // The POS's own routes: the bound store only (the server picks the IBPT state and limit).
    for (const i of [0, 1, 2, 3, 4, 7, 8]) expect(chamadas[i]?.corpo).toEqual({ empresa: E });
    expect(chamadas[9]?.corpo).toEqual({ empresaId: E });
    expect([...(d.permissoes ?? [])]).toEqual([45, 46, 53]);
    expect(d.olhoNoImposto.map((o) => o.codigo)).toEqual(['22021000']);
    expect(d.versao).toBe(7);
    expect(d.terminal).toMatchObject({ funcoes: ['balcao', 'caixa'], caixa: 'c1' });
    expect(d.periodo).toMatchObject({ periodoId: 'p1', periodoAberto: true, existePeriodoAberto: true });
    expect(d.formasPagamento.map((f) => f.descricao)).toEqual(['Dinheiro']);
    expect(d.modoLocal).toBe(false);
  });

  it('answers the spec messages for missing settings, company and terminal', async () => {
    servidor({
      'frenteLoja/empresa': () =>
        envelope(false, {
          message: 'Não foram encontrados nenhuma empresa com os dados configurados da Empresa Padrão!',
        }),
    });
    await expect(carregarDadosReferencia({}, () => undefined)).rejects.toThrow(
      'Configurações da Empresa Padrão não foram encontrados, reconfigure o sistema!',
    );
    await expect(carregarDadosReferencia(vinculo, () => undefined)).rejects.toThrow(
      'Não foram encontrados nenhuma empresa com os dados configurados da Empresa Padrão!',
    );
    servidor({ 'frenteLoja/terminais': () => envelope(true, []) });
    await expect(
      carregarDadosReferencia({ empresaPadrao: vinculo.empresaPadrao }, () => undefined),
    ).rejects.toThrow('Configurações do Terminal Padrão não foram encontrados, reconfigure o sistema!');
    await expect(carregarDadosReferencia(vinculo, () => undefined)).rejects.toThrow(
      'Não foram encontrados nenhum terminal com os dados configurados do Terminal Padrão!',
    );
  });

  it('a refused list says which; without the server and without a cache, the communication message', async () => {
    servidor({ 'frenteLoja/formasPagamento': () => envelope(false, { message: 'Sem permissão' }) });
    await expect(carregarDadosReferencia(vinculo, () => undefined)).rejects.toThrow(
      'Falha ao obter Forma Pagamento! Sem permissão',
    );
    // A missing POS permission travels with the error: the screen names it and who grants it.
    const negada = {
      id: 53,
      permissao: 'Acessar Frente Loja',
      grupoEmpresarial: 'G',
      perfis: ['Entregador'],
    };
    servidor({
      'frenteLoja/empresa': () =>
        envelope(false, { message: 'Usuário sem permissão', permissaoNegada: negada }),
    });
    const erro = await carregarDadosReferencia(vinculo, () => undefined).catch((e: unknown) => e);
    expect(erro).toBeInstanceOf(ErroCarregamento);
    expect((erro as InstanceType<typeof ErroCarregamento>).permissaoNegada).toEqual(negada);
    servidor({ 'frenteLoja/operadoras': () => new Response('x', { status: 500, statusText: '' }) });
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
    servidor({ 'frenteLoja/versionamento': () => envelope(true, []) });
    await expect(carregarDadosReferencia(vinculo, () => undefined)).rejects.toThrow(
      'Empresa sem versionamento',
    );
    cache.clear();
    servidor({ 'frenteLoja/versionamento': () => envelope(false, { message: 'x' }) });
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
    // Offline the user's permissions are unknown: every mode of the terminal stays.
    expect(d.permissoes).toBeNull();
  });
});
