import {
  type AlterarTransferencia,
  type ConfiguracaoTransferencia,
  type CriarTransferencia,
  conferirRecebimentoTransferencia,
  custoBaseDaTransferencia,
  custoComPercentual,
  diaDoEstoque,
  escreverCentavos,
  escreverEstoque,
  type FinanceiroTransferencia,
  financeiroDaTransferencia,
  type ItemTransferencia,
  type LinhaRelatorioTransferencia,
  type LojaComCnpj,
  type LojaDaTransferencia,
  lerConfiguracaoTransferencia,
  lerEscalado,
  lerEstoque,
  ORIGEM_TRANSFERENCIA,
  type ReceberTransferencia,
  type RelatorioTransferencia,
  recusaPlanosDeConta,
  recusaTransferencia,
  STATUS_TRANSFERENCIA,
  type StatusTransferencia,
  TIPO_MOVIMENTO_ESTOQUE,
  TIPOS_CUSTO,
  type TipoCusto,
  type TransferenciaDetalhe,
  type TransferenciaResumo,
  valorDoMovimento,
} from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { consultar, type Linha, arrayTexto as textos } from '../../db/consultar.ts';
import { ErroNegocio } from '../../lib/envelope.ts';
import { novoId } from '../../lib/ids.ts';
import { cancelarTitulosTransferencia, faturarTransferencia } from '../financeiro/titulos-transferencia.ts';
import { registrarMovimentos } from './livro.ts';

// Stock transfers between the stores of a group (estoqueTransferencia, issue 17). A draft names the origin, the
// destination and the lines. Shipping writes one 'transferenciaSaida' per line at the origin through the
// ledger (at its average; refused where the origin refuses negative stock), fixes the cost that travels (the
// origin's tipoCusto + addPercentualTransferencia) and the finance titles the transfer must generate.
// Receiving writes one 'transferenciaEntrada' per line at the destination at that cost; what did not arrive
// stays on the line as a loss in transit with its reason. Cancelling a shipped transfer brings the goods back
// to the origin with reversal moves. Shipping, receiving and cancelling lock the transfer's row: two receipts
// at once write one set of entries, the second answers the first. See docs/decisions/0018-transferencias.md.

export interface Operador {
  grupo: string;
  usuario: string;
}

const quantidade = (v: unknown) => escreverEstoque(lerEstoque(String(v)));
const centavos = (v: unknown) => BigInt(lerEscalado(String(v ?? '0'), 2, 'arredondar'));
const dinheiro = (v: unknown) => escreverCentavos(centavos(v));
const talvez = <T>(v: unknown, f: (x: unknown) => T): T | null =>
  v === null || v === undefined ? null : f(v);
const iso = (v: unknown) => (v === null || v === undefined ? null : new Date(String(v)).toISOString());
const pessoa = (idUsuario: unknown, nome: unknown) =>
  idUsuario ? { _id: String(idUsuario), nome: String(nome ?? '') } : null;
const dataHoraBrasileira = (instante: string) =>
  new Intl.DateTimeFormat('pt-BR', {
    timeZone: 'America/Sao_Paulo',
    dateStyle: 'short',
    timeStyle: 'short',
  }).format(new Date(instante));

/** A client's date may run a few minutes ahead of the server's clock; more than that is a mistake. */
const TOLERANCIA_FUTURO_MS = 5 * 60_000;

/** Name of a store as the screens show it. */
export const NOME_LOJA_SQL = (alias: string) =>
  sql.raw(`coalesce(${alias}.nome_fantasia, ${alias}.descricao)`);

const CABECALHO_SQL = sql`
  select t.id, t.numero, t.status, t.empresa_origem_id, t.empresa_destino_id, ${NOME_LOJA_SQL('eo')} as origem_nome,
         ${NOME_LOJA_SQL('ed')} as destino_nome, t.observacao, t.pedido_transferencia_id, pt.numero as pedido_numero,
         t.tipo_custo, t.percentual_adicional::text as percentual_adicional, t.atualizar_preco_custo,
         t.valor_enviado::text as valor_enviado, t.valor_recebido::text as valor_recebido,
         t.valor_divergencia::text as valor_divergencia, t.financeiro, t.gerou_faturamento,
         t.criado_por, uc.nome as criado_nome, t.created_at, t.enviado_por, ue.nome as enviado_nome, t.enviado_em,
         t.recebido_por, ur.nome as recebido_nome, t.recebido_em, t.observacao_recebimento,
         t.cancelado_por, ux.nome as cancelado_nome, t.cancelado_em, t.motivo_cancelamento,
         (select count(*)::int from estoque_transferencia_item i
           where i.grupo_empresarial_id = t.grupo_empresarial_id and i.transferencia_id = t.id) as itens
    from estoque_transferencia t
    join empresa eo on eo.id = t.empresa_origem_id and eo.grupo_empresarial_id = t.grupo_empresarial_id
    join empresa ed on ed.id = t.empresa_destino_id and ed.grupo_empresarial_id = t.grupo_empresarial_id
    left join estoque_pedido_transferencia pt on pt.id = t.pedido_transferencia_id
         and pt.grupo_empresarial_id = t.grupo_empresarial_id
    left join usuario uc on uc.id = t.criado_por and uc.grupo_empresarial_id = t.grupo_empresarial_id
    left join usuario ue on ue.id = t.enviado_por and ue.grupo_empresarial_id = t.grupo_empresarial_id
    left join usuario ur on ur.id = t.recebido_por and ur.grupo_empresarial_id = t.grupo_empresarial_id
    left join usuario ux on ux.id = t.cancelado_por and ux.grupo_empresarial_id = t.grupo_empresarial_id`;

