import type { Centavos } from '../dinheiro/decimal.ts';
import {
  escreverDinheiro,
  escreverEscalado,
  escreverQuantidade,
  lerDinheiro,
  lerEscalado,
  lerQuantidade,
  multiplicarDividir,
  multiplicarQuantidade,
} from '../dinheiro/decimal.ts';
import type { Instante } from '../formatacao/formatacao.ts';
import { componentesSaoPaulo, paraMs } from '../formatacao/formatacao.ts';
import type { ItemParaCombo } from './combos.ts';
import { aplicarCombos, combosAplicaveis, itemElegivelCombo, ordemCombo } from './combos.ts';
import type { CatalogoVenda, ConfiguracaoVenda } from './configuracao.ts';
import { calcularTaxaEntrega } from './entrega.ts';
import { ErroNegocio, MENSAGENS } from './erros.ts';
import type { ComboRealizado, ProdutoFilho, Venda, VendaItem } from './esquemas.ts';
import { indexarCatalogo, tabelaDePrecos } from './indice.ts';
import { aplicarTotaisPagamento } from './pagamentos.ts';
import { precoPizza, validarPizza } from './pizza.ts';
import { ajusteHappyHour, ajusteSugestao, melhorPromocao, precoProduto } from './precos.ts';
import { ratearProporcional } from './rateio.ts';
import { calcularValorServico, ehLinhaServico, percentualDoServico } from './servico.ts';

// The heart of the sale engine: sale + catalogue + settings + server time -> the sale with every
// line and total recomputed. Pure and idempotent; the server calls it as the authority and the
// web for instant totals. Integer cents inside, decimal strings outside (docs/decisions/0002).

interface Linha {
  readonly item: VendaItem;
  /** Cancelled or locked by a seat payment: values are kept as stored. */
  readonly congelada: boolean;
  readonly ativa: boolean;
  /** Some seat of the line is paid (spec: existePosicaoPago). */
  readonly posicaoPaga: boolean;
  qtd: number;
  preco: number;
  bruto: number;
  /** All surcharges of the line (suggestion + happy hour). */
  acrescimo: number;
  acrescimoSugestao: number;
  descCombo: number;
  descHappyHour: number;
  descSugestao: number;
  descPersonalizado: number;
  descGeral: number;
  comboAtivo: boolean;
  cor: string | null;
  promocao: string | null;
  filhos: ProdutoFilho[] | null;
  precoCusto: string;
  /** Service line (servico.ts): its percentage, its value computed on the consumption. */
  servico: string | null;
}

function linhaCongelada(item: VendaItem, posicaoPaga: boolean): Linha {
  return {
    item,
    congelada: true,
    ativa: !item.cancelado,
    posicaoPaga,
    qtd: lerQuantidade(item.quantidade),
    preco: lerDinheiro(item.precoVenda),
    bruto: lerDinheiro(item.valorBruto),
    acrescimo: lerDinheiro(item.acrescimo),
    acrescimoSugestao: lerDinheiro(item.acrescimoSugestao),
    descCombo: lerDinheiro(item.descontoCombo),
    descHappyHour: lerDinheiro(item.descontoHappyHour),
    descSugestao: lerDinheiro(item.descontoSugestao),
    descPersonalizado: lerDinheiro(item.descontoPersonalizado),
    descGeral: lerDinheiro(item.descontoGeral),
    comboAtivo: item.comboAtivo,
    cor: item.corPredominanteCombo ?? null,
    promocao: item.promocao ?? null,
    filhos: null,
    precoCusto: item.precoCusto,
    servico: null,
  };
}

const SEM_HAPPY_HOUR = { desconto: 0, acrescimo: 0 } as const;

/** Discounts of a line other than its share of the general discount. */
const outrosDescontos = (l: Linha) => l.descCombo + l.descHappyHour + l.descSugestao + l.descPersonalizado;

/**
 * Recomputes every line and total of a sale. Throws ErroNegocio for an invalid pizza or an
 * undefined comboOrdemDesconto setting when combos apply.
 */
