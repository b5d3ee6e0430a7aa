import {
  DESCRICAO_MOTIVO_SAIDA,
  escreverCentavos,
  escreverEstoque,
  type ItemSaidaManual,
  lerEscalado,
  lerEstoque,
  MOTIVOS_SAIDA_MANUAL,
  type MotivoSaidaManual,
  type ProdutoEstoque,
  type SaidaManualDocumento,
  type UsuarioMovimento,
  type ValorEstoqueEmpresa,
} from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { consultar, type Linha, arrayTexto as textos } from '../../db/consultar.ts';
import { ORIGEM } from './estoque.service.ts';

// Reads of the stock screens (estoqueSaidaManual, relatorioMovimentacaoProdutos, relatorioEstoqueProduto): the
// manual exit documents of a store, the products a document may name with their balance, and the stock value
// per store. Nothing here writes; the documents and the kardex live in estoque.service.ts.

/** The cost the store's `tipoCusto` shows (s = estoque_saldo, p = produto_geral, e = empresa). */
const CUSTO_DO_TIPO = sql`case coalesce(e.configuracoes_estoque ->> 'tipoCusto', 'custoMedio')
    when 'ultimoCusto' then coalesce(s.ultimo_custo, s.custo_medio)
    when 'custoReposicao' then coalesce(p.custo, s.custo_medio)
    else s.custo_medio end`;

