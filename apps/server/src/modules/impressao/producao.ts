import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { consultar, consultarUm } from '../../db/consultar.ts';
import { ErroNegocio } from '../../lib/envelope.ts';
import { ehId } from '../../lib/ids.ts';
import {
  arrayIds,
  type ContextoImpressao,
  type ImpressaoResumo,
  type JobNovo,
  type NovaImpressao,
  type ServicoImpressao,
  validarNova,
} from './impressao.service.ts';
import { layoutProducao, type VendaImpressao } from './layouts/layouts.ts';
import {
  type AlteracaoComChave,
  calcularProducao,
  type Enviado,
  type LinhaProducao,
} from './layouts/producao.ts';

// Production tickets (kitchen, bar...): per print sector of the sale's products, only what each sector has
// not had yet. Split from impressao.service.ts, which keeps the jobs themselves.

/**
 * Print sectors of products in a store: the product's own produtoGeralSetorEmpresa wins; otherwise the
 * setorImpressaoProducao rules of its categories/families (optionally only for some sale types).
 */
export async function setoresDosProdutos(
  db: Db,
  grupo: string,
  empresaId: string,
  produtos: readonly string[],
  tipoVenda: number,
): Promise<Map<string, string[]>> {
  const r = new Map<string, string[]>();
  const ids = [...new Set(produtos.filter(ehId))];
  if (ids.length === 0) return r;
  // One statement (this runs after every sale write that reaches the kitchen): each product with its own
  // registrations for the store, and the store's category/family rules (read once, repeated on each row).
  const produtosLinhas = await consultar(
    db,
    sql`select p.id, p.categorias_ids, p.familias_ids,
          (select json_agg(pse.setores_impressao_ids) from produto_geral_setor_empresa pse
            where pse.grupo_empresarial_id = p.grupo_empresarial_id and pse.empresa_id = ${empresaId}
              and pse.lixo = false and pse.produto_geral_id = p.id) as proprios,
          (select coalesce(json_agg(json_build_object('agrupadores', x.agrupadores_ids,
              'setores', x.setores_impressao_ids, 'tipos', x.tipos_venda)), '[]'::json)
             from setor_impressao_producao x
            where x.grupo_empresarial_id = ${grupo} and x.empresa_id = ${empresaId} and x.lixo = false
              and x.ativo = true) as regras
        from produto_geral p
        where p.grupo_empresarial_id = ${grupo} and p.id = any(${arrayIds(ids)})`,
  );
  const regras = (produtosLinhas[0]?.regras ?? []) as {
    agrupadores: unknown;
    setores: unknown;
    tipos: unknown;
  }[];
  for (const p of produtosLinhas) {
    // The product's own registration wins (even an empty one); otherwise the rules of its groups.
    const proprios = p.proprios as (string[] | null)[] | null;
    if (proprios) {
      r.set(p.id as string, [...new Set(proprios.flatMap((x) => x ?? []))]);
      continue;
    }
    const agrupadores = new Set([
      ...((p.categorias_ids as string[] | null) ?? []),
      ...((p.familias_ids as string[] | null) ?? []),
    ]);
    const setores = new Set<string>();
    for (const regra of regras) {
      const tipos = Array.isArray(regra.tipos) ? (regra.tipos as { id?: unknown }[]) : [];
      if (tipos.length > 0 && !tipos.some((t) => t?.id === tipoVenda)) continue;
      if (!((regra.agrupadores as string[] | null) ?? []).some((a) => agrupadores.has(a))) continue;
      for (const s of (regra.setores as string[] | null) ?? []) setores.add(s);
    }
    if (setores.size > 0) r.set(p.id as string, [...setores]);
  }
  return r;
}

/**
 * Production tickets of a sale: the difference against what the sectors already got, one ticket per
 * print sector (numeroVias copies each). Everything (jobs and the new 'sent' state) commits together, so a
 * retry after a failure prints the same difference and a repeat prints nothing.
 */