export function recalcularVenda(
  venda: Venda,
  catalogo: CatalogoVenda,
  configuracao: ConfiguracaoVenda,
  agora: Instante,
): Venda {
  const indice = indexarCatalogo(catalogo);
  const agoraMs = paraMs(agora);
  const tipoVenda = venda.tipoVenda.id;
  const empresa = venda.empresa;
  const precosTabela = tabelaDePrecos(indice, empresa, tipoVenda);

  const linhas: Linha[] = venda.produtos.map((item) => {
    const pago = item.posicao.some((p) => p.pago);
    if (item.cancelado || pago) return linhaCongelada(item, pago);
    const percentualServico = ehLinhaServico(item, configuracao.produtoServico)
      ? percentualDoServico(item.obs)
      : null;
    if (percentualServico !== null) return linhaServico(item, percentualServico);
    const qtd = lerQuantidade(item.quantidade);
    const produto = indice.produtos.get(item.produto._id);
    const dataMs = paraMs(item.data);
    const momento = componentesSaoPaulo(dataMs);
    let preco: number;
    let filhos: ProdutoFilho[] | null = null;
    let promocao: string | null = null;
    if (item.pizza) {
      // spec 5 "Pizza" and spec 9 pizza price.
      validarPizza(qtd, item.produtosFilho, produto?.maximoFracao);
      const partes = item.produtosFilho.map((f) => {
        const p = indice.produtos.get(f.produto._id);
        return {
          filho: f,
          preco: p ? precoProduto(indice, p, empresa, tipoVenda, precosTabela) : lerDinheiro(f.precoVenda),
          quantidadeParte: f.quantidadeParte,
        };
      });
      filhos = partes.map((p) => ({ ...p.filho, precoVenda: escreverDinheiro(p.preco) }));
      preco =
        partes.length > 0
          ? precoPizza(partes, configuracao.pizzaPrecoMaiorFracao)
          : lerDinheiro(item.precoVenda);
    } else if (produto && produto.tipoProduto !== 'Generico') {
      preco = precoProduto(indice, produto, empresa, tipoVenda, precosTabela);
      const promo = melhorPromocao(
        preco as Centavos,
        indice.promocoesPorProduto.get(produto._id),
        tipoVenda,
        momento,
        dataMs,
        agoraMs,
      );
      if (promo) {
        preco = promo.preco;
        promocao = promo.promocao;
      }
    } else {
      // Generic or unknown products keep the price typed at launch.
      preco = lerDinheiro(item.precoVenda);
    }
    const bruto = multiplicarQuantidade(preco as Centavos, qtd);
    // Happy hour does not stack on a promotion price.
    const hh = promocao
      ? SEM_HAPPY_HOUR
      : ajusteHappyHour(indice.happyHours, item.produto._id, empresa, tipoVenda, momento, bruto);
    const sug = ajusteSugestao(
      item.sugestao ? indice.sugestoes.get(item.sugestao) : undefined,
      item.produto._id,
      qtd,
      bruto,
    );
    return {
      item,
      congelada: false,
      ativa: true,
      posicaoPaga: false,
      qtd,
      preco,
      bruto,
      acrescimo: sug.acrescimo + hh.acrescimo,
      acrescimoSugestao: sug.acrescimo,
      descCombo: 0,
      descHappyHour: hh.desconto,
      descSugestao: sug.desconto,
      descPersonalizado: Math.max(0, lerDinheiro(item.descontoPersonalizado)),
      descGeral: 0,
      comboAtivo: false,
      cor: null,
      promocao,
      filhos,
      precoCusto: produto?.custo
        ? escreverEscalado(lerEscalado(produto.custo, 4, 'arredondar'), 4)
        : item.precoCusto,
      servico: null,
    };
  });

  const combosRealizados = calcularCombos(venda, linhas, indice.combos, configuracao, tipoVenda);

  // Cap the discounts of each free line in order combo, happy hour, suggestion, custom so the line
  // never goes below zero.
  let outros = 0;
  let capacidadeGeral = 0;
  for (const l of linhas) {
    if (!l.ativa || l.servico !== null) continue;
    if (!l.congelada) {
      let livre = l.bruto + l.acrescimo;
      l.descCombo = Math.min(l.descCombo, livre);
      livre -= l.descCombo;
      l.descHappyHour = Math.min(l.descHappyHour, livre);
      livre -= l.descHappyHour;
      l.descSugestao = Math.min(l.descSugestao, livre);
      livre -= l.descSugestao;
      l.descPersonalizado = Math.min(l.descPersonalizado, livre);
      capacidadeGeral += livre - l.descPersonalizado;
    }
    outros += outrosDescontos(l) + (l.congelada ? l.descGeral : 0);
  }

  // General discount: the bill's asked total minus every other discount, spread over the free lines
  // proportionally with the rounding remainder on the largest (spec 5 "General discount").
  if (venda.descontoGeral) {
    const alvo = lerDinheiro(venda.descontoGeral.totalDesconto);
    const geral = Math.min(Math.max(0, alvo - outros), capacidadeGeral);
    // The service line is never cut by the general discount.
    const livres = linhas.filter((l) => l.ativa && !l.congelada && l.servico === null);
    const pesos = livres.map((l) => l.bruto + l.acrescimo - outrosDescontos(l));
    const partes = ratearProporcional(geral, pesos);
    livres.forEach((l, k) => {
      l.descGeral = partes[k] ?? 0;
    });
  }

  // Service lines last: their percentage of the consumption after item and general discounts.
  calcularServico(linhas);

  let subTotal = 0;
  let totalAcrescimo = 0;
  let totalAcrescimoSugestao = 0;
  let totalDesconto = 0;
  let totalCombo = 0;
  let totalHappyHour = 0;
  let totalSugestao = 0;
  let totalComum = 0;
  const produtos: VendaItem[] = linhas.map((l) => {
    const desconto = outrosDescontos(l) + l.descGeral;
    if (l.ativa) {
      subTotal += l.bruto;
      totalAcrescimo += l.acrescimo;
      totalDesconto += desconto;
      totalCombo += l.descCombo;
      totalHappyHour += l.descHappyHour;
      totalSugestao += l.descSugestao;
      totalComum += l.descPersonalizado + l.descGeral;
      totalAcrescimoSugestao += l.acrescimoSugestao;
    }
    if (l.congelada) {
      return l.item.existePosicaoPago === l.posicaoPaga
        ? l.item
        : { ...l.item, existePosicaoPago: l.posicaoPaga };
    }
    // An explicit literal (not a spread) keeps one hidden class for every line: fewer allocations.
    const i = l.item;
    const linha: VendaItem = {
      _id: i._id,
      produto: i.produto,
      produtosFilho: l.filhos ?? i.produtosFilho,
      numeroItem: i.numeroItem,
      terminal: i.terminal,
      atendente: i.atendente,
      posicao: i.posicao,
      quantidade: escreverQuantidade(l.qtd),
      precoVenda: escreverDinheiro(l.preco),
      precoCusto: l.precoCusto,
      valorBruto: escreverDinheiro(l.bruto),
      valorLiquido: escreverDinheiro(l.bruto + l.acrescimo - desconto),
      acrescimo: escreverDinheiro(l.acrescimo),
      acrescimoSugestao: escreverDinheiro(l.acrescimoSugestao),
      desconto: escreverDinheiro(desconto),
      descontoCombo: escreverDinheiro(l.descCombo),
      descontoHappyHour: escreverDinheiro(l.descHappyHour),
      descontoSugestao: escreverDinheiro(l.descSugestao),
      descontoPersonalizado: escreverDinheiro(l.descPersonalizado),
      descontoGeral: escreverDinheiro(l.descGeral),
      descontoJustificativa: i.descontoJustificativa,
      supervisorDesconto: i.supervisorDesconto,
      confirmado: i.confirmado,
      pizza: i.pizza,
      obs: i.obs,
      cancelado: i.cancelado,
      data: i.data,
      comboAtivo: l.comboAtivo,
      corPredominanteCombo: l.cor,
      existePosicaoPago: false,
      promocao: l.promocao,
      promocaoAtivo: l.promocao !== null,
      sugestao: i.sugestao,
    };
    return linha;
  });

  const taxaEntrega = venda.taxaEntregaManual
    ? lerDinheiro(venda.taxaEntrega)
    : calcularTaxaEntrega(
        { tipoVenda, cliente: venda.cliente, distanciaMetros: venda.distanciaEntregaMetros },
        configuracao,
      );
  const total = subTotal + totalAcrescimo - totalDesconto + taxaEntrega;
  const perc = subTotal > 0 ? multiplicarDividir(totalDesconto, 10_000, subTotal, 'arredondar') : 0;

  return aplicarTotaisPagamento({
    ...venda,
    produtos,
    combosRealizados,
    subTotal: escreverDinheiro(subTotal),
    totalAcrescimo: escreverDinheiro(totalAcrescimo),
    totalDesconto: escreverDinheiro(totalDesconto),
    totalDescontoPerc: escreverDinheiro(perc),
    totalDescontoComum: escreverDinheiro(totalComum),
    totalDescontoCombo: escreverDinheiro(totalCombo),
    totalDescontoHappyHour: escreverDinheiro(totalHappyHour),
    totalDescontoSugestao: escreverDinheiro(totalSugestao),
    totalAcrescimoSugestao: escreverDinheiro(totalAcrescimoSugestao),
    totalAcrescimoComum: escreverDinheiro(totalAcrescimo - totalAcrescimoSugestao),
    taxaEntrega: escreverDinheiro(taxaEntrega),
    total: escreverDinheiro(total),
  });
}

