import {
  escreverDinheiro,
  type LinhaExtratoConta,
  lerDinheiro,
  MF,
  ORIGENS_ESTORNAVEIS,
  type RespostaExtratoConta,
  type SaldoConta,
} from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { arrayTexto, consultar, consultarUm } from '../../db/consultar.ts';
import { ErroNegocio } from '../../lib/envelope.ts';
import { estornarMovimentacao, lancarMovimentacoes, type MovimentacaoGravada } from './livro.ts';

// The account statement and the manual movements (issue 18, financeiroMovimentacao): transfers between accounts,
// adjustments and their reversal, all written through livro.ts. A transfer is two movements (out of one account,
// into the other) sharing its client-made `_id` as origin, so a retry finds them and a reversal undoes both.

export interface Operador {
  grupo: string;
  usuario: string;
}

/** Rows a statement sends at most; balances and totals always count every movement of the period. */
export const LIMITE_EXTRATO = 5000;

export interface ContaFinanceira {
  _id: string;
  descricao: string;
  tipo: string;
  empresa: string;
  /** Its own store first, then the others a shared account serves. */
  empresas: string[];
  ativo: boolean;
}

export async function lerConta(db: Db, grupo: string, id: string): Promise<ContaFinanceira> {
  const l = await consultarUm(
    db,
    sql`select id, descricao, tipo, empresa_id, conta_compartilhada, empresas_ids, ativo from financeiro_conta
         where id = ${id} and grupo_empresarial_id = ${grupo} and lixo = false`,
  );
  if (!l) throw new ErroNegocio(MF.contaNaoEncontrada);
  const outras = l.conta_compartilhada === true && Array.isArray(l.empresas_ids) ? l.empresas_ids : [];
  const empresa = String(l.empresa_id);
  return {
    _id: String(l.id),
    descricao: String(l.descricao ?? ''),
    tipo: String(l.tipo ?? ''),
    empresa,
    empresas: [empresa, ...outras.map(String).filter((e) => e !== empresa)],
    ativo: l.ativo !== false,
  };
}

export async function extratoConta(
  db: Db,
  grupo: string,
  conta: ContaFinanceira,
  de: string,
  ate: string,
): Promise<RespostaExtratoConta> {
  const [antes, somas, linhas] = await Promise.all([
    consultarUm(
      db,
      sql`select saldo_atual::text as s from financeiro_movimentacao
           where grupo_empresarial_id = ${grupo} and conta_id = ${conta._id} and data < ${de}::date
           order by data desc, seq desc limit 1`,
    ),
    consultarUm(
      db,
      sql`select coalesce(sum(valor) filter (where valor > 0), 0)::text as entradas,
                 coalesce(-sum(valor) filter (where valor < 0), 0)::text as saidas, count(*)::int as n
            from financeiro_movimentacao
           where grupo_empresarial_id = ${grupo} and conta_id = ${conta._id} and data between ${de}::date and ${ate}::date`,
    ),
    consultar(
      db,
      sql`select m.id, m.data::text as data, m.valor::text as valor, m.saldo_atual::text as saldo, m.descricao,
                 m.origem_tipo, m.origem_id, m.estorno_de, pc.id as plano_id, pc.codigo as plano_codigo,
                 pc.descricao as plano_descricao,
                 exists (select 1 from financeiro_movimentacao e where e.estorno_de = m.id) as estornada,
                 (select c.id || '|' || coalesce(c.descricao, '') from financeiro_movimentacao o
                    join financeiro_conta c on c.id = o.conta_id
                   where m.origem_tipo = 'transferencia' and o.grupo_empresarial_id = m.grupo_empresarial_id
                     and o.origem_tipo = 'transferencia' and o.origem_id = m.origem_id and o.conta_id <> m.conta_id
                   limit 1) as contra
            from financeiro_movimentacao m
            left join financeiro_titulo t on t.id = m.titulo_id
            left join financeiro_plano_conta pc on pc.id = coalesce(m.plano_conta_id, t.plano_conta_id)
           where m.grupo_empresarial_id = ${grupo} and m.conta_id = ${conta._id}
             and m.data between ${de}::date and ${ate}::date
           order by m.data, m.seq limit ${LIMITE_EXTRATO + 1}`,
    ),
  ]);
  const saldoInicial = lerDinheiro(String(antes?.s ?? '0'));
  const entradas = lerDinheiro(String(somas?.entradas ?? '0'));
  const saidas = lerDinheiro(String(somas?.saidas ?? '0'));
  const movimentacoes = linhas.slice(0, LIMITE_EXTRATO).map((l): LinhaExtratoConta => {
    const estornada = l.estornada === true;
    const estornoDe = (l.estorno_de as string | null) ?? null;
    const contra = typeof l.contra === 'string' ? l.contra.split('|') : null;
    return {
      _id: String(l.id),
      data: String(l.data),
      valor: String(l.valor),
      saldoAtual: String(l.saldo),
      descricao: String(l.descricao),
      origemTipo: String(l.origem_tipo),
      origemId: (l.origem_id as string | null) ?? null,
      planoConta: l.plano_id
        ? {
            _id: String(l.plano_id),
            codigo: String(l.plano_codigo ?? ''),
            descricao: String(l.plano_descricao ?? ''),
          }
        : null,
      estornoDe,
      estornada,
      estornavel:
        !estornada &&
        estornoDe === null &&
        (ORIGENS_ESTORNAVEIS as readonly string[]).includes(String(l.origem_tipo)),
      contraPartida: contra ? { _id: contra[0] ?? '', descricao: contra.slice(1).join('|') } : null,
    };
  });
  return {
    conta: { _id: conta._id, descricao: conta.descricao, tipo: conta.tipo },
    de,
    ate,
    saldoInicial: escreverDinheiro(saldoInicial),
    entradas: escreverDinheiro(entradas),
    saidas: escreverDinheiro(saidas),
    // Σ of the period from the opening balance: the last row's saldoAtual when every row was sent.
    saldoFinal: escreverDinheiro(saldoInicial + entradas - saidas),
    movimentacoes,
    truncado: linhas.length > LIMITE_EXTRATO,
  };
}

