// Business errors of the sale engine. Every text is a contract of spec 1 sections 5 and 8 (copied
// exactly, typos included); texts marked "designed" fill a gap the spec leaves open.
export const MENSAGENS = {
  pizzaFracionada: 'A quantidade da pizza não pode ser fracionada!',
  /** designed: the spec asks for a whole quantity of at least 1. */
  pizzaQuantidadeMinima: 'A quantidade da pizza deve ser no mínimo 1!',
  maximoFracoes: (n: number) => `O máximo de frações(partes) é ${n}`,
  comboOrdemIndefinida: 'configuracao comboOrdemDesconto indefinido',
  /** designed: a quantity that is not a positive decimal of at least the smallest unit (0.0001). */
  quantidadeInvalida: 'Quantidade inválida!',
  /** designed: item discount modes are 0-4, general discount modes 0-1 (spec 5). */
  modoDescontoInvalido: 'Modo de desconto inválido!',
  /** designed: the service line takes no item discount (servico.ts). */
  descontoServico: 'A taxa de serviço não recebe desconto!',
  /** designed: the service percentage the store allows (servico.ts). */
  percentualServicoInvalido: (maximo: string) =>
    `O percentual do serviço deve ser maior que 0 e no máximo ${maximo}%!`,
  combosInvalidos: 'Falha na validação dos Combos',
  /** designed: combo/group not-found messages (spec 1, section 8). */
  comboNaoEncontrado: 'Combo não encontrado!',
  agrupadorNaoEncontrado: 'Agrupador do combo não encontrado!',
  novoValorUnitario: 'O novo valor unitário não pode ser menor que 0,01 ou maior que o valor unitário atual',
  descontoItemMinimo:
    'O Total do desconto (Desconto Subtotal:) não pode ser inferior ou igual ao Mínimo Obrigatório',
  descontoItemLimite: 'O desconto não pode ser maior que o Total do item ou menor que R$0.01',
  supervisorNaoInformado: 'Supervisor não informado',
  itemNaoInformado: 'Item não informado',
  descontoGeralPercentual: 'O desconto não pode ser maior que 100% ou menor que 0.',
  descontoGeralMinimo: 'O Total do desconto não pode ser inferior ou igual ao Mínimo Obrigatório',
  descontoGeralLimite: 'O desconto não pode ser maior que o Total da conta ou menor que R$0,01',
  posicaoPagaDelecao: 'Existem pagamentos realizados por posição, deleção não permitido!',
  ultimoItemDeletado: 'Útimo item já esta deletado!',
  trocoMaiorPermitido: 'O valor do troco esta maior do que o permitido.',
  /** designed around the spec fragment 'não permite troco'. */
  naoPermiteTroco: (forma: string) => `A forma de pagamento ${forma} não permite troco`,
  /** designed: operator required, value above 0 (spec 5, "Payment"). */
  operadorNaoInformado: 'Operador não informado',
  valorPagamentoInvalido: 'O valor do pagamento deve ser maior que zero',
  convenioValorInvalido: 'Valor inválido',
  convenioClienteIndefinido: 'Cliente esta indefinido',
  convenioNaoPermite: 'Cliente não permite Convênio',
  convenioBloqueado: 'Cliente esta bloqueado para realizar compras para a forma de pagamento Convênio!',
  convenioSemLimite: 'Cliente não possui limite de compra para a forma de pagamento Convênio!',
  convenioSaldo: (limite: string, utilizado: string, disponivel: string, desejado: string) =>
    `O valor ultrapassa o saldo disponivel do cliente! Limite: ${limite}, Utilizado: ${utilizado}, Disponível: ${disponivel}, Desejado: ${desejado}`,
  cancelamentoCaixaFechado:
    'Operação de cancelamento não permitido, o caixa que recebeu esta conta já esta fechado!',
  /** designed: the spec's wrong-cashier message text is not shown. */
  cancelamentoOutroCaixa: 'Operação de cancelamento não permitido, o pagamento foi recebido em outro caixa!',
  /** designed */
  pagamentoNaoEncontrado: 'Pagamento não encontrado!',
  pagamentoJaCancelado: 'Pagamento já esta cancelado!',
  /** designed: spec 1, section 4 (a delivery sale cannot be confirmed with an unpaid balance). */
  deliverySaldoAberto: 'Venda delivery não pode ser confirmada com saldo em aberto!',
  vendaEncerradaConfirmar: 'Venda encerrada não pode ser confirmada!',
  /** designed: a delivery beyond the last distance band (docs/decisions/0008). */
  foraFaixaEntrega: (distancia: string, limite: string) =>
    `Endereço fora da área de entrega: ${distancia} km, a loja entrega até ${limite} km!`,
  /** designed: service areas (spec 1, section 8). */
  foraAreaCobertura: 'Endereço fora da área de cobertura das lojas!',
  /** designed: seats. */
  posicaoInvalida: 'Posição inválida!',
  posicaoJaPaga: 'Esta posição já foi paga!',
  posicaoSemItens: 'Não existem itens para esta posição!',
  itemBloqueadoPosicao: 'Item bloqueado: existem pagamentos realizados por posição!',
  /** designed: items, discounts and payments only while open or closing. */
  vendaNaoEditavel: 'Venda encerrada ou cancelada não pode ser alterada, reabra a venda!',
  pagamentoPosicaoInsuficiente: 'O valor do pagamento é menor que o valor da posição!',
  /** designed: status machines (venda/TRANSICOES.md). */
  transicaoNaoPermitida: (de: string, para: string) =>
    `Não é permitido alterar o status de ${de} para ${para}!`,
  transicaoExigePermissao: (de: string, para: string) =>
    `Alterar o status de ${de} para ${para} exige liberação de supervisor!`,
} as const;

/** A refused business operation, carrying the pt-BR message shown to the user. */
export class ErroNegocio extends Error {
  override readonly name = 'ErroNegocio';
  constructor(mensagem: string) {
    super(mensagem);
  }
}

export type Resultado<T> =
  | { readonly ok: true; readonly valor: T }
  | { readonly ok: false; readonly mensagem: string };

/** Runs an engine operation and turns an ErroNegocio into `{ ok: false, mensagem }` (other errors rethrow). */
export function tentar<T>(operacao: () => T): Resultado<T> {
  try {
    return { ok: true, valor: operacao() };
  } catch (erro) {
    if (erro instanceof ErroNegocio) return { ok: false, mensagem: erro.message };
    throw erro;
  }
}
