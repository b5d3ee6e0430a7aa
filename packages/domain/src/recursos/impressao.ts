import { permissoesDoRecurso } from '../catalogos/permissoes.ts';
import { booleano, catalogo, definirRecurso, ref, refs, texto } from './definir-recurso.ts';

// Where production tickets print (spec 1 section 2: setorImpressaoProducao, produtoGeralSetorEmpresa). The
// server's production print (apps/server modules/impressao) takes, per sale line, the product's own
// print sectors in the store (produtoGeralSetorEmpresa); when it has none, the sectors of the
// setorImpressaoProducao rules that name one of its categories or families (for all sale types, or only
// those listed: e.g. delivery pizzas to the expedition printer).

export const produtoGeralSetorEmpresa = definirRecurso({
  tabela: 'produtoGeralSetorEmpresa',
  titulo: 'Setor de Produção do Produto por Empresa',
  escopo: 'empresa',
  campos: {
    produtoGeral: ref('Produto', 'produtoGeral', { obrigatorio: true }),
    setoresImpressao: refs('Setores de Impressão', 'setorImpressao', { obrigatorio: true }),
  },
  lista: { colunas: ['produtoGeral', 'setoresImpressao'] },
  permissoes: permissoesDoRecurso('produtoGeralSetorEmpresa'),
});

export const setorImpressaoProducao = definirRecurso({
  tabela: 'setorImpressaoProducao',
  titulo: 'Setor de Impressão de Produção',
  escopo: 'empresa',
  campos: {
    descricao: texto('Descrição', { obrigatorio: true, max: 60, busca: true }),
    agrupadores: refs('Categorias/Famílias', 'agrupador', { obrigatorio: true }),
    setoresImpressao: refs('Setores de Impressão', 'setorImpressao', { obrigatorio: true }),
    /** Sale types where the rule applies; empty = all. */
    tiposVenda: catalogo('Tipos de Venda', 'tipoVenda', { multiplo: true }),
    ativo: booleano('Ativo', { padrao: true }),
  },
  lista: { colunas: ['descricao', 'agrupadores', 'setoresImpressao', 'ativo'], ordem: 'descricao' },
  permissoes: permissoesDoRecurso('setorImpressaoProducao'),
});

export const RECURSOS_IMPRESSAO = [produtoGeralSetorEmpresa, setorImpressaoProducao];
