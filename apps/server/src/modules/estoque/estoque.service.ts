import {
  converterUnidade,
  custoPorUnidadeDeEstoque,
  DESCRICAO_MOTIVO_SAIDA,
  DESCRICAO_TIPO_MOVIMENTO,
  type EntradaEstoque,
  ehTipoMovimentoEstoque,
  escreverCentavos,
  escreverEstoque,
  lerEscalado,
  lerEstoque,
  type MovimentoKardex,
  type PosicaoEstoque,
  type SaidaManualEntrada,
  TIPO_MOVIMENTO_ESTOQUE,
  valorDoMovimento,
} from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { consultar, arrayTexto as textos } from '../../db/consultar.ts';
import { ErroNegocio } from '../../lib/envelope.ts';
import { type MovimentoGravado, registrarMovimentos } from './livro.ts';

// Stock documents that write moves (manual exit, entry, reversal) and the reads of the ledger (position,
// kardex). Each document is idempotent by its client-made `_id`: the moves carry it as origin, and a second
// send of the same document answers the moves already written.

export const ORIGEM = {
  saidaManual: 'saida_manual',
  entrada: 'entrada',
  venda: 'venda',
  estorno: 'estorno',
} as const;

/** Origins a user may reverse from the kardex; the others are reversed by their own document. */
const ORIGENS_ESTORNAVEIS = new Set<string>([ORIGEM.saidaManual, ORIGEM.entrada]);

export interface Operador {
  grupo: string;
  usuario: string;
}

async function produtosDoGrupo(db: Db, grupo: string, ids: readonly string[]) {
  const linhas = await consultar(
    db,
    sql`select id, descricao, tipo_produto from produto_geral
         where grupo_empresarial_id = ${grupo} and id = any(${textos(ids)}) and lixo = false`,
  );
  const mapa = new Map(linhas.map((l) => [String(l.id), l]));
  for (const i of ids) if (!mapa.has(i)) throw new ErroNegocio('Produto não encontrado!');
  return mapa;
}

async function movimentosDaOrigem(db: Db, grupo: string, origemTipo: string, origemId: string) {
  return consultar(
    db,
    sql`select id from estoque_movimento
         where grupo_empresarial_id = ${grupo} and origem_tipo = ${origemTipo} and origem_id = ${origemId}
         limit 1`,
  );
}

function repetirDocumento(moves: readonly MovimentoGravado[]) {
  return { movimentos: moves };
}

async function relerDocumento(db: Db, grupo: string, origemTipo: string, origemId: string) {
  const linhas = await consultar(
    db,
    sql`select id, empresa_id, produto_id, data, tipo, quantidade::text as quantidade,
               custo_unitario::text as custo_unitario, valor::text as valor, saldo_apos::text as saldo_apos,
               custo_medio_apos::text as custo_medio_apos
          from estoque_movimento
         where grupo_empresarial_id = ${grupo} and origem_tipo = ${origemTipo} and origem_id = ${origemId}
         order by seq`,
  );
  return linhas.map(
    (l): MovimentoGravado => ({
      _id: String(l.id),
      empresa: String(l.empresa_id),
      produto: String(l.produto_id),
      data: new Date(String(l.data)).toISOString(),
      tipo: Number(l.tipo) as MovimentoGravado['tipo'],
      quantidade: String(l.quantidade),
      custoUnitario: String(l.custo_unitario),
      valor: String(l.valor),
      saldoApos: String(l.saldo_apos),
      custoMedioApos: String(l.custo_medio_apos),
    }),
  );
}

export class ServicoEstoque {
  constructor(private readonly db: Db) {}

  /** Losses, breakage, expiry, internal use: exits at the average cost, with the reason. */
  async saidaManual(op: Operador, e: SaidaManualEntrada) {
    return this.db.transaction(async (tx) => {
      await this.travarDocumento(tx, e._id);
      if ((await movimentosDaOrigem(tx, op.grupo, ORIGEM.saidaManual, e._id)).length) {
        return repetirDocumento(await relerDocumento(tx, op.grupo, ORIGEM.saidaManual, e._id));
      }
      await produtosDoGrupo(tx, op.grupo, [...new Set(e.itens.map((i) => i.produto))]);
      const motivo = `${DESCRICAO_MOTIVO_SAIDA[e.motivo]}${e.observacao?.trim() ? ` - ${e.observacao.trim()}` : ''}`;
      const movimentos = await registrarMovimentos(
        tx,
        op.grupo,
        e.itens.map((i) => ({
          empresa: e.empresa,
          produto: i.produto,
          data: e.data,
          tipo: TIPO_MOVIMENTO_ESTOQUE.saidaManual,
          quantidade: -lerEstoque(i.quantidade),
          origemTipo: ORIGEM.saidaManual,
          origemId: e._id,
          motivo,
          usuario: op.usuario,
        })),
      );
      return { movimentos };
    });
  }