/** A free service line: no promotion, combo or discount of its own; its value comes from calcularServico. */
function linhaServico(item: VendaItem, percentual: string): Linha {
  return {
    item,
    congelada: false,
    ativa: true,
    posicaoPaga: false,
    qtd: 10_000,
    preco: 0,
    bruto: 0,
    acrescimo: 0,
    acrescimoSugestao: 0,
    descCombo: 0,
    descHappyHour: 0,
    descSugestao: 0,
    descPersonalizado: 0,
    descGeral: 0,
    comboAtivo: false,
    cor: null,
    promocao: null,
    filhos: null,
    precoCusto: item.precoCusto,
    servico: percentual,
  };
}

/** Consumption = every other active line after its discounts (paid seats included), then the % rounded. */
function calcularServico(linhas: Linha[]): void {
  let consumo = 0;
  let temServico = false;
  for (const l of linhas) {
    if (l.servico !== null) temServico = true;
    else if (l.ativa) consumo += l.bruto + l.acrescimo - outrosDescontos(l) - l.descGeral;
  }
  if (!temServico) return;
  for (const l of linhas) {
    if (l.servico === null) continue;
    l.preco = calcularValorServico(consumo as Centavos, l.servico);
    l.bruto = l.preco;
  }
}

/**
 * Assigns combos to the free lines (spec 4 and 5). Realisations made only of lines locked by a seat
 * payment are kept as recorded; everything else is matched again from scratch.
 */