function resumo(l: Linha): TransferenciaResumo {
  const status = String(l.status);
  const tipo = l.tipo_custo === null ? null : String(l.tipo_custo);
  const financeiro = (l.financeiro ?? null) as FinanceiroTransferencia | null;
  return {
    _id: String(l.id),
    numero: Number(l.numero),
    status: (STATUS_TRANSFERENCIA as readonly string[]).includes(status)
      ? (status as StatusTransferencia)
      : 'cancelada',
    origem: { _id: String(l.empresa_origem_id), descricao: String(l.origem_nome ?? '') },
    destino: { _id: String(l.empresa_destino_id), descricao: String(l.destino_nome ?? '') },
    observacao: l.observacao === null ? null : String(l.observacao),
    itens: Number(l.itens ?? 0),
    tipoCusto:
      tipo !== null && (TIPOS_CUSTO as readonly string[]).includes(tipo) ? (tipo as TipoCusto) : null,
    percentualAdicional: l.percentual_adicional === null ? null : String(l.percentual_adicional),
    atualizarPrecoCusto: l.atualizar_preco_custo === null ? null : Boolean(l.atualizar_preco_custo),
    valorEnviado: talvez(l.valor_enviado, dinheiro),
    valorRecebido: talvez(l.valor_recebido, dinheiro),
    valorDivergencia: talvez(l.valor_divergencia, dinheiro),
    // The column is the truth of whether finance wrote the titles (it sets it in its own transaction).
    financeiro: financeiro ? { ...financeiro, gerouFaturamento: Boolean(l.gerou_faturamento) } : null,
    pedido: l.pedido_transferencia_id
      ? { _id: String(l.pedido_transferencia_id), numero: Number(l.pedido_numero ?? 0) }
      : null,
    criadoPor: pessoa(l.criado_por, l.criado_nome),
    createdAt: iso(l.created_at)!,
    enviadoPor: pessoa(l.enviado_por, l.enviado_nome),
    enviadoEm: iso(l.enviado_em),
    recebidoPor: pessoa(l.recebido_por, l.recebido_nome),
    recebidoEm: iso(l.recebido_em),
    observacaoRecebimento: l.observacao_recebimento === null ? null : String(l.observacao_recebimento),
    canceladoPor: pessoa(l.cancelado_por, l.cancelado_nome),
    canceladoEm: iso(l.cancelado_em),
    motivoCancelamento: l.motivo_cancelamento === null ? null : String(l.motivo_cancelamento),
  };
}

function item(l: Linha): ItemTransferencia {
  return {
    produto: {
      _id: String(l.produto_id),
      descricao: String(l.produto_descricao ?? ''),
      codigoInterno: l.codigo_interno === null ? null : Number(l.codigo_interno),
      unidade: l.unidade === null ? null : String(l.unidade),
    },
    quantidade: quantidade(l.quantidade),
    planoDeContaCredito: l.plano_de_conta_credito === null ? null : String(l.plano_de_conta_credito),
    planoDeContaDebito: l.plano_de_conta_debito === null ? null : String(l.plano_de_conta_debito),
    saldoOrigem: quantidade(l.saldo_origem ?? '0'),
    custoSaida: talvez(l.custo_saida, quantidade),
    custoUnitario: talvez(l.custo_unitario, quantidade),
    valorEnviado: talvez(l.valor_enviado, dinheiro),
    quantidadeRecebida: talvez(l.quantidade_recebida, quantidade),
    valorRecebido: talvez(l.valor_recebido, dinheiro),
    divergencia: talvez(l.divergencia, quantidade),
    valorDivergencia: talvez(l.valor_divergencia, dinheiro),
    motivoDivergencia: l.motivo_divergencia === null ? null : String(l.motivo_divergencia),
  };
}

interface Cabecalho {
  id: string;
  numero: number;
  status: StatusTransferencia;
  origem: string;
  destino: string;
  pedido: string | null;
  enviadoEm: string | null;
  tipoCusto: TipoCusto;
  percentual: string;
  atualizarPrecoCusto: boolean;
  financeiro: FinanceiroTransferencia | null;
}

/** Locks a transfer's row for the rest of the transaction (ship, receive and cancel happen once). */
async function travar(tx: Db, grupo: string, id: string): Promise<Cabecalho> {
  const [l] = await consultar(
    tx,
    sql`select id, numero, status, empresa_origem_id, empresa_destino_id, pedido_transferencia_id, enviado_em,
               tipo_custo, percentual_adicional::text as percentual, atualizar_preco_custo, financeiro
          from estoque_transferencia where grupo_empresarial_id = ${grupo} and id = ${id} for update`,
  );
  if (!l) throw new ErroNegocio('Transferência não encontrada!');
  const status = String(l.status);
  const tipo = String(l.tipo_custo ?? 'custoMedio');
  return {
    id: String(l.id),
    numero: Number(l.numero),
    status: (STATUS_TRANSFERENCIA as readonly string[]).includes(status)
      ? (status as StatusTransferencia)
      : 'cancelada',
    origem: String(l.empresa_origem_id),
    destino: String(l.empresa_destino_id),
    pedido: l.pedido_transferencia_id === null ? null : String(l.pedido_transferencia_id),
    enviadoEm: iso(l.enviado_em),
    tipoCusto: (TIPOS_CUSTO as readonly string[]).includes(tipo) ? (tipo as TipoCusto) : 'custoMedio',
    percentual: String(l.percentual ?? '0'),
    atualizarPrecoCusto: Boolean(l.atualizar_preco_custo),
    financeiro: (l.financeiro ?? null) as FinanceiroTransferencia | null,
  };
}

function recusar(acao: Parameters<typeof recusaTransferencia>[0], status: StatusTransferencia): void {
  const motivo = recusaTransferencia(acao, status);
  if (motivo) throw new ErroNegocio(motivo, { status });
}

