export * from './filtro.ts';
export * from './vendas.ts';
