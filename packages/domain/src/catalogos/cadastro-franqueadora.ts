import { z } from 'zod';
import { permissaoPorId, TIPO_EMPRESA_GESTOR_FRANQUIA } from './permissoes.ts';

// Under franchise control the especial permissions (product master data, prices, taxes, numbering...) only
// hold in the franchise manager company (spec 1 section 6). A store user who misses one is told who does
// it instead of finding a button gone or a bare "sem permissão": the list screen shows this note in place
// of 'Novo' and the server refuses the write with the same text.

/** What the franchise manager keeps, per resource of the permission catalogue (the rest say it generically). */
const O_QUE_A_FRANQUEADORA_MANTEM: Readonly<Record<string, string>> = {
  produtoGeral: 'os produtos são incluídos e alterados',
  produtoPromocao: 'as promoções de produto são incluídas e alteradas',
  cardapio: 'os cardápios são incluídos e alterados',
  produtoCombo: 'os combos são incluídos e alterados',
  tabelaVenda: 'as tabelas de venda são incluídas e alteradas',
  agrupador: 'os agrupadores são incluídos e alterados',
  configuracaoImposto: 'as configurações de imposto são incluídas e alteradas',
  unidadeMedida: 'as unidades de medida são incluídas e alteradas',
  empresa: 'as empresas são incluídas e alteradas',
  empresaNumeroNota: 'a numeração das notas fiscais das lojas é definida',
};

/** The group's franchise setting and the store the user is in (`franquia` of getPermissoesUsuario). */
export const contextoFranquiaSchema = z.object({
  controleDeFranquia: z.boolean().nullish(),
  /** tipoEmpresa of the store of the request. */
  tipoEmpresa: z.string().nullish(),
  /** Name of the group's franchise manager company (the 'Gestor Franquia'). */
  franqueadora: z.string().nullish(),
  /**
   * What the user's profiles grant in this store but franchise control keeps for the franchise manager;
   * when given, only these get the note (a permission the profile never granted gets the plain refusal).
   */
  retidas: z.array(z.number().int()).nullish(),
});
export type ContextoFranquia = z.infer<typeof contextoFranquiaSchema>;

/** Whether `permissao` is kept by the franchise manager in this store (especial, franchise control, a store). */
export function reservadaAFranqueadora(permissao: number, contexto: ContextoFranquia): boolean {
  return (
    contexto.controleDeFranquia === true &&
    contexto.tipoEmpresa !== TIPO_EMPRESA_GESTOR_FRANQUIA &&
    permissaoPorId(permissao)?.especial === true &&
    (contexto.retidas == null || contexto.retidas.includes(permissao))
  );
}

/**
 * 'Cadastro feito pela Franqueadora Exemplo: os produtos são incluídos e alterados na empresa gestora da
 * franquia.' — or null when the permission is not kept by the franchise manager in this store.
 */
export function mensagemCadastroNaFranqueadora(permissao: number, contexto: ContextoFranquia): string | null {
  if (!reservadaAFranqueadora(permissao, contexto)) return null;
  const def = permissaoPorId(permissao);
  const nome = def?.permissao.replace(/ - [^-]+$/, '') ?? '';
  const oQue =
    (def?.recurso && O_QUE_A_FRANQUEADORA_MANTEM[def.recurso]) ||
    `os registros de '${nome}' são incluídos e alterados`;
  const quem = contexto.franqueadora?.trim() || 'franqueadora do grupo';
  return `Cadastro feito pela ${quem}: ${oQue} na empresa gestora da franquia.`;
}
