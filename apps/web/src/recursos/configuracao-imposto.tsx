import type { Personalizacao } from '../features/recursos/personalizacao.ts';
import { abaOlhoNoImposto } from './importar-ibpt.tsx';

// configuracaoImposto: the ICMS rules, and the IBPT table ('Olho no imposto') in a second tab (spec section 2
// has no route of its own for it; both are guarded by the tax-configuration permissions).
export const personalizacao: Personalizacao = {
  abas: [abaOlhoNoImposto],
};