  /**
   * Goods received (the NF-e import and the purchase order post through here): quantities and costs in the
   * purchase unit are turned into stock units by the product's conversion factor of that unit.
   */
  async entrada(op: Operador, e: EntradaEstoque, db: Db = this.db) {
    const executar = async (tx: Db) => {
      await this.travarDocumento(tx, e._id);
      if ((await movimentosDaOrigem(tx, op.grupo, ORIGEM.entrada, e._id)).length) {
        return repetirDocumento(await relerDocumento(tx, op.grupo, ORIGEM.entrada, e._id));
      }
      const produtos = await produtosDoGrupo(tx, op.grupo, [...new Set(e.itens.map((i) => i.produto))]);
      const fatores = await fatoresDeConversao(tx, op.grupo, e.itens);
      const movimentos = await registrarMovimentos(
        tx,
        op.grupo,
        e.itens.map((i) => {
          let quantidade = lerEstoque(i.quantidade);
          let custo = lerEstoque(i.custoUnitario);
          if (i.unidadeEntrada) {
            const fator = fatores.get(`${i.produto}:${i.unidadeEntrada}`);
            if (!fator) {
              const descricao = String(produtos.get(i.produto)?.descricao ?? i.produto);
              throw new ErroNegocio(
                `O produto ${descricao} não tem fator de conversão para a unidade informada: cadastre-o em Fator de Conversão.`,
              );
            }
            quantidade = converterUnidade(quantidade, fator);
            custo = custoPorUnidadeDeEstoque(custo, fator);
          }
          return {
            empresa: e.empresa,
            produto: i.produto,
            data: e.data,
            tipo: TIPO_MOVIMENTO_ESTOQUE.entrada,
            quantidade,
            custoUnitario: custo,
            origemTipo: ORIGEM.entrada,
            origemId: e._id,
            documento: e.documento ?? null,
            motivo: e.observacao ?? null,
            usuario: op.usuario,
          };
        }),
      );
      return { movimentos };
    };
    return db === this.db ? this.db.transaction(executar) : executar(db);
  }

  /** Reverses a manual move (a wrong exit or entry): a new move of the opposite sign, pointing to it. */
  async estornar(op: Operador, movimentoId: string, motivo: string, empresasPermitidas: ReadonlySet<string>) {
    return this.db.transaction(async (tx) => {
      const [m] = await consultar(
        tx,
        sql`select id, empresa_id, produto_id, tipo, quantidade::text as quantidade, custo_informado,
                   custo_unitario::text as custo_unitario, origem_tipo, origem_id
              from estoque_movimento where grupo_empresarial_id = ${op.grupo} and id = ${movimentoId}
              for update`,
      );
      if (!m || !empresasPermitidas.has(String(m.empresa_id)))
        throw new ErroNegocio('Movimento não encontrado!');
      if (!ORIGENS_ESTORNAVEIS.has(String(m.origem_tipo))) {
        throw new ErroNegocio(
          'Este movimento é estornado pelo seu documento (venda, inventário, transferência ou produção).',
        );
      }
      if (String(m.origem_tipo) === ORIGEM.entrada && m.origem_id) {
        // An inbound NF-e is reversed whole by its note (the order's quantities go back with it).
        const [nota] = await consultar(
          tx,
          sql`select 1 from estoque_entrada_nota where grupo_empresarial_id = ${op.grupo} and id = ${String(m.origem_id)}`,
        );
        if (nota) {
          throw new ErroNegocio(
            'Esta entrada é de uma nota fiscal: estorne a nota inteira em Entrada de Nota Fiscal.',
          );
        }
      }
      const [ja] = await consultar(
        tx,
        sql`select id from estoque_movimento where grupo_empresarial_id = ${op.grupo} and estorno_de = ${movimentoId} limit 1`,
      );
      if (ja) throw new ErroNegocio('Este movimento já foi estornado.');
      const quantidade = -lerEstoque(String(m.quantidade));
      const [gravado] = await registrarMovimentos(tx, op.grupo, [
        {
          empresa: String(m.empresa_id),
          produto: String(m.produto_id),
          tipo: TIPO_MOVIMENTO_ESTOQUE.estorno,
          quantidade,
          // An entry goes out at its own cost; an exit comes back at the average (as it went out).
          custoUnitario: m.custo_informado ? lerEstoque(String(m.custo_unitario)) : null,
          origemTipo: ORIGEM.estorno,
          origemId: String(m.origem_id ?? ''),
          estornoDe: movimentoId,
          motivo,
          usuario: op.usuario,
        },
      ]);
      return gravado;
    });
  }