/** The stores of a transfer with what shipping reads (CNPJ, stock settings); refuses another group's store. */
async function lerLojas(
  db: Db,
  grupo: string,
  ids: readonly string[],
): Promise<Map<string, LojaComCnpj & { configuracoesEstoque: unknown }>> {
  const linhas = await consultar(
    db,
    sql`select e.id, ${NOME_LOJA_SQL('e')} as nome, e.cnpj, e.configuracoes_estoque
          from empresa e where e.grupo_empresarial_id = ${grupo} and e.id = any(${textos(ids)}) and e.lixo = false`,
  );
  const mapa = new Map(
    linhas.map((l) => [
      String(l.id),
      {
        _id: String(l.id),
        descricao: String(l.nome ?? ''),
        cnpj: l.cnpj === null ? null : String(l.cnpj),
        configuracoesEstoque: l.configuracoes_estoque,
      },
    ]),
  );
  for (const i of ids) if (!mapa.has(i)) throw new ErroNegocio('Empresa não encontrada!');
  return mapa;
}

/** Products of the group (not in the trash), by id; refuses an unknown one. */
export async function exigirProdutos(db: Db, grupo: string, ids: readonly string[]): Promise<void> {
  const linhas = await consultar(
    db,
    sql`select id from produto_geral where grupo_empresarial_id = ${grupo} and id = any(${textos(ids)}) and lixo = false`,
  );
  if (linhas.length !== new Set(ids).size) throw new ErroNegocio('Produto não encontrado!');
}

/** The group's next number of a transfer or a request (one sequence per group, under a lock). */
export async function proximoNumero(
  tx: Db,
  grupo: string,
  tabela: 'estoque_transferencia' | 'estoque_pedido_transferencia',
) {
  await consultar(tx, sql`select pg_advisory_xact_lock(hashtextextended(${`${tabela}-numero:${grupo}`}, 0))`);
  const [n] = await consultar(
    tx,
    sql`select coalesce(max(numero), 0) + 1 as numero from ${sql.identifier(tabela)}
         where grupo_empresarial_id = ${grupo}`,
  );
  return Number(n?.numero ?? 1);
}
/** Two sends of one document at once: the second waits for the first, then finds it. */
export async function travarDocumento(tx: Db, id: string): Promise<void> {
  await consultar(tx, sql`select pg_advisory_xact_lock(hashtextextended(${`estoque-doc:${id}`}, 0))`);
}

function exigirDataValida(data: string, agora: Date, oQue: string): void {
  if (Date.parse(data) > agora.getTime() + TOLERANCIA_FUTURO_MS) {
    throw new ErroNegocio(`A data ${oQue} não pode ser futura.`);
  }
}

/** What creating a transfer needs (a request finalised passes its own). */
export type NovaTransferencia = Omit<CriarTransferencia, 'enviar'> & { pedido?: string };

export class ServicoTransferencias {
  constructor(private readonly db: Db) {}

  /** The origin and destination of a transfer (routes check the user's permission in them). */
  async lojasDaTransferencia(grupo: string, id: string): Promise<{ origem: string; destino: string }> {
    const [l] = await consultar(
      this.db,
      sql`select empresa_origem_id, empresa_destino_id from estoque_transferencia
           where grupo_empresarial_id = ${grupo} and id = ${id}`,
    );
    if (!l) throw new ErroNegocio('Transferência não encontrada!');
    return { origem: String(l.empresa_origem_id), destino: String(l.empresa_destino_id) };
  }

  async obter(grupo: string, id: string, db: Db = this.db): Promise<TransferenciaDetalhe> {
    const [l] = await consultar(
      db,
      sql`${CABECALHO_SQL} where t.grupo_empresarial_id = ${grupo} and t.id = ${id}`,
    );
    if (!l) throw new ErroNegocio('Transferência não encontrada!');
    const transferencia = resumo(l);
    const itens = await consultar(
      db,
      sql`select i.produto_id, p.descricao as produto_descricao, p.codigo_interno, un.sigla as unidade,
                 i.quantidade::text as quantidade, i.plano_de_conta_credito, i.plano_de_conta_debito,
                 coalesce(s.quantidade, 0)::text as saldo_origem, i.custo_saida::text as custo_saida,
                 i.custo_unitario::text as custo_unitario, i.valor_enviado::text as valor_enviado,
                 i.quantidade_recebida::text as quantidade_recebida, i.valor_recebido::text as valor_recebido,
                 i.divergencia::text as divergencia, i.valor_divergencia::text as valor_divergencia,
                 i.motivo_divergencia
            from estoque_transferencia_item i
            join produto_geral p on p.id = i.produto_id and p.grupo_empresarial_id = i.grupo_empresarial_id
            left join unidade_medida un on un.id = p.unidade_id and un.grupo_empresarial_id = p.grupo_empresarial_id
            left join estoque_saldo s on s.grupo_empresarial_id = i.grupo_empresarial_id
                 and s.empresa_id = ${transferencia.origem._id} and s.produto_id = i.produto_id
           where i.grupo_empresarial_id = ${grupo} and i.transferencia_id = ${id}
           order by i.ordem`,
    );
    return { transferencia, itens: itens.map(item) };
  }

  async listar(
    grupo: string,
    lojas: readonly string[],
    filtro: {
      papel?: 'enviadas' | 'recebidas';
      status?: StatusTransferencia;
      pagina: number;
      limite: number;
    },
  ): Promise<{ itens: TransferenciaResumo[]; total: number }> {
    const l = textos(lojas);
    const papel =
      filtro.papel === 'enviadas'
        ? sql`t.empresa_origem_id = any(${l})`
        : filtro.papel === 'recebidas'
          ? sql`t.empresa_destino_id = any(${l})`
          : sql`(t.empresa_origem_id = any(${l}) or t.empresa_destino_id = any(${l}))`;
    const onde = sql`t.grupo_empresarial_id = ${grupo} and ${papel}
      ${filtro.status ? sql`and t.status = ${filtro.status}` : sql``}`;
    const [total] = await consultar(
      this.db,
      sql`select count(*)::int as n from estoque_transferencia t where ${onde}`,
    );
    const linhas = await consultar(
      this.db,
      sql`${CABECALHO_SQL} where ${onde} order by t.created_at desc, t.numero desc
           limit ${filtro.limite} offset ${(filtro.pagina - 1) * filtro.limite}`,
    );
    return { itens: linhas.map(resumo), total: Number(total?.n ?? 0) };
  }

