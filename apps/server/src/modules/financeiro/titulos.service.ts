import {
  type BaixaTitulos,
  DESCRICAO_STATUS_TITULO,
  dividirEmParcelas,
  escreverDinheiro,
  lerDinheiro,
  MF,
  type NovoTitulo,
  STATUS_TITULO,
  type StatusTitulo,
  somarMeses,
  taxaProporcional,
  valorMovimentadoBaixa,
} from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { consultar, consultarUm, type Linha } from '../../db/consultar.ts';
import { ErroNegocio } from '../../lib/envelope.ts';
import { novoId } from '../../lib/ids.ts';
import { ORIGEM_BAIXA_LOTE, ORIGEM_ESTORNO_BAIXA_LOTE } from './baixa-lote.ts';
import { estornarMovimentacao, lancarMovimentacoes } from './livro.ts';

// Payables and receivables (issue 18): creating a document in instalments, settling one or many titles at once
// (partial, with interest, fine and discount), reversing a settlement, cancelling a title. Every write is
// idempotent by the client's `_id` and runs in one transaction with its movements.

export interface Operador {
  grupo: string;
  usuario: string;
}

const statusDe = (valor: number, pago: number): StatusTitulo =>
  pago <= 0 ? STATUS_TITULO.aberto : pago >= valor ? STATUS_TITULO.pago : STATUS_TITULO.pagoParcial;

export function tituloJson(l: Linha) {
  const valor = lerDinheiro(String(l.valor));
  const pago = lerDinheiro(String(l.valor_pago));
  const status = Number(l.status) as StatusTitulo;
  return {
    _id: String(l.id),
    empresa: String(l.empresa_id),
    tipo: String(l.tipo) as 'pagar' | 'receber',
    descricao: String(l.descricao),
    documento: (l.documento as string | null) ?? null,
    pessoa: l.pessoa_id ? { _id: String(l.pessoa_id), nome: (l.pessoa_nome as string | null) ?? '' } : null,
    operadora: l.operadora_id
      ? { _id: String(l.operadora_id), descricao: (l.operadora_descricao as string | null) ?? '' }
      : null,
    planoConta: { _id: String(l.plano_conta_id), descricao: (l.plano_descricao as string | null) ?? '' },
    conta: (l.conta_id as string | null) ?? null,
    valor: escreverDinheiro(valor),
    taxa: String(l.taxa),
    valorPago: escreverDinheiro(pago),
    valorAberto: escreverDinheiro(status === STATUS_TITULO.cancelado ? 0 : valor - pago),
    competencia: String(l.competencia),
    vencimento: String(l.vencimento),
    parcela: Number(l.parcela),
    parcelas: Number(l.parcelas),
    status: { id: status, descricao: DESCRICAO_STATUS_TITULO[status] },
    origem: String(l.origem_tipo),
    nsu: (l.nsu as string | null) ?? null,
    observacao: (l.observacao as string | null) ?? null,
  };
}
export type TituloJson = ReturnType<typeof tituloJson>;

export const SELECT_TITULO = sql`select t.*, t.valor::text as valor, t.taxa::text as taxa, t.valor_pago::text as valor_pago,
    t.competencia::text as competencia, t.vencimento::text as vencimento,
    pe.nome as pessoa_nome, op.descricao as operadora_descricao, pc.descricao as plano_descricao
  from financeiro_titulo t
  left join pessoa pe on pe.id = t.pessoa_id
  left join operadora op on op.id = t.operadora_id
  left join financeiro_plano_conta pc on pc.id = t.plano_conta_id`;

async function exigirPlano(tx: Db, grupo: string, id: string) {
  const l = await consultarUm(
    tx,
    sql`select id from financeiro_plano_conta where id = ${id} and grupo_empresarial_id = ${grupo} and lixo = false`,
  );
  if (!l) throw new ErroNegocio(MF.planoNaoEncontrado);
}

