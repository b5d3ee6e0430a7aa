import type { Centavos } from '../dinheiro/decimal.ts';
import { lerEscalado, percentualDe } from '../dinheiro/decimal.ts';
import { ErroNegocio, MENSAGENS } from './erros.ts';
import type { Id, PessoaRef, ProdutoRef, Venda, VendaItem } from './esquemas.ts';
import { adicionarItem } from './itens.ts';

// The service charge (taxa de serviço: a line of the store's Gorjeta product), one rule for the server and
// the POS (docs/decisions/0008-regras-de-venda.md): a percentage the store allows, on the consumption after
// item and general discounts, rounded to the cent, recomputed by recalcularVenda whenever the bill changes;
// the general discount never cuts it. The percentage travels in the line's note ('Serviço 10%').

/** Default of the close-with-service call; stores may set their own maximum. */
export const PERCENTUAL_SERVICO_PADRAO = '10';
/** Without empresa.configuracoes.percentualServicoMaximo: 20 % (10 % is the custom, some charge 12-13 %). */
export const PERCENTUAL_SERVICO_MAXIMO_PADRAO = '20';

const PERCENTUAL = /^\d+(\.\d{1,2})?$/;

/** The note of the service line says its percentage ('Serviço 10%', 'Serviço 12.5%'). */
export function observacaoServico(percentual: string): string {
  return `Serviço ${percentual}%`;
}

export function percentualDoServico(obs: string): string | null {
  const m = /Serviço\s+(\d+(?:[.,]\d+)?)%/.exec(obs);
  return m?.[1] ? m[1].replace(',', '.') : null;
}

/** The largest percentage the store allows. */
export function percentualServicoMaximo(config: {
  percentualServicoMaximo?: string | null | undefined;
}): string {
  const m = config.percentualServicoMaximo;
  return m && PERCENTUAL.test(m) && lerEscalado(m, 5, 'arredondar') > 0
    ? m
    : PERCENTUAL_SERVICO_MAXIMO_PADRAO;
}

/**
 * A percentage above 0 with at most 2 decimals, up to the store's maximum; else
 * 'O percentual do serviço deve ser maior que 0 e no máximo 20%!'. Closing without service is the other
 * call (permission 17), never a 0 or negative percentage.
 */
export function validarPercentualServico(
  percentual: unknown,
  config: { percentualServicoMaximo?: string | null | undefined },
): string {
  const maximo = percentualServicoMaximo(config);
  const texto = typeof percentual === 'number' ? String(percentual) : percentual;
  if (
    typeof texto !== 'string' ||
    !PERCENTUAL.test(texto) ||
    lerEscalado(texto, 5, 'arredondar') <= 0 ||
    lerEscalado(texto, 5, 'arredondar') > lerEscalado(maximo, 5, 'arredondar')
  ) {
    throw new ErroNegocio(MENSAGENS.percentualServicoInvalido(maximo.replace('.', ',')));
  }
  return texto;
}

/** The charge on a consumption, rounded to the cent like every money value (2,485 -> 2,49). */
export function calcularValorServico(consumo: Centavos, percentual: string): Centavos {
  return percentualDe(consumo, lerEscalado(percentual, 5, 'arredondar'), 5);
}

/** A service line of the store (its Gorjeta product, `configuracao.produtoServico`). */
export function ehLinhaServico(item: VendaItem, produtoServico: Id | null | undefined): boolean {
  return produtoServico != null && item.produto._id === produtoServico;
}

/** Drops the service lines not locked by a seat payment (closing without service, new items). */
export function removerServico(venda: Venda, produtoServico: Id | null | undefined): Venda {
  const produtos = venda.produtos.filter(
    (i) => !ehLinhaServico(i, produtoServico) || i.existePosicaoPago || i.cancelado,
  );
  return produtos.length === venda.produtos.length ? venda : { ...venda, produtos };
}

/**
 * Closing with service: the unpaid service line is replaced by one with the (checked) percentage; its
 * value is written by recalcularVenda. Call recalcularVenda afterwards.
 */
export function lancarServico(
  venda: Venda,
  produto: ProdutoRef,
  percentual: unknown,
  dados: {
    readonly data: string;
    readonly terminal: Id | null;
    readonly atendente: PessoaRef | null;
    readonly percentualServicoMaximo?: string | null | undefined;
  },
): Venda {
  const p = validarPercentualServico(percentual, dados);
  return adicionarItem(removerServico(venda, produto._id), {
    produto,
    quantidade: '1',
    precoVenda: '0.00',
    obs: observacaoServico(p),
    data: dados.data,
    terminal: dados.terminal,
    atendente: dados.atendente,
  });
}