  /** The stores a transfer may name (origin or destination): every active store of the group. */
  async lojasDoGrupo(grupo: string): Promise<LojaDaTransferencia[]> {
    const linhas = await consultar(
      this.db,
      sql`select e.id, ${NOME_LOJA_SQL('e')} as nome from empresa e
           where e.grupo_empresarial_id = ${grupo} and e.lixo = false order by e.codigo_interno, nome`,
    );
    return linhas.map((l) => ({ _id: String(l.id), descricao: String(l.nome ?? '') }));
  }

  /**
   * Creates a draft, idempotent by the client's `_id` (a second send answers the first); with `enviar`, ships
   * it in the same transaction (a refusal to ship creates nothing).
   */
  async criar(op: Operador, e: CriarTransferencia, agora: Date): Promise<TransferenciaDetalhe> {
    return this.db.transaction(async (tx) => {
      const criada = await this.criarNaTransacao(tx, op, e);
      if (criada === 'existente') return { ...(await this.obter(op.grupo, e._id, tx)), repetido: true };
      if (e.enviar) return this.enviarNaTransacao(tx, op, e._id, undefined, agora);
      return this.obter(op.grupo, e._id, tx);
    });
  }

  /** Inserts a draft in the caller's transaction; 'existente' when the id was already used. */
  async criarNaTransacao(tx: Db, op: Operador, e: NovaTransferencia): Promise<'criada' | 'existente'> {
    await travarDocumento(tx, e._id);
    const [existe] = await consultar(
      tx,
      sql`select id from estoque_transferencia where grupo_empresarial_id = ${op.grupo} and id = ${e._id}`,
    );
    if (existe) return 'existente';
    if (e.empresaOrigem === e.empresaDestino) {
      throw new ErroNegocio('A loja de destino deve ser diferente da loja de origem.');
    }
    await lerLojas(tx, op.grupo, [e.empresaOrigem, e.empresaDestino]);
    await exigirProdutos(
      tx,
      op.grupo,
      e.itens.map((i) => i.produto),
    );
    const numero = await proximoNumero(tx, op.grupo, 'estoque_transferencia');
    await consultar(
      tx,
      sql`insert into estoque_transferencia (id, grupo_empresarial_id, numero, empresa_origem_id, empresa_destino_id,
            status, observacao, pedido_transferencia_id, criado_por)
          values (${e._id}, ${op.grupo}, ${numero}, ${e.empresaOrigem}, ${e.empresaDestino}, 'rascunho',
                  ${e.observacao?.trim() || null}, ${e.pedido ?? null}, ${op.usuario})`,
    );
    await gravarItens(tx, op.grupo, e._id, e.itens);
    return 'criada';
  }

  /** Changes a draft's destination, note and lines. */
  async alterar(op: Operador, id: string, e: AlterarTransferencia): Promise<TransferenciaDetalhe> {
    return this.db.transaction(async (tx) => {
      const cab = await travar(tx, op.grupo, id);
      recusar('alterar', cab.status);
      if (e.empresaDestino === cab.origem) {
        throw new ErroNegocio('A loja de destino deve ser diferente da loja de origem.');
      }
      await lerLojas(tx, op.grupo, [e.empresaDestino]);
      await exigirProdutos(
        tx,
        op.grupo,
        e.itens.map((i) => i.produto),
      );
      await consultar(
        tx,
        sql`update estoque_transferencia set empresa_destino_id = ${e.empresaDestino},
                   observacao = ${e.observacao?.trim() || null}, updated_at = now()
             where grupo_empresarial_id = ${op.grupo} and id = ${id}`,
      );
      await consultar(
        tx,
        sql`delete from estoque_transferencia_item where grupo_empresarial_id = ${op.grupo} and transferencia_id = ${id}`,
      );
      await gravarItens(tx, op.grupo, id, e.itens);
      return this.obter(op.grupo, id, tx);
    });
  }

  async enviar(
    op: Operador,
    id: string,
    data: string | undefined,
    agora: Date,
  ): Promise<TransferenciaDetalhe> {
    return this.db.transaction((tx) => this.enviarNaTransacao(tx, op, id, data, agora));
  }

