import {
  consumoDosItens,
  diaBrasileiro,
  diaDoEstoque,
  type ItemConsumo,
  lerEstoque,
  type Receita,
  TIPO_MOVIMENTO_ESTOQUE,
} from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { arrayBigint, consultar, type Linha, arrayTexto as textos } from '../../db/consultar.ts';
import { erroParaLog } from '../../lib/erro-sem-sql.ts';
import { idDaReferencia } from '../../lib/ids.ts';
import { TrabalhadorFila } from '../../lib/trabalhador-fila.ts';
import { aoEncerrarVenda } from '../vendas/vendas.service.ts';
import { ORIGEM } from './estoque.service.ts';
import { datasFechadas, type NovoMovimento, registrarMovimentos } from './livro.ts';

// Stock consumption by sale (issue 17), exactly once and off the sale's request. A trigger on `venda` writes
// a row to `estoque_venda_pendente` in the sale's own transaction when it ends or leaves 'ended'. This worker
// takes rows (skip locked: several instances share the work), locks their sales, and makes each sale's
// consumption moves equal what it should have consumed now: its recipes if it is ended, nothing if it was
// cancelled or reopened. The difference with what is already written is what gets written, in the same
// transaction that deletes the rows, so a crash, a retry or a second row of the same sale writes nothing twice.

export const LOTE_CONSUMO = 400;

interface Opcoes {
  intervaloMs: number;
  lote: number;
}

function itensDaLinha(l: Linha): ItemConsumo | null {
  const produto = idDaReferencia(l.produto);
  if (!produto) return null;
  const filhos = Array.isArray(l.produtos_filho) ? (l.produtos_filho as unknown[]) : [];
  return {
    produto,
    quantidade: String(l.quantidade),
    cancelado: Boolean(l.cancelado),
    produtosFilho: filhos.flatMap((f) => {
      const p = idDaReferencia((f as { produto?: unknown }).produto);
      const parte = Number((f as { quantidadeParte?: unknown }).quantidadeParte ?? 1);
      return p ? [{ produto: p, quantidadeParte: Number.isInteger(parte) && parte > 0 ? parte : 1 }] : [];
    }),
  };
}

/** Runs one batch; answers how many outbox rows it handled (0 = nothing pending). */
export async function processarConsumo(db: Db, lote = LOTE_CONSUMO, agora = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    const pendentes = await consultar(
      tx,
      sql`select id, grupo_empresarial_id, venda_id from estoque_venda_pendente
           order by id limit ${lote} for update skip locked`,
    );
    if (!pendentes.length) return 0;
    const vendaIds = [...new Set(pendentes.map((p) => String(p.venda_id)))].sort();
    // The sale's lock: two rows of one sale taken by two instances never reconcile it at once.
    const vendas = await consultar(
      tx,
      sql`select id, grupo_empresarial_id, empresa_id, status, numero, encerrada_em, updated_at from venda
           where id = any(${textos(vendaIds)}) order by id for update`,
    );
    const encerradas = vendas.filter((v) => Number(v.status) === 59).map((v) => String(v.id));
    const itens = encerradas.length
      ? await consultar(
          tx,
          sql`select venda_id, produto, produtos_filho, quantidade::text as quantidade, cancelado
                from venda_item where venda_id = any(${textos(encerradas)})`,
        )
      : [];
    const itensPorVenda = new Map<string, ItemConsumo[]>();
    for (const l of itens) {
      const item = itensDaLinha(l);
      if (!item) continue;
      const lista = itensPorVenda.get(String(l.venda_id)) ?? [];
      lista.push(item);
      itensPorVenda.set(String(l.venda_id), lista);
    }
    const linhasAplicadas = await consultar(
      tx,
      sql`select m.origem_id, m.produto_id, sum(m.quantidade)::text as quantidade,
                 (array_agg(m.id order by m.seq desc) filter (where m.tipo = ${TIPO_MOVIMENTO_ESTOQUE.consumoVenda}
                   and not exists (select 1 from estoque_movimento e where e.estorno_de = m.id)))[1] as aberto
            from estoque_movimento m
           -- the group leads the origin index: without it every batch read the whole index
           where m.grupo_empresarial_id = any(${textos([...new Set(vendas.map((v) => String(v.grupo_empresarial_id)))])})
             and m.origem_tipo = ${ORIGEM.venda} and m.origem_id = any(${textos(vendaIds)})
           group by m.origem_id, m.produto_id`,
    );
    // What each sale's moves already say, per product: grouped once, read per sale below.
    const aplicados = new Map<string, Map<string, Linha>>();
    for (const a of linhasAplicadas) {
      const venda = String(a.origem_id);
      const porProduto = aplicados.get(venda) ?? new Map<string, Linha>();
      porProduto.set(String(a.produto_id), a);
      aplicados.set(venda, porProduto);
    }
    const porGrupo = new Map<string, typeof vendas>();
    for (const v of vendas) {
      const g = String(v.grupo_empresarial_id);
      porGrupo.set(g, [...(porGrupo.get(g) ?? []), v]);
    }
    for (const [grupo, lista] of porGrupo) {
      const movimentos = await movimentosDoGrupo(tx, grupo, lista, itensPorVenda, aplicados, agora);
      if (movimentos.length)
        await registrarMovimentos(tx, grupo, movimentos, { permitirNegativo: true, agora });
    }
    await consultar(
      tx,
      sql`delete from estoque_venda_pendente where id = any(${arrayBigint(pendentes.map((p) => String(p.id)))})`,
    );
    return pendentes.length;
  });
}

