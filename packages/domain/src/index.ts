// Public surface of the domain package. Each area re-exports its own files from its index.
export * from './catalogos/catalogo.ts';
export * from './catalogos/venda.ts';