/** What an earlier try with the same client id wrote (manual movements are idempotent by it). */
async function jaLancadas(tx: Db, grupo: string, origemTipo: string, id: string) {
  await consultar(
    tx,
    sql`select pg_advisory_xact_lock(hashtextextended(${`financeiro:${origemTipo}:${id}`}, 0))`,
  );
  const l = await consultar(
    tx,
    sql`select id, conta_id, data::text as data, valor::text as valor, saldo_atual::text as saldo
          from financeiro_movimentacao
         where grupo_empresarial_id = ${grupo} and origem_tipo = ${origemTipo} and origem_id = ${id}
           and estorno_de is null order by valor`,
  );
  return l.map(
    (m): MovimentacaoGravada => ({
      _id: String(m.id),
      conta: String(m.conta_id),
      data: String(m.data),
      valor: String(m.valor),
      saldoAtual: String(m.saldo),
    }),
  );
}

function exigirAtiva(c: ContaFinanceira) {
  if (!c.ativo) throw new ErroNegocio(`A conta ${c.descricao} está inativa.`);
}

export async function transferir(
  tx: Db,
  op: Operador,
  t: {
    _id: string;
    origem: ContaFinanceira;
    destino: ContaFinanceira;
    valor: string;
    data: string;
    descricao?: string | undefined;
  },
): Promise<{ movimentacoes: MovimentacaoGravada[]; repetida: boolean }> {
  const feitas = await jaLancadas(tx, op.grupo, 'transferencia', t._id);
  if (feitas.length) return { movimentacoes: feitas, repetida: true };
  if (t.origem._id === t.destino._id) throw new ErroNegocio(MF.transferenciaMesmaConta);
  exigirAtiva(t.origem);
  exigirAtiva(t.destino);
  const valor = lerDinheiro(t.valor);
  const comum = { data: t.data, origemTipo: 'transferencia', origemId: t._id, usuario: op.usuario };
  const movimentacoes = await lancarMovimentacoes(tx, op.grupo, [
    {
      ...comum,
      empresa: t.origem.empresa,
      conta: t.origem._id,
      valor: escreverDinheiro(-valor),
      descricao: t.descricao || `Transferência para ${t.destino.descricao}`,
    },
    {
      ...comum,
      empresa: t.destino.empresa,
      conta: t.destino._id,
      valor: escreverDinheiro(valor),
      descricao: t.descricao || `Transferência de ${t.origem.descricao}`,
    },
  ]);
  return {
    movimentacoes: movimentacoes.sort((a, b) => lerDinheiro(a.valor) - lerDinheiro(b.valor)),
    repetida: false,
  };
}

export async function ajustar(
  tx: Db,
  op: Operador,
  a: {
    _id: string;
    conta: ContaFinanceira;
    valor: string;
    data: string;
    planoConta?: string | undefined;
    descricao: string;
  },
): Promise<{ movimentacao: MovimentacaoGravada; repetida: boolean }> {
  const [feita] = await jaLancadas(tx, op.grupo, 'ajuste', a._id);
  if (feita) return { movimentacao: feita, repetida: true };
  exigirAtiva(a.conta);
  if (a.planoConta) {
    const p = await consultarUm(
      tx,
      sql`select 1 from financeiro_plano_conta where id = ${a.planoConta} and grupo_empresarial_id = ${op.grupo} and lixo = false`,
    );
    if (!p) throw new ErroNegocio(MF.planoNaoEncontrado);
  }
  const [movimentacao] = await lancarMovimentacoes(tx, op.grupo, [
    {
      empresa: a.conta.empresa,
      conta: a.conta._id,
      data: a.data,
      valor: a.valor,
      descricao: a.descricao,
      planoConta: a.planoConta ?? null,
      origemTipo: 'ajuste',
      origemId: a._id,
      usuario: op.usuario,
    },
  ]);
  return { movimentacao: movimentacao!, repetida: false };
}

