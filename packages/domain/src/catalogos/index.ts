// Catalogues added beside catalogo.ts and venda.ts (those two are exported by the package index directly).
export * from './fiscais.ts';
export * from './gerais.ts';
export * from './grupos.ts';
export * from './listas-referencia.ts';
export * from './permissoes.ts';
export * from './tributos.ts';
export * from './unidades-medida.ts';
