export * from './formatacao.ts';
