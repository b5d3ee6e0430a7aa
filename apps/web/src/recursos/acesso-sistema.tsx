import type { Personalizacao } from '../features/recursos/personalizacao.ts';
import { MatrizPermissoes } from './matriz-permissoes.tsx';

// acessoSistema: the profile's permissions are edited as a matrix by module.
export const personalizacao: Personalizacao = {
  editores: { permissoes: (p) => <MatrizPermissoes {...p} /> },
};
