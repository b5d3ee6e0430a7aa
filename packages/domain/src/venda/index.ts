// Public surface of the sale engine.

export * from './balcao.ts';
export * from './combos.ts';
export * from './configuracao.ts';
export * from './cozinha.ts';
export * from './cpf-cnpj-venda.ts';
export * from './descontos.ts';
export * from './editavel.ts';
export * from './entrega.ts';
export * from './erros.ts';
export * from './esquemas.ts';
export * from './exclusao.ts';
export { indexarCatalogo } from './indice.ts';
export * from './itens.ts';
export * from './janela.ts';
export * from './pagamentos.ts';
export * from './pizza.ts';
export * from './posicao.ts';
export * from './precos.ts';
export * from './rateio.ts';
export * from './recalcular.ts';
export * from './servico.ts';
export * from './transicoes.ts';
