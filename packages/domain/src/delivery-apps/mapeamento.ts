import { TIPO_PAGAMENTO } from '../catalogos/venda.ts';
import { escreverDinheiro } from '../dinheiro/decimal.ts';
import type { PedidoOD, PrecoOD } from './open-delivery.ts';

// An app order -> what our sale is made of: lines of our products (through the item mapping), the app's
// delivery fee and discounts, and the payments by our payment types (prepaid = 92 'App de Terceiros'; to
// collect on delivery by the method the customer chose). Every refusal is a pt-BR reason the "needs
// attention" list shows; nothing is created from a refused order.

/** Payment method of the app -> our payment type, for what the rider or the counter collects. */
export const TIPO_PAGAMENTO_DO_METODO: Readonly<Record<string, number>> = {
  CASH: TIPO_PAGAMENTO.dinheiro,
  CREDIT: TIPO_PAGAMENTO.credito,
  CREDIT_DEBIT: TIPO_PAGAMENTO.credito,
  DEBIT: TIPO_PAGAMENTO.debito,
  MEAL_VOUCHER: TIPO_PAGAMENTO.valeRefeicao,
  FOOD_VOUCHER: TIPO_PAGAMENTO.valeAlimentacao,
  DIGITAL_WALLET: TIPO_PAGAMENTO.carteiraDigital,
  PIX: TIPO_PAGAMENTO.carteiraDigital,
};

export const MOTIVOS_ATENCAO = {
  jsonInvalido: (detalhe: string) => `O aplicativo enviou um pedido que não é JSON válido (${detalhe}).`,
  formatoInvalido: (detalhe: string) => `Pedido fora do formato Open Delivery: ${detalhe}.`,
  lojaNaoMapeada: (merchant: string) =>
    `Pedido para a loja ${merchant}, que não está ligada a nenhuma integração ativa.`,
  semItens: 'Pedido sem itens.',
  moeda: (moeda: string) => `Moeda ${moeda} não aceita (somente BRL).`,
  precoNegativo: (nome: string, valor: number) =>
    `Preço negativo no item "${nome}" (${valor.toFixed(2).replace('.', ',')}).`,
  valorNegativo: (campo: string) => `Valor negativo em ${campo}.`,
  quantidade: (nome: string) => `Quantidade inválida no item "${nome}".`,
  produtoNaoMapeado: (itens: string[]) =>
    `Item sem produto correspondente: ${itens.join(', ')}. Ligue-o a um produto na tela de cadastro do aplicativo.`,
  pagamentos: (pagos: string, total: string) =>
    `A soma dos pagamentos (R$ ${pagos}) difere do total do pedido (R$ ${total}).`,
  produtoInativo: (descricao: string) => `Produto ${descricao} não está ativo nesta loja.`,
  vendaRecusada: (mensagem: string) => `A venda não pôde ser criada: ${mensagem}`,
} as const;

export interface LinhaMapeada {
  produto: string;
  /** Quantity as our decimal text (3 places). */
  quantidade: string;
  obs: string;
}

export interface PagamentoMapeado {
  modo: 'prepago' | 'naEntrega';
  tipoPagamento: number;
  /** Money as decimal text. */
  valor: string;
  trocoPara: string | null;
  metodo: string;
  bandeira: string | null;
}

export interface PedidoMapeado {
  linhas: LinhaMapeada[];
  /** The app's delivery fee (sum of DELIVERY_FEE fees), decimal text. */
  taxaEntrega: string;
  /** The app's discounts on the cart and items (total.discount minus the delivery-fee discounts). */
  descontoItens: string;
  /** Sum of the app's item totals (total.itemsPrice). */
  totalItens: string;
  /** What the customer pays (total.orderAmount). */
  total: string;
  pagamentos: PagamentoMapeado[];
  /** Fees we do not bill as such (service fee, tip...), kept for the record. */
  outrasTaxas: { tipo: string; valor: string }[];
  cliente: { nome: string; telefone: string | null; documento: string | null } | null;
  endereco: string | null;
  identificacao: string;
}

export type ResultadoMapeamento =
  | { ok: true; pedido: PedidoMapeado }
  | { ok: false; motivo: string; itensSemProduto: { codigo: string; nome: string }[] };

/** Money of the app (number, up to 4 decimals) in cents, rounded half away from zero. */
export function centavos(valor: number): number {
  return Math.sign(valor) * Math.round(Math.abs(valor) * 100);
}

const texto = (c: number) => escreverDinheiro(c);

/** The key an app item is mapped by: its externalCode when it has one, else its id. */
export function codigoDoItem(item: { id: string; externalCode: string }): string {
  return item.externalCode.trim() || item.id;
}

export function quantidadeTexto(q: number): string {
  return (Math.round(q * 1000) / 1000).toFixed(3);
}

/**
 * Maps an order. `produtoDo(codigo)` answers our product id for an app item code (the mapping table, or our
 * own product code), or null when unknown.
 */
