import path from 'node:path';

// Each server module owns its tables and its migration chain (drizzle-<modulo>.config.ts ->
// drizzle/<modulo>/, journal table __drizzle_migracoes_<modulo>), so modules built in parallel never
// fight over one chain. Chains are applied in this order on start; add one line per new module.
export const MODULOS_MIGRACAO = [
  'nucleo',
  'fiscal',
  'impressao',
  'caixa',
  'vendas',
  'kds',
  'referencia',
  'callcenter',
  'seguranca',
  'estoque',
  'financeiro',
  'relatorios-vendas',
  'relatorios-salvos',
  'delivery-apps',
  'etiquetas',
] as const;

const raiz = path.resolve(import.meta.dirname, '../../drizzle');

export function migracoesDoModulo(modulo: string) {
  return { migrationsFolder: path.join(raiz, modulo), migrationsTable: `__drizzle_migracoes_${modulo}` };
}
