import {
  type FiltroRelatorio,
  type LinhaEventoBase,
  type LinhaEventoVenda,
  type LinhaPedidoQrCode,
  type LinhaTransferencia,
  ORIGENS_QRCODE_PADRAO,
  origensPedido,
  type RespostaRelatorioEventos,
} from '@retaguarda/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { consultar, consultarUm, type Linha } from '../../db/consultar.ts';
import { type CampoFiltro, compilarFiltroDinamico, condicaoPeriodo, emLista, POR_PAGINA } from './filtro.ts';

// The SQL of the four event reports. Each answers `{ totais, detalhe: { pagina, porPagina, total, linhas } }`:
// the totals are one aggregate over the whole filter (in SQL, exact numerics sent as text), the rows are one
// page of 50 read from the raw rows, newest first. Both go through the same WHERE, so the page's rows are
// always a part of what the totals count. The event rows are found by the vendas index
// venda_evento_data_idx (group, store, tipo, data_hora); the QR-code orders by venda_data_idx.

export interface Escopo {
  grupo: string;
  empresas: readonly string[];
}

/** Answer of a report (shapes: packages/domain/src/relatorios/eventos.ts). */
interface Pagina<T, L> {
  totais: T;
  detalhe: { pagina: number; porPagina: number; total: number; linhas: L[] };
}

/** Value of an event's lines (cancelled or moved): the sum of the `valor` the sale service wrote in it. */
const VALOR_LINHAS = sql`(select coalesce(sum((p->>'valor')::numeric), 0) from jsonb_array_elements(e.produtos) p)`;
const PRODUTOS = sql`(select coalesce(jsonb_agg(jsonb_build_object('descricao', p->'produto'->>'descricao',
  'quantidade', p->>'quantidade', 'valor', p->>'valor') order by (p->>'numeroItem')::int), '[]'::jsonb)
  from jsonb_array_elements(e.produtos) p)`;

const CAMPOS_EVENTO = (valor: SQL): Record<string, CampoFiltro> => ({
  motivo: { expressao: sql`e.motivo`, tipo: 'texto' },
  operador: { expressao: sql`(e.operador->>'_id')`, tipo: 'texto' },
  'operador._id': { expressao: sql`(e.operador->>'_id')`, tipo: 'texto' },
  'operador.nome': { expressao: sql`(e.operador->>'nome')`, tipo: 'texto' },
  supervisor: { expressao: sql`e.supervisor_id`, tipo: 'texto' },
  'supervisor._id': { expressao: sql`e.supervisor_id`, tipo: 'texto' },
  'supervisor.nome': { expressao: sql`(e.supervisor->>'nome')`, tipo: 'texto' },
  vendaCompleta: { expressao: sql`e.venda_completa`, tipo: 'booleano' },
  numero: { expressao: sql`v.numero`, tipo: 'numero' },
  valor: { expressao: valor, tipo: 'numero' },
  terminal: { expressao: sql`e.terminal_id`, tipo: 'texto' },
});

function condicoesVenda(f: FiltroRelatorio, comStatus: boolean): SQL[] {
  const c: SQL[] = [];
  if (f.tipoVenda.length) c.push(sql`v.tipo_venda in (${emLista(f.tipoVenda)})`);
  if (f.localPedido.length) c.push(sql`v.local_pedido in (${emLista(f.localPedido)})`);
  if (f.atendentes.length) c.push(sql`(v.atendente->>'_id') in (${emLista(f.atendentes)})`);
  if (f.pessoa.length) c.push(sql`v.cliente_id in (${emLista(f.pessoa)})`);
  // The events are the subject of those reports (a cancelled sale's cancellation must show): the sale's status
  // (default [59]) narrows only the orders report.
  if (comStatus && f.statusVenda.length) c.push(sql`v.status in (${emLista(f.statusVenda)})`);
  return c;
}

