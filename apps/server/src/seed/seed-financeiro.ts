import { PERMISSAO, PERMISSOES, somarDias, somarMeses } from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { consultarUm } from '../db/consultar.ts';
import { novoId } from '../lib/ids.ts';
import { hashSenha, sha256Hex } from '../modules/auth/auth.service.ts';
import { contaPorChave, garantirPlanoPadrao, planoPorChave } from '../modules/financeiro/cadastros-padrao.ts';
import { criarTitulos } from '../modules/financeiro/titulos.service.ts';
import { inserir } from './inserir.ts';

// The demo's finance (issue 18): the finance clerk, the restaurant chart of accounts, each store's cash and bank
// accounts, and the month's usual bills, so the agenda, the summary and the DRE show something on first start.
// The POS's money arrives by itself when the demo's cashiers close and the clerk reconciles.

/** Everything of the finance module, its reports (and saving them), and reading the registrations its screens pick from. */
export function permissoesFinanceiro(): number[] {
  const relatorios = new Set([
    'relatorioFinanceiroPlanoDeContasAcessar',
    'relatorioFinanceiroPlanoDeContasTesteAcessar',
    'relatorioFinanceiroAgendaAcessar',
    // The catalogue of reports and the clerk's own saved reports (issue 19).
    'relatoriosDoSistemaAcessar',
    'relatoriosCriadosAcessar',
    'relatoriosCriadosIncluir',
    'relatoriosCriadosAlterar',
    'relatoriosCriadosExcluir',
  ]);
  return [
    PERMISSAO.listarEmpresasUsuario,
    PERMISSAO.acessoRetaguarda,
    ...PERMISSOES.filter((p) => p.modulo === 'financial' || relatorios.has(p.chave)).map((p) => p.id),
    PERMISSAO.pessoaAcessar,
    PERMISSAO.operadoraAcessar,
    // The acquirers' settlement rules (operadoraRegraRecebimento) share the acquirer's permissions.
    PERMISSAO.operadoraIncluir,
    PERMISSAO.operadoraAlterar,
    PERMISSAO.operadoraExcluir,
    PERMISSAO.tipoPagamentoBandeiraAcessar,
    PERMISSAO.empresaAcessar,
  ];
}

export async function semearFinanceiro(
  db: Db,
  grupoId: string,
  lojas: { centro: string; shopping: string; gestor: string },
  agora = new Date(),
): Promise<{ financeiro: string }> {
  const g = { grupo_empresarial_id: grupoId };
  const perfil = await inserir(db, 'acesso_sistema', {
    ...g,
    descricao: 'Financeiro',
    permissoes: permissoesFinanceiro(),
  });
  const financeiro = await inserir(db, 'usuario', {
    ...g,
    codigo_interno: 9,
    nome: 'Fernanda Financeiro',
    email: 'financeiro@exemplo.com.br',
    ativo: true,
    atribuicoes: ['Financeiro'],
    acessos: [lojas.centro, lojas.shopping, lojas.gestor].map((empresa) => ({
      empresa,
      acessoSistema: perfil,
    })),
    permissoes_extras: [],
    senha_hash: await hashSenha(sha256Hex('financeiro123')),
    senha_operacional_hash: await hashSenha(sha256Hex('1009')),
  });

  await db.transaction(async (tx) => {
    await garantirPlanoPadrao(tx, grupoId);
    for (const loja of [lojas.centro, lojas.shopping]) {
      await contaPorChave(tx, grupoId, loja, 'caixaLoja');
      await contaPorChave(tx, grupoId, loja, 'bancoLoja');
    }
    const plano = async (codigo: string) => {
      const l = await consultarUm(
        tx,
        sql`select id from financeiro_plano_conta where grupo_empresarial_id = ${grupoId} and codigo = ${codigo}`,
      );
      return String(l?.id);
    };
    const hoje = agora.toISOString().slice(0, 10);
    const mes = `${hoje.slice(0, 8)}01`;
    const op = { grupo: grupoId, usuario: financeiro };
    const contas: [string, string, string, string][] = [
      [
        'Aluguel da loja',
        await planoPorChave(tx, grupoId, 'aluguel'),
        '6500.00',
        `${somarMeses(mes, 0).slice(0, 8)}10`,
      ],
      ['Energia elétrica', await plano('4.02.002'), '1843.27', somarDias(hoje, 3)],
      ['Água e esgoto', await plano('4.02.003'), '412.90', somarDias(hoje, -2)],
      [
        'Folha de pagamento',
        await planoPorChave(tx, grupoId, 'salarios'),
        '18750.00',
        `${somarMeses(mes, 1).slice(0, 8)}05`,
      ],
      [
        'Distribuidora de bebidas - NF 4821',
        await planoPorChave(tx, grupoId, 'comprasInsumos'),
        '2310.45',
        hoje,
      ],
    ];
    for (const loja of [lojas.centro, lojas.shopping]) {
      for (const [descricao, planoConta, valor, vencimento] of contas) {
        await criarTitulos(tx, op, {
          _id: novoId(),
          empresa: loja,
          tipo: 'pagar',
          descricao,
          planoConta,
          valor,
          competencia: mes,
          vencimento,
          parcelas: 1,
        });
      }
    }
  });
  // Card settlement rules of the demo's acquirers (market MDRs): debit D+1, credit and instalments D+30.
  for (const loja of [lojas.centro, lojas.shopping])
    for (const nome of ['Cielo', 'Stone']) {
      const op = await consultarUm(
        db,
        sql`select id from operadora where empresa_id = ${loja} and descricao = ${nome}`,
      );
      if (!op) continue;
      for (const [produto, taxa, dias, de, ate] of [
        ['debito', '1.39', 1, 1, 1],
        ['credito', '3.09', 30, 1, 1],
        ['creditoParcelado', '3.59', 30, 2, 12],
      ] as const)
        await inserir(db, 'operadora_regra_recebimento', {
          ...g,
          empresa_id: loja,
          operadora_id: String(op.id),
          produto,
          parcelas_de: de,
          parcelas_ate: ate,
          dias,
          intervalo_dias: 30,
          taxa_percentual: taxa,
          dias_uteis: true,
        });
    }
  return { financeiro };
}
