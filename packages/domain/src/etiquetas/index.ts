export * from './codigo-barras.ts';
export * from './etiqueta.ts';
export * from './gerar.ts';
export * from './linguagens.ts';
