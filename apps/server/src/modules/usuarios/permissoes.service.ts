import {
  PERMISSOES,
  permissaoPorId,
  permissoesVisiveis,
  TIPO_EMPRESA_GESTOR_FRANQUIA,
} from '@retaguarda/domain';
import { mensagemCadastroNaFranqueadora } from '@retaguarda/domain/catalogos/cadastro-franqueadora';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { consultar, consultarUm, type Linha } from '../../db/consultar.ts';

export interface EmpresaResumo {
  _id: string;
  codigoInterno: number | null;
  descricao: string;
  nomeFantasia: string | null;
  cnpj: string | null;
  tipoEmpresa: string | null;
}

export interface PermissoesUsuario {
  /** Permissions per store, after the franchise rule. */
  porEmpresa: Map<string, ReadonlySet<number>>;
  empresas: EmpresaResumo[];
  /** The group's franchise control and its franchise manager's name (for the note of what it registers). */
  franquia: { controleDeFranquia: boolean; franqueadora: string | null };
  /** Per store, what the user's profiles grant but franchise control keeps for the franchise manager. */
  retidasPorEmpresa: Map<string, ReadonlySet<number>>;
}

const TODAS = PERMISSOES.map((p) => p.id);
const VALIDADE_MS = 5_000;

function listaNumeros(valor: unknown): number[] {
  return Array.isArray(valor) ? valor.filter((v): v is number => Number.isInteger(v)) : [];
}

/**
 * Effective permissions of a user: per store, the union of the profile (acessoSistema) granted in that store
 * and the user's extra permissions; especial ones are hidden when the group has franchise control and the
 * store is not a 'Gestor Franquia' (spec 1 section 6). Cached a few seconds: it is read on every request.
 */
export class ServicoPermissoes {
  private readonly cache = new Map<string, { ate: number; valor: Promise<PermissoesUsuario> }>();

  constructor(private readonly db: Db) {}

  invalidar(): void {
    this.cache.clear();
  }

  doUsuario(grupoEmpresarialId: string, usuarioId: string): Promise<PermissoesUsuario> {
    const chave = `${grupoEmpresarialId}:${usuarioId}`;
    const agora = Date.now();
    const existente = this.cache.get(chave);
    if (existente && existente.ate > agora) return existente.valor;
    const valor = this.carregar(grupoEmpresarialId, usuarioId);
    this.cache.set(chave, { ate: agora + VALIDADE_MS, valor });
    valor.catch(() => this.cache.delete(chave));
    return valor;
  }

  private async carregar(grupoEmpresarialId: string, usuarioId: string): Promise<PermissoesUsuario> {
    const usuario = await consultarUm(
      this.db,
      sql`select acessos, permissoes_extras from usuario
          where id = ${usuarioId} and grupo_empresarial_id = ${grupoEmpresarialId} and lixo = false and ativo = true`,
    );
    const vazio: PermissoesUsuario = {
      porEmpresa: new Map(),
      empresas: [],
      franquia: { controleDeFranquia: false, franqueadora: null },
      retidasPorEmpresa: new Map(),
    };
    if (!usuario) return vazio;
    const [grupo, empresas, perfis] = await Promise.all([
      consultarUm(this.db, sql`select configuracoes from grupo_empresarial where id = ${grupoEmpresarialId}`),
      consultar(
        this.db,
        sql`select id, codigo_interno, descricao, nome_fantasia, cnpj, tipo_empresa from empresa
            where grupo_empresarial_id = ${grupoEmpresarialId} and lixo = false order by codigo_interno, descricao`,
      ),
      consultar(
        this.db,
        sql`select id, permissoes from acesso_sistema where grupo_empresarial_id = ${grupoEmpresarialId} and lixo = false`,
      ),
    ]);
    const perfilPorId = new Map(perfis.map((p) => [p.id as string, listaNumeros(p.permissoes)]));
    const extras = listaNumeros(usuario.permissoes_extras);
    const controleDeFranquia = (grupo?.configuracoes as Linha | null)?.controleDeFranquia === true;
    const acessos = Array.isArray(usuario.acessos) ? (usuario.acessos as Linha[]) : [];

    const porEmpresa = new Map<string, ReadonlySet<number>>();
    const retidasPorEmpresa = new Map<string, ReadonlySet<number>>();
    const visiveis: EmpresaResumo[] = [];
    for (const empresa of empresas) {
      const id = empresa.id as string;
      const concedidas = new Set<number>();
      for (const acesso of acessos) {
        if (acesso.empresa !== id && acesso.empresa !== '*') continue;
        const perfil =
          typeof acesso.acessoSistema === 'string' ? perfilPorId.get(acesso.acessoSistema) : undefined;
        for (const p of perfil ?? []) concedidas.add(p);
        if (acesso.todas === true) for (const p of TODAS) concedidas.add(p);
      }
      if (concedidas.size === 0 && extras.length === 0) continue;
      for (const p of extras) concedidas.add(p);
      const definicoes = [...concedidas].map((p) => permissaoPorId(p) ?? { id: p, especial: false });
      const finais = permissoesVisiveis(definicoes, {
        controleDeFranquia,
        tipoEmpresa: empresa.tipo_empresa as string | null,
      });
      const finaisIds = new Set(finais.map((p) => p.id));
      porEmpresa.set(id, finaisIds);
      retidasPorEmpresa.set(id, new Set([...concedidas].filter((p) => !finaisIds.has(p))));
      visiveis.push({
        _id: id,
        codigoInterno: empresa.codigo_interno as number | null,
        descricao: empresa.descricao as string,
        nomeFantasia: empresa.nome_fantasia as string | null,
        cnpj: empresa.cnpj as string | null,
        tipoEmpresa: empresa.tipo_empresa as string | null,
      });
    }
    const gestora = empresas.find((e) => e.tipo_empresa === TIPO_EMPRESA_GESTOR_FRANQUIA);
    return {
      porEmpresa,
      empresas: visiveis,
      franquia: { controleDeFranquia, franqueadora: (gestora?.descricao as string | undefined) ?? null },
      retidasPorEmpresa,
    };
  }
}

/** Stores of the user where a permission holds. */
export function empresasComPermissao(p: PermissoesUsuario, permissao: number): string[] {
  return [...p.porEmpresa].filter(([, set]) => set.has(permissao)).map(([id]) => id);
}

/** Whether the user holds a permission in the given store, or (no store given) in any store. */
export function temPermissao(p: PermissoesUsuario, permissao: number, empresaId?: string): boolean {
  if (empresaId) return p.porEmpresa.get(empresaId)?.has(permissao) ?? false;
  return [...p.porEmpresa.values()].some((s) => s.has(permissao));
}

/**
 * The franchise note for `permissao` refused in `empresaId` (no store: in the user's stores), when the
 * user's profile grants it there and franchise control keeps it for the franchise manager; else null (the
 * plain refusal: the profile does not grant it).
 */
export function cadastroNaFranqueadora(
  p: PermissoesUsuario,
  permissao: number,
  empresaId?: string,
): string | null {
  const lojas = empresaId ? [empresaId] : [...p.retidasPorEmpresa.keys()];
  const loja = lojas.find((id) => p.retidasPorEmpresa.get(id)?.has(permissao));
  if (!loja) return null;
  const tipoEmpresa = p.empresas.find((e) => e._id === loja)?.tipoEmpresa ?? null;
  return mensagemCadastroNaFranqueadora(permissao, { ...p.franquia, tipoEmpresa });
}
