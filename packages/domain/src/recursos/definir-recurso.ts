import type { PermissoesRecurso } from '../catalogos/permissoes.ts';

// One declarative definition per registered resource (STYLE.md "Declaring ~100 back-office resources").
// The server derives the table, the filter whitelist and the input validation from it; the web derives
// the generic list and form. Sales, cash periods and fiscal documents are hand-written modules instead.

export type ValidadorTexto =
  | 'cpf'
  | 'cnpj'
  | 'cpfCnpj'
  | 'email'
  | 'cep'
  | 'gtin'
  | 'cClassTrib'
  | 'ncm'
  | 'codigoPlano';

interface CampoBase {
  /** Label shown in forms and lists (pt-BR). */
  readonly rotulo: string;
  readonly obrigatorio?: boolean;
  /** Never sent to clients nor accepted from them (e.g. password hashes). */
  readonly privado?: boolean;
  /** Searched by the list's free-text box. */
  readonly busca?: boolean;
  /**
   * Shown but never written by a client (a code the server assigns): the generic form shows it read-only and
   * validarRecurso leaves it out of a write, so the repository never stores what a client sent for it.
   */
  readonly somenteLeitura?: boolean;
}

export interface CampoTexto extends CampoBase {
  readonly tipo: 'texto';
  readonly min?: number;
  readonly max?: number;
  readonly validador?: ValidadorTexto;
  readonly unico?: boolean;
  /** Closed list of accepted values (a select in the form). */
  readonly opcoes?: readonly string[];
  /** Multi-line text in the form. */
  readonly longo?: boolean;
  /** Value the form proposes when the user starts filling the record (spec 9: UF PR, país Brasil, DDD 41). */
  readonly padrao?: string;
  /**
   * Catalogue whose entries (id = the stored text) the form offers while typing; the validator decides
   * what else is accepted (e.g. cClassTrib: any official code, the catalogue holds the known ones).
   */
  readonly sugestoes?: string;
  /**
   * A password or credential (SMTP password, an app's key): it leaves the server, and enters the audit
   * trail, only as MASCARA_SEGREDO; a write that sends the mask back keeps the stored value.
   */
  readonly segredo?: boolean;
}
export interface CampoNumero extends CampoBase {
  readonly tipo: 'inteiro' | 'decimal';
  /** Decimal places kept by a decimal column (money 2, quantities 4, costs 6). */
  readonly casas?: number;
  readonly min?: number;
  readonly max?: number;
  readonly unico?: boolean;
  /** The value is the id of an entry of this domain catalogue (stored as the bare id, e.g. CRT 1). */
  readonly catalogoId?: string;
  /**
   * Numbered by the database when the row is created (an identity column from `inicio`), unique across the
   * installation, not per group; use with `somenteLeitura` (the group's login code).
   */
  readonly numeracao?: { readonly inicio: number };
}
export interface CampoBooleano extends CampoBase {
  readonly tipo: 'booleano';
  readonly padrao?: boolean;
}
export interface CampoData extends CampoBase {
  readonly tipo: 'data';
}
/** Reference to one row of another resource (stored as its 24-hex id). */
export interface CampoRef extends CampoBase {
  readonly tipo: 'ref';
  readonly tabela: string;
}
/** References to several rows of another resource (stored as an array of ids). */
export interface CampoRefs extends CampoBase {
  readonly tipo: 'refs';
  readonly tabela: string;
}
/** A value of a fixed catalogue of the domain package (stored as the entry object, filtered by `campo.id`). */
export interface CampoCatalogo extends CampoBase {
  readonly tipo: 'catalogo';
  readonly catalogo: string;
  readonly multiplo?: boolean;
}
/** Free-form block (configuracoes, fiscal, nfce, endereco...), stored as jsonb. */
export interface CampoJson extends CampoBase {
  readonly tipo: 'json';
  /** Dotted paths inside the block that filters may use (whitelist). */
  readonly caminhosFiltro?: readonly string[];
  /** Dotted paths inside the block that are references, so populateObj may expand them. */
  readonly refs?: Readonly<Record<string, string>>;
  /**
   * Fields of the block when it has a fixed shape: the generic form edits them as a sub-form and
   * `validarRecurso` checks them with the same rules (an empty block counts as not filled).
   */
  readonly subcampos?: Readonly<Record<string, Campo>>;
  /** With `subcampos`: the block is a list of such records (phones, addresses, km bands...). */
  readonly lista?: boolean;
  /** The block is a list of some of these texts (tiposPessoa, terminal funcoes...): checkboxes in the form. */
  readonly opcoes?: readonly string[];
  /** Hidden in the generic form: a screen override edits it (e.g. the permission matrix). */
  readonly editor?: string;
  /** With `lista`: every record carries an `_id` (24 hex), given by the server when missing (combo groups). */
  readonly idItens?: boolean;
}

export type Campo =
  | CampoTexto
  | CampoNumero
  | CampoBooleano
  | CampoData
  | CampoRef
  | CampoRefs
  | CampoCatalogo
  | CampoJson;

