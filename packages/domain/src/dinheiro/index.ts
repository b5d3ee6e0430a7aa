export * from './decimal.ts';
export * from './notas.ts';