/** Start of a business day in São Paulo (spec 1 §9: -03:00, no daylight saving since 2019). */
const inicioDoDia = (dia: string) => `${dia}T00:00:00-03:00`;
const diaSeguinte = (dia: string) => {
  const d = new Date(`${dia}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
};

const centavos = (v: unknown) => escreverCentavos(BigInt(lerEscalado(String(v ?? '0'), 2, 'arredondar')));
const estoque = (v: unknown) => escreverEstoque(lerEstoque(String(v ?? '0')));
const usuario = (id: unknown, nome: unknown): UsuarioMovimento | null =>
  id ? { _id: String(id), nome: String(nome ?? '') } : null;

/** 'Perda - caiu no chão' -> perda + 'caiu no chão' (the exit writes `${label} - ${observação}`). */
export function lerMotivoSaida(texto: string | null): {
  motivo: MotivoSaidaManual | null;
  observacao: string | null;
} {
  if (!texto) return { motivo: null, observacao: null };
  for (const m of MOTIVOS_SAIDA_MANUAL) {
    const rotulo = DESCRICAO_MOTIVO_SAIDA[m];
    if (texto === rotulo) return { motivo: m, observacao: null };
    if (texto.startsWith(`${rotulo} - `)) return { motivo: m, observacao: texto.slice(rotulo.length + 3) };
  }
  return { motivo: null, observacao: texto };
}

export class ServicoConsultasEstoque {
  constructor(private readonly db: Db) {}

  /**
   * Manual exit documents of a store, newest first: the moves of origin 'saida_manual' grouped by document id,
   * each line with its reversal when there is one. `limite` counts documents, not lines.
   */
  async saidasManuais(
    grupo: string,
    empresa: string,
    filtro: { dataInicio?: string; dataFim?: string; limite: number },
  ): Promise<SaidaManualDocumento[]> {
    const desde = filtro.dataInicio ? inicioDoDia(filtro.dataInicio) : null;
    const ate = filtro.dataFim ? inicioDoDia(diaSeguinte(filtro.dataFim)) : null;
    const linhas = await consultar(
      this.db,
      sql`with docs as (
            select origem_id, min(data) as data, min(seq) as seq
              from estoque_movimento
             where grupo_empresarial_id = ${grupo} and empresa_id = ${empresa}
               and origem_tipo = ${ORIGEM.saidaManual} and origem_id is not null
               ${desde ? sql`and data >= ${desde}::timestamptz` : sql``}
               ${ate ? sql`and data < ${ate}::timestamptz` : sql``}
             group by origem_id
             order by min(data) desc, min(seq) desc
             limit ${filtro.limite})
          select d.origem_id, m.id, m.data, m.quantidade::text as quantidade, m.custo_unitario::text as custo,
                 m.valor::text as valor, m.motivo, m.usuario_id, u.nome as usuario_nome,
                 m.produto_id, p.descricao, p.codigo_interno, un.sigla as unidade,
                 x.id as estorno_id, x.data as estorno_data, x.motivo as estorno_motivo,
                 x.usuario_id as estorno_usuario_id, xu.nome as estorno_usuario_nome
            from docs d
            join estoque_movimento m on m.grupo_empresarial_id = ${grupo} and m.origem_tipo = ${ORIGEM.saidaManual}
                                    and m.origem_id = d.origem_id and m.empresa_id = ${empresa}
            left join produto_geral p on p.id = m.produto_id and p.grupo_empresarial_id = m.grupo_empresarial_id
            left join unidade_medida un on un.id = p.unidade_id and un.grupo_empresarial_id = p.grupo_empresarial_id
            left join usuario u on u.id = m.usuario_id and u.grupo_empresarial_id = m.grupo_empresarial_id
            left join estoque_movimento x on x.grupo_empresarial_id = m.grupo_empresarial_id and x.estorno_de = m.id
            left join usuario xu on xu.id = x.usuario_id and xu.grupo_empresarial_id = x.grupo_empresarial_id
           order by d.data desc, d.seq desc, m.seq`,
    );
    const documentos = new Map<string, SaidaManualDocumento & { total: bigint; estornado: bigint }>();
    for (const l of linhas) {
      const id = String(l.origem_id);
      let doc = documentos.get(id);
      if (!doc) {
        const texto = l.motivo === null ? null : String(l.motivo);
        doc = {
          _id: id,
          empresa,
          data: new Date(String(l.data)).toISOString(),
          ...lerMotivoSaida(texto),
          motivoDescricao: texto,
          usuario: usuario(l.usuario_id, l.usuario_nome),
          valorTotal: '0.00',
          valorEstornado: '0.00',
          itens: [],
          total: 0n,
          estornado: 0n,
        };
        documentos.set(id, doc);
      }
      const item = itemDaLinha(l);
      const valor = BigInt(lerEscalado(item.valor, 2, 'arredondar'));
      doc.total += valor;
      if (item.estorno) doc.estornado += valor;
      doc.itens.push(item);
    }
    return [...documentos.values()].map(({ total, estornado, ...doc }) => ({
      ...doc,
      valorTotal: escreverCentavos(total),
      valorEstornado: escreverCentavos(estornado),
    }));
  }

  /**
   * Products a stock document may name, with their balance and cost in the store: by name (any part), internal
   * code or barcode, or by ids (the lines already on a form). Products that never moved there show zero.
   */
  async produtos(
    grupo: string,
    empresa: string,
    filtro: { busca?: string; produtos?: string[]; limite: number },
  ): Promise<ProdutoEstoque[]> {
    const termo = filtro.busca?.trim() ?? '';
    const codigo = /^\d{1,9}$/.test(termo) ? Number(termo) : null;
    const parte = `%${termo.toLowerCase()}%`;
    const condicao = filtro.produtos?.length
      ? sql`and p.id = any(${textos(filtro.produtos)})`
      : termo
        ? sql`and (lower(p.descricao) like ${parte} or p.gtin = ${termo}
                   ${codigo === null ? sql`` : sql`or p.codigo_interno = ${codigo}`})`
        : sql``;
    const linhas = await consultar(
      this.db,
      sql`select p.id, p.descricao, p.codigo_interno, un.sigla as unidade,
                 coalesce(s.quantidade, 0)::text as quantidade, coalesce(s.custo_medio, 0)::text as custo_medio,
                 coalesce(${CUSTO_DO_TIPO}, p.custo, 0)::text as custo
            from produto_geral p
            join empresa e on e.id = ${empresa} and e.grupo_empresarial_id = p.grupo_empresarial_id
            left join estoque_saldo s on s.grupo_empresarial_id = p.grupo_empresarial_id and s.empresa_id = e.id
                                     and s.produto_id = p.id
            left join unidade_medida un on un.id = p.unidade_id and un.grupo_empresarial_id = p.grupo_empresarial_id
           where p.grupo_empresarial_id = ${grupo} and p.lixo = false ${condicao}
           order by ${codigo === null ? sql`` : sql`(p.codigo_interno = ${codigo}) desc,`} p.descricao, p.id
           limit ${filtro.produtos?.length ? filtro.produtos.length : filtro.limite}`,
    );
    return linhas.map((l) => ({
      _id: String(l.id),
      descricao: String(l.descricao ?? ''),
      codigoInterno: l.codigo_interno === null ? null : Number(l.codigo_interno),
      unidade: l.unidade === null ? null : String(l.unidade),
      quantidade: estoque(l.quantidade),
      custoMedio: estoque(l.custo_medio),
      custo: estoque(l.custo),
    }));
  }

  /** Stock value per store under the position report's filter (the bar chart beside the table). */
  async valorPorEmpresa(
    grupo: string,
    empresas: readonly string[],
    filtro: { busca?: string; somenteComSaldo?: boolean },
  ): Promise<ValorEstoqueEmpresa[]> {
    const busca = filtro.busca?.trim() ? `%${filtro.busca.trim().toLowerCase()}%` : null;
    const linhas = await consultar(
      this.db,
      sql`select e.id, coalesce(e.nome_fantasia, e.descricao) as loja, count(x.produto_id)::int as produtos,
                 coalesce(sum(x.valor), 0)::text as valor
            from empresa e
            left join lateral (
              select s.produto_id, round(s.quantidade * ${CUSTO_DO_TIPO}, 2) as valor
                from estoque_saldo s
                join produto_geral p on p.id = s.produto_id and p.grupo_empresarial_id = s.grupo_empresarial_id
               where s.grupo_empresarial_id = e.grupo_empresarial_id and s.empresa_id = e.id
                 ${filtro.somenteComSaldo ? sql`and s.quantidade <> 0` : sql``}
                 ${busca ? sql`and lower(p.descricao) like ${busca}` : sql``}) x on true
           where e.grupo_empresarial_id = ${grupo} and e.id = any(${textos(empresas)})
           group by e.id, loja
           order by loja`,
    );
    return linhas.map((l) => ({
      empresa: { _id: String(l.id), descricao: String(l.loja ?? '') },
      produtos: Number(l.produtos ?? 0),
      valor: centavos(l.valor),
    }));
  }
}

function itemDaLinha(l: Linha): ItemSaidaManual {
  // Exits are stored negative; the document shows what went out.
  const quantidade = -lerEstoque(String(l.quantidade));
  const valor = -BigInt(lerEscalado(String(l.valor), 2, 'arredondar'));
  return {
    _id: String(l.id),
    produto: {
      _id: String(l.produto_id),
      descricao: String(l.descricao ?? ''),
      codigoInterno: l.codigo_interno === null ? null : Number(l.codigo_interno),
      unidade: l.unidade === null ? null : String(l.unidade),
    },
    quantidade: escreverEstoque(quantidade),
    custoUnitario: estoque(l.custo),
    valor: escreverCentavos(valor),
    estorno: l.estorno_id
      ? {
          _id: String(l.estorno_id),
          data: new Date(String(l.estorno_data)).toISOString(),
          motivo: l.estorno_motivo === null ? null : String(l.estorno_motivo),
          usuario: usuario(l.estorno_usuario_id, l.estorno_usuario_nome),
        }
      : null,
  };
}