function onde(partes: SQL[]): SQL {
  return sql.join(partes, sql` and `);
}

async function paginar<T, L>(
  db: Db,
  totais: Linha | undefined,
  ler: (t: Linha) => T,
  linhas: (limite: number, deslocamento: number) => SQL,
  lerLinha: (l: Linha) => L,
  pagina: number,
): Promise<Pagina<T, L>> {
  const t = totais ?? {};
  const total = Number(t.quantidade ?? 0);
  const deslocamento = (pagina - 1) * POR_PAGINA;
  const lista = deslocamento < total ? await consultar(db, linhas(POR_PAGINA, deslocamento)) : [];
  return { totais: ler(t), detalhe: { pagina, porPagina: POR_PAGINA, total, linhas: lista.map(lerLinha) } };
}

const texto = (v: unknown, padrao = '0.00') => (v === null || v === undefined ? padrao : String(v));
const inteiro = (v: unknown) => Number(v ?? 0);
const textoOuNulo = (v: unknown) => (v === null || v === undefined ? null : String(v));
const inteiroOuNulo = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const instante = (v: unknown) => (v instanceof Date ? v : new Date(String(v))).toISOString();

/** The columns every row has, typed as the contract says (drivers answer dates and numerics differently). */
function lerBase(l: Linha): LinhaEventoBase {
  return {
    _id: String(l._id),
    dataHora: instante(l.dataHora),
    empresaId: String(l.empresaId),
    empresa: textoOuNulo(l.empresa),
    numero: inteiroOuNulo(l.numero),
    tipoVenda: inteiroOuNulo(l.tipoVenda),
    mesa: inteiroOuNulo(l.mesa),
    comanda: inteiroOuNulo(l.comanda),
    status: inteiroOuNulo(l.status),
    operador: textoOuNulo(l.operador),
  };
}

function lerEvento(l: Linha): LinhaEventoVenda {
  const produtos = Array.isArray(l.produtos) ? (l.produtos as Linha[]) : [];
  return {
    ...lerBase(l),
    vendaId: String(l.vendaId),
    supervisor: textoOuNulo(l.supervisor),
    motivo: textoOuNulo(l.motivo),
    vendaCompleta: l.vendaCompleta === true,
    terminal: textoOuNulo(l.terminal),
    produtos: produtos.map((p) => ({
      descricao: textoOuNulo(p.descricao),
      quantidade: texto(p.quantidade, '0'),
      valor: texto(p.valor),
    })),
    valor: texto(l.valor),
  };
}

// ---- events: cancellations and discounts -------------------------------------------------------------

function baseEventos(escopo: Escopo, tipo: string, f: FiltroRelatorio, valor: SQL): SQL {
  const partes: SQL[] = [
    sql`e.grupo_empresarial_id = ${escopo.grupo}`,
    sql`e.empresa_id in (${emLista(escopo.empresas)})`,
    sql`e.tipo = ${tipo}`,
    condicaoPeriodo(sql`e.data_hora`, f),
    ...condicoesVenda(f, false),
    ...compilarFiltroDinamico(f.filtroDinamico, CAMPOS_EVENTO(valor)),
  ];
  if (f.terminal?.length)
    partes.push(sql`coalesce(e.terminal_id, v.terminal_id) in (${emLista(f.terminal)})`);
  return onde(partes);
}

const COLUNAS_EVENTO = sql`e.id as "_id", e.data_hora as "dataHora", e.empresa_id as "empresaId",
  emp.descricao as empresa, e.venda_id as "vendaId", v.numero, v.tipo_venda as "tipoVenda", v.mesa, v.comanda,
  v.status, e.operador->>'nome' as operador, e.supervisor->>'nome' as supervisor, e.motivo,
  e.venda_completa as "vendaCompleta", e.terminal_id as terminal, ${PRODUTOS} as produtos`;