  /**
   * Ships a draft: exits at the origin, the cost that travels and the finance titles. A transfer already
   * shipped (or received) answers as it is, with `repetido`.
   */
  async enviarNaTransacao(
    tx: Db,
    op: Operador,
    id: string,
    dataInformada: string | undefined,
    agora: Date,
  ): Promise<TransferenciaDetalhe> {
    const cab = await travar(tx, op.grupo, id);
    if (cab.status === 'enviada' || cab.status === 'recebida') {
      return { ...(await this.obter(op.grupo, id, tx)), repetido: true };
    }
    recusar('enviar', cab.status);
    const data = dataInformada ?? agora.toISOString();
    exigirDataValida(data, agora, 'de envio');
    const lojas = await lerLojas(tx, op.grupo, [cab.origem, cab.destino]);
    const origem = lojas.get(cab.origem)!;
    const destino = lojas.get(cab.destino)!;
    const config = lerConfiguracaoTransferencia(origem.configuracoesEstoque);
    const linhas = await consultar(
      tx,
      sql`select i.produto_id, i.quantidade::text as quantidade, i.plano_de_conta_credito, i.plano_de_conta_debito,
                 p.custo::text as custo_cadastro
            from estoque_transferencia_item i
            join produto_geral p on p.id = i.produto_id and p.grupo_empresarial_id = i.grupo_empresarial_id
           where i.grupo_empresarial_id = ${op.grupo} and i.transferencia_id = ${id}
           order by i.ordem`,
    );
    if (!linhas.length) throw new ErroNegocio('Informe ao menos um produto.');
    const planos = linhas.map((l) => ({
      planoDeContaCredito: l.plano_de_conta_credito === null ? null : String(l.plano_de_conta_credito),
      planoDeContaDebito: l.plano_de_conta_debito === null ? null : String(l.plano_de_conta_debito),
    }));
    // Spec 1 §5: before any move, so a store without its plan accounts ships nothing.
    const semPlano = recusaPlanosDeConta(config, origem, destino, planos);
    if (semPlano) throw new ErroNegocio(semPlano, { empresa: origem._id });

    const documento = `Transferência nº ${cab.numero}`;
    const saidas = await registrarMovimentos(
      tx,
      op.grupo,
      linhas.map((l) => ({
        empresa: cab.origem,
        produto: String(l.produto_id),
        data,
        tipo: TIPO_MOVIMENTO_ESTOQUE.transferenciaSaida,
        quantidade: -lerEstoque(String(l.quantidade)),
        origemTipo: ORIGEM_TRANSFERENCIA,
        origemId: id,
        documento,
        motivo: `Para ${destino.descricao}`,
        usuario: op.usuario,
      })),
      { agora },
    );
    const saidaDe = new Map(saidas.map((s) => [s.produto, s]));
    const ultimos = new Map(
      (
        await consultar(
          tx,
          sql`select produto_id, ultimo_custo::text as ultimo_custo from estoque_saldo
               where grupo_empresarial_id = ${op.grupo} and empresa_id = ${cab.origem}
                 and produto_id = any(${textos(linhas.map((l) => String(l.produto_id)))})`,
        )
      ).map((s) => [
        String(s.produto_id),
        s.ultimo_custo === null ? null : lerEstoque(String(s.ultimo_custo)),
      ]),
    );
    const calculadas = linhas.map((l, i) => {
      const produto = String(l.produto_id);
      const q = lerEstoque(String(l.quantidade));
      const saida = saidaDe.get(produto)!;
      const custoSaida = lerEstoque(saida.custoUnitario);
      const base = custoBaseDaTransferencia(config.tipoCusto, {
        custoMedio: custoSaida,
        ultimoCusto: ultimos.get(produto) ?? null,
        custoCadastro: l.custo_cadastro === null ? null : lerEstoque(String(l.custo_cadastro)),
      });
      const custo = custoComPercentual(base, config.addPercentualTransferencia);
      return {
        produto,
        movimento: saida._id,
        custoSaida,
        custo,
        valorCentavos: valorDoMovimento(q, custo),
        ...planos[i]!,
      };
    });
    const financeiro = financeiroDaTransferencia({
      numero: cab.numero,
      origem,
      destino,
      dia: diaDoEstoque(new Date(data)),
      config,
      linhas: calculadas,
    });
    await consultar(
      tx,
      sql`update estoque_transferencia_item i set custo_saida = x.custo_saida::numeric,
                 custo_unitario = x.custo::numeric, valor_enviado = x.valor::numeric, movimento_saida_id = x.movimento
            from unnest(${textos(calculadas.map((c) => c.produto))}, ${textos(calculadas.map((c) => escreverEstoque(c.custoSaida)))},
                        ${textos(calculadas.map((c) => escreverEstoque(c.custo)))},
                        ${textos(calculadas.map((c) => escreverCentavos(c.valorCentavos)))},
                        ${textos(calculadas.map((c) => c.movimento))}) as x(produto, custo_saida, custo, valor, movimento)
           where i.grupo_empresarial_id = ${op.grupo} and i.transferencia_id = ${id} and i.produto_id = x.produto`,
    );
    const total = calculadas.reduce((s, c) => s + c.valorCentavos, 0n);
    await consultar(
      tx,
      sql`update estoque_transferencia set status = 'enviada', enviado_por = ${op.usuario}, enviado_em = ${data}::timestamptz,
                 tipo_custo = ${config.tipoCusto}, percentual_adicional = ${config.addPercentualTransferencia}::numeric,
                 atualizar_preco_custo = ${config.atualizarPrecoCustoTransferencia},
                 valor_enviado = ${escreverCentavos(total)}::numeric, financeiro = ${JSON.stringify(financeiro)}::jsonb,
                 updated_at = now()
           where grupo_empresarial_id = ${op.grupo} and id = ${id}`,
    );
    return this.obter(op.grupo, id, tx);
  }

