import type { VendaItem } from '@retaguarda/domain';
import { setoresKdsDoProduto } from '@retaguarda/domain/kds/kds';
import { sql } from 'drizzle-orm';
import type { Servicos } from '../../app.ts';
import type { Db } from '../../db/client.ts';
import { consultar, consultarUm, type Linha } from '../../db/consultar.ts';
import { novoId } from '../../lib/ids.ts';
import { FilasPorChave } from '../../lib/segundo-plano.ts';
import { setoresDosProdutos } from '../impressao/producao.ts';
import { imprimirProducaoDaVenda } from '../impressao/producao-venda.ts';
import { carregarVenda, type VendaRegistro } from '../vendas/vendas.repositorio.ts';
import { arr, arrayIds, type ConfigLoja, type ServicoKds } from './kds.service.ts';

// Confirmed sale items reach the production stations (one kds_item per item and station) and the print
// sectors' production tickets, after every committed write of a sale, serialised per sale, off the request.

/** Product types launched as an addition to the line before them (shown under it, not as a dish). */
const TIPOS_ADICIONAL = new Set(['Adicional', 'Complemento Consumo']);

/** What a kitchen sync read of a sale, handed on to its production tickets. */
interface VendaLida {
  grupo: string;
  /** Some line is confirmed (only confirmed lines reach the kitchen). */
  confirmado: boolean;
  /** The sale as loaded, when the sync needed it. */
  registro?: VendaRegistro;
}

export class SincronizacaoKds {
  private readonly filas = new FilasPorChave();
  /** Last table/tab seen per sale: a whole-table transfer changes only the header of its kitchen orders. */
  private readonly cabecalhos = new Map<string, string>();

  constructor(
    private readonly servicos: Servicos,
    private readonly kds: ServicoKds,
  ) {}

  private get db(): Db {
    return this.servicos.banco.db;
  }

  /** Serialised per sale: two writes of one sale never interleave their kitchen sync. */
  sincronizarVenda(vendaId: string): Promise<void> {
    // The app is closing (its database next): the next start's stations load what the kitchen has.
    if (this.encerrado) return Promise.resolve();
    // What the sync read of the sale (its owner, whether anything is confirmed, the sale itself) is
    // handed to the tickets, so one write reads the sale once.
    let lida: VendaLida | undefined;
    return this.filas.enfileirar(vendaId, () =>
      this.sincronizar(vendaId)
        .then((v) => {
          lida = v;
        })
        .catch((erro: unknown) => {
          // The next write of the sale syncs again; the station's periodic refresh also catches up.
          console.error('kds: sincronizar venda', vendaId, erro);
        })
        // Production tickets after the stations (the screens first); a failure is retried by the next write.
        .then(() => this.imprimirProducao(vendaId, lida))
        .catch((erro: unknown) => console.error('kds: tickets de produção', vendaId, erro)),
    );
  }

  private async imprimirProducao(vendaId: string, lida: VendaLida | undefined): Promise<void> {
    if (lida) {
      if (lida.confirmado)
        await imprimirProducaoDaVenda(this.db, this.kds.impressao, lida.grupo, vendaId, lida.registro);
      return;
    }
    const dono = await consultarUm(
      this.db,
      sql`select grupo_empresarial_id from venda v where id = ${vendaId}
            and exists (select 1 from venda_item i where i.venda_id = v.id and i.confirmado)`,
    );
    if (dono)
      await imprimirProducaoDaVenda(
        this.db,
        this.kds.impressao,
        dono.grupo_empresarial_id as string,
        vendaId,
      );
  }

  private encerrado = false;

  /** The app is closing: no new sync starts. */
  encerrar(): void {
    this.encerrado = true;
  }

  /** The syncs queued or running, done. */
  esperar(): Promise<void> {
    return this.filas.esperar();
  }

  get emAndamento(): number {
    return this.filas.tamanho;
  }

