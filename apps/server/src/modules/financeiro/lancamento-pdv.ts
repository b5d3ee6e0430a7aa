import {
  codigoBandeira,
  diaDoEstoque,
  escreverDinheiro,
  lerDinheiro,
  STATUS_TITULO,
  somarDias,
  TIPO_PAGAMENTO,
  tiposPagamento,
} from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { consultar, consultarUm, type Linha, arrayTexto as textos } from '../../db/consultar.ts';
import { idDaReferencia, novoId } from '../../lib/ids.ts';
import { STATUS_CAIXA } from '../caixa/caixa.service.ts';
import { agendaDaLoja, bandeirasDoGrupo } from './agenda-cartao.ts';
import { contaPorChave, planoPorChave } from './cadastros-padrao.ts';
import { vencimentoDoConvenio } from './convenio.ts';
import { lancarMovimentacoes, type NovaMovimentacao } from './livro.ts';

// The POS's money reaches finance exactly once per payment (issue 18). A trigger leaves a row in
// `financeiro_pendente` when a cash period closes, is reconciled or reopened, or a payment of a closed period
// is removed or restored. The worker makes the period's postings equal to what they should be now and writes
// only the difference, in the transaction that deletes the rows:
// - period closed: card and voucher payments are receivables of the acquirer (its schedule and fee), convênio
//   payments receivables of the customer (the agreement's closing and due days), PIX enters the store's bank
//   at once (dated the payment's day);
// - period reconciled: cash and cheque enter the store's cash account, and the counted difference is a
//   shortfall (quebra de caixa) or surplus (sobra de caixa) in the chart of accounts;
// - a payment removed before the closing never gets here; removed after: its open titles are cancelled and
//   its money movements reversed (dated the day of the reversal).
// Store credit, loyalty, courtesy and "no payment" are not money and post nothing.

export const ORIGEM_FINANCEIRO = {
  pagamento: 'pagamento',
  pix: 'pix',
  fechamentoCaixa: 'fechamentoCaixa',
  diferencaCaixa: 'diferencaCaixa',
} as const;

const CARTAO = new Set<number>([
  TIPO_PAGAMENTO.debito,
  TIPO_PAGAMENTO.credito,
  TIPO_PAGAMENTO.valeRefeicao,
  TIPO_PAGAMENTO.valeAlimentacao,
]);
const RECEBIDO_NA_HORA = new Set<number>([
  TIPO_PAGAMENTO.carteiraDigital,
  TIPO_PAGAMENTO.movimentacaoBancaria,
]);
const DINHEIRO = new Set<number>([TIPO_PAGAMENTO.dinheiro, TIPO_PAGAMENTO.cheque]);

const diaDe = (v: unknown) => diaDoEstoque(new Date(String(v)));
const descricaoTipo = (tipo: number) => tiposPagamento.porId(tipo as 77)?.descricao ?? String(tipo);

interface TituloDesejado {
  pagamento: string;
  parcela: number;
  parcelas: number;
  pessoa: string | null;
  operadora: string | null;
  valor: string;
  taxa: string;
  vencimento: string;
  competencia: string;
  descricao: string;
  nsu: string | null;
  autorizacao: string | null;
  /** tBand code of a card payment, kept on the receivable (as the group's registered brand) for the settlement file. */
  bandeira: string | null;
}

export const LOTE_LANCAMENTO = 50;

/** Runs one batch of pending periods; answers how many outbox rows it handled (0 = nothing pending). */
export async function processarLancamentos(
  db: Db,
  lote = LOTE_LANCAMENTO,
  agora = new Date(),
): Promise<number> {
  return db.transaction(async (tx) => {
    const pendentes = await consultar(
      tx,
      sql`select id, grupo_empresarial_id, periodo_id from financeiro_pendente order by id limit ${lote}
          for update skip locked`,
    );
    if (!pendentes.length) return 0;
    const periodos = new Map<string, string>();
    for (const p of pendentes) periodos.set(String(p.periodo_id), String(p.grupo_empresarial_id));
    for (const [periodo, grupo] of [...periodos].sort()) await lancarPeriodo(tx, grupo, periodo, agora);
    await consultar(
      tx,
      sql`delete from financeiro_pendente where id = any(${textos(pendentes.map((p) => String(p.id)))}::bigint[])`,
    );
    return pendentes.length;
  });
}

