import {
  conciliarRecebiveis,
  diasCorridosEntre,
  escreverCentavosTexto,
  type LinhaExtrato,
  lerExtrato,
  normalizarOperadora,
  type RecebivelPrevisto,
  STATUS_TITULO,
  somarDiasCorridos,
} from '@retaguarda/domain';
import type {
  DivergenciaExtrato,
  ExtratoImportado,
  ImportarExtrato,
  RespostaImportacaoExtrato,
  ResumoExtrato,
} from '@retaguarda/domain/financeiro/calendario-recebimento';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { consultar, consultarUm, arrayTexto as textos } from '../../db/consultar.ts';
import { ErroNegocio } from '../../lib/envelope.ts';
import { novoId } from '../../lib/ids.ts';
import { baixarEmLote } from './baixa-lote.ts';
import { contaPorChave } from './cadastros-padrao.ts';
import { baixarTitulos, type Operador } from './titulos.service.ts';

// Importing an acquirer's settlement file (issue 18): read it (domain lerExtrato), keep each line once (unique
// line key per store and acquirer, so a second import of the same file finds every line there and changes
// nothing), match the new lines to the store's open card receivables of that acquirer (conciliarRecebiveis),
// settle what was paid right (on time or late) into the store's bank account on the payment day — in bulk, one
// bank movement per payment day (baixa-lote.ts) — and report what diverges. A short or over payment is not settled: the clerk claims it from
// the acquirer or settles it by hand in the agenda. All in the caller's transaction.

/** Forecasts are read from this many days before the file's first payment (late payments)... */
const DIAS_ANTES = 120;
/** ...to this many after its last (anticipated instalments). */
const DIAS_DEPOIS = 400;
const LOTE_BAIXA = 500;
/** work_mem of an import's transaction (see importarExtrato). */
const MEMORIA_IMPORTACAO = '64MB';

type Previsto = RecebivelPrevisto & { descricao: string; aberto: string };

function divergenciaDeLinha(
  tipo: DivergenciaExtrato['tipo'],
  l: LinhaExtrato,
  extra: Partial<DivergenciaExtrato> = {},
): DivergenciaExtrato {
  return {
    tipo,
    linha: l.linha,
    titulo: null,
    nsu: l.nsu || null,
    autorizacao: l.autorizacao || null,
    dataVenda: l.dataVenda,
    parcela: l.parcela,
    dataPrevista: null,
    dataPagamento: l.dataPagamento,
    esperado: null,
    pago: escreverCentavosTexto(l.valorLiquido),
    diferenca: null,
    diasAtraso: null,
    motivo: null,
    ...extra,
  };
}

export interface OpcoesImportacao {
  /** 'lote' (the route's): every settlement in one statement, one movement per payment day; 'porTitulo': the old path. */
  baixa?: 'lote' | 'porTitulo';
}