function calcularCombos(
  venda: Venda,
  linhas: readonly Linha[],
  combos: ReturnType<typeof indexarCatalogo>['combos'],
  configuracao: ConfiguracaoVenda,
  tipoVenda: number,
): ComboRealizado[] {
  const porNumero = new Map<number, Linha>();
  for (const l of linhas) if (l.ativa) porNumero.set(l.item.numeroItem, l);
  const preservados = venda.combosRealizados.filter((c) =>
    c.itens.every((i) => porNumero.get(i.numeroItem)?.congelada === true),
  );
  const aplicaveis = combosAplicaveis(combos, venda.empresa, tipoVenda, componentesSaoPaulo(venda.data));
  if (aplicaveis.length === 0) return preservados;
  const candidatos: ItemParaCombo[] = [];
  for (const l of linhas) {
    if (l.congelada || !l.ativa || l.servico !== null) continue;
    const elegivel = itemElegivelCombo({
      cancelado: false,
      descontoPersonalizado: l.descPersonalizado,
      existePosicaoPago: false,
      quantidade: l.qtd,
    });
    if (elegivel) {
      candidatos.push({
        numeroItem: l.item.numeroItem,
        produto: l.item.produto._id,
        precoUnitario: l.preco as Centavos,
        unidades: l.qtd / 10_000,
      });
    }
  }
  if (candidatos.length === 0) return preservados;
  const aplicados = aplicarCombos(candidatos, aplicaveis, ordemCombo(configuracao.comboOrdemDesconto));
  const novos: ComboRealizado[] = aplicados.map((a) => {
    const cor = a.combo.combo.corPredominanteCombo ?? null;
    for (const i of a.itens) {
      const l = porNumero.get(i.numeroItem)!;
      l.descCombo += i.desconto;
      l.comboAtivo = true;
      l.cor = cor;
    }
    return {
      combo: a.combo.combo._id,
      descricao: a.combo.combo.descricao,
      corPredominanteCombo: cor,
      desconto: escreverDinheiro(a.desconto),
      itens: a.itens.map((i) => ({
        numeroItem: i.numeroItem,
        quantidade: i.quantidade,
        desconto: escreverDinheiro(i.desconto),
      })),
    };
  });
  return [...preservados, ...novos];
}

const assinaturaCombos = (combos: readonly ComboRealizado[]) =>
  combos
    .map(
      (c) =>
        `${c.combo}:${c.desconto}:${c.itens.map((i) => `${i.numeroItem}x${i.quantidade}=${i.desconto}`).join(',')}`,
    )
    .sort()
    .join('|');

/**
 * Server-side check of the combos a client sent: every combo must exist, no item unit may be used
 * twice, and the realisations must equal the authoritative recompute; otherwise
 * 'Falha na validação dos Combos' ('Combo não encontrado!' for an unknown combo).
 */
export function validarCombosRealizados(
  venda: Venda,
  catalogo: CatalogoVenda,
  configuracao: ConfiguracaoVenda,
  agora: Instante,
): void {
  const existentes = new Set(catalogo.combos.map((c) => c._id));
  const usadas = new Map<number, number>();
  for (const c of venda.combosRealizados) {
    if (!existentes.has(c.combo)) throw new ErroNegocio(MENSAGENS.comboNaoEncontrado);
    for (const i of c.itens) usadas.set(i.numeroItem, (usadas.get(i.numeroItem) ?? 0) + i.quantidade);
  }
  for (const [numeroItem, unidades] of usadas) {
    const item = venda.produtos.find((p) => p.numeroItem === numeroItem && !p.cancelado);
    if (!item || unidades * 10_000 > lerQuantidade(item.quantidade))
      throw new ErroNegocio(MENSAGENS.combosInvalidos);
  }
  const oficial = recalcularVenda(venda, catalogo, configuracao, agora);
  if (assinaturaCombos(oficial.combosRealizados) !== assinaturaCombos(venda.combosRealizados)) {
    throw new ErroNegocio(MENSAGENS.combosInvalidos);
  }
}