  /** Syncs the stations; answers what it read of the sale (undefined: the sale is gone). */
  private async sincronizar(vendaId: string): Promise<VendaLida | undefined> {
    const db = this.db;
    // One round trip tells the owner, whether anything is confirmed and what the kitchen already has: a
    // write of a sale with nothing confirmed (creation, items still being typed) stops here.
    const dono = await consultarUm(
      db,
      sql`select v.grupo_empresarial_id, v.empresa_id, v.mesa, v.comanda,
            exists (select 1 from venda_item i where i.venda_id = v.id and i.confirmado) as confirmado,
            coalesce((select json_agg(json_build_object('id', k.id, 'venda_item_id', k.venda_item_id,
              'estacao_id', k.estacao_id, 'cancelado', k.cancelado, 'adicionais', k.adicionais, 'empresa_id', k.empresa_id))
              from kds_item k where k.grupo_empresarial_id = v.grupo_empresarial_id and k.venda_id = v.id), '[]'::json) as kds
          from venda v where v.id = ${vendaId}`,
    );
    if (!dono) return undefined;
    const existentes = dono.kds as Linha[];
    const grupo = dono.grupo_empresarial_id as string;
    const confirmado = dono.confirmado === true;
    if (!confirmado && existentes.length === 0) return { grupo, confirmado };
    const empresa = dono.empresa_id as string;
    const cfg = await this.kds.config(grupo, empresa);
    const producao = cfg.estacoes.filter((e) => e.tipo === 'producao');
    if (producao.length === 0 && existentes.length === 0) return { grupo, confirmado };
    const reg = await carregarVenda(db, grupo, vendaId, false);
    if (!reg) return undefined;
    const lida: VendaLida = { grupo, confirmado, registro: reg };
    const confirmados = reg.venda.produtos.filter((i) => i.confirmado && i._id);

    const produtos = await this.dadosProdutos(db, grupo, empresa, confirmados, reg.venda.tipoVenda.id, cfg);
    // Additions hang on the main line launched before them.
    const principais: { item: VendaItem; adicionais: string[] }[] = [];
    for (const i of [...confirmados].sort((a, b) => a.numeroItem - b.numeroItem)) {
      const tipo = produtos.get(i.produto._id)?.tipoProduto ?? '';
      const anterior = principais.at(-1);
      if (TIPOS_ADICIONAL.has(tipo) && anterior) {
        if (!i.cancelado) anterior.adicionais.push(`${Number(i.quantidade)}x ${i.produto.descricao}`);
      } else principais.push({ item: i, adicionais: [] });
    }

    const porChave = new Map(
      existentes.map((l) => [`${l.estacao_id as string}:${l.venda_item_id as string}`, l]),
    );
    const alteradas = new Set<string>();
    // A table or tab moved as a whole keeps its kitchen rows: the stations only need the new header.
    const cabecalho = `${String(dono.mesa)}|${String(dono.comanda)}`;
    const anterior = this.cabecalhos.get(vendaId);
    if (anterior !== undefined && anterior !== cabecalho) {
      for (const l of existentes) if (l.cancelado !== 1) alteradas.add(l.estacao_id as string);
    }
    this.cabecalhos.set(vendaId, cabecalho);
    if (this.cabecalhos.size > 50_000) this.cabecalhos.clear();
    const novos: Record<string, unknown>[] = [];
    const atualizar: { id: string; cancelado: number; adicionais: string[] }[] = [];
    for (const { item, adicionais } of principais) {
      const p = produtos.get(item.produto._id);
      const setores = p ? setoresKdsDoProduto(p, cfg.regras) : [];
      for (const estacao of producao) {
        const setor = estacao.setores.find((s) => setores.includes(s));
        if (!setor) continue;
        const atual = porChave.get(`${estacao._id}:${item._id as string}`);
        const cancelado = item.cancelado ? 1 : 0;
        if (!atual) {
          if (item.cancelado) continue;
          novos.push({
            id: novoId(),
            venda_item_id: item._id,
            numero_item: item.numeroItem,
            estacao_id: estacao._id,
            kds_setor_id: setor,
            produto_id: item.produto._id,
            descricao: item.produto.descricao,
            quantidade: item.quantidade,
            obs: item.obs ?? '',
            partes: (item.produtosFilho ?? []).map((f) => ({
              descricao: f.produto.descricao,
              quantidadeParte: f.quantidadeParte,
            })),
            adicionais,
          });
          alteradas.add(estacao._id);
        } else if (
          atual.cancelado !== cancelado ||
          JSON.stringify(arr(atual.adicionais)) !== JSON.stringify(adicionais)
        ) {
          atualizar.push({ id: atual.id as string, cancelado, adicionais });
          alteradas.add(estacao._id);
        }
      }
    }
    // Lines that left the sale (deleted while unconfirmed, moved to another table) leave the kitchen as
    // cancelled; a sale moved to another store leaves this store's stations.
    const vivos = new Set(confirmados.map((i) => i._id as string));
    for (const l of existentes) {
      const foi = !vivos.has(l.venda_item_id as string) || l.empresa_id !== empresa;
      if (foi && l.cancelado !== 1) {
        atualizar.push({ id: l.id as string, cancelado: 1, adicionais: arr(l.adicionais) });
        alteradas.add(l.estacao_id as string);
      }
    }
    // Lines moved here from another table (vendaTransferencia keeps the line's _id) carry their kitchen
    // state along instead of starting again; the table they left is told as well.
    const origens: { vendaId: string; estacao: string }[] = [];
    if (novos.length > 0) {
      const agora = this.servicos.tempo.agora().toISOString();
      const inseridos = await consultar(
        db,
        sql`insert into kds_item (id, grupo_empresarial_id, empresa_id, venda_id, venda_item_id, numero_item,
              estacao_id, kds_setor_id, produto_id, descricao, quantidade, obs, partes, adicionais, recebido_em)
            select x.id, ${grupo}, ${empresa}, ${vendaId}, x.venda_item_id, x.numero_item, x.estacao_id,
              x.kds_setor_id, x.produto_id, x.descricao, x.quantidade, x.obs, x.partes, x.adicionais, ${agora}::timestamptz
            from jsonb_to_recordset(${JSON.stringify(novos)}::jsonb) as x(id text, venda_item_id text,
              numero_item integer, estacao_id text, kds_setor_id text, produto_id text, descricao text,
              quantidade numeric, obs text, partes jsonb, adicionais jsonb)
            on conflict (estacao_id, venda_item_id) do nothing
            returning id`,
      );
      // A line the station already has under another sale was moved here (vendaTransferencia keeps the
      // line's _id): only those, found through the (station, line) key, are taken over. A new sale's lines
      // all insert, so the usual write never looks.
      const feitos = new Set(inseridos.map((l) => l.id as string));
      const outros = novos.filter((n) => !feitos.has(n.id as string));
      if (outros.length > 0) {
        const movidas = await consultar(
          db,
          sql`update kds_item k set venda_id = ${vendaId}, numero_item = x.numero_item, cancelado = 0, empresa_id = ${empresa}
              from jsonb_to_recordset(${JSON.stringify(outros)}::jsonb) as x(venda_item_id text, estacao_id text, numero_item integer),
                (select id, venda_id as de from kds_item where grupo_empresarial_id = ${grupo}
                   and venda_item_id = any(${arrayIds(outros.map((n) => n.venda_item_id as string))})
                   and venda_id <> ${vendaId}) as antes
              where k.id = antes.id and k.venda_item_id = x.venda_item_id and k.estacao_id = x.estacao_id
              returning k.estacao_id, antes.de`,
        );
        for (const m of movidas) origens.push({ vendaId: m.de as string, estacao: m.estacao_id as string });
      }
    }
    if (atualizar.length > 0) {
      await consultar(
        db,
        sql`update kds_item k set cancelado = x.cancelado, adicionais = x.adicionais
            from jsonb_to_recordset(${JSON.stringify(atualizar)}::jsonb) as x(id text, cancelado smallint, adicionais jsonb)
            where k.id = x.id and k.venda_id = ${vendaId}`,
      );
    }
    if (alteradas.size > 0) await this.kds.avisarPedidos(grupo, empresa, vendaId, [...alteradas]);
    for (const de of new Set(origens.map((o) => o.vendaId))) {
      const estacoes = origens.filter((o) => o.vendaId === de).map((o) => o.estacao);
      await this.kds.avisarPedidos(grupo, empresa, de, estacoes, true);
    }
    return lida;
  }

