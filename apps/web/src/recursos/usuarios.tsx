import type { Personalizacao } from '../features/recursos/personalizacao.ts';
import { MatrizPermissoes } from './matriz-permissoes.tsx';

// usuarios: permissions beyond the per-store profiles use the same matrix as the profiles.
export const personalizacao: Personalizacao = {
  editores: { permissoes: (p) => <MatrizPermissoes {...p} /> },
};