/** relatorioVendaCancelamentos: 'Cancelamento' events (whole sale or items), their value = the lines'. */
export async function cancelamentos(
  db: Db,
  escopo: Escopo,
  f: FiltroRelatorio,
  pagina: number,
): Promise<RespostaRelatorioEventos<'relatorioVendaCancelamentos'>> {
  const where = baseEventos(escopo, 'Cancelamento', f, VALOR_LINHAS);
  const totais = await consultarUm(
    db,
    sql`select count(*)::int as quantidade,
               count(*) filter (where x.venda_completa)::int as quantidade_venda_completa,
               coalesce(sum(x.itens), 0)::text as itens,
               coalesce(sum(x.valor), 0)::numeric(18,2)::text as valor,
               coalesce(sum(x.valor) filter (where x.venda_completa), 0)::numeric(18,2)::text as valor_venda_completa,
               coalesce(sum(x.valor) filter (where not x.venda_completa), 0)::numeric(18,2)::text as valor_item
        from (select e.venda_completa, ${VALOR_LINHAS} as valor,
                     (select coalesce(sum((p->>'quantidade')::numeric), 0) from jsonb_array_elements(e.produtos) p) as itens
              from venda_evento e join venda v on v.id = e.venda_id where ${where}) x`,
  );
  return paginar(
    db,
    totais,
    (t) => ({
      quantidade: inteiro(t.quantidade),
      quantidadeVendaCompleta: inteiro(t.quantidade_venda_completa),
      quantidadeItem: inteiro(t.quantidade) - inteiro(t.quantidade_venda_completa),
      itens: texto(t.itens, '0'),
      valor: texto(t.valor),
      valorVendaCompleta: texto(t.valor_venda_completa),
      valorItem: texto(t.valor_item),
    }),
    (limite, deslocamento) =>
      sql`select ${COLUNAS_EVENTO}, ${VALOR_LINHAS}::numeric(18,2)::text as valor
          from venda_evento e join venda v on v.id = e.venda_id left join empresa emp on emp.id = e.empresa_id
          where ${where} order by e.data_hora desc, e.id desc limit ${limite} offset ${deslocamento}`,
    lerEvento,
    pagina,
  );
}

/** relatorioVendaDescontos: 'Desconto' events; vendaCompleta = the general discount of the bill. */
export async function descontos(
  db: Db,
  escopo: Escopo,
  f: FiltroRelatorio,
  pagina: number,
): Promise<RespostaRelatorioEventos<'relatorioVendaDescontos'>> {
  const valor = sql`e.valor_desconto`;
  const where = baseEventos(escopo, 'Desconto', f, valor);
  const [totais, porSupervisor] = await Promise.all([
    consultarUm(
      db,
      sql`select count(*)::int as quantidade,
                 count(*) filter (where e.venda_completa)::int as quantidade_venda_completa,
                 coalesce(sum(e.valor_desconto), 0)::numeric(18,2)::text as valor,
                 coalesce(sum(e.valor_desconto) filter (where e.venda_completa), 0)::numeric(18,2)::text as valor_venda_completa,
                 coalesce(sum(e.valor_desconto) filter (where not e.venda_completa), 0)::numeric(18,2)::text as valor_item
          from venda_evento e join venda v on v.id = e.venda_id where ${where}`,
    ),
    consultar(
      db,
      sql`select coalesce(e.supervisor->>'nome', '') as supervisor, count(*)::int as quantidade,
                 sum(e.valor_desconto)::numeric(18,2)::text as valor
          from venda_evento e join venda v on v.id = e.venda_id where ${where}
          group by 1 order by sum(e.valor_desconto) desc, 1 limit 50`,
    ),
  ]);
  return paginar(
    db,
    totais,
    (t) => ({
      quantidade: inteiro(t.quantidade),
      quantidadeVendaCompleta: inteiro(t.quantidade_venda_completa),
      quantidadeItem: inteiro(t.quantidade) - inteiro(t.quantidade_venda_completa),
      valor: texto(t.valor),
      valorVendaCompleta: texto(t.valor_venda_completa),
      valorItem: texto(t.valor_item),
      supervisores: porSupervisor.map((s) => ({
        supervisor: String(s.supervisor),
        quantidade: inteiro(s.quantidade),
        valor: texto(s.valor),
      })),
    }),
    (limite, deslocamento) =>
      sql`select ${COLUNAS_EVENTO}, e.valor_desconto::text as valor
          from venda_evento e join venda v on v.id = e.venda_id left join empresa emp on emp.id = e.empresa_id
          where ${where} order by e.data_hora desc, e.id desc limit ${limite} offset ${deslocamento}`,
    lerEvento,
    pagina,
  );
}

