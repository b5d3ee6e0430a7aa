import { recursos } from '@retaguarda/domain';
import type { Personalizacao } from '../features/recursos/personalizacao.ts';

// empresaSimplificado: the same companies with only the registration data (no settings blocks), for staff
// who keep addresses and documents up to date.
export const personalizacao: Personalizacao = {
  def: recursos.empresa,
  camposOcultos: ['configuracoes', 'configuracoesEstoque', 'fiscal', 'nfce', 'localizacao'],
};
