export * from './eventos.ts';
export * from './filtro.ts';
export * from './vendas.ts';
