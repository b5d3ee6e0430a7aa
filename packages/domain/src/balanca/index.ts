export * from './arquivos/index.ts';
export * from './codigo-balanca.ts';