  /**
   * Receives a shipped transfer at the destination, once: entries at the cost that travelled for what arrived,
   * the loss in transit recorded per line with its reason, the product's registered cost updated when the
   * origin says so, and the titles recomputed on what arrived (the destination pays for what it got).
   */
  async receber(
    op: Operador,
    id: string,
    e: ReceberTransferencia,
    agora: Date,
  ): Promise<TransferenciaDetalhe> {
    return this.db.transaction(async (tx) => {
      const cab = await travar(tx, op.grupo, id);
      if (cab.status === 'recebida') return { ...(await this.obter(op.grupo, id, tx)), repetido: true };
      recusar('receber', cab.status);
      const data = e.data ?? agora.toISOString();
      exigirDataValida(data, agora, 'do recebimento');
      if (cab.enviadoEm && Date.parse(data) < Date.parse(cab.enviadoEm)) {
        throw new ErroNegocio(
          `A data do recebimento não pode ser anterior ao envio (${dataHoraBrasileira(cab.enviadoEm)}).`,
        );
      }
      const linhas = await consultar(
        tx,
        sql`select i.produto_id, p.descricao, i.quantidade::text as quantidade, i.custo_unitario::text as custo,
                   i.plano_de_conta_credito, i.plano_de_conta_debito, p.custo::text as custo_cadastro
              from estoque_transferencia_item i
              join produto_geral p on p.id = i.produto_id and p.grupo_empresarial_id = i.grupo_empresarial_id
             where i.grupo_empresarial_id = ${op.grupo} and i.transferencia_id = ${id}
             order by i.ordem`,
      );
      const enviadas = linhas.map((l) => ({
        produto: String(l.produto_id),
        descricao: String(l.descricao ?? ''),
        quantidade: lerEstoque(String(l.quantidade)),
        custoUnitario: lerEstoque(String(l.custo ?? '0')),
      }));
      const conferido = conferirRecebimentoTransferencia(
        enviadas,
        e.itens?.map((i) => ({
          produto: i.produto,
          quantidadeRecebida: lerEstoque(i.quantidadeRecebida),
          motivoDivergencia: i.motivoDivergencia,
        })),
      );
      if (!conferido.ok) throw new ErroNegocio(conferido.erros.join(' '), { erros: conferido.erros });
      const custoDe = new Map(enviadas.map((l) => [l.produto, l.custoUnitario]));
      const [origem] = await consultar(
        tx,
        sql`select ${NOME_LOJA_SQL('e')} as nome from empresa e where e.grupo_empresarial_id = ${op.grupo} and e.id = ${cab.origem}`,
      );
      const chegaram = conferido.linhas.filter((l) => l.recebida > 0n);
      const entradas = await registrarMovimentos(
        tx,
        op.grupo,
        chegaram.map((l) => ({
          empresa: cab.destino,
          produto: l.produto,
          data,
          tipo: TIPO_MOVIMENTO_ESTOQUE.transferenciaEntrada,
          quantidade: l.recebida,
          custoUnitario: custoDe.get(l.produto)!,
          origemTipo: ORIGEM_TRANSFERENCIA,
          origemId: id,
          documento: `Transferência nº ${cab.numero}`,
          motivo: `De ${String(origem?.nome ?? '')}`,
          usuario: op.usuario,
        })),
        { agora },
      );
      const entradaDe = new Map(entradas.map((m) => [m.produto, m._id]));
      const c = conferido.linhas;
      await consultar(
        tx,
        sql`update estoque_transferencia_item i set quantidade_recebida = x.recebida::numeric,
                   valor_recebido = x.valor::numeric, divergencia = x.divergencia::numeric,
                   valor_divergencia = x.valor_divergencia::numeric, motivo_divergencia = x.motivo,
                   movimento_entrada_id = x.movimento
              from unnest(${textos(c.map((l) => l.produto))}, ${textos(c.map((l) => escreverEstoque(l.recebida)))},
                          ${textos(c.map((l) => escreverCentavos(l.valorRecebido)))},
                          ${textos(c.map((l) => escreverEstoque(l.divergencia)))},
                          ${textos(c.map((l) => escreverCentavos(l.valorDivergencia)))},
                          ${textos(c.map((l) => l.motivoDivergencia))}, ${textos(c.map((l) => entradaDe.get(l.produto) ?? null))})
                as x(produto, recebida, valor, divergencia, valor_divergencia, motivo, movimento)
             where i.grupo_empresarial_id = ${op.grupo} and i.transferencia_id = ${id} and i.produto_id = x.produto`,
      );
      if (cab.atualizarPrecoCusto && chegaram.length) {
        await atualizarCustoCadastro(
          tx,
          op,
          chegaram.map((l) => ({
            produto: l.produto,
            custo: custoDe.get(l.produto)!,
            antes: linhas.find((x) => String(x.produto_id) === l.produto)?.custo_cadastro ?? null,
          })),
        );
      }
      let financeiro = cab.financeiro;
      if (financeiro && financeiro.semTitulos === null && cab.enviadoEm) {
        const planoDe = new Map(
          linhas.map((l) => [
            String(l.produto_id),
            {
              planoDeContaCredito:
                l.plano_de_conta_credito === null ? null : String(l.plano_de_conta_credito),
              planoDeContaDebito: l.plano_de_conta_debito === null ? null : String(l.plano_de_conta_debito),
            },
          ]),
        );
        const lojas = await lerLojas(tx, op.grupo, [cab.origem, cab.destino]);
        financeiro = financeiroDaTransferencia({
          numero: cab.numero,
          origem: lojas.get(cab.origem)!,
          destino: lojas.get(cab.destino)!,
          dia: diaDoEstoque(new Date(cab.enviadoEm)),
          config: configDoFinanceiro(financeiro, cab),
          linhas: c.map((l) => ({ valorCentavos: l.valorRecebido, ...planoDe.get(l.produto)! })),
        });
        // The stores were of different companies when shipped: keep generating even if a CNPJ changed since.
        if (financeiro.semTitulos !== null) financeiro = cab.financeiro;
      }
      const recebido = c.reduce((s, l) => s + l.valorRecebido, 0n);
      const divergencia = c.reduce((s, l) => s + l.valorDivergencia, 0n);
      await consultar(
        tx,
        sql`update estoque_transferencia set status = 'recebida', recebido_por = ${op.usuario},
                   recebido_em = ${data}::timestamptz, observacao_recebimento = ${e.observacao?.trim() || null},
                   valor_recebido = ${escreverCentavos(recebido)}::numeric,
                   valor_divergencia = ${escreverCentavos(divergencia)}::numeric,
                   financeiro = ${financeiro === null ? null : JSON.stringify(financeiro)}::jsonb, updated_at = now()
             where grupo_empresarial_id = ${op.grupo} and id = ${id}`,
      );
      // Decision 0018 §6: the titles of what arrived, in the receipt's transaction, once.
      await faturarTransferencia(tx, op, id);
      return this.obter(op.grupo, id, tx);
    });
  }

