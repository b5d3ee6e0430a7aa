export * from './filizola.ts';
export * from './gerar.ts';
export * from './texto-fixo.ts';
export * from './tipos.ts';
export * from './toledo.ts';
export * from './toledo-extras.ts';
export * from './urano.ts';
