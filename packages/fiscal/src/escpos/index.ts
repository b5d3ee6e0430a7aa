// ESC/POS encoder, shared with the print agent (apps/print-agent).
export * from './comandos.ts';
export * from './paginas-codigo.ts';