export async function importarExtrato(
  tx: Db,
  op: Operador,
  entrada: ImportarExtrato,
  opcoes: OpcoesImportacao = {},
): Promise<RespostaImportacaoExtrato> {
  const { empresa } = entrada;
  const operadora = await consultarUm(
    tx,
    sql`select id, descricao from operadora where id = ${entrada.operadora} and grupo_empresarial_id = ${op.grupo}
         and empresa_id = ${empresa} and lixo = false`,
  );
  if (!operadora) throw new ErroNegocio('Operadora não encontrada nesta loja.');
  const inicio = performance.now();
  const lido = lerExtrato(entrada.conteudo);
  // The file is of one acquirer: a line naming another is refused, the others take the chosen one's id.
  const nomes = new Set([normalizarOperadora(String(operadora.descricao)), String(operadora.id)]);
  const erros = [...lido.erros];
  const linhas: LinhaExtrato[] = [];
  const idOperadora = String(operadora.id);
  // The parsed lines are this import's own: the acquirer's id is written in place (a copy of each of 100,000
  // lines was garbage for the collector). The file names few acquirers: each normalised once.
  const daOperadora = new Map<string, boolean>();
  for (const l of lido.linhas) {
    let aceita = daOperadora.get(l.operadora);
    if (aceita === undefined) {
      aceita = nomes.has(normalizarOperadora(l.operadora));
      daOperadora.set(l.operadora, aceita);
    }
    if (aceita) {
      l.operadora = idOperadora;
      linhas.push(l);
    } else
      erros.push({
        linha: l.linha,
        coluna: 'operadora',
        mensagem: `operadora "${l.operadora}" não é ${String(operadora.descricao)}, a operadora escolhida.`,
      });
  }
  if (!linhas.length && erros.length) {
    throw new ErroNegocio(
      `Nenhuma linha importada. ${erros
        .slice(0, 3)
        .map((e) => `Linha ${e.linha}: ${e.mensagem}`)
        .join(' ')}`,
    );
  }
  // One import at a time per store and acquirer: two clerks importing the same file do not both settle it.
  await consultar(
    tx,
    sql`select pg_advisory_xact_lock(hashtextextended(${`financeiro:extrato:${op.grupo}:${empresa}:${String(operadora.id)}`}, 0))`,
  );
  // The file's 100,000 lines pass through tuple stores (the lines' unnest, the settling statement's CTEs and the
  // titles' old and new rows its triggers read): with the default 4 MB they went to temporary files, ~200 MB
  // written and read back. This transaction only (set_config local).
  await consultar(tx, sql`select set_config('work_mem', ${MEMORIA_IMPORTACAO}, true)`);

  const extratoId = novoId();
  // The lines already kept (same key, an earlier import) take no further part. Under the lock nobody else writes
  // this store's and acquirer's lines, so the new ones are written once, below, with what the match found.
  const jaGravadas = new Set(
    (
      await consultar(
        tx,
        sql`select chave from financeiro_extrato_linha
             where grupo_empresarial_id = ${op.grupo} and empresa_id = ${empresa}
               and operadora_id = ${String(operadora.id)} and chave = any(${textos(linhas.map((l) => l.chave))})`,
      )
    ).map((r) => String(r.chave)),
  );
  const novas = jaGravadas.size ? linhas.filter((l) => !jaGravadas.has(l.chave)) : linhas;
  if (!novas.length && linhas.length) {
    // The same file again: nothing to write; the answer points at the import that holds its lines.
    const antes = await consultarUm(
      tx,
      sql`select extrato_id from financeiro_extrato_linha where grupo_empresarial_id = ${op.grupo}
           and empresa_id = ${empresa} and operadora_id = ${String(operadora.id)} and chave = ${linhas[0]!.chave}`,
    );
    const resumo: ResumoExtrato = {
      linhas: linhas.length,
      jaImportadas: linhas.length,
      novas: 0,
      conciliadas: 0,
      baixadas: 0,
      divergencias: 0,
      recebido: '0.00',
      dataInicial: lido.dataInicial,
      dataFinal: lido.dataFinal,
    };
    return { _id: String(antes?.extrato_id ?? ''), nome: entrada.nome, resumo, divergencias: [], erros };
  }

  // Forecasts: the store's open card receivables of the acquirer around the file's days (the partial index of open
  // card receivables, migration financeiro 0008: the status is written as a literal so the planner may use it).
  let dataInicial: string | null = null;
  let dataFinal: string | null = null;
  for (const l of novas) {
    if (dataInicial === null || l.dataPagamento < dataInicial) dataInicial = l.dataPagamento;
    if (dataFinal === null || l.dataPagamento > dataFinal) dataFinal = l.dataPagamento;
  }
  const previstos: Previsto[] =
    dataInicial === null || dataFinal === null
      ? []
      : (
          await consultar(
            tx,
            sql`select id, descricao, vencimento::text as vencimento, data_venda::text as data_venda, nsu, autorizacao,
                       parcela, valor::text as valor, (valor - taxa)::text as liquido
                  from financeiro_titulo
                 where grupo_empresarial_id = ${op.grupo} and empresa_id = ${empresa}
                   and operadora_id = ${String(operadora.id)} and tipo = 'receber' and origem_tipo = 'pagamento'
                   and status = ${sql.raw(String(STATUS_TITULO.aberto))}
                   and vencimento between ${somarDiasCorridos(dataInicial, -DIAS_ANTES)}::date
                                      and ${somarDiasCorridos(dataFinal, DIAS_DEPOIS)}::date`,
          )
        ).map((t) => ({
          id: String(t.id),
          descricao: String(t.descricao),
          operadora: String(operadora.id),
          dataPrevista: String(t.vencimento),
          valorLiquido: String(t.liquido),
          valorBruto: String(t.valor),
          aberto: String(t.valor),
          nsu: (t.nsu as string | null) ?? null,
          autorizacao: (t.autorizacao as string | null) ?? null,
          parcela: Number(t.parcela),
          dataVenda: String(t.data_venda ?? t.vencimento),
        }));
  const lidoEGravado = performance.now();
  const r = conciliarRecebiveis(previstos, novas);

  // What diverges; what is right (on time or late) is settled.
  const divergencias: DivergenciaExtrato[] = [];
  // Each new line's match, by the line itself (no key strings hashed), for the lines' insert below.
  const situacaoDe = new Map<
    LinhaExtrato,
    {
      situacao: string;
      titulo: string | null;
      diferenca: string | null;
      dias: number | null;
      motivo: string | null;
    }
  >();
  const aBaixar = new Map<string, { titulo: string; valor: string }[]>();
  for (const c of r.conciliados) {
    situacaoDe.set(c.linha, {
      situacao: c.situacao,
      titulo: c.previsto.id,
      diferenca: c.diferenca,
      dias: c.diasAtraso,
      motivo: c.criterio,
    });
    if (c.situacao === 'ok' || c.situacao === 'atrasado') {
      const dia = c.linha.dataPagamento;
      let lista = aBaixar.get(dia);
      if (!lista) {
        lista = [];
        aBaixar.set(dia, lista);
      }
      lista.push({ titulo: c.previsto.id, valor: c.previsto.aberto });
    }
    if (c.situacao !== 'ok')
      divergencias.push(
        divergenciaDeLinha(c.situacao, c.linha, {
          titulo: { _id: c.previsto.id, descricao: c.previsto.descricao },
          dataPrevista: c.previsto.dataPrevista,
          esperado: c.previsto.valorLiquido,
          diferenca: c.diferenca,
          diasAtraso: c.diasAtraso,
        }),
      );
  }
  for (const d of r.desconhecidos) {
    const motivo =
      d.motivo === 'ambigua'
        ? 'Mais de uma venda com a mesma data e valor: escolha o título na agenda.'
        : 'Nenhum recebível previsto corresponde a esta linha.';
    situacaoDe.set(d.linha, {
      situacao: 'desconhecido',
      titulo: null,
      diferenca: null,
      dias: null,
      motivo,
    });
    divergencias.push(divergenciaDeLinha('desconhecido', d.linha, { motivo }));
  }
  // Never paid: forecasts due within the file's days that no line paid.
  const naoPagos: DivergenciaExtrato[] = r.naoEncontradosNoArquivo
    .filter((n) => dataInicial !== null && n.previsto.dataPrevista >= dataInicial)
    .map((n) => ({
      tipo: 'naoPago',
      linha: null,
      titulo: { _id: n.previsto.id, descricao: n.previsto.descricao },
      nsu: n.previsto.nsu ?? null,
      autorizacao: n.previsto.autorizacao ?? null,
      dataVenda: n.previsto.dataVenda,
      parcela: n.previsto.parcela,
      dataPrevista: n.previsto.dataPrevista,
      dataPagamento: null,
      esperado: n.previsto.valorLiquido,
      pago: null,
      diferenca: null,
      diasAtraso: dataFinal ? diasCorridosEntre(n.previsto.dataPrevista, dataFinal) : null,
      motivo: null,
    }));
  divergencias.push(...naoPagos);

  // The new lines with what the match found, in ONE statement for the whole file (they were inserted 5,000 a
  // statement and then updated with their match: 100,000 rows written twice, 10 s of a loaded machine's import).
  const col = (f: (l: LinhaExtrato) => string | number | null) =>
    textos(
      novas.map((l) => {
        const v = f(l);
        return v === null ? null : String(v);
      }),
    );
  const da = (l: LinhaExtrato) => situacaoDe.get(l);
  await consultar(
    tx,
    sql`insert into financeiro_extrato_linha (grupo_empresarial_id, empresa_id, operadora_id, extrato_id, chave,
          linha, data_pagamento, data_venda, bandeira, produto, nsu, autorizacao, parcela, parcelas, valor_bruto,
          taxa, valor_liquido, situacao, titulo_id, diferenca, dias_atraso, motivo)
        select ${op.grupo}, ${empresa}, ${String(operadora.id)},
               ${extratoId}, u.chave, u.linha::int, u.pagamento::date, u.venda::date, nullif(u.bandeira, ''),
               u.produto, nullif(u.nsu, ''), nullif(u.autorizacao, ''), u.parcela::int, u.parcelas::int,
               u.bruto::numeric / 100, u.taxa::numeric / 100, u.liquido::numeric / 100,
               coalesce(u.situacao, 'pendente'), u.titulo, u.diferenca::numeric, u.dias::int, u.motivo
          from unnest(${col((l) => l.chave)}, ${col((l) => l.linha)}, ${col((l) => l.dataPagamento)},
                      ${col((l) => l.dataVenda)}, ${col((l) => l.bandeira)}, ${col((l) => l.produto)},
                      ${col((l) => l.nsu)}, ${col((l) => l.autorizacao)}, ${col((l) => l.parcela)},
                      ${col((l) => l.parcelas)}, ${col((l) => l.valorBruto)}, ${col((l) => l.taxa)},
                      ${col((l) => l.valorLiquido)}, ${col((l) => da(l)?.situacao ?? null)},
                      ${col((l) => da(l)?.titulo ?? null)}, ${col((l) => da(l)?.diferenca ?? null)},
                      ${col((l) => da(l)?.dias ?? null)}, ${col((l) => da(l)?.motivo ?? null)})
               as u(chave, linha, pagamento, venda, bandeira, produto, nsu, autorizacao, parcela, parcelas, bruto,
                    taxa, liquido, situacao, titulo, diferenca, dias, motivo)
        on conflict (grupo_empresarial_id, empresa_id, operadora_id, chave) do nothing`,
  );

  const conciliado = performance.now();
  let baixadas = 0;
  if (aBaixar.size) {
    const conta = await contaPorChave(tx, op.grupo, empresa, 'bancoLoja');
    const dias = [...aBaixar].sort(([a], [b]) => a.localeCompare(b));
    if (opcoes.baixa === 'porTitulo') {
      // The per-title path the import used before baixa-lote.ts: one movement per title. Kept as the reference the
      // bulk path is measured and checked against (bench/financeiro-extrato.bench.ts, the int test).
      for (const [data, titulos] of dias) {
        for (let i = 0; i < titulos.length; i += LOTE_BAIXA) {
          const lote = titulos.slice(i, i + LOTE_BAIXA);
          await baixarTitulos(tx, op, { _id: novoId(), conta, data, titulos: lote });
          baixadas += lote.length;
        }
      }
    } else {
      baixadas = await baixarEmLote(tx, op, {
        operacao: extratoId,
        empresa,
        conta,
        descricao: `Recebimento ${String(operadora.descricao)}`,
        titulos: dias.flatMap(([data, titulos]) => titulos.map((t) => ({ titulo: t.titulo, data }))),
      });
    }
  }

  const resumo: ResumoExtrato = {
    linhas: linhas.length,
    jaImportadas: linhas.length - novas.length,
    novas: novas.length,
    conciliadas: r.conciliados.length,
    baixadas,
    divergencias: divergencias.length,
    recebido: escreverCentavosTexto(r.resumo.recebidoCentavos),
    dataInicial,
    dataFinal,
  };
  await consultar(
    tx,
    sql`insert into financeiro_extrato_operadora (id, grupo_empresarial_id, empresa_id, operadora_id, nome, formato,
          data_inicial, data_final, resumo, nao_pagos, usuario_id)
        values (${extratoId}, ${op.grupo}, ${empresa}, ${String(operadora.id)}, ${entrada.nome}, ${lido.formato},
          ${dataInicial}::date, ${dataFinal}::date, ${JSON.stringify(resumo)}::jsonb, ${JSON.stringify(naoPagos)}::jsonb,
          ${op.usuario})`,
  );
  const fim = performance.now();
  const tempos = {
    lerEGravarMs: Math.round(lidoEGravado - inicio),
    conciliarMs: Math.round(conciliado - lidoEGravado),
    baixarMs: Math.round(fim - conciliado),
  };
  return { _id: extratoId, nome: entrada.nome, resumo, divergencias, erros, tempos };
}