  /** Kardex of one product in one store, newest first, a page at a time (keyset on (data, seq)). */
  async kardex(grupo: string, empresa: string, produto: string, limite: number, antesDe?: string) {
    let cursor: { data: string; seq: number } | null = null;
    if (antesDe) {
      const [data, seq] = antesDe.split('|');
      const n = Number(seq);
      if (!data || Number.isNaN(new Date(data).getTime()) || !Number.isSafeInteger(n)) {
        throw new ErroNegocio('Página inválida: recarregue o kardex.');
      }
      cursor = { data, seq: n };
    }
    const linhas = await consultar(
      this.db,
      sql`select m.id, m.data, m.seq, m.tipo, m.quantidade::text as quantidade, m.custo_unitario::text as custo,
                 m.valor::text as valor, m.saldo_apos::text as saldo, m.custo_medio_apos::text as medio,
                 m.origem_tipo, m.origem_id, m.estorno_de, m.motivo, m.documento, m.usuario_id, u.nome as usuario_nome,
                 exists (select 1 from estoque_movimento e where e.grupo_empresarial_id = m.grupo_empresarial_id
                          and e.estorno_de = m.id) as estornado,
                 exists (select 1 from estoque_entrada_nota n where n.grupo_empresarial_id = m.grupo_empresarial_id
                          and n.id = m.origem_id) as de_nota
            from estoque_movimento m
            left join usuario u on u.id = m.usuario_id and u.grupo_empresarial_id = m.grupo_empresarial_id
           where m.grupo_empresarial_id = ${grupo} and m.empresa_id = ${empresa} and m.produto_id = ${produto}
             ${cursor ? sql`and (m.data, m.seq) < (${cursor.data}::timestamptz, ${cursor.seq}::bigint)` : sql``}
           order by m.data desc, m.seq desc
           limit ${limite}`,
    );
    const itens = linhas.map((l): MovimentoKardex => {
      const data = new Date(String(l.data)).toISOString();
      const tipo = Number(l.tipo);
      return {
        _id: String(l.id),
        data,
        tipo,
        tipoDescricao: ehTipoMovimentoEstoque(tipo) ? DESCRICAO_TIPO_MOVIMENTO[tipo] : String(tipo),
        quantidade: escreverEstoque(lerEstoque(String(l.quantidade))),
        custoUnitario: escreverEstoque(lerEstoque(String(l.custo))),
        valor: escreverCentavos(BigInt(lerEscalado(String(l.valor), 2, 'arredondar'))),
        saldoApos: escreverEstoque(lerEstoque(String(l.saldo))),
        custoMedioApos: escreverEstoque(lerEstoque(String(l.medio))),
        origemTipo: String(l.origem_tipo),
        origemId: l.origem_id === null ? null : String(l.origem_id),
        estornoDe: l.estorno_de === null ? null : String(l.estorno_de),
        estornado: Boolean(l.estornado),
        estornavel:
          ORIGENS_ESTORNAVEIS.has(String(l.origem_tipo)) &&
          l.estorno_de === null &&
          !l.estornado &&
          !l.de_nota,
        motivo: l.motivo === null ? null : String(l.motivo),
        documento: l.documento === null ? null : String(l.documento),
        usuario: l.usuario_id ? { _id: String(l.usuario_id), nome: String(l.usuario_nome ?? '') } : null,
        cursor: `${data}|${String(l.seq)}`,
      };
    });
    return { itens, proximo: itens.length === limite ? (itens.at(-1)?.cursor ?? null) : null };
  }

