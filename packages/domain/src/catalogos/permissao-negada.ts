import { z } from 'zod';
import { PERMISSAO, permissaoPorId } from './permissoes.ts';
import { TIPO_VENDA } from './venda.ts';

// A refusal for a missing permission says which permission (id and name of the catalogue) and who can
// grant it, so a cashier in front of a refused screen knows what to ask for; the server sends it in the
// envelope (`data.permissaoNegada`) and the web shows it in place of the screen.

export const permissaoNegadaSchema = z.object({
  id: z.number().int(),
  permissao: z.string(),
  /** The business group whose administrator edits the access profiles. */
  grupoEmpresarial: z.string().nullable(),
  /** The user's access profiles in that store (where the permission would be added). */
  perfis: z.array(z.string()),
});
export type PermissaoNegada = z.infer<typeof permissaoNegadaSchema>;

/** The refused permission as the catalogue names it. */
export function permissaoNegada(
  id: number,
  contexto: { grupoEmpresarial?: string | null; perfis?: readonly string[] } = {},
): PermissaoNegada {
  return {
    id,
    permissao: permissaoPorId(id)?.permissao ?? `Permissão ${id}`,
    grupoEmpresarial: contexto.grupoEmpresarial ?? null,
    perfis: [...(contexto.perfis ?? [])],
  };
}

/** 'Falta a permissão 53 - Acessar Frente Loja.' */
export function textoPermissaoFaltante(p: Pick<PermissaoNegada, 'id' | 'permissao'>): string {
  return `Falta a permissão ${p.id} - ${p.permissao}.`;
}

/** Who can grant it: the group's administrator, in the user's access profile. */
export function textoQuemConcede(p: PermissaoNegada): string {
  const grupo = p.grupoEmpresarial ? ` do grupo ${p.grupoEmpresarial}` : '';
  const perfil =
    p.perfis.length === 1
      ? `no perfil de acesso '${p.perfis[0]}'`
      : p.perfis.length > 1
        ? `em um dos seus perfis de acesso (${p.perfis.map((x) => `'${x}'`).join(', ')})`
        : 'no seu perfil de acesso';
  return `Peça ao administrador${grupo} para incluir a permissão '${p.permissao}' ${perfil}.`;
}

/** The whole refusal in one message (toasts, logs, API clients other than the web). */
export function mensagemPermissaoNegada(p: PermissaoNegada): string {
  return `Usuário sem permissão para esta operação. ${textoPermissaoFaltante(p)} ${textoQuemConcede(p)}`;
}

/** Reads `data.permissaoNegada` of a refused answer, when there is one. */
export function lerPermissaoNegada(dados: unknown): PermissaoNegada | null {
  const bruto = (dados as { permissaoNegada?: unknown } | null | undefined)?.permissaoNegada;
  const r = permissaoNegadaSchema.safeParse(bruto);
  return r.success ? r.data : null;
}

/** The store's operation screens and the permission that opens each (docs/PERMISSOES.md). */
export const PERMISSAO_DA_TELA = {
  frenteLoja: PERMISSAO.acessarFrenteLoja,
  kds: PERMISSAO.acessarKds,
  expedicao: PERMISSAO.acessarExpedicao,
  saidaMotoboy: PERMISSAO.acessarSaidaMotoboy,
  portaria: PERMISSAO.cadastroPortaria,
  callCenter: PERMISSAO.modoCallCenter,
} as const;
export type TelaOperacao = keyof typeof PERMISSAO_DA_TELA;

/** The POS modes (terminal functions) and the permission each needs from the user, as the server checks. */
export const PERMISSAO_DO_MODO_FRENTE_LOJA = {
  balcao: PERMISSAO.lancarVendaBalcao,
  mesa: PERMISSAO.lancarMesa,
  comanda: PERMISSAO.lancarComanda,
  delivery: PERMISSAO.lancarDelivery,
  caixa: PERMISSAO.operarCaixa,
  vendas: PERMISSAO.operarCaixa,
} as const;

/** The permission to launch (create or change) a sale of this type; an unknown type asks for the counter's. */
export function permissaoParaLancar(tipoVenda: number): number {
  switch (tipoVenda) {
    case TIPO_VENDA.mesa:
      return PERMISSAO.lancarMesa;
    case TIPO_VENDA.delivery:
      return PERMISSAO.lancarDelivery;
    case TIPO_VENDA.comanda:
      return PERMISSAO.lancarComanda;
    default:
      return PERMISSAO.lancarVendaBalcao;
  }
}