// ---- transfers -------------------------------------------------------------------------------------------

function lerTransferencia(l: Linha): LinhaTransferencia {
  return {
    ...lerEvento(l),
    mesaOrigem: inteiroOuNulo(l.mesaOrigem),
    mesaDestino: inteiroOuNulo(l.mesaDestino),
    vendaDestino: textoOuNulo(l.vendaDestino),
    numeroDestino: inteiroOuNulo(l.numeroDestino),
  };
}

/**
 * relatorioVendaTransferencias: one row per transfer, from its origin event ('Transferencia'; the destination
 * keeps 'TransferenciaRecebida'). The tables and the other sale are in the event's text, written by the sale
 * service as `Mesa a -> Mesa b (other sale id)`; vendaCompleta = the whole bill left the table.
 */
export async function transferencias(
  db: Db,
  escopo: Escopo,
  f: FiltroRelatorio,
  pagina: number,
): Promise<RespostaRelatorioEventos<'relatorioVendaTransferencias'>> {
  const where = baseEventos(escopo, 'Transferencia', f, VALOR_LINHAS);
  const totais = await consultarUm(
    db,
    sql`select count(*)::int as quantidade,
               count(*) filter (where e.venda_completa)::int as quantidade_mesa_inteira,
               coalesce(sum(jsonb_array_length(e.produtos)), 0)::int as linhas,
               coalesce(sum(${VALOR_LINHAS}), 0)::numeric(18,2)::text as valor
        from venda_evento e join venda v on v.id = e.venda_id where ${where}`,
  );
  return paginar(
    db,
    totais,
    (t) => ({
      quantidade: inteiro(t.quantidade),
      quantidadeMesaInteira: inteiro(t.quantidade_mesa_inteira),
      quantidadeItens: inteiro(t.quantidade) - inteiro(t.quantidade_mesa_inteira),
      linhas: inteiro(t.linhas),
      valor: texto(t.valor),
    }),
    (limite, deslocamento) =>
      sql`select ${COLUNAS_EVENTO}, ${VALOR_LINHAS}::numeric(18,2)::text as valor,
                 substring(e.motivo from '^Mesa (\\d+) -> ')::int as "mesaOrigem",
                 substring(e.motivo from ' -> Mesa (\\d+)')::int as "mesaDestino",
                 d.id as "vendaDestino", d.numero as "numeroDestino"
          from venda_evento e join venda v on v.id = e.venda_id left join empresa emp on emp.id = e.empresa_id
          left join venda d on d.id = substring(e.motivo from '\\(([0-9a-f]{24})\\)$')
          where ${where} order by e.data_hora desc, e.id desc limit ${limite} offset ${deslocamento}`,
    lerTransferencia,
    pagina,
  );
}

// ---- QR code / digital menu / waiter app orders ------------------------------------------------------------

function lerPedido(l: Linha): LinhaPedidoQrCode {
  return {
    ...lerBase(l),
    localPedido: inteiroOuNulo(l.localPedido),
    atendente: textoOuNulo(l.atendente),
    vendaDescricao: textoOuNulo(l.vendaDescricao),
    total: texto(l.total),
    itens: inteiro(l.itens),
  };
}