  /**
   * Stock position of the stores' products with their value at the cost each store's `tipoCusto` chooses
   * (custoMedio by default, ultimoCusto, or custoReposicao = the product's registered cost).
   */
  async posicao(
    grupo: string,
    empresas: readonly string[],
    filtro: { busca?: string; somenteComSaldo?: boolean; pagina: number; limite: number },
  ): Promise<{ itens: PosicaoEstoque[]; total: number; valorTotal: string }> {
    const busca = filtro.busca?.trim() ? `%${filtro.busca.trim().toLowerCase()}%` : null;
    const condicoes = sql`s.grupo_empresarial_id = ${grupo} and s.empresa_id = any(${textos(empresas)})
      ${busca ? sql`and lower(p.descricao) like ${busca}` : sql``}
      ${filtro.somenteComSaldo ? sql`and s.quantidade <> 0` : sql``}`;
    const custo = sql`case coalesce(e.configuracoes_estoque ->> 'tipoCusto', 'custoMedio')
        when 'ultimoCusto' then coalesce(s.ultimo_custo, s.custo_medio)
        when 'custoReposicao' then coalesce(p.custo, s.custo_medio)
        else s.custo_medio end`;
    const [totais] = await consultar(
      this.db,
      sql`select count(*)::int as total, coalesce(sum(round(s.quantidade * ${custo}, 2)), 0)::text as valor
            from estoque_saldo s
            join produto_geral p on p.id = s.produto_id and p.grupo_empresarial_id = s.grupo_empresarial_id
            join empresa e on e.id = s.empresa_id and e.grupo_empresarial_id = s.grupo_empresarial_id
           where ${condicoes}`,
    );
    const linhas = await consultar(
      this.db,
      sql`select s.empresa_id, coalesce(e.nome_fantasia, e.descricao) as loja, s.produto_id, p.descricao,
                 p.codigo_interno, coalesce(un.sigla, un.descricao) as unidade, s.quantidade::text as quantidade,
                 s.custo_medio::text as custo_medio, s.ultimo_custo::text as ultimo_custo, p.custo::text as custo_cadastro,
                 (${custo})::text as custo, round(s.quantidade * ${custo}, 2)::text as valor, s.ultima_data
            from estoque_saldo s
            join produto_geral p on p.id = s.produto_id and p.grupo_empresarial_id = s.grupo_empresarial_id
            join empresa e on e.id = s.empresa_id and e.grupo_empresarial_id = s.grupo_empresarial_id
            left join unidade_medida un on un.id = p.unidade_id and un.grupo_empresarial_id = p.grupo_empresarial_id
           where ${condicoes}
           order by p.descricao, loja, s.produto_id
           limit ${filtro.limite} offset ${(filtro.pagina - 1) * filtro.limite}`,
    );
    return {
      total: Number(totais?.total ?? 0),
      valorTotal: escreverCentavos(BigInt(lerEscalado(String(totais?.valor ?? '0'), 2, 'arredondar'))),
      itens: linhas.map((l) => ({
        empresa: { _id: String(l.empresa_id), descricao: String(l.loja ?? '') },
        produto: {
          _id: String(l.produto_id),
          descricao: String(l.descricao ?? ''),
          codigoInterno: l.codigo_interno === null ? null : Number(l.codigo_interno),
          unidade: l.unidade === null ? null : String(l.unidade),
        },
        quantidade: escreverEstoque(lerEstoque(String(l.quantidade))),
        custoMedio: escreverEstoque(lerEstoque(String(l.custo_medio))),
        ultimoCusto: l.ultimo_custo === null ? null : escreverEstoque(lerEstoque(String(l.ultimo_custo))),
        custoCadastro:
          l.custo_cadastro === null ? null : escreverEstoque(lerEstoque(String(l.custo_cadastro))),
        custo: escreverEstoque(lerEstoque(String(l.custo))),
        valor: escreverCentavos(
          valorDoMovimento(lerEstoque(String(l.quantidade)), lerEstoque(String(l.custo))),
        ),
        ultimaData: l.ultima_data ? new Date(String(l.ultima_data)).toISOString() : null,
      })),
    };
  }

  /** Two sends of one document at once: the second waits for the first and then answers its moves. */
  private async travarDocumento(tx: Db, id: string): Promise<void> {
    await consultar(tx, sql`select pg_advisory_xact_lock(hashtextextended(${`estoque-doc:${id}`}, 0))`);
  }
}

/** Conversion factors (stock units per purchase unit) of the (product, unit) pairs of an entry. */
async function fatoresDeConversao(
  db: Db,
  grupo: string,
  itens: readonly { produto: string; unidadeEntrada?: string | undefined }[],
): Promise<Map<string, bigint>> {
  const pares = itens.filter((i) => i.unidadeEntrada);
  if (!pares.length) return new Map();
  const linhas = await consultar(
    db,
    sql`select produto_geral_id, unidade_entrada_id, fator_conversao::text as fator
          from estoque_produto_fator_conversao
         where grupo_empresarial_id = ${grupo} and lixo = false
           and produto_geral_id = any(${textos(pares.map((p) => p.produto))})`,
  );
  const mapa = new Map<string, bigint>();
  for (const l of linhas) {
    const fator = lerEstoque(String(l.fator));
    if (fator > 0n) mapa.set(`${String(l.produto_geral_id)}:${String(l.unidade_entrada_id)}`, fator);
  }
  return mapa;
}