  private readonly produtosCache = new Map<
    string,
    { ate: number; valor: { tipoProduto: string; agrupadores: string[] } }
  >();

  /** Products change rarely: their type and agrupadores are cached a minute (forgotten on product writes). */
  invalidarProdutos(): void {
    this.produtosCache.clear();
  }

  private async dadosProdutos(
    db: Db,
    grupo: string,
    empresa: string,
    itens: readonly VendaItem[],
    tipoVenda: number,
    cfg: ConfigLoja,
  ) {
    const ids = [...new Set(itens.map((i) => i.produto._id))];
    const r = new Map<
      string,
      { _id: string; tipoProduto: string; agrupadores: string[]; setoresImpressao: string[] }
    >();
    if (ids.length === 0) return r;
    const agora = Date.now();
    const faltam = ids.filter((id) => (this.produtosCache.get(`${grupo}:${id}`)?.ate ?? 0) <= agora);
    if (faltam.length > 0) {
      const linhas = await consultar(
        db,
        sql`select id, tipo_produto->>'sigla' as tipo, categorias_ids, familias_ids from produto_geral
            where grupo_empresarial_id = ${grupo} and id = any(${arrayIds(faltam)})`,
      );
      for (const l of linhas) {
        this.produtosCache.set(`${grupo}:${l.id as string}`, {
          ate: agora + 60_000,
          valor: {
            tipoProduto: (l.tipo as string | null) ?? '',
            agrupadores: [...arr(l.categorias_ids), ...arr(l.familias_ids)],
          },
        });
      }
    }
    // Print sectors only matter when some KDS sector is mapped to print sectors.
    let setoresImpressao = new Map<string, string[]>();
    if (cfg.regras.some((x) => x.setoresImpressao.length > 0)) {
      setoresImpressao = await setoresDosProdutos(db, grupo, empresa, ids, tipoVenda).catch(
        () => new Map<string, string[]>(),
      );
    }
    for (const id of ids) {
      const c = this.produtosCache.get(`${grupo}:${id}`);
      if (!c) continue;
      r.set(id, { _id: id, ...c.valor, setoresImpressao: setoresImpressao.get(id) ?? [] });
    }
    return r;
  }
}