async function movimentosDoGrupo(
  tx: Db,
  grupo: string,
  vendas: readonly Linha[],
  itensPorVenda: ReadonlyMap<string, ItemConsumo[]>,
  aplicados: ReadonlyMap<string, ReadonlyMap<string, Linha>>,
  agora: Date,
): Promise<NovoMovimento[]> {
  const vendidos = new Set<string>();
  for (const v of vendas) {
    for (const i of itensPorVenda.get(String(v.id)) ?? []) {
      vendidos.add(i.produto);
      for (const f of i.produtosFilho ?? []) vendidos.add(f.produto);
    }
  }
  const receitas = new Map<string, Receita>();
  const produtos = new Map<string, { tipoProduto: number }>();
  if (vendidos.size) {
    const fichas = await consultar(
      tx,
      sql`select produto_geral_id, rendimento::text as rendimento, itens from estoque_ficha_tecnica
           where grupo_empresarial_id = ${grupo} and lixo = false and padrao = true
             and produto_geral_id = any(${textos([...vendidos])})`,
    );
    for (const f of fichas) {
      const linhas = Array.isArray(f.itens) ? (f.itens as Record<string, unknown>[]) : [];
      receitas.set(String(f.produto_geral_id), {
        rendimento: f.rendimento === null ? null : String(f.rendimento),
        itens: linhas.flatMap((l) => {
          const p = idDaReferencia(l.produto);
          return p && l.quantidade !== undefined && l.quantidade !== null
            ? [
                {
                  produto: p,
                  quantidade: String(l.quantidade),
                  fatorCorrecao: l.fatorCorrecao == null ? null : String(l.fatorCorrecao),
                },
              ]
            : [];
        }),
      });
    }
    const tipos = await consultar(
      tx,
      sql`select id, (tipo_produto ->> 'id')::int as tipo from produto_geral
           where grupo_empresarial_id = ${grupo} and id = any(${textos([...vendidos])})`,
    );
    for (const t of tipos) produtos.set(String(t.id), { tipoProduto: Number(t.tipo ?? 1) });
  }

  // What each sale should have consumed now.
  const desejado = new Map<string, Map<string, bigint>>();
  const empresas = [...new Set(vendas.map((v) => String(v.empresa_id)))];
  const controle = await controleDasLojas(tx, grupo, empresas);
  for (const v of vendas) {
    const vendaId = String(v.id);
    const mapa = new Map<string, bigint>();
    if (Number(v.status) === 59) {
      const itens = itensPorVenda.get(vendaId) ?? [];
      const consumo = consumoDosItens(itens, receitas, produtos);
      const semReceita = new Set(
        itens
          .flatMap((i) => [i.produto, ...(i.produtosFilho ?? []).map((f) => f.produto)])
          .filter((p) => !receitas.has(p)),
      );
      const loja = String(v.empresa_id);
      for (const [produto, q] of consumo) {
        const marcado = controle.get(`${loja}:${produto}`);
        // A product sold as it is moves only where the store controls it (a can of soda); an ingredient of a
        // recipe always moves, unless the store said it does not control it.
        if (marcado === false) continue;
        if (semReceita.has(produto) && marcado !== true) continue;
        mapa.set(produto, -lerEstoque(q));
      }
    }
    desejado.set(vendaId, mapa);
  }

  const fechadas = await datasFechadas(tx, grupo, empresas);
  const movimentos: NovoMovimento[] = [];
  for (const v of vendas) {
    const vendaId = String(v.id);
    const loja = String(v.empresa_id);
    const quer = desejado.get(vendaId)!;
    const feitos = aplicados.get(vendaId) ?? new Map<string, Linha>();
    const produtosDaVenda = new Set([...quer.keys(), ...feitos.keys()]);
    const encerrada = Number(v.status) === 59;
    // Consumption counts when the sale ended; a reversal when it was cancelled or reopened (its last write).
    let data = new Date(String((encerrada ? v.encerrada_em : v.updated_at) ?? agora.toISOString()));
    let motivo: string | null = null;
    const fechadoAte = fechadas.get(loja);
    const dia = diaDoEstoque(data);
    if (fechadoAte && dia <= fechadoAte) {
      // A sale synced late into a closed period moves now, saying so: the sale happened, its stock must move.
      motivo = `Venda de ${diaBrasileiro(dia)} recebida com o período fechado até ${diaBrasileiro(fechadoAte)}`;
      data = agora;
    }
    for (const produto of produtosDaVenda) {
      const feito = feitos.get(produto);
      const jaAplicado = feito ? lerEstoque(String(feito.quantidade)) : 0n;
      const delta = (quer.get(produto) ?? 0n) - jaAplicado;
      if (delta === 0n) continue;
      const aberto = feito?.aberto ? String(feito.aberto) : null;
      const estorno = delta > 0n;
      movimentos.push({
        empresa: loja,
        produto,
        data: data.toISOString(),
        tipo: estorno ? TIPO_MOVIMENTO_ESTOQUE.estorno : TIPO_MOVIMENTO_ESTOQUE.consumoVenda,
        quantidade: delta,
        origemTipo: ORIGEM.venda,
        origemId: vendaId,
        // A whole reversal points to the consumption it undoes.
        estornoDe: estorno && aberto && delta === -jaAplicado ? aberto : null,
        documento: `nº ${String(v.numero)}`,
        motivo,
      });
    }
  }
  return movimentos;
}