export interface DefinicaoRecurso {
  /** API and route name (camelCase, as the spec spells it). */
  readonly tabela: string;
  /** Table name in PostgreSQL (snake_case). */
  readonly tabelaSql: string;
  readonly titulo: string;
  /** 'grupo': rows belong to the business group; 'empresa': rows also belong to one store. */
  readonly escopo: 'grupo' | 'empresa';
  readonly campos: Readonly<Record<string, Campo>>;
  readonly lista: { readonly colunas: readonly string[]; readonly ordem?: string };
  readonly permissoes: PermissoesRecurso;
  /** Highest `limit` accepted by getPopulate. */
  readonly limiteMaximo?: number;
  /** Rules across fields (field -> message), run by validarRecurso after the field rules pass. */
  readonly validar?: (valores: Readonly<Record<string, unknown>>) => Record<string, string>;
  /**
   * Reference data the POS loads (spec 2 section 7): any user who may open a store reads it, without the
   * resource's access permission (writes still need theirs).
   */
  readonly leituraLivre?: boolean;
  /**
   * Extra indexes of the table (field names, after the group column; store-scoped tables lead with the
   * store too), for the list filters and sorts that must stay fast on large tables.
   */
  readonly indices?: readonly (readonly string[])[];
  /**
   * Combinations of fields that identify a row among those not in the trash (after the group; store-scoped
   * tables lead with the store too), kept by a unique index; a duplicate is refused with `mensagem`. An empty
   * reference counts as one value, so two rows without it collide too.
   */
  readonly unicos?: readonly UnicoRecurso[];
}

export interface UnicoRecurso {
  readonly campos: readonly string[];
  readonly mensagem: string;
}

/**
 * Name of the unique index of a combination (the server maps a duplicate on it to its message), within the
 * 63 characters PostgreSQL keeps of a name.
 */
export function nomeIndiceUnico(def: Pick<DefinicaoRecurso, 'tabelaSql'>, campos: readonly string[]): string {
  return `${`${def.tabelaSql}_${campos.map(paraSnakeCase).join('_')}`.slice(0, 60)}_uq`;
}

/** What a secret field shows instead of its value (issue 14 point 3). */
export const MASCARA_SEGREDO = '********';

/** Dotted paths of the secret fields of a resource, inside json blocks too (not inside lists). */
export function caminhosSegredo(def: DefinicaoRecurso): readonly (readonly string[])[] {
  const caminhos: string[][] = [];
  const visitar = (campos: Readonly<Record<string, Campo>>, prefixo: string[]) => {
    for (const [nome, campo] of Object.entries(campos)) {
      if (campo.tipo === 'texto' && campo.segredo) caminhos.push([...prefixo, nome]);
      if (campo.tipo === 'json' && campo.subcampos && !campo.lista)
        visitar(campo.subcampos, [...prefixo, nome]);
    }
  };
  visitar(def.campos, []);
  return caminhos;
}

export function definirRecurso<const C extends Record<string, Campo>>(
  definicao: Omit<DefinicaoRecurso, 'tabelaSql' | 'campos' | 'lista'> & {
    tabelaSql?: string;
    campos: C;
    // List columns must name fields of the definition (checked at compile time).
    lista: { readonly colunas: readonly (keyof C & string)[]; readonly ordem?: keyof C & string };
    indices?: readonly (readonly (keyof C & string)[])[];
    unicos?: readonly { readonly campos: readonly (keyof C & string)[]; readonly mensagem: string }[];
  },
): DefinicaoRecurso {
  return { ...definicao, tabelaSql: definicao.tabelaSql ?? paraSnakeCase(definicao.tabela) };
}

export function paraSnakeCase(nome: string): string {
  return nome.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
}

// Small constructors so that definitions read like a form.
type Opcoes<T extends Campo> = Omit<T, 'tipo' | 'rotulo'>;
export const texto = (rotulo: string, o: Opcoes<CampoTexto> = {}): CampoTexto => ({
  tipo: 'texto',
  rotulo,
  ...o,
});
export const inteiro = (rotulo: string, o: Opcoes<CampoNumero> = {}): CampoNumero => ({
  tipo: 'inteiro',
  rotulo,
  ...o,
});
export const decimal = (
  rotulo: string,
  casas: number,
  o: Omit<Opcoes<CampoNumero>, 'casas'> = {},
): CampoNumero => ({
  tipo: 'decimal',
  rotulo,
  casas,
  ...o,
});
export const booleano = (rotulo: string, o: Opcoes<CampoBooleano> = {}): CampoBooleano => ({
  tipo: 'booleano',
  rotulo,
  ...o,
});
export const data = (rotulo: string, o: Opcoes<CampoData> = {}): CampoData => ({
  tipo: 'data',
  rotulo,
  ...o,
});
export const ref = (rotulo: string, tabela: string, o: Omit<Opcoes<CampoRef>, 'tabela'> = {}): CampoRef => ({
  tipo: 'ref',
  rotulo,
  tabela,
  ...o,
});
export const refs = (
  rotulo: string,
  tabela: string,
  o: Omit<Opcoes<CampoRefs>, 'tabela'> = {},
): CampoRefs => ({
  tipo: 'refs',
  rotulo,
  tabela,
  ...o,
});
export const catalogo = (
  rotulo: string,
  nome: string,
  o: Omit<Opcoes<CampoCatalogo>, 'catalogo'> = {},
): CampoCatalogo => ({ tipo: 'catalogo', rotulo, catalogo: nome, ...o });
export const json = (rotulo: string, o: Opcoes<CampoJson> = {}): CampoJson => ({
  tipo: 'json',
  rotulo,
  ...o,
});