/** The account, if it serves the store (its own, or a shared one listing it). */
export async function exigirConta(tx: Db, grupo: string, id: string, empresa?: string) {
  const l = await consultarUm(
    tx,
    sql`select id, empresa_id, conta_compartilhada, empresas_ids from financeiro_conta
         where id = ${id} and grupo_empresarial_id = ${grupo} and lixo = false`,
  );
  if (!l) throw new ErroNegocio(MF.contaNaoEncontrada);
  if (empresa && l.empresa_id !== empresa) {
    const lista = Array.isArray(l.empresas_ids) ? (l.empresas_ids as string[]) : [];
    if (!(l.conta_compartilhada === true && lista.includes(empresa)))
      throw new ErroNegocio('Esta conta não atende a loja do título.');
  }
  return l;
}

export async function criarTitulos(tx: Db, op: Operador, t: NovoTitulo): Promise<TituloJson[]> {
  // Two copies of one retry arriving together: the second waits here and then finds the first one's rows.
  await consultar(
    tx,
    sql`select pg_advisory_xact_lock(hashtextextended(${`financeiro:titulo:${t._id}`}, 0))`,
  );
  const existentes = await consultar(
    tx,
    sql`${SELECT_TITULO} where t.grupo_empresarial_id = ${op.grupo} and t.lote = ${t._id} order by t.parcela`,
  );
  if (existentes.length) return existentes.map(tituloJson);
  await exigirPlano(tx, op.grupo, t.planoConta);
  if (t.conta) await exigirConta(tx, op.grupo, t.conta, t.empresa);
  const valores = dividirEmParcelas(lerDinheiro(t.valor), t.parcelas);
  for (const [i, v] of valores.entries()) {
    await consultar(
      tx,
      sql`insert into financeiro_titulo (id, grupo_empresarial_id, empresa_id, tipo, descricao, documento, pessoa_id,
            plano_conta_id, conta_id, valor, competencia, vencimento, parcela, parcelas, lote, status, origem_tipo,
            observacao, usuario_id)
          values (${i === 0 ? t._id : novoId()}, ${op.grupo}, ${t.empresa}, ${t.tipo}, ${t.descricao}, ${t.documento ?? null},
            ${t.pessoa ?? null}, ${t.planoConta}, ${t.conta ?? null}, ${escreverDinheiro(v)}::numeric, ${t.competencia}::date,
            ${somarMeses(t.vencimento, i)}::date, ${i + 1}, ${t.parcelas}, ${t._id}, ${STATUS_TITULO.aberto}, 'manual',
            ${t.observacao ?? null}, ${op.usuario})`,
    );
  }
  const criados = await consultar(
    tx,
    sql`${SELECT_TITULO} where t.grupo_empresarial_id = ${op.grupo} and t.lote = ${t._id} order by t.parcela`,
  );
  return criados.map(tituloJson);
}

/**
 * Settles one or many titles into one account on one day. Each title: principal up to what is open, interest,
 * fine and discount; card receivables give up their fee in proportion. One movement per title, so the
 * statement shows each; a retry with the same `_id` answers what was done.
 */