export async function imprimirProducao(
  servico: ServicoImpressao,
  ctx: ContextoImpressao,
  e: {
    terminalId: string;
    vendaId: string;
    venda: VendaImpressao;
    itens: readonly ItemProducaoEntrada[];
    /** Store name and operator for the ticket header; the store's name is looked up when absent. */
    empresaNome?: string | null;
  },
): Promise<ResultadoImpressaoProducao> {
  const g = ctx.grupoEmpresarialId;
  const resultado = await servico.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    const terminal = await servico.terminal(g, e.terminalId, db);
    const empresaId = terminal.empresaId;
    const setoresPorProduto = await setoresDosProdutos(
      db,
      g,
      empresaId,
      e.itens.map((i) => i.produtoId),
      e.venda.tipoVenda,
    );
    const linhas: LinhaProducao[] = e.itens.map((i) => ({
      chave: i.chave,
      descricao: i.descricao,
      quantidade: i.quantidade,
      obs: i.obs ?? '',
      partes: i.partes ?? [],
      cancelado: i.cancelado ?? false,
      setores: setoresPorProduto.get(i.produtoId) ?? [],
      atendente: i.atendente ?? null,
    }));
    // The sale's 'sent' state. The first ticket of a sale (a counter sale's only one) writes it already
    // computed and holds it by inserting; a later one finds it taken, locks it, computes again from it.
    const agora = servico.tempo.agora().toISOString();
    let calculo = calcularProducao(linhas, {});
    const criada = await consultarUm(
      db,
      sql`insert into impressao_producao_enviada (grupo_empresarial_id, empresa_id, venda_id, enviado)
          values (${g}, ${empresaId}, ${e.vendaId}, ${JSON.stringify(calculo.enviado)}::jsonb)
          on conflict do nothing returning empresa_id`,
    );
    if (!criada) {
      const linha = await consultarUm(
        db,
        sql`select empresa_id, enviado from impressao_producao_enviada
            where grupo_empresarial_id = ${g} and venda_id = ${e.vendaId} for update`,
      );
      if (linha?.empresa_id !== empresaId) throw new ErroNegocio('Venda de outra empresa.');
      const anterior = (linha.enviado as Enviado | null) ?? {};
      calculo = calcularProducao(linhas, anterior);
      // A write that changed nothing of the kitchen leaves the state as it is (no new row version).
      if (JSON.stringify(calculo.enviado) !== JSON.stringify(anterior)) {
        await consultar(
          db,
          sql`update impressao_producao_enviada set enviado = ${JSON.stringify(calculo.enviado)}::jsonb,
                updated_at = ${agora}::timestamptz
              where grupo_empresarial_id = ${g} and venda_id = ${e.vendaId}`,
        );
      }
    }
    const setoresLidos = await servico.setores(g, empresaId, [...calculo.porSetor.keys()], db);
    const jobs: JobNovo[] = [];
    const setores: { setorImpressao: string; descricao: string; itens: AlteracaoComChave[] }[] = [];
    for (const [setorId, itens] of calculo.porSetor) {
      const setor = setoresLidos.get(setorId);
      if (!setor) {
        calculo.semSetor.push(...itens);
        continue;
      }
      const documento = layoutProducao({
        cabecalho: {
          empresa: String(e.empresaNome ?? terminal.empresaNome),
          terminal: terminal.descricao,
          data: agora,
        },
        venda: e.venda,
        setor: setor.descricao,
        itens,
      });
      const nova: NovaImpressao = {
        terminalId: terminal.id,
        setorImpressaoId: setor.id,
        tipoImpressao: 3,
        documento,
        producaoItens: itens,
        origemId: e.vendaId,
      };
      validarNova(nova);
      jobs.push(...servico.montarJobs(ctx, terminal, setor, nova));
      setores.push({ setorImpressao: setor.id, descricao: setor.descricao, itens });
    }
    const impressoes = await servico.inserirJobs(db, jobs);
    return { impressoes, setores, semSetor: calculo.semSetor };
  });
  servico.avisarNovas(resultado.impressoes);
  return resultado;
}

export interface ItemProducaoEntrada {
  /** Stable key of the sale line (its numeroItem). */
  chave: string;
  produtoId: string;
  descricao: string;
  quantidade: string;
  obs?: string | null;
  partes?: string[] | null;
  cancelado?: boolean | null;
  atendente?: string | null;
}

export interface ResultadoImpressaoProducao {
  impressoes: ImpressaoResumo[];
  setores: { setorImpressao: string; descricao: string; itens: AlteracaoComChave[] }[];
  semSetor: AlteracaoComChave[];
}