  /**
   * Cancels a draft, or a shipped transfer before its receipt: the goods come back to the origin with one
   * reversal per exit, at the cost it left with (the origin's stock value is restored exactly). A request it
   * came from goes back to 'reservado', to be turned into a transfer again or cancelled.
   */
  async cancelar(op: Operador, id: string, motivo: string, agora: Date): Promise<TransferenciaDetalhe> {
    return this.db.transaction(async (tx) => {
      const cab = await travar(tx, op.grupo, id);
      if (cab.status === 'cancelada') return { ...(await this.obter(op.grupo, id, tx)), repetido: true };
      recusar('cancelar', cab.status);
      // Only a received transfer is billed and it cannot be cancelled today: kept so an undone transfer never
      // leaves an open title behind.
      await cancelarTitulosTransferencia(tx, op, id, `Transferência cancelada: ${motivo.trim()}`);
      if (cab.status === 'enviada') {
        const saidas = await consultar(
          tx,
          sql`select i.produto_id, i.quantidade::text as quantidade, i.custo_saida::text as custo_saida,
                     i.movimento_saida_id
                from estoque_transferencia_item i
               where i.grupo_empresarial_id = ${op.grupo} and i.transferencia_id = ${id} and i.movimento_saida_id is not null
               order by i.ordem`,
        );
        await registrarMovimentos(
          tx,
          op.grupo,
          saidas.map((s) => ({
            empresa: cab.origem,
            produto: String(s.produto_id),
            tipo: TIPO_MOVIMENTO_ESTOQUE.estorno,
            quantidade: lerEstoque(String(s.quantidade)),
            custoUnitario: lerEstoque(String(s.custo_saida ?? '0')),
            origemTipo: ORIGEM_TRANSFERENCIA,
            origemId: id,
            estornoDe: String(s.movimento_saida_id),
            documento: `Transferência nº ${cab.numero}`,
            motivo: `Cancelamento: ${motivo.trim()}`,
            usuario: op.usuario,
          })),
          { agora },
        );
      }
      await consultar(
        tx,
        sql`update estoque_transferencia set status = 'cancelada', cancelado_por = ${op.usuario},
                   cancelado_em = ${agora.toISOString()}::timestamptz, motivo_cancelamento = ${motivo.trim()},
                   updated_at = now()
             where grupo_empresarial_id = ${op.grupo} and id = ${id}`,
      );
      if (cab.pedido) {
        await consultar(
          tx,
          sql`update estoque_pedido_transferencia set status = 'reservado', transferencia_id = null,
                     finalizado_por = null, finalizado_em = null, updated_at = now()
               where grupo_empresarial_id = ${op.grupo} and id = ${cab.pedido} and transferencia_id = ${id}`,
        );
      }
      return this.obter(op.grupo, id, tx);
    });
  }

  /**
   * relatorioEstoqueTransferencia: the lines of the transfers shipped in the period where the user may see the
   * origin or the destination, with quantities, values and divergences. Totals leave cancelled transfers out
   * (their goods came back); `valorEmTransito` is what was shipped and not received yet.
   */
  async relatorio(
    grupo: string,
    lojas: readonly string[],
    f: {
      dataInicial: string;
      dataFinal: string;
      empresaOrigem?: string[];
      empresaDestino?: string[];
      produto?: string;
      status?: 'enviada' | 'recebida' | 'cancelada';
      somenteDivergencias?: boolean;
    },
  ): Promise<RelatorioTransferencia> {
    const l = textos(lojas);
    const linhas = await consultar(
      this.db,
      sql`select t.id, t.numero, t.status, t.enviado_em, t.recebido_em, t.empresa_origem_id, t.empresa_destino_id,
                 ${NOME_LOJA_SQL('eo')} as origem_nome, ${NOME_LOJA_SQL('ed')} as destino_nome,
                 i.produto_id, p.descricao as produto_descricao, p.codigo_interno, un.sigla as unidade,
                 i.quantidade::text as quantidade, i.quantidade_recebida::text as quantidade_recebida,
                 i.divergencia::text as divergencia, i.custo_unitario::text as custo_unitario,
                 i.valor_enviado::text as valor_enviado, i.valor_recebido::text as valor_recebido,
                 i.valor_divergencia::text as valor_divergencia, i.motivo_divergencia
            from estoque_transferencia t
            join estoque_transferencia_item i on i.grupo_empresarial_id = t.grupo_empresarial_id and i.transferencia_id = t.id
            join empresa eo on eo.id = t.empresa_origem_id and eo.grupo_empresarial_id = t.grupo_empresarial_id
            join empresa ed on ed.id = t.empresa_destino_id and ed.grupo_empresarial_id = t.grupo_empresarial_id
            join produto_geral p on p.id = i.produto_id and p.grupo_empresarial_id = i.grupo_empresarial_id
            left join unidade_medida un on un.id = p.unidade_id and un.grupo_empresarial_id = p.grupo_empresarial_id
           where t.grupo_empresarial_id = ${grupo} and t.enviado_em is not null
             and t.enviado_em >= ${f.dataInicial}::timestamptz and t.enviado_em < ${f.dataFinal}::timestamptz
             and (t.empresa_origem_id = any(${l}) or t.empresa_destino_id = any(${l}))
             ${f.empresaOrigem?.length ? sql`and t.empresa_origem_id = any(${textos(f.empresaOrigem)})` : sql``}
             ${f.empresaDestino?.length ? sql`and t.empresa_destino_id = any(${textos(f.empresaDestino)})` : sql``}
             ${f.produto ? sql`and i.produto_id = ${f.produto}` : sql``}
             ${f.status ? sql`and t.status = ${f.status}` : sql``}
             ${f.somenteDivergencias ? sql`and i.divergencia > 0` : sql``}
           order by t.enviado_em, t.numero, i.ordem
           limit 50000`,
    );
    const saida: LinhaRelatorioTransferencia[] = linhas.map((x) => ({
      transferencia: { _id: String(x.id), numero: Number(x.numero) },
      status: String(x.status) as StatusTransferencia,
      enviadoEm: iso(x.enviado_em),
      recebidoEm: iso(x.recebido_em),
      origem: { _id: String(x.empresa_origem_id), descricao: String(x.origem_nome ?? '') },
      destino: { _id: String(x.empresa_destino_id), descricao: String(x.destino_nome ?? '') },
      produto: {
        _id: String(x.produto_id),
        descricao: String(x.produto_descricao ?? ''),
        codigoInterno: x.codigo_interno === null ? null : Number(x.codigo_interno),
        unidade: x.unidade === null ? null : String(x.unidade),
      },
      quantidade: quantidade(x.quantidade),
      quantidadeRecebida: talvez(x.quantidade_recebida, quantidade),
      divergencia: talvez(x.divergencia, quantidade),
      custoUnitario: quantidade(x.custo_unitario ?? '0'),
      valorEnviado: dinheiro(x.valor_enviado),
      valorRecebido: talvez(x.valor_recebido, dinheiro),
      valorDivergencia: talvez(x.valor_divergencia, dinheiro),
      motivoDivergencia: x.motivo_divergencia === null ? null : String(x.motivo_divergencia),
    }));
    const validas = saida.filter((x) => x.status !== 'cancelada');
    const soma = (f2: (x: LinhaRelatorioTransferencia) => string | null, ls = validas) =>
      escreverCentavos(ls.reduce((s, x) => s + centavos(f2(x) ?? '0'), 0n));
    return {
      linhas: saida,
      totais: {
        transferencias: new Set(validas.map((x) => x.transferencia._id)).size,
        valorEnviado: soma((x) => x.valorEnviado),
        valorRecebido: soma((x) => x.valorRecebido),
        valorDivergencia: soma((x) => x.valorDivergencia),
        valorEmTransito: soma(
          (x) => x.valorEnviado,
          validas.filter((x) => x.status === 'enviada'),
        ),
      },
    };
  }
}

