import type { DefinicaoRecurso } from '@retaguarda/domain';
import type { ComponentType, ReactNode } from 'react';
import type { PropsCampo, Valores } from './campo-formulario.tsx';
import type { Registro } from './exibicao.ts';

/**
 * What a file in apps/web/src/recursos/<rota>.tsx may change in the generic screen (only what is special):
 * another definition (a simplified view of a table), hidden fields, editors of json blocks marked
 * `editor`, defaults of a new record and extra buttons in the form.
 */
export interface Personalizacao {
  def?: DefinicaoRecurso;
  /** Records are only edited here (created and deleted elsewhere, e.g. business groups by support). */
  somenteAlterar?: boolean;
  camposOcultos?: readonly string[];
  /** Hides a field while the form's values say it does not apply (e.g. the stores of a shared account). */
  ocultarCampo?: (nome: string, valores: Valores) => boolean;
  /** Read-only columns computed elsewhere (e.g. an account's balance), after the definition's columns. */
  colunasExtras?: readonly { chave: string; titulo: string; Celula: ComponentType<{ linha: Registro }> }[];
  editores?: Record<string, (p: PropsCampo) => ReactNode>;
  padroes?: () => Valores;
  /**
   * Other registrations shown as tabs of this screen (e.g. the IBPT table in the tax configuration): spec
   * section 2 fixes the routes, so a registration without a route of its own lives in its kin's screen.
   */
  abas?: readonly { chave: string; titulo: string; def: DefinicaoRecurso; personalizacao?: Personalizacao }[];
  /** Buttons of the list toolbar, before 'Incluir' (e.g. an import); `recarregar` refetches the list. */
  acoesLista?: (ctx: { podeIncluir: boolean; recarregar: () => void }) => ReactNode;
  /** Buttons at the left of the form footer; `id` is undefined while the record is new. */
  acoesFormulario?: (ctx: {
    id: string | undefined;
    valores: Valores;
    definir: (valores: Valores) => void;
  }) => ReactNode;
}