export interface MovimentacaoManual {
  _id: string;
  conta: string;
  data: string;
  origemTipo: string;
  origemId: string | null;
  estornoDe: string | null;
}

export async function lerMovimentacao(db: Db, grupo: string, id: string): Promise<MovimentacaoManual> {
  const m = await consultarUm(
    db,
    sql`select id, conta_id, data::text as data, origem_tipo, origem_id, estorno_de from financeiro_movimentacao
         where id = ${id} and grupo_empresarial_id = ${grupo}`,
  );
  if (!m) throw new ErroNegocio('Movimentação não encontrada!');
  return {
    _id: String(m.id),
    conta: String(m.conta_id),
    data: String(m.data),
    origemTipo: String(m.origem_tipo),
    origemId: (m.origem_id as string | null) ?? null,
    estornoDe: (m.estorno_de as string | null) ?? null,
  };
}

/** The movements one reversal undoes: the adjustment itself, or both legs of a transfer. */
export async function pernasDoEstorno(
  db: Db,
  grupo: string,
  m: MovimentacaoManual,
): Promise<MovimentacaoManual[]> {
  if (m.estornoDe) throw new ErroNegocio('Um estorno não pode ser estornado.');
  if (!(ORIGENS_ESTORNAVEIS as readonly string[]).includes(m.origemTipo))
    throw new ErroNegocio(
      'Só ajustes e transferências são estornados aqui; os demais lançamentos são desfeitos na sua origem (baixa, caixa).',
    );
  if (m.origemTipo !== 'transferencia' || !m.origemId) return [m];
  const l = await consultar(
    db,
    sql`select id from financeiro_movimentacao where grupo_empresarial_id = ${grupo} and origem_tipo = 'transferencia'
         and origem_id = ${m.origemId} and estorno_de is null order by id`,
  );
  return Promise.all(l.map((x) => lerMovimentacao(db, grupo, String(x.id))));
}

export async function estornar(
  tx: Db,
  op: Operador,
  pernas: readonly MovimentacaoManual[],
  data: string,
): Promise<MovimentacaoGravada[]> {
  const ids = pernas.map((p) => p._id).sort();
  // Two clicks on 'Estornar' at once: the second waits here and then finds the first's reversal.
  await consultar(
    tx,
    sql`select pg_advisory_xact_lock(hashtextextended(${`financeiro:estorno:${ids[0]}`}, 0))`,
  );
  const feito = await consultarUm(
    tx,
    sql`select 1 from financeiro_movimentacao where estorno_de = any(${arrayTexto(ids)}) limit 1`,
  );
  if (feito) throw new ErroNegocio('Esta movimentação já foi estornada.');
  const maisNova =
    pernas
      .map((p) => p.data)
      .sort()
      .at(-1) ?? data;
  if (data < maisNova)
    throw new ErroNegocio('Data do estorno inválida: não pode ser anterior à data da movimentação.');
  const gravadas: MovimentacaoGravada[] = [];
  // Legs in account order, the order lancarMovimentacoes locks accounts in (no deadlock with a transfer).
  for (const p of [...pernas].sort((a, b) => a.conta.localeCompare(b.conta)))
    gravadas.push(await estornarMovimentacao(tx, op.grupo, p._id, { data, usuario: op.usuario }));
  return gravadas;
}

/** Balances of the accounts serving `empresas` (their own, or shared ones listing one of them). */
export async function saldosContas(
  db: Db,
  grupo: string,
  empresas: readonly string[],
): Promise<SaldoConta[]> {
  const l = await consultar(
    db,
    sql`select c.id, c.descricao, c.tipo, c.empresa_id, c.conta_compartilhada, c.empresas_ids, c.ativo,
               coalesce(s.saldo, 0)::text as saldo, s.ultima_data::text as ultima_data
          from financeiro_conta c
          left join financeiro_conta_saldo s on s.grupo_empresarial_id = c.grupo_empresarial_id and s.conta_id = c.id
         where c.grupo_empresarial_id = ${grupo} and c.lixo = false
           and (c.empresa_id = any(${arrayTexto(empresas)})
                or (c.conta_compartilhada and c.empresas_ids && ${arrayTexto(empresas)}))
         order by c.descricao, c.id`,
  );
  return l.map((c) => {
    const empresa = String(c.empresa_id);
    const outras = c.conta_compartilhada === true && Array.isArray(c.empresas_ids) ? c.empresas_ids : [];
    return {
      _id: String(c.id),
      descricao: String(c.descricao ?? ''),
      tipo: String(c.tipo ?? ''),
      empresa,
      contaCompartilhada: c.conta_compartilhada === true,
      empresas: [empresa, ...outras.map(String).filter((e) => e !== empresa)],
      ativo: c.ativo !== false,
      saldo: escreverDinheiro(lerDinheiro(String(c.saldo))),
      ultimaData: (c.ultima_data as string | null) ?? null,
    };
  });
}