/** Per store and product: controlaEstoque of estoqueCadastro (absent = no row). */
async function controleDasLojas(
  tx: Db,
  grupo: string,
  empresas: readonly string[],
): Promise<Map<string, boolean>> {
  const linhas = await consultar(
    tx,
    sql`select empresa_id, produto_geral_id, coalesce(controla_estoque, true) as controla from estoque_cadastro
         where grupo_empresarial_id = ${grupo} and empresa_id = any(${textos(empresas)}) and lixo = false`,
  );
  return new Map(
    linhas.map((l) => [`${String(l.empresa_id)}:${String(l.produto_geral_id)}`, Boolean(l.controla)]),
  );
}

/** The worker of one server: drains at start, when a sale ends here, and every `intervaloMs` (other instances). */
export class ConsumoPorVenda extends TrabalhadorFila {
  constructor(db: Db, opcoes: Opcoes, log: (erro: unknown) => void) {
    // A failed batch (a lost connection, a lock timeout) leaves its rows for the next wake-up.
    super(() => processarConsumo(db, opcoes.lote), opcoes.intervaloMs, log);
  }
}

export function iniciarConsumoPorVenda(app: FastifyInstance): ConsumoPorVenda {
  const intervaloMs = Number(process.env.ESTOQUE_CONSUMO_INTERVALO_MS ?? 1000);
  const worker = new ConsumoPorVenda(
    app.servicos.banco.db,
    { intervaloMs: Number.isFinite(intervaloMs) && intervaloMs > 0 ? intervaloMs : 1000, lote: LOTE_CONSUMO },
    (erro) =>
      app.log.error({ erro: erroParaLog(erro) }, 'consumo de estoque por venda falhou; tenta de novo'),
  );
  aoEncerrarVenda(app.servicos, async () => {
    worker.acordar();
    return undefined;
  });
  app.addHook('onReady', async () => worker.iniciar());
  app.addHook('onClose', async () => worker.parar());
  return worker;
}
