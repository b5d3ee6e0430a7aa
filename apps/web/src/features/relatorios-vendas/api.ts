import type {
  FiltroRelatorioEntrada,
  ListaProdutosVendidosResposta,
  RelatorioVendaDetalhePedido,
  RelatorioVendaDetalheResposta,
  RelatorioVendaFranquiaResposta,
  RelatorioVendaNovoPedido,
  RelatorioVendaNovoResposta,
  RelatorioVendaPedido,
  RelatorioVendaProdutosPedido,
  RelatorioVendaProdutosResposta,
  RelatorioVendaResposta,
} from '@retaguarda/domain';
import { api } from '../../lib/api/cliente.ts';

// Calls of the five sales reports (apps/server/src/modules/relatorios-vendas). Request and answer shapes are the
// domain's (packages/domain/src/relatorios/vendas.ts), shared with the server; the screens hand these to
// useRelatorio (relatorios-comum), which keys them by the filter's md5 and keeps the last answer on the browser.

const acao = { acao: 'ao gerar o relatório' };

export const buscarRelatorioVenda = (p: RelatorioVendaPedido) =>
  api.post<RelatorioVendaResposta>('relatorioVenda', p, acao);

/** A page of 50 raw sales of the filter, after the cursor of the previous page (null: the first). */
export const buscarRelatorioVendaDetalhe = (p: RelatorioVendaDetalhePedido) =>
  api.post<RelatorioVendaDetalheResposta>('relatorioVendaDetalhe', p, acao);

export const buscarRelatorioVendaNovo = (p: RelatorioVendaNovoPedido) =>
  api.post<RelatorioVendaNovoResposta>('relatorioVendaNovo', p, acao);

export const buscarRelatorioVendaProdutos = (p: RelatorioVendaProdutosPedido) =>
  api.post<RelatorioVendaProdutosResposta>('relatorioVendaProdutos', p, acao);

export const buscarListaProdutosVendidos = (filtro: FiltroRelatorioEntrada) =>
  api.post<ListaProdutosVendidosResposta>('listaProdutosVendidos', { filtro }, acao);

export const buscarRelatorioVendaFranquia = (filtro: FiltroRelatorioEntrada) =>
  api.post<RelatorioVendaFranquiaResposta>('relatorioVendaFranquia', { filtro }, acao);
