// Validators of spec 1 section 5 and spec 2 section 5: pure functions with the exact pt-BR messages.
export * from './busca.ts';
export * from './chave-acesso.ts';
export * from './contato.ts';
export * from './cpf-cnpj-nota.ts';
export * from './data.ts';
export * from './documentos.ts';
export * from './entrada.ts';
export * from './genericos.ts';
export * from './gtin.ts';
export * from './liberacao.ts';
export * from './mensagens.ts';
export * from './mesa.ts';
export * from './ncm.ts';
export * from './usuario.ts';
