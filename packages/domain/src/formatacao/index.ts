export * from './formatacao.ts';
export * from './rotulos.ts';