async function gravarItens(
  tx: Db,
  grupo: string,
  id: string,
  itens: readonly {
    produto: string;
    quantidade: string;
    planoDeContaCredito?: string | undefined;
    planoDeContaDebito?: string | undefined;
  }[],
): Promise<void> {
  await consultar(
    tx,
    sql`insert into estoque_transferencia_item (grupo_empresarial_id, transferencia_id, produto_id, ordem, quantidade,
          plano_de_conta_credito, plano_de_conta_debito)
        select ${grupo}, ${id}, x.produto, x.ordem::int, x.quantidade::numeric, x.credito, x.debito
          from unnest(${textos(itens.map((i) => i.produto))}, ${textos(itens.map((_, n) => String(n + 1)))},
                      ${textos(itens.map((i) => escreverEstoque(lerEstoque(i.quantidade))))},
                      ${textos(itens.map((i) => i.planoDeContaCredito?.trim() || null))},
                      ${textos(itens.map((i) => i.planoDeContaDebito?.trim() || null))})
            as x(produto, ordem, quantidade, credito, debito)`,
  );
}

/** The settings a shipped transfer kept, as the finance rule reads them. */
function configDoFinanceiro(f: FinanceiroTransferencia, cab: Cabecalho): ConfiguracaoTransferencia {
  return {
    gerarFinanceiroTransferencia: f.gerarFinanceiroTransferencia,
    gerarFinancerioPropriaLoja: f.gerarFinancerioPropriaLoja,
    diasFaturamentoPadrao: f.diasFaturamentoPadrao,
    planoDeContaPadraoCredito: f.planoDeContaPadraoCredito,
    planoDeContaPadraoDebito: f.planoDeContaPadraoDebito,
    addPercentualTransferencia: cab.percentual,
    atualizarPrecoCustoTransferencia: cab.atualizarPrecoCusto,
    tipoCusto: cab.tipoCusto,
  };
}

/**
 * atualizarPrecoCustoTransferencia: the product's registered cost becomes the cost it arrived with, audited as
 * the receiving user's change of the product (its history shows it).
 */
async function atualizarCustoCadastro(
  tx: Db,
  op: Operador,
  linhas: readonly { produto: string; custo: bigint; antes: unknown }[],
): Promise<void> {
  await consultar(
    tx,
    sql`update produto_geral p set custo = x.custo::numeric, updated_at = now(), updated_by = ${op.usuario}
          from unnest(${textos(linhas.map((l) => l.produto))}, ${textos(linhas.map((l) => escreverEstoque(l.custo)))})
            as x(produto, custo)
         where p.grupo_empresarial_id = ${op.grupo} and p.id = x.produto`,
  );
  for (const l of linhas) {
    const antes =
      l.antes === null || l.antes === undefined ? null : escreverEstoque(lerEstoque(String(l.antes)));
    const depois = escreverEstoque(l.custo);
    if (antes === depois) continue;
    await consultar(
      tx,
      sql`insert into auditoria (id, grupo_empresarial_id, tabela, registro_id, acao, usuario_id, antes, depois)
          values (${novoId()}, ${op.grupo}, 'produtoGeral', ${l.produto}, 'alterar', ${op.usuario},
                  ${JSON.stringify({ custo: antes })}::jsonb, ${JSON.stringify({ custo: depois })}::jsonb)`,
    );
  }
}