export async function baixarTitulos(tx: Db, op: Operador, b: BaixaTitulos) {
  // Lock first, then look: two copies of one retry in flight would both miss the other's rows otherwise.
  await consultar(tx, sql`select pg_advisory_xact_lock(hashtextextended(${`financeiro:baixa:${b._id}`}, 0))`);
  const feitas = await consultar(
    tx,
    sql`select id from financeiro_baixa where grupo_empresarial_id = ${op.grupo} and operacao_id = ${b._id}`,
  );
  if (feitas.length) return { baixas: feitas.map((f) => String(f.id)), repetida: true };
  const ids: string[] = [];
  const movimentos = [];
  const ordenados = [...b.titulos].sort((x, y) => x.titulo.localeCompare(y.titulo));
  if (new Set(ordenados.map((t) => t.titulo)).size !== ordenados.length)
    throw new ErroNegocio('O mesmo título foi escolhido duas vezes.');
  for (const item of ordenados) {
    const t = await consultarUm(
      tx,
      sql`select id, empresa_id, tipo, descricao, status, valor::text as valor, taxa::text as taxa,
                 valor_pago::text as valor_pago, plano_conta_id, plano_conta_taxa_id
            from financeiro_titulo where id = ${item.titulo} and grupo_empresarial_id = ${op.grupo} for update`,
    );
    if (!t) throw new ErroNegocio(MF.tituloNaoEncontrado);
    const status = Number(t.status);
    if (status === STATUS_TITULO.pago || status === STATUS_TITULO.cancelado)
      throw new ErroNegocio(MF.tituloFechado);
    await exigirConta(tx, op.grupo, b.conta, String(t.empresa_id));
    const valor = lerDinheiro(String(t.valor));
    const pagoAntes = lerDinheiro(String(t.valor_pago));
    const parte = lerDinheiro(item.valor);
    if (parte > valor - pagoAntes)
      throw new ErroNegocio(MF.baixaMaiorQueAberto(escreverDinheiro(valor - pagoAntes)));
    const desconto = item.desconto ? lerDinheiro(item.desconto) : 0;
    const juros = item.juros ? lerDinheiro(item.juros) : 0;
    const multa = item.multa ? lerDinheiro(item.multa) : 0;
    if (desconto > parte + juros + multa) throw new ErroNegocio(MF.descontoMaior);
    const taxa = taxaProporcional(valor, lerDinheiro(String(t.taxa)), pagoAntes, parte);
    const id = novoId();
    ids.push(id);
    await consultar(
      tx,
      sql`insert into financeiro_baixa (id, grupo_empresarial_id, empresa_id, titulo_id, operacao_id, conta_id, data, valor,
            juros, multa, desconto, taxa, usuario_id, titulo_tipo, plano_conta_id, plano_conta_taxa_id)
          values (${id}, ${op.grupo}, ${String(t.empresa_id)}, ${item.titulo}, ${b._id}, ${b.conta}, ${b.data}::date,
            ${item.valor}::numeric, ${escreverDinheiro(juros)}::numeric, ${escreverDinheiro(multa)}::numeric,
            ${escreverDinheiro(desconto)}::numeric, ${escreverDinheiro(taxa)}::numeric, ${op.usuario}, ${String(t.tipo)},
            ${(t.plano_conta_id as string | null) ?? null}, ${(t.plano_conta_taxa_id as string | null) ?? null})`,
    );
    const pago = pagoAntes + parte;
    await consultar(
      tx,
      sql`update financeiro_titulo set valor_pago = ${escreverDinheiro(pago)}::numeric, status = ${statusDe(valor, pago)},
            conta_id = coalesce(conta_id, ${b.conta}), updated_at = now() where id = ${item.titulo}`,
    );
    const movido = valorMovimentadoBaixa({
      valor: item.valor,
      juros: escreverDinheiro(juros),
      multa: escreverDinheiro(multa),
      desconto: escreverDinheiro(desconto),
      taxa: escreverDinheiro(taxa),
    });
    movimentos.push({
      empresa: String(t.empresa_id),
      conta: b.conta,
      data: b.data,
      valor: escreverDinheiro(t.tipo === 'pagar' ? -movido : movido),
      descricao: `${t.tipo === 'pagar' ? 'Pagamento' : 'Recebimento'}: ${String(t.descricao)}`,
      planoConta: null,
      origemTipo: 'baixa',
      origemId: id,
      titulo: item.titulo,
      usuario: op.usuario,
    });
  }
  await lancarMovimentacoes(tx, op.grupo, movimentos);
  return { baixas: ids, repetida: false };
}

