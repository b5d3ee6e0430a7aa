import { permissoesDoRecurso } from '../catalogos/permissoes.ts';
import { booleano, definirRecurso, ref, refs, texto } from './definir-recurso.ts';
import { validarPlanoConta } from './regras-financeiro.ts';

// Finance registrations (spec 1 §2 "Finance", §3 "Financial account", "Chart-of-accounts entry"; issue 18).
// Movements, titles and their settlements are the finance module's ledger (modules/financeiro), never a
// generic resource.

export const TIPOS_CONTA_FINANCEIRA = ['Caixa', 'Banco', 'Carteira Digital', 'Aplicação'] as const;

/**
 * A money account: a store's cash, a bank account, a digital wallet. A shared account (contaCompartilhada)
 * serves several stores (`empresas`): their receipts may fall into it.
 */
export const financeiroConta = definirRecurso({
  tabela: 'financeiroConta',
  titulo: 'Conta Financeira',
  escopo: 'empresa',
  campos: {
    descricao: texto('Descrição', { obrigatorio: true, max: 80, busca: true }),
    tipo: texto('Tipo', { obrigatorio: true, opcoes: TIPOS_CONTA_FINANCEIRA, padrao: 'Banco' }),
    contaCompartilhada: booleano('Conta Compartilhada', { padrao: false }),
    empresas: refs('Lojas atendidas (conta compartilhada)', 'empresa'),
    banco: texto('Banco', { max: 60 }),
    agencia: texto('Agência', { max: 20 }),
    numeroConta: texto('Conta', { max: 30 }),
    /** System key of the accounts the POS posts into ('caixaLoja', 'pixLoja'); empty for the others. */
    chave: texto('Chave do Sistema', { max: 40, somenteLeitura: true }),
    ativo: booleano('Ativo', { padrao: true }),
  },
  lista: { colunas: ['descricao', 'tipo', 'contaCompartilhada', 'banco', 'ativo'], ordem: 'descricao' },
  permissoes: permissoesDoRecurso('financeiroConta'),
});

export const NATUREZAS_PLANO_CONTA = ['Receita', 'Despesa'] as const;

/**
 * A node of the chart of accounts: a tree through financeiroPlanoContaPai. `codigo` orders it ('1', '1.01',
 * '1.01.002'); `chave` marks the nodes the system posts into (sales revenue, card fees, cash shortfall...).
 */
export const financeiroPlanoConta = definirRecurso({
  tabela: 'financeiroPlanoConta',
  titulo: 'Plano de Contas',
  escopo: 'grupo',
  campos: {
    codigo: texto('Código', { obrigatorio: true, max: 30, busca: true, validador: 'codigoPlano' }),
    descricao: texto('Descrição', { obrigatorio: true, max: 100, busca: true }),
    natureza: texto('Natureza', { obrigatorio: true, opcoes: NATUREZAS_PLANO_CONTA }),
    financeiroPlanoContaPai: ref('Conta Pai', 'financeiroPlanoConta'),
    chave: texto('Chave do Sistema', { max: 40, somenteLeitura: true }),
    ativo: booleano('Ativo', { padrao: true }),
  },
  lista: {
    colunas: ['codigo', 'descricao', 'natureza', 'financeiroPlanoContaPai', 'ativo'],
    ordem: 'codigo',
  },
  permissoes: permissoesDoRecurso('financeiroPlanoConta'),
  validar: validarPlanoConta,
  unicos: [{ campos: ['codigo'], mensagem: 'Já existe uma conta com este código no plano de contas.' }],
});

export const RECURSOS_FINANCEIRO = [financeiroConta, financeiroPlanoConta] as const;