export function mapearPedido(
  pedido: PedidoOD,
  produtoDo: (codigo: string) => string | null,
): ResultadoMapeamento {
  const falha = (motivo: string, itensSemProduto: { codigo: string; nome: string }[] = []) =>
    ({ ok: false, motivo, itensSemProduto }) as const;
  if (pedido.items.length === 0) return falha(MOTIVOS_ATENCAO.semItens);
  const precos: PrecoOD[] = [
    pedido.total.itemsPrice,
    pedido.total.orderAmount,
    pedido.total.discount,
    pedido.total.otherFees,
    ...(pedido.otherFees ?? []).map((f) => f.price),
    ...(pedido.discounts ?? []).map((d) => d.amount),
  ];
  const moeda = precos.find((p) => p.currency !== 'BRL');
  if (moeda) return falha(MOTIVOS_ATENCAO.moeda(moeda.currency));

  const linhas: LinhaMapeada[] = [];
  const semProduto: { codigo: string; nome: string }[] = [];
  for (const item of pedido.items) {
    for (const p of [item.unitPrice, item.totalPrice, ...(item.optionsPrice ? [item.optionsPrice] : [])]) {
      if (p.currency !== 'BRL') return falha(MOTIVOS_ATENCAO.moeda(p.currency));
      if (p.value < 0) return falha(MOTIVOS_ATENCAO.precoNegativo(item.name, p.value));
    }
    if (!(item.quantity > 0)) return falha(MOTIVOS_ATENCAO.quantidade(item.name));
    const codigo = codigoDoItem(item);
    const produto = produtoDo(codigo);
    if (!produto) semProduto.push({ codigo, nome: item.name });
    else
      linhas.push({
        produto,
        quantidade: quantidadeTexto(item.quantity),
        obs: (item.specialInstructions ?? '').slice(0, 500),
      });
    for (const opcao of item.options ?? []) {
      if (opcao.unitPrice.value < 0 || opcao.totalPrice.value < 0)
        return falha(
          MOTIVOS_ATENCAO.precoNegativo(opcao.name, Math.min(opcao.unitPrice.value, opcao.totalPrice.value)),
        );
      if (!(opcao.quantity > 0)) return falha(MOTIVOS_ATENCAO.quantidade(opcao.name));
      const cod = codigoDoItem(opcao);
      const prod = produtoDo(cod);
      if (!prod) semProduto.push({ codigo: cod, nome: opcao.name });
      else
        linhas.push({
          produto: prod,
          // An option's quantity is per unit of its item.
          quantidade: quantidadeTexto(opcao.quantity * item.quantity),
          obs: (opcao.specialInstructions ?? '').slice(0, 500),
        });
    }
  }
  if (semProduto.length > 0)
    return falha(
      MOTIVOS_ATENCAO.produtoNaoMapeado(semProduto.map((s) => `"${s.nome}" (código ${s.codigo})`)),
      semProduto,
    );

  for (const [campo, p] of [
    ['total.itemsPrice', pedido.total.itemsPrice],
    ['total.orderAmount', pedido.total.orderAmount],
    ['total.discount', pedido.total.discount],
    ['total.otherFees', pedido.total.otherFees],
  ] as const) {
    if (p.value < 0) return falha(MOTIVOS_ATENCAO.valorNegativo(campo));
  }
  const taxas = pedido.otherFees ?? [];
  if (taxas.some((f) => f.price.value < 0)) return falha(MOTIVOS_ATENCAO.valorNegativo('otherFees'));
  const descontos = pedido.discounts ?? [];
  if (descontos.some((d) => d.amount.value < 0)) return falha(MOTIVOS_ATENCAO.valorNegativo('discounts'));
  const metodos = pedido.payments.methods;
  if (metodos.some((m) => m.value < 0)) return falha(MOTIVOS_ATENCAO.valorNegativo('payments'));
  const outraMoeda = metodos.find((m) => m.currency !== 'BRL');
  if (outraMoeda) return falha(MOTIVOS_ATENCAO.moeda(outraMoeda.currency));

  const taxaEntrega = taxas
    .filter((f) => f.type === 'DELIVERY_FEE')
    .reduce((s, f) => s + centavos(f.price.value), 0);
  const descontoTaxa = descontos
    .filter((d) => d.target === 'DELIVERY_FEE')
    .reduce((s, d) => s + centavos(d.amount.value), 0);
  const total = centavos(pedido.total.orderAmount.value);
  const pagos = metodos.reduce((s, m) => s + centavos(m.value), 0);
  if (pagos !== total) return falha(MOTIVOS_ATENCAO.pagamentos(texto(pagos), texto(total)));

  const pagamentos: PagamentoMapeado[] = metodos
    .filter((m) => m.value > 0)
    .map((m) => ({
      modo: m.type === 'PREPAID' ? 'prepago' : 'naEntrega',
      tipoPagamento:
        m.type === 'PREPAID'
          ? TIPO_PAGAMENTO.appTerceiros
          : (TIPO_PAGAMENTO_DO_METODO[m.method] ?? TIPO_PAGAMENTO.appTerceiros),
      valor: texto(centavos(m.value)),
      trocoPara: m.method === 'CASH' && m.changeFor !== undefined ? texto(centavos(m.changeFor)) : null,
      metodo: m.method,
      bandeira: m.brand ?? null,
    }));

  const end = pedido.delivery?.deliveryAddress;
  const endereco = end
    ? (end.formattedAddress ??
      [end.street, end.number, end.complement, end.district, end.city].filter(Boolean).join(', '))
    : null;
  return {
    ok: true,
    pedido: {
      linhas,
      taxaEntrega: texto(Math.max(0, taxaEntrega - descontoTaxa)),
      descontoItens: texto(Math.max(0, centavos(pedido.total.discount.value) - descontoTaxa)),
      totalItens: texto(centavos(pedido.total.itemsPrice.value)),
      total: texto(total),
      pagamentos,
      outrasTaxas: taxas
        .filter((f) => f.type !== 'DELIVERY_FEE')
        .map((f) => ({ tipo: f.type, valor: texto(centavos(f.price.value)) })),
      cliente: pedido.customer
        ? {
            nome: pedido.customer.name.slice(0, 200),
            telefone: pedido.customer.phone?.number ?? null,
            documento: pedido.customer.documentNumber ?? null,
          }
        : null,
      endereco: endereco ? endereco.slice(0, 500) : null,
      identificacao: pedido.displayId.slice(0, 60),
    },
  };
}
