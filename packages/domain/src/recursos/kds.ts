import { permissoesDoRecurso } from '../catalogos/permissoes.ts';
import { ACOES_TECLADO, TIPOS_ESTACAO } from '../kds/kds.ts';
import { booleano, definirRecurso, inteiro, json, ref, refs, texto } from './definir-recurso.ts';

// Kitchen display registrations (spec 1 section 2 "Kitchen display"). A KDS sector (kdsSetor) says which
// products it produces (its own products, its print sectors, or agrupadores through
// kdsSetorCadastroGrupo); a station (kdsEstacao) is a screen that shows the items of its sectors.

export const kdsSetor = definirRecurso({
  tabela: 'kdsSetor',
  titulo: 'KDS Setor',
  escopo: 'empresa',
  campos: {
    descricao: texto('Descrição', { obrigatorio: true, max: 60, busca: true }),
    setoresImpressao: refs('Setores de Impressão (produção)', 'setorImpressao'),
    produtos: refs('Produtos', 'produtoGeral'),
    ativo: booleano('Ativo', { padrao: true }),
  },
  lista: { colunas: ['descricao', 'ativo'], ordem: 'descricao' },
  permissoes: permissoesDoRecurso('kdsSetor'),
});

/** Agrupador (category or family) -> KDS sector: every product of the agrupador goes to the sector. */
export const kdsSetorCadastroGrupo = definirRecurso({
  tabela: 'kdsSetorCadastroGrupo',
  titulo: 'KDS Setor por Grupo',
  escopo: 'empresa',
  campos: {
    agrupador: ref('Grupo (Agrupador)', 'agrupador', { obrigatorio: true }),
    kdsSetor: ref('KDS Setor', 'kdsSetor', { obrigatorio: true }),
  },
  lista: { colunas: ['agrupador', 'kdsSetor'] },
  permissoes: permissoesDoRecurso('kdsSetorCadastroGrupo'),
});

export const kdsEstacao = definirRecurso({
  tabela: 'kdsEstacao',
  titulo: 'KDS Estação',
  escopo: 'empresa',
  campos: {
    descricao: texto('Descrição', { obrigatorio: true, max: 60, busca: true }),
    /** producao: shows the items of its sectors; montagem: joins the parts of an order (kdsMontagem). */
    tipo: texto('Tipo', { obrigatorio: true, opcoes: TIPOS_ESTACAO }),
    setores: refs('Setores KDS', 'kdsSetor'),
    terminal: ref('Terminal', 'terminal'),
    kdsTeclado: ref('Teclado (bump bar)', 'kdsTeclado'),
    /** Minutes after which an order turns yellow, then red. */
    tempoAlerta: inteiro('Tempo de Alerta (min)', { min: 1, max: 240 }),
    tempoAtraso: inteiro('Tempo de Atraso (min)', { min: 1, max: 480 }),
    ativo: booleano('Ativo', { padrao: true }),
  },
  lista: { colunas: ['descricao', 'tipo', 'tempoAlerta', 'tempoAtraso', 'ativo'], ordem: 'descricao' },
  permissoes: permissoesDoRecurso('kdsEstacao'),
});

/** Assembly: a montagem station joins the parts that the production stations of these sectors make. */
export const kdsMontagem = definirRecurso({
  tabela: 'kdsMontagem',
  titulo: 'KDS Montagem',
  escopo: 'empresa',
  campos: {
    descricao: texto('Descrição', { obrigatorio: true, max: 60, busca: true }),
    estacao: ref('Estação de Montagem', 'kdsEstacao', { obrigatorio: true }),
    setores: refs('Setores KDS montados', 'kdsSetor'),
    ativo: booleano('Ativo', { padrao: true }),
  },
  lista: { colunas: ['descricao', 'estacao', 'ativo'], ordem: 'descricao' },
  permissoes: permissoesDoRecurso('kdsMontagem'),
});

/** Expedition screen settings of a store. */
export const kdsExpedicao = definirRecurso({
  tabela: 'kdsExpedicao',
  titulo: 'KDS Expedição',
  escopo: 'empresa',
  campos: {
    descricao: texto('Descrição', { obrigatorio: true, max: 60, busca: true }),
    terminal: ref('Terminal', 'terminal'),
    setorImpressaoExpedicao: ref('Setor de Impressão da Expedição', 'setorImpressao'),
    /** Delivered/cancelled orders stay on the screen this many minutes. */
    minutosFinalizados: inteiro('Exibir finalizados por (min)', { min: 0, max: 240 }),
    tempoEntregaPadrao: inteiro('Tempo de Entrega Padrão (min)', { min: 1, max: 600 }),
    ativo: booleano('Ativo', { padrao: true }),
  },
  lista: { colunas: ['descricao', 'tempoEntregaPadrao', 'ativo'], ordem: 'descricao' },
  permissoes: permissoesDoRecurso('kdsExpedicao'),
});

/** Bump-bar key mapping: `teclas` is a list of { tecla (KeyboardEvent.key), acao }. */
export const kdsTeclado = definirRecurso({
  tabela: 'kdsTeclado',
  titulo: 'KDS Teclado',
  escopo: 'empresa',
  campos: {
    descricao: texto('Descrição', { obrigatorio: true, max: 60, busca: true }),
    teclas: json('Teclas', {
      lista: true,
      subcampos: {
        tecla: texto('Tecla', { obrigatorio: true, max: 20 }),
        acao: texto('Ação', { obrigatorio: true, opcoes: ACOES_TECLADO }),
      },
    }),
  },
  lista: { colunas: ['descricao'], ordem: 'descricao' },
  permissoes: permissoesDoRecurso('kdsTeclado'),
});

export const RECURSOS_KDS = [
  kdsSetor,
  kdsSetorCadastroGrupo,
  kdsEstacao,
  kdsMontagem,
  kdsExpedicao,
  kdsTeclado,
];
