import { PERMISSAO, TIPO_PAGAMENTO } from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';
import { consultar, consultarUm } from '../db/consultar.ts';
import { novoId } from '../lib/ids.ts';
import { sha256Hex } from '../modules/auth/auth.service.ts';

// The model sales of the sales generator (seed-vendas.ts): a few hundred sales made by the cashier through the
// real API of the POS (counter sent whole, tables closed with the service charge, deliveries with their fee,
// pizzas in halves, the combo, item and whole-sale discounts released by the supervisor, every payment type the
// server accepts, cancellations after the end). Their rows are what the POS writes; the generator copies them
// to other stores and dates, so every generated sale keeps the totals the server computed.

/** Mulberry32: a small deterministic generator (the same --seed gives the same sales). */
export function aleatorio(semente: number): () => number {
  let a = semente >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * What kind of sale a model is; the generator draws kinds by the time of day. 'outros': one counter sale per
 * payment type the server accepts (cheque, boleto, convênio, courtesy...), drawn rarely.
 */
export type CategoriaModelo = 'balcao' | 'mesa' | 'delivery' | 'cancelada' | 'outros';

export interface ResultadoModelos {
  /** Model sale ids per kind. */
  porCategoria: Record<CategoriaModelo, string[]>;
  /** Payment types used by at least one ended model. */
  tiposPagamento: number[];
  /** Payment types the server refused for this demo (with its message). */
  recusados: { tipo: number; mensagem: string }[];
  periodoId: string;
}

interface Corpo {
  valido: boolean;
  data: Record<string, unknown> & { message?: string };
}

const CARDAPIO = {
  pizzas: [
    'Pizza Grande Mussarela',
    'Pizza Grande Calabresa',
    'Pizza Grande Portuguesa',
    'Pizza Grande Quatro Queijos',
    'Pizza Grande Frango com Catupiry',
  ],
  bebidas: ['Refrigerante Lata 350ml', 'Refrigerante 2L', 'Água Mineral 500ml'],
  lanches: ['X-Burguer', 'Batata Frita Porção'],
  adicionais: ['Queijo Extra', 'Borda Recheada'],
} as const;

/** Payment types tried for the models; those the server refuses for the demo are reported and left out. */
const TIPOS_TENTADOS: readonly number[] = [
  TIPO_PAGAMENTO.dinheiro,
  TIPO_PAGAMENTO.debito,
  TIPO_PAGAMENTO.credito,
  TIPO_PAGAMENTO.carteiraDigital,
  TIPO_PAGAMENTO.valeRefeicao,
  TIPO_PAGAMENTO.valeAlimentacao,
  TIPO_PAGAMENTO.cheque,
  TIPO_PAGAMENTO.boleto,
  TIPO_PAGAMENTO.fidelidade,
  TIPO_PAGAMENTO.moedaEstrangeira,
  TIPO_PAGAMENTO.convenio,
  TIPO_PAGAMENTO.valeCompra,
  TIPO_PAGAMENTO.cortesia,
  TIPO_PAGAMENTO.movimentacaoBancaria,
  TIPO_PAGAMENTO.semPagamento,
  TIPO_PAGAMENTO.appTerceiros,
];
/** How often each type pays a model (cash and cards dominate; the rare types appear a few times). */
const PESO_TIPO: Record<number, number> = {
  [TIPO_PAGAMENTO.dinheiro]: 24,
  [TIPO_PAGAMENTO.debito]: 22,
  [TIPO_PAGAMENTO.credito]: 26,
  [TIPO_PAGAMENTO.carteiraDigital]: 14,
  [TIPO_PAGAMENTO.valeRefeicao]: 7,
  [TIPO_PAGAMENTO.valeAlimentacao]: 3,
  [TIPO_PAGAMENTO.appTerceiros]: 4,
};

export async function criarModelos(
  app: FastifyInstance,
  db: Db,
  grupo: string,
  opcoes: { semente: number; quantidade: number; log?: (m: string) => void },
): Promise<ResultadoModelos> {
  const rnd = aleatorio(opcoes.semente);
  const log = opcoes.log ?? (() => {});
  const escolher = <T>(lista: readonly T[]): T => lista[Math.floor(rnd() * lista.length)] as T;
  const empresa = String(
    (
      await consultarUm(
        db,
        sql`select id from empresa where grupo_empresarial_id = ${grupo} and descricao = 'Loja Centro'`,
      )
    )?.id,
  );
  const term = await consultarUm(
    db,
    sql`select id from terminal where empresa_id = ${empresa} and configuracoes ? 'caixa' order by descricao limit 1`,
  );
  const terminal = String(term?.id);
  const produtos = new Map<string, string>();
  for (const l of await consultar(
    db,
    sql`select id, descricao from produto_geral where grupo_empresarial_id = ${grupo}`,
  ))
    produtos.set(String(l.descricao), String(l.id));
  const p = (d: string) => {
    const id = produtos.get(d);
    if (!id) throw new Error(`produto de demonstração ausente: ${d}`);
    return id;
  };
  const formas = new Map<number, string>();
  for (const l of await consultar(
    db,
    sql`select id, (tipo->>'id')::int as tipo from forma_pagamento where empresa_id = ${empresa} and ativo`,
  ))
    formas.set(Number(l.tipo), String(l.id));
  const pessoa = async (nome: string) =>
    String(
      (
        await consultarUm(
          db,
          sql`select id from pessoa where grupo_empresarial_id = ${grupo} and nome = ${nome}`,
        )
      )?.id,
    );
  const joao = await pessoa('João Cliente');
  const maria = await pessoa('Maria Cliente Convênio');

  const login = async (email: string, senha: string) => {
    const r = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email, senha: sha256Hex(senha), grupoEmpresarial: grupo },
    });
    const c = r.json() as Corpo;
    if (!c.valido) throw new Error(`login ${email}: ${r.body}`);
    return String(c.data.token);
  };
  const caixa = await login('caixa@exemplo.com.br', 'caixa123');
  const chamar = async (metodo: 'POST' | 'PUT', url: string, corpo: object): Promise<Corpo> => {
    const r = await app.inject({
      method: metodo,
      url,
      headers: { token: caixa, version: 'gerador', empresa, terminal },
      payload: corpo,
    });
    return r.json() as Corpo;
  };
  const exigir = async (metodo: 'POST' | 'PUT', url: string, corpo: object) => {
    const c = await chamar(metodo, url, corpo);
    if (!c.valido) throw new Error(`${url}: ${c.data.message ?? JSON.stringify(c.data)}`);
    return c.data;
  };
  const liberacao = async (permissao: number, vinculo: Record<string, unknown> = {}) =>
    String(
      (
        await exigir('POST', '/api/liberacaoSupervisor', {
          login: 'supervisor@exemplo.com.br',
          senha: sha256Hex('super123'),
          permissao,
          motivo: 'Gerador de vendas',
          ...vinculo,
        })
      ).liberacao,
    );

  // The cashier opens the register of Loja Centro (or keeps the period already open).
  const aberto = await chamar('POST', '/api/periodo/abrir', { terminal, valorAbertura: '100.00' });
  const periodoId = aberto.valido
    ? String(aberto.data._id)
    : String(
        (
          await consultarUm(
            db,
            sql`select id from periodo where empresa_id = ${empresa} and periodo_aberto limit 1`,
          )
        )?.id,
      );

  // Payment types the server accepts for this demo: one small counter sale each.
  const aceitos: number[] = [];
  const recusados: { tipo: number; mensagem: string }[] = [];
  const porCategoria: Record<CategoriaModelo, string[]> = {
    balcao: [],
    mesa: [],
    delivery: [],
    cancelada: [],
    outros: [],
  };
  for (const tipo of TIPOS_TENTADOS) {
    const forma = formas.get(tipo);
    if (!forma) {
      recusados.push({ tipo, mensagem: 'forma de pagamento ausente na loja' });
      continue;
    }
    try {
      const id = await venderInteira(cesta(1, 3), [tipo]);
      porCategoria.outros.push(id);
      aceitos.push(tipo);
    } catch (e) {
      recusados.push({ tipo, mensagem: (e as Error).message });
    }
  }
  if (recusados.length) log(`tipos de pagamento recusados: ${JSON.stringify(recusados)}`);
  const pesos = aceitos.map((t) => PESO_TIPO[t] ?? 0.6);
  const somaPesos = pesos.reduce((a, b) => a + b, 0);
  const sortearTipo = () => {
    let u = rnd() * somaPesos;
    for (const [i, t] of aceitos.entries()) {
      u -= pesos[i] ?? 0;
      if (u <= 0) return t;
    }
    return aceitos[0] ?? TIPO_PAGAMENTO.dinheiro;
  };
  // Convênio uses the customer's limit and courtesy is rare: a few models each, never in bulk.
  const comuns = aceitos.filter(
    (t) =>
      t !== TIPO_PAGAMENTO.convenio && t !== TIPO_PAGAMENTO.cortesia && t !== TIPO_PAGAMENTO.semPagamento,
  );
  const sortearComum = () => {
    for (let i = 0; i < 20; i++) {
      const t = sortearTipo();
      if (comuns.includes(t)) return t;
    }
    return TIPO_PAGAMENTO.dinheiro;
  };

  type Item = {
    produto: string;
    quantidade?: string;
    produtosFilho?: { produto: string; quantidadeParte: number }[];
  };
  function cesta(min: number, max: number): Item[] {
    const n = min + Math.floor(rnd() * (max - min + 1));
    const itens: Item[] = [];
    for (let i = 0; i < n; i++) {
      const u = rnd();
      if (u < 0.22) itens.push({ produto: p(escolher(CARDAPIO.pizzas)) });
      else if (u < 0.34) {
        // A pizza in halves (or thirds): the master product and its parts.
        const partes = rnd() < 0.8 ? 2 : 3;
        const sabores = Array.from({ length: partes }, () => p(escolher(CARDAPIO.pizzas)));
        itens.push({
          produto: sabores[0] as string,
          produtosFilho: sabores.map((produto) => ({ produto, quantidadeParte: 1 })),
        });
      } else if (u < 0.66) {
        const bebida = escolher(CARDAPIO.bebidas);
        itens.push({
          produto: p(bebida),
          ...(rnd() < 0.35 ? { quantidade: String(2 + Math.floor(rnd() * 3)) } : {}),
        });
      } else if (u < 0.9) itens.push({ produto: p(escolher(CARDAPIO.lanches)) });
      else itens.push({ produto: p(escolher(CARDAPIO.adicionais)) });
    }
    return itens;
  }

  /** Splits `total` into payments of `tipos` (cash rounded up with change when it pays last). */
  function parcelas(total: number, tipos: number[]): { tipo: number; valor: string }[] {
    const centavos = Math.round(total * 100);
    if (tipos.length === 1 || centavos < 200) {
      const tipo = tipos[0] ?? TIPO_PAGAMENTO.dinheiro;
      if (tipo === TIPO_PAGAMENTO.dinheiro && rnd() < 0.6) {
        const notas = [500, 1000, 2000, 5000, 10000, 20000].find((n) => n >= centavos) ?? centavos;
        return [{ tipo, valor: (Math.max(notas, centavos) / 100).toFixed(2) }];
      }
      return [{ tipo, valor: (centavos / 100).toFixed(2) }];
    }
    const primeira = Math.max(100, Math.round(centavos * (0.3 + rnd() * 0.4)));
    return [
      { tipo: tipos[0] as number, valor: (primeira / 100).toFixed(2) },
      { tipo: tipos[1] as number, valor: ((centavos - primeira) / 100).toFixed(2) },
    ];
  }

  async function pagar(id: string, total: number, tipos: number[]) {
    for (const parte of parcelas(total, tipos)) {
      const corpo: Record<string, unknown> = {
        _id: novoId(),
        formaPagamento: formas.get(parte.tipo),
        valorPago: parte.valor,
        terminal,
      };
      if (parte.tipo === TIPO_PAGAMENTO.convenio) corpo.cliente = maria;
      if (parte.tipo === TIPO_PAGAMENTO.cortesia)
        corpo.liberacao = await liberacao(PERMISSAO.liberarCortesia);
      if (parte.tipo === TIPO_PAGAMENTO.credito) corpo.parcelas = rnd() < 0.7 ? 1 : 2 + Math.floor(rnd() * 4);
      await exigir('POST', `/api/venda/${id}/pagamentos`, corpo);
    }
  }

  /** A counter sale sent whole when it needs no release, else step by step (the POS's two paths). */
  async function venderInteira(itens: Item[], tipos: number[]): Promise<string> {
    const aberta = await exigir('POST', '/api/venda', {
      _id: novoId(),
      tipoVenda: 53,
      terminal,
      produtos: itens,
    });
    const id = String(aberta._id);
    await pagar(id, Number(aberta.total), tipos);
    await exigir('POST', `/api/venda/${id}/encerrar`, {});
    return id;
  }

  async function descontos(id: string, venda: Record<string, unknown>) {
    let atual = venda;
    if (rnd() < 0.5) {
      const itens = (
        atual.produtos as { numeroItem: number; cancelado: boolean; valorLiquido: string }[]
      ).filter((i) => !i.cancelado && Number(i.valorLiquido) > 5);
      const alvo = itens[Math.floor(rnd() * itens.length)];
      if (alvo) {
        // modoDescontoItemSchema: 2 percent, 1 discount per unit
        const desconto = rnd() < 0.6 ? { modo: 2, valor: '10' } : { modo: 1, valor: '2.00' };
        atual = await exigir('POST', `/api/venda/${id}/descontoItem`, {
          numeroItem: alvo.numeroItem,
          ...desconto,
          justificativa: 'Cliente fidelidade',
          liberacao: await liberacao(PERMISSAO.descontoItem, { venda: id, desconto }),
        });
      }
    } else {
      const desconto =
        rnd() < 0.5 || Number(atual.total) < 30 ? { modo: 1, valor: '5' } : { modo: 0, valor: '5.00' };
      atual = await exigir('POST', `/api/venda/${id}/descontoGeral`, {
        ...desconto,
        justificativa: 'Cliente fidelidade',
        liberacao: await liberacao(PERMISSAO.descontoGeral, { venda: id, desconto }),
      });
    }
    return atual;
  }

  // Table numbers with no open sale in the store (a run stopped halfway leaves its table open).
  const abertas = new Set(
    (
      await consultar(
        db,
        sql`select mesa from venda where empresa_id = ${empresa} and tipo_venda = 54 and status in (57, 58)`,
      )
    ).map((l) => Number(l.mesa)),
  );
  const livres = Array.from({ length: 400 }, (_, i) => 500 + i).filter((m) => !abertas.has(m));
  let mesa = 0;
  // Every kind at least once (a refused model is tried again, up to 3 times per kind), then drawn by weight.
  const PRIMEIRAS: readonly CategoriaModelo[] = ['balcao', 'mesa', 'delivery', 'cancelada'];
  let extra = 0;
  for (let k = 0; k < opcoes.quantidade + extra; k++) {
    const u = rnd();
    const faltando = PRIMEIRAS.find((c) => porCategoria[c].length === 0);
    const categoria: CategoriaModelo =
      faltando && k < PRIMEIRAS.length * 4
        ? faltando
        : u < 0.5
          ? 'balcao'
          : u < 0.72
            ? 'mesa'
            : u < 0.94
              ? 'delivery'
              : 'cancelada';
    const tipos = rnd() < 0.15 ? [sortearComum(), TIPO_PAGAMENTO.dinheiro] : [sortearComum()];
    if (k % 40 === 7 && aceitos.includes(TIPO_PAGAMENTO.cortesia))
      tipos.splice(0, tipos.length, TIPO_PAGAMENTO.cortesia);
    if (k % 97 === 11 && aceitos.includes(TIPO_PAGAMENTO.convenio))
      tipos.splice(0, tipos.length, TIPO_PAGAMENTO.convenio);
    try {
      if (categoria === 'balcao') {
        const itens = cesta(1, 6);
        // The first counter model carries a discount, so even a small run has one.
        if (rnd() < 0.12 || porCategoria.balcao.length === 0) {
          const aberta = await exigir('POST', '/api/venda', {
            _id: novoId(),
            tipoVenda: 53,
            terminal,
            produtos: itens,
          });
          const id = String(aberta._id);
          const v = await descontos(id, aberta);
          await pagar(id, Number(v.total), tipos);
          await exigir('POST', `/api/venda/${id}/encerrar`, {});
          porCategoria.balcao.push(id);
        } else porCategoria.balcao.push(await venderInteira(itens, tipos));
      } else if (categoria === 'mesa') {
        mesa = (mesa + 1) % livres.length;
        const aberta = await exigir('POST', '/api/venda', {
          tipoVenda: 54,
          mesa: livres[mesa],
          terminal,
          produtos: cesta(3, 14),
        });
        const id = String(aberta._id);
        if (rnd() < 0.5) await exigir('POST', `/api/venda/${id}/itens`, { produtos: cesta(1, 3) });
        const comServico = rnd() < 0.85 || porCategoria.mesa.length === 0;
        let v = await exigir('POST', `/api/venda/${id}/fecharConta`, {
          comServico,
          liberacao: await liberacao(
            comServico ? PERMISSAO.fecharContaComServico : PERMISSAO.fecharContaSemServico,
            { venda: id },
          ),
        });
        if (rnd() < 0.1) v = await descontos(id, v);
        await pagar(id, Number(v.total), tipos);
        await exigir('POST', `/api/venda/${id}/encerrar`, {});
        porCategoria.mesa.push(id);
      } else if (categoria === 'delivery') {
        const aberta = await exigir('POST', '/api/venda', {
          tipoVenda: 55,
          terminal,
          cliente: joao,
          distanciaEntregaMetros: Math.round(800 + rnd() * 9000),
          produtos: cesta(2, 8),
        });
        const id = String(aberta._id);
        const v = rnd() < 0.08 ? await descontos(id, aberta) : aberta;
        await pagar(id, Number(v.total), tipos);
        await exigir('POST', `/api/venda/${id}/encerrar`, {});
        porCategoria.delivery.push(id);
      } else {
        // Cancelled after the end: reopened, payments removed and the whole sale cancelled by the supervisor.
        const id = await venderInteira(cesta(1, 5), tipos);
        await exigir('POST', `/api/venda/${id}/reabrir`, {
          liberacao: await liberacao(PERMISSAO.reabrirVenda),
        });
        const pagos = await consultar(
          db,
          sql`select id from venda_pagamento where venda_id = ${id} and not lixo order by data, id`,
        );
        for (const pg of pagos)
          await exigir('PUT', `/api/vendaCancelarPagamento/${id}`, {
            pagamento: String(pg.id),
            terminal,
            liberacao: await liberacao(PERMISSAO.excluirPagamentoConfirmado),
          });
        await exigir('PUT', `/api/deletarVendaCompleta/${id}`, {
          vendaEvento: { motivo: 'Cliente desistiu', terminal },
          liberacao: await liberacao(PERMISSAO.cancelarVenda, { venda: id }),
        });
        porCategoria.cancelada.push(id);
      }
    } catch (e) {
      log(`modelo ${k} (${categoria}) recusado: ${(e as Error).message}`);
      if (porCategoria[categoria].length === 0 && k < PRIMEIRAS.length * 4) extra++;
    }
  }
  // The register is closed again (no count), so the POS opens it as usual afterwards.
  const fechado = await chamar('POST', '/api/periodo/fechar', { terminal });
  if (!fechado.valido) log(`período dos modelos não fechado: ${fechado.data.message ?? ''}`);
  return { porCategoria, tiposPagamento: aceitos, recusados, periodoId };
}