/** Makes one period's postings what they should be now (see the file's comment). */
export async function lancarPeriodo(tx: Db, grupo: string, periodoId: string, agora: Date): Promise<void> {
  const p = await consultarUm(
    tx,
    sql`select id, empresa_id, periodo_aberto, status, data_fechamento, contagem, apurado from periodo
         where id = ${periodoId} and grupo_empresarial_id = ${grupo} for update`,
  );
  if (!p) return;
  const empresa = String(p.empresa_id);
  const fechado = p.periodo_aberto !== true;
  const conciliado = Number(p.status) === STATUS_CAIXA.fechadoConciliado;
  const hoje = diaDoEstoque(agora);
  const pagamentos = await consultar(
    tx,
    sql`select vp.id, vp.venda_id, vp.tipo_pagamento, vp.valor::text as valor, vp.data, vp.operadora, vp.cliente,
               vp.parcelas, vp.nsu, vp.autorizacao, vp.bandeira, vp.lixo, v.numero
          from venda_pagamento vp join venda v on v.id = vp.venda_id
         where vp.grupo_empresarial_id = ${grupo} and vp.periodo_id = ${periodoId}`,
  );
  const vale = (l: Linha) => fechado && l.lixo !== true;

  // Titles: card, voucher and convênio payments.
  const agenda = await agendaDaLoja(tx, grupo, empresa);
  const desejados: TituloDesejado[] = [];
  for (const l of pagamentos) {
    const tipo = Number(l.tipo_pagamento);
    if (!vale(l)) continue;
    const dataVenda = diaDe(l.data);
    const base = {
      pagamento: String(l.id),
      competencia: dataVenda,
      nsu: (l.nsu as string | null) ?? null,
      autorizacao: (l.autorizacao as string | null) ?? null,
      bandeira: codigoBandeira(l.bandeira as string | null),
    };
    if (CARTAO.has(tipo)) {
      const operadora = idDaReferencia(l.operadora);
      for (const parcela of agenda({
        tipo,
        valor: String(l.valor),
        dataVenda,
        parcelas: Number(l.parcelas ?? 1) || 1,
        operadora,
        bandeira: base.bandeira,
      })) {
        desejados.push({
          ...base,
          parcela: parcela.parcela,
          parcelas: parcela.parcelas,
          pessoa: null,
          operadora,
          valor: parcela.valor,
          taxa: parcela.taxa,
          vencimento: parcela.vencimento,
          descricao: `${descricaoTipo(tipo)} - venda nº ${String(l.numero)}${parcela.parcelas > 1 ? ` (${parcela.parcela}/${parcela.parcelas})` : ''}`,
        });
      }
    } else if (tipo === TIPO_PAGAMENTO.convenio) {
      const cliente = idDaReferencia(l.cliente);
      desejados.push({
        ...base,
        parcela: 1,
        parcelas: 1,
        pessoa: cliente,
        operadora: null,
        valor: String(l.valor),
        taxa: '0.00',
        vencimento: cliente
          ? await vencimentoDoConvenio(tx, grupo, cliente, dataVenda)
          : somarDias(dataVenda, 30),
        descricao: `Convênio - venda nº ${String(l.numero)}`,
      });
    }
  }
  const existentes = await consultar(
    tx,
    sql`select id, origem_id, parcela, status, valor_pago::text as valor_pago from financeiro_titulo
         where grupo_empresarial_id = ${grupo} and origem_tipo = ${ORIGEM_FINANCEIRO.pagamento}
           and origem_id = any(${textos(pagamentos.map((l) => String(l.id)))})`,
  );
  const chave = (pagamento: string, parcela: number) => `${pagamento}:${parcela}`;
  const jaExiste = new Map(existentes.map((e) => [chave(String(e.origem_id), Number(e.parcela)), e]));
  const querido = new Set(desejados.map((d) => chave(d.pagamento, d.parcela)));
  {
    let planos: { receita: string; taxa: string } | undefined;
    let bandeiras: Map<string, string> | undefined;
    for (const d of desejados) {
      const e = jaExiste.get(chave(d.pagamento, d.parcela));
      if (e && Number(e.status) !== STATUS_TITULO.cancelado) continue;
      if (e) {
        // Restored payment: its cancelled title opens again.
        await consultar(
          tx,
          sql`update financeiro_titulo set status = ${STATUS_TITULO.aberto}, cancelado_por = null,
                motivo_cancelamento = null, updated_at = now() where id = ${String(e.id)}`,
        );
        continue;
      }
      planos ??= {
        receita: await planoPorChave(tx, grupo, 'receitaVendas'),
        taxa: await planoPorChave(tx, grupo, 'taxasCartao'),
      };
      if (d.bandeira) bandeiras ??= await bandeirasDoGrupo(tx, grupo);
      const bandeiraId = d.bandeira ? (bandeiras?.get(d.bandeira) ?? null) : null;
      await consultar(
        tx,
        sql`insert into financeiro_titulo (id, grupo_empresarial_id, empresa_id, tipo, descricao, documento, pessoa_id,
              operadora_id, plano_conta_id, plano_conta_taxa_id, valor, taxa, competencia, vencimento, parcela, parcelas,
              lote, status, nsu, autorizacao, bandeira_id, data_venda, origem_tipo, origem_id)
            values (${novoId()}, ${grupo}, ${empresa}, 'receber', ${d.descricao}, ${d.nsu}, ${d.pessoa}, ${d.operadora},
              ${planos.receita}, ${planos.taxa}, ${d.valor}::numeric, ${d.taxa}::numeric, ${d.competencia}::date,
              ${d.vencimento}::date, ${d.parcela}, ${d.parcelas}, ${d.pagamento}, ${STATUS_TITULO.aberto}, ${d.nsu},
              ${d.autorizacao}, ${bandeiraId}, ${d.competencia}::date, ${ORIGEM_FINANCEIRO.pagamento}, ${d.pagamento})`,
      );
    }
  }
  for (const e of existentes) {
    if (querido.has(chave(String(e.origem_id), Number(e.parcela)))) continue;
    const status = Number(e.status);
    if (status === STATUS_TITULO.cancelado || status === STATUS_TITULO.pago) continue;
    // What was already received stays (its settlement is reversed by whoever received it); the rest is cancelled.
    await consultar(
      tx,
      sql`update financeiro_titulo set status = ${STATUS_TITULO.cancelado}, cancelado_por = 'sistema',
            motivo_cancelamento = 'Pagamento excluído na frente de loja após o fechamento do caixa', updated_at = now()
          where id = ${String(e.id)}`,
    );
  }

  // Money movements: PIX per payment; cash and cheque, and the counted difference, per reconciled period.
  const movimentos: NovaMovimentacao[] = [];
  const postado = await consultar(
    tx,
    sql`select origem_tipo, origem_id, sum(valor)::text as valor from financeiro_movimentacao
         where grupo_empresarial_id = ${grupo}
           and ((origem_tipo = ${ORIGEM_FINANCEIRO.pix} and origem_id = any(${textos(pagamentos.map((l) => String(l.id)))}))
             or (origem_tipo in (${ORIGEM_FINANCEIRO.fechamentoCaixa}, ${ORIGEM_FINANCEIRO.diferencaCaixa}) and origem_id = ${periodoId}))
         group by origem_tipo, origem_id`,
  );
  const jaPostado = new Map(
    postado.map((m) => [`${String(m.origem_tipo)}:${String(m.origem_id)}`, lerDinheiro(String(m.valor))]),
  );
  const ajustar = async (
    origemTipo: string,
    origemId: string,
    quer: number,
    conta: () => Promise<string>,
    plano: () => Promise<string>,
    data: string,
    descricao: string,
  ) => {
    const delta = quer - (jaPostado.get(`${origemTipo}:${origemId}`) ?? 0);
    if (delta === 0) return;
    movimentos.push({
      empresa,
      conta: await conta(),
      data: jaPostado.has(`${origemTipo}:${origemId}`) ? hoje : data,
      valor: escreverDinheiro(delta),
      descricao: jaPostado.has(`${origemTipo}:${origemId}`) ? `Ajuste: ${descricao}` : descricao,
      planoConta: await plano(),
      origemTipo,
      origemId,
    });
  };
  const banco = () => contaPorChave(tx, grupo, empresa, 'bancoLoja');
  const caixa = () => contaPorChave(tx, grupo, empresa, 'caixaLoja');
  const receita = () => planoPorChave(tx, grupo, 'receitaVendas');
  for (const l of pagamentos) {
    if (!RECEBIDO_NA_HORA.has(Number(l.tipo_pagamento))) continue;
    await ajustar(
      ORIGEM_FINANCEIRO.pix,
      String(l.id),
      vale(l) ? lerDinheiro(String(l.valor)) : 0,
      banco,
      receita,
      diaDe(l.data),
      `${descricaoTipo(Number(l.tipo_pagamento))} - venda nº ${String(l.numero)}`,
    );
  }
  const diaFechamento = p.data_fechamento ? diaDe(p.data_fechamento) : hoje;
  let especie = 0;
  for (const l of pagamentos)
    if (DINHEIRO.has(Number(l.tipo_pagamento)) && conciliado && l.lixo !== true)
      especie += lerDinheiro(String(l.valor));
  await ajustar(
    ORIGEM_FINANCEIRO.fechamentoCaixa,
    periodoId,
    especie,
    caixa,
    receita,
    diaFechamento,
    `Fechamento de caixa (dinheiro e cheque) de ${diaFechamento.split('-').reverse().join('/')}`,
  );
  const diferenca = conciliado ? diferencaEmEspecie(p.contagem, p.apurado) : 0;
  const existeDiferenca = jaPostado.has(`${ORIGEM_FINANCEIRO.diferencaCaixa}:${periodoId}`);
  if (diferenca !== 0 || existeDiferenca) {
    await ajustar(
      ORIGEM_FINANCEIRO.diferencaCaixa,
      periodoId,
      diferenca,
      caixa,
      () => planoPorChave(tx, grupo, diferenca < 0 ? 'quebraCaixa' : 'sobraCaixa'),
      diaFechamento,
      diferenca < 0 ? 'Quebra de caixa' : 'Sobra de caixa',
    );
  }
  if (movimentos.length) await lancarMovimentacoes(tx, grupo, movimentos);
}

/** Counted minus expected of cash and cheque at the closing (0 when the closing had no count). */
function diferencaEmEspecie(contagem: unknown, apurado: unknown): number {
  if (!Array.isArray(contagem) || !Array.isArray(apurado)) return 0;
  const soma = (lista: unknown[]) =>
    lista.reduce<number>((s, c) => {
      const x = c as { tipo?: number; valor?: string };
      return DINHEIRO.has(Number(x.tipo)) ? s + lerDinheiro(String(x.valor ?? '0')) : s;
    }, 0);
  return soma(contagem) - soma(apurado);
}
