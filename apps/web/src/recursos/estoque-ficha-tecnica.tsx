import type { Personalizacao } from '../features/recursos/personalizacao.ts';
import { ItensReceita } from './itens-receita.tsx';

// estoqueFichaTecnica: the ingredients as a table whose cost (per line, total, per unit, margin) follows every
// keystroke; a new recipe yields 1 unit.
export const personalizacao: Personalizacao = {
  editores: { itensReceita: (p) => <ItensReceita {...p} /> },
  padroes: () => ({ rendimento: '1', itens: [] }),
};
