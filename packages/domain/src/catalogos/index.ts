// Catalogues added beside catalogo.ts and venda.ts (those two are exported by the package index directly).
export * from './permissoes.ts';