/** The store's imports, newest first. */
export async function listarExtratos(
  db: Db,
  grupo: string,
  empresas: readonly string[],
  limite = 50,
): Promise<ExtratoImportado[]> {
  const linhas = await consultar(
    db,
    sql`select e.id, e.empresa_id, e.operadora_id, op.descricao as operadora, e.nome, e.created_at::text as criado,
               e.resumo
          from financeiro_extrato_operadora e left join operadora op on op.id = e.operadora_id
         where e.grupo_empresarial_id = ${grupo} and e.empresa_id = any(${textos(empresas)})
         order by e.created_at desc, e.id desc limit ${limite}`,
  );
  return linhas.map((l) => ({
    _id: String(l.id),
    empresa: String(l.empresa_id),
    operadora: { _id: String(l.operadora_id), descricao: String(l.operadora ?? '') },
    nome: String(l.nome),
    createdAt: String(l.criado),
    resumo: l.resumo as ResumoExtrato,
  }));
}

/** One import's divergences as they stand: its lines that did not match right, and what it found unpaid. */
export async function divergenciasDoExtrato(
  db: Db,
  grupo: string,
  id: string,
): Promise<{ empresa: string; divergencias: DivergenciaExtrato[] } | undefined> {
  const e = await consultarUm(
    db,
    sql`select empresa_id, nao_pagos from financeiro_extrato_operadora where id = ${id} and grupo_empresarial_id = ${grupo}`,
  );
  if (!e) return undefined;
  const linhas = await consultar(
    db,
    sql`select l.linha, l.situacao, l.titulo_id, t.descricao, l.nsu, l.autorizacao, l.data_venda::text as data_venda,
               l.parcela, t.vencimento::text as vencimento, l.data_pagamento::text as data_pagamento,
               (t.valor - t.taxa)::text as esperado, l.valor_liquido::text as pago, l.diferenca::text as diferenca,
               l.dias_atraso, l.motivo
          from financeiro_extrato_linha l left join financeiro_titulo t on t.id = l.titulo_id
         where l.grupo_empresarial_id = ${grupo} and l.extrato_id = ${id} and l.situacao <> 'ok'
         order by l.linha`,
  );
  const divergencias: DivergenciaExtrato[] = linhas.map((l) => ({
    tipo: String(l.situacao) as DivergenciaExtrato['tipo'],
    linha: Number(l.linha),
    titulo: l.titulo_id ? { _id: String(l.titulo_id), descricao: String(l.descricao ?? '') } : null,
    nsu: (l.nsu as string | null) ?? null,
    autorizacao: (l.autorizacao as string | null) ?? null,
    dataVenda: (l.data_venda as string | null) ?? null,
    parcela: Number(l.parcela),
    dataPrevista: (l.vencimento as string | null) ?? null,
    dataPagamento: (l.data_pagamento as string | null) ?? null,
    esperado: (l.esperado as string | null) ?? null,
    pago: (l.pago as string | null) ?? null,
    diferenca: (l.diferenca as string | null) ?? null,
    diasAtraso: l.dias_atraso === null ? null : Number(l.dias_atraso),
    motivo: l.situacao === 'desconhecido' ? ((l.motivo as string | null) ?? null) : null,
  }));
  divergencias.push(...((e.nao_pagos as DivergenciaExtrato[]) ?? []));
  return { empresa: String(e.empresa_id), divergencias };
}
