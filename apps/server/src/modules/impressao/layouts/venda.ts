import {
  descricaoPagamento,
  escreverDinheiro,
  lerDinheiro,
  type Venda,
  type VendaEvento,
} from '@retaguarda/domain';
import type { z } from 'zod';
import type { ItemProducaoEntrada } from '../producao.ts';
import type {
  Cabecalho,
  cancelamentoSchema,
  contaSchema,
  expedicaoSchema,
  VendaImpressao,
} from './layouts.ts';

type EntradaConta = z.infer<typeof contaSchema>;
type EntradaExpedicao = z.infer<typeof expedicaoSchema>;
type EntradaCancelamento = z.infer<typeof cancelamentoSchema>;

// Adapters from the domain sale (packages/domain Venda) to the print layouts' input, so the sale module can
// print with one call: imprimirProducao({ venda: vendaParaImpressao(v), itens: itensProducaoDaVenda(v) }).

/** Header data of a sale; table and tab numbers are not part of Venda, so they come from the caller. */
export function vendaParaImpressao(
  v: Venda,
  extra: { mesa?: number | null; comanda?: number | null } = {},
): VendaImpressao {
  return {
    numero: v.numero ?? null,
    sequencialPeriodo: v.sequencialPeriodo ?? null,
    tipoVenda: v.tipoVenda.id,
    mesa: extra.mesa ?? null,
    comanda: extra.comanda ?? null,
    vendaDescricao: v.vendaDescricao,
    atendente: v.atendente?.nome ?? null,
    cliente:
      v.cliente && !v.cliente.clientePadrao
        ? {
            nome: v.cliente.nome,
            endereco: v.cliente.endereco
              ? [
                  `${v.cliente.endereco.logradouro}, ${v.cliente.endereco.numero}`,
                  v.cliente.endereco.complemento,
                  v.cliente.endereco.bairro,
                ]
                  .filter(Boolean)
                  .join(' - ')
              : null,
          }
        : null,
  };
}

/** Pizza parts as fractions ("1/2 Calabresa") of the sum of parts. */
export function partesDoItem(item: Venda['produtos'][number]): string[] {
  const total = item.produtosFilho.reduce((s, f) => s + f.quantidadeParte, 0);
  return item.produtosFilho.map((f) =>
    item.pizza ? `${f.quantidadeParte}/${total} ${f.produto.descricao}` : `+ ${f.produto.descricao}`,
  );
}

/** Every line of the sale as production input (cancelled lines included: they cancel what was sent). */
export function itensProducaoDaVenda(v: Venda): ItemProducaoEntrada[] {
  return v.produtos.map((p) => ({
    // numeroItem is stable for the life of the sale (an item gets its _id only when confirmed).
    chave: String(p.numeroItem),
    produtoId: p.produto._id,
    descricao: p.produto.descricao,
    quantidade: p.quantidade,
    obs: p.obs,
    partes: partesDoItem(p),
    cancelado: p.cancelado,
    atendente: p.atendente?.nome ?? null,
  }));
}

/** Bill of a sale: live lines with their discounts, the sale's totals and the payments not deleted. */
export function contaDaVenda(
  v: Venda,
  cabecalho: Cabecalho,
  extra: {
    mesa?: number | null;
    comanda?: number | null;
    taxaServico?: string | null;
    pessoas?: number | null;
    pix?: { qrCode: string; chave?: string | null } | null;
  } = {},
): EntradaConta {
  return {
    cabecalho,
    venda: vendaParaImpressao(v, extra),
    itens: v.produtos
      .filter((p) => !p.cancelado)
      .map((p) => {
        const desconto = lerDinheiro(p.valorBruto) - lerDinheiro(p.valorLiquido);
        return {
          quantidade: p.quantidade,
          descricao: p.produto.descricao,
          valorUnitario: p.precoVenda,
          valorTotal: p.valorLiquido,
          desconto: desconto > 0 ? escreverDinheiro(desconto) : null,
          obs: p.obs || null,
          partes: partesDoItem(p),
        };
      }),
    subTotal: v.subTotal,
    totalDesconto: v.totalDesconto,
    totalAcrescimo: v.totalAcrescimo,
    taxaServico: extra.taxaServico ?? null,
    taxaEntrega: v.taxaEntrega,
    total: v.total,
    pagamentos: v.pagamentos
      .filter((p) => !p.lixo)
      .map((p) => ({ descricao: descricaoPagamento(p), valor: p.valor })),
    pessoas: extra.pessoas ?? null,
    pix: extra.pix ?? null,
  };
}

/** Cancellation slip of a sale event (tipo 'Cancelamento'). */
export function cancelamentoDoEvento(
  evento: VendaEvento,
  v: Venda,
  cabecalho: Cabecalho,
  extra: { mesa?: number | null; comanda?: number | null } = {},
): EntradaCancelamento {
  return {
    cabecalho,
    venda: vendaParaImpressao(v, extra),
    itens: evento.produtos.map((p) => ({
      quantidade: p.quantidade,
      descricao: p.produto.descricao,
      valor: p.valor,
    })),
    vendaCompleta: evento.vendaCompleta,
    motivo: evento.motivo,
    supervisor: evento.supervisor?.nome ?? null,
  };
}

/** Expedition ticket of a sale: live lines, delivery fee, payments made and the change to take. */
export function expedicaoDaVenda(
  v: Venda,
  cabecalho: Cabecalho,
  extra: {
    mesa?: number | null;
    comanda?: number | null;
    telefone?: string | null;
    entregador?: string | null;
    tempoEntregaMinutos?: number | null;
    cobranca?: EntradaExpedicao['cobranca'];
  } = {},
): EntradaExpedicao {
  const venda = vendaParaImpressao(v, extra);
  return {
    cabecalho,
    venda:
      venda.cliente && extra.telefone
        ? { ...venda, cliente: { ...venda.cliente, telefone: extra.telefone } }
        : venda,
    itens: v.produtos
      .filter((p) => !p.cancelado && p.confirmado)
      .map((p) => ({
        quantidade: p.quantidade,
        descricao: p.produto.descricao,
        obs: p.obs || null,
        partes: partesDoItem(p),
      })),
    taxaEntrega: v.taxaEntrega,
    total: v.total,
    pagamentos: v.pagamentos
      .filter((p) => !p.lixo)
      .map((p) => ({ descricao: descricaoPagamento(p), valor: p.valor })),
    troco: v.totalTroco,
    entregador: extra.entregador ?? v.entregador?.nome ?? null,
    tempoEntregaMinutos: extra.tempoEntregaMinutos ?? null,
    cobranca: extra.cobranca ?? null,
  };
}