const CAMPOS_VENDA: Record<string, CampoFiltro> = {
  numero: { expressao: sql`v.numero`, tipo: 'numero' },
  total: { expressao: sql`v.total`, tipo: 'numero' },
  mesa: { expressao: sql`v.mesa`, tipo: 'numero' },
  comanda: { expressao: sql`v.comanda`, tipo: 'numero' },
  localPedido: { expressao: sql`v.local_pedido`, tipo: 'numero' },
  vendaDescricao: { expressao: sql`v.venda_descricao`, tipo: 'texto' },
  'atendente._id': { expressao: sql`(v.atendente->>'_id')`, tipo: 'texto' },
  'atendente.nome': { expressao: sql`(v.atendente->>'nome')`, tipo: 'texto' },
  'operador._id': { expressao: sql`v.operador_id`, tipo: 'texto' },
};

/** relatorioQrCode: sales by order origin (68-77; default the device origins 73-77), by opening instant. */
export async function qrCode(
  db: Db,
  escopo: Escopo,
  f: FiltroRelatorio,
  pagina: number,
): Promise<RespostaRelatorioEventos<'relatorioQrCode'>> {
  const origens = f.localPedido.length ? f.localPedido : [...ORIGENS_QRCODE_PADRAO];
  const partes: SQL[] = [
    sql`v.grupo_empresarial_id = ${escopo.grupo}`,
    sql`v.empresa_id in (${emLista(escopo.empresas)})`,
    condicaoPeriodo(sql`v.data`, f),
    ...condicoesVenda({ ...f, localPedido: origens }, true),
    ...compilarFiltroDinamico(f.filtroDinamico, CAMPOS_VENDA),
  ];
  if (f.terminal.length) partes.push(sql`v.terminal_id in (${emLista(f.terminal)})`);
  const where = onde(partes);
  // One scan: the origins' groups and the grand total (grouping set ()) in the same statement.
  const grupos = await consultar(
    db,
    sql`select v.local_pedido, grouping(v.local_pedido) as geral, count(*)::int as quantidade,
               coalesce(sum(v.total), 0)::numeric(18,2)::text as total,
               case when count(*) = 0 then '0.00' else round(sum(v.total) / count(*), 2)::text end as ticket_medio
        from venda v where ${where} group by grouping sets ((v.local_pedido), ()) order by 2 desc, 1`,
  );
  const totais = grupos.find((g) => Number(g.geral) === 1);
  const porOrigem = grupos.filter((g) => Number(g.geral) !== 1);
  const descricao = (id: number) => origensPedido.porId(id as never)?.descricao ?? String(id);
  return paginar(
    db,
    totais,
    (t) => ({
      quantidade: inteiro(t.quantidade),
      total: texto(t.total),
      ticketMedio: texto(t.ticket_medio),
      porOrigem: porOrigem.map((o) => ({
        localPedido: Number(o.local_pedido),
        descricao: descricao(Number(o.local_pedido)),
        quantidade: inteiro(o.quantidade),
        total: texto(o.total),
      })),
    }),
    (limite, deslocamento) =>
      sql`select v.id as "_id", v.data as "dataHora", v.empresa_id as "empresaId", emp.descricao as empresa, v.numero,
                 v.tipo_venda as "tipoVenda", v.local_pedido as "localPedido", v.mesa, v.comanda, v.status,
                 v.atendente->>'nome' as atendente, v.operador->>'nome' as operador,
                 v.venda_descricao as "vendaDescricao", v.total::text as total,
                 (select count(*)::int from venda_item i where i.venda_id = v.id and not i.cancelado) as itens
          from venda v left join empresa emp on emp.id = v.empresa_id
          where ${where} order by v.data desc, v.id desc limit ${limite} offset ${deslocamento}`,
    lerPedido,
    pagina,
  );
}