/** Undoes one settlement: the account gets the opposite movement, the title its open amount back. */
export async function estornarBaixa(tx: Db, op: Operador, baixaId: string, data: string) {
  const b = await consultarUm(
    tx,
    sql`select id, empresa_id, titulo_id, operacao_id, conta_id, valor::text as valor, juros::text as juros,
               multa::text as multa, desconto::text as desconto, taxa::text as taxa, estornada
          from financeiro_baixa where id = ${baixaId} and grupo_empresarial_id = ${op.grupo} for update`,
  );
  if (!b) throw new ErroNegocio(MF.baixaNaoEncontrada);
  if (Number(b.estornada) === 1) throw new ErroNegocio(MF.baixaEstornada);
  const t = await consultarUm(
    tx,
    sql`select tipo, descricao, valor::text as valor, valor_pago::text as valor_pago from financeiro_titulo
         where id = ${String(b.titulo_id)} for update`,
  );
  const mov = await consultarUm(
    tx,
    sql`select id from financeiro_movimentacao where grupo_empresarial_id = ${op.grupo} and origem_tipo = 'baixa'
         and origem_id = ${baixaId} and estorno_de is null`,
  );
  if (mov) await estornarMovimentacao(tx, op.grupo, String(mov.id), { data, usuario: op.usuario });
  else {
    // Settled by a settlement file: its cash is part of one movement of the day (baixa-lote.ts), which stays for
    // the other titles; this settlement's share goes back out alone, under its title.
    const lote = await consultarUm(
      tx,
      sql`select id from financeiro_movimentacao where grupo_empresarial_id = ${op.grupo}
           and origem_tipo = ${ORIGEM_BAIXA_LOTE} and origem_id = ${String(b.operacao_id)}
           and conta_id = ${String(b.conta_id)} and estorno_de is null`,
    );
    if (lote) {
      const movido = valorMovimentadoBaixa({
        valor: String(b.valor),
        juros: String(b.juros),
        multa: String(b.multa),
        desconto: String(b.desconto),
        taxa: String(b.taxa),
      });
      const receber = t?.tipo !== 'pagar';
      await lancarMovimentacoes(tx, op.grupo, [
        {
          empresa: String(b.empresa_id),
          conta: String(b.conta_id),
          data,
          valor: escreverDinheiro(receber ? -movido : movido),
          descricao: `Estorno: ${receber ? 'Recebimento' : 'Pagamento'}: ${String(t?.descricao ?? '')}`,
          planoConta: null,
          origemTipo: ORIGEM_ESTORNO_BAIXA_LOTE,
          origemId: baixaId,
          titulo: String(b.titulo_id),
          usuario: op.usuario,
        },
      ]);
    }
  }
  const valor = lerDinheiro(String(t?.valor ?? '0'));
  const pago = lerDinheiro(String(t?.valor_pago ?? '0')) - lerDinheiro(String(b.valor));
  await consultar(tx, sql`update financeiro_baixa set estornada = 1 where id = ${baixaId}`);
  await consultar(
    tx,
    sql`update financeiro_titulo set valor_pago = ${escreverDinheiro(pago)}::numeric, status = ${statusDe(valor, pago)},
          updated_at = now() where id = ${String(b.titulo_id)}`,
  );
}

export async function cancelarTitulo(tx: Db, op: Operador, id: string, motivo: string) {
  const t = await consultarUm(
    tx,
    sql`select status, valor_pago::text as valor_pago from financeiro_titulo
         where id = ${id} and grupo_empresarial_id = ${op.grupo} for update`,
  );
  if (!t) throw new ErroNegocio(MF.tituloNaoEncontrado);
  if (Number(t.status) === STATUS_TITULO.cancelado) return;
  if (lerDinheiro(String(t.valor_pago)) > 0) throw new ErroNegocio(MF.tituloComBaixa);
  await consultar(
    tx,
    sql`update financeiro_titulo set status = ${STATUS_TITULO.cancelado}, cancelado_por = ${op.usuario},
          motivo_cancelamento = ${motivo}, updated_at = now() where id = ${id}`,
  );
}
