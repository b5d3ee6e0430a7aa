// Public surface of the domain package. Each area re-exports its own files from its index.
export * from './balanca/index.ts';
export * from './catalogos/catalogo.ts';
export * from './catalogos/index.ts';
export * from './catalogos/venda.ts';
export * from './dinheiro/index.ts';
export * from './estoque/index.ts';
export * from './financeiro/index.ts';
export * from './formatacao/index.ts';
export * from './recursos/definir-recurso.ts';
export * as recursos from './recursos/registro.ts';
export * from './recursos/regras-texto.ts';
export * from './recursos/validacao.ts';
export * from './relatorios/index.ts';
export * from './validadores/index.ts';
export * from './venda/index.ts';
