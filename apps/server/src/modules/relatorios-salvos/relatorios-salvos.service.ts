import {
  type EstadoRelatorio,
  ehRelatorioDoSistema,
  MENSAGENS_RELATORIO_SALVO,
  PERMISSOES_RELATORIOS_CRIADOS,
  permissaoDoRelatorio,
  type RelatorioSalvo,
  type relatorioSalvoAlterarSchema,
  type relatorioSalvoCriarSchema,
  type VisibilidadeRelatorio,
} from '@retaguarda/domain/relatorios-salvos/relatorio-salvo';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { consultar, consultarUm, type Linha } from '../../db/consultar.ts';
import { ErroNegocio } from '../../lib/envelope.ts';
import { novoId } from '../../lib/ids.ts';
import { type PermissoesUsuario, temPermissao } from '../usuarios/permissoes.service.ts';

// relatoriosCriados (issue 19). Who sees a saved report: its owner always; the group's other users when it is
// shared ('grupo') and they hold the base report's permission in some store (what they could open anyway). Only
// the owner renames, changes or deletes it. The relatoriosCriados permissions (1023-1026) gate each action; the
// group comes from the token and the table's row-level security (decision 0011) keeps other groups out.

export const MENSAGEM_SEM_PERMISSAO = 'Usuário sem permissão para esta operação.';

export interface Quem {
  grupo: string;
  usuario: string;
  permissoes: PermissoesUsuario;
}

type Criar = z.output<typeof relatorioSalvoCriarSchema>;
type Alterar = z.output<typeof relatorioSalvoAlterarSchema>;

function exigir(q: Quem, permissao: number): void {
  if (!temPermissao(q.permissoes, permissao)) throw new ErroNegocio(MENSAGEM_SEM_PERMISSAO);
}

const podeVerBase = (q: Quem, relatorio: string) =>
  ehRelatorioDoSistema(relatorio) && temPermissao(q.permissoes, permissaoDoRelatorio(relatorio));

function paraResposta(q: Quem, l: Linha): RelatorioSalvo {
  return {
    _id: String(l.id),
    descricao: String(l.descricao),
    relatorio: l.relatorio as RelatorioSalvo['relatorio'],
    visibilidade: l.visibilidade as VisibilidadeRelatorio,
    estado: l.estado as EstadoRelatorio,
    dono: { _id: String(l.usuario_id), nome: String(l.dono_nome ?? '') },
    proprio: l.usuario_id === q.usuario,
    createdAt: new Date(String(l.created_at)).toISOString(),
    updatedAt: new Date(String(l.updated_at)).toISOString(),
  };
}

const SELECAO = sql`select r.id, r.usuario_id, r.descricao, r.relatorio, r.visibilidade, r.estado, r.created_at,
  r.updated_at, u.nome as dono_nome
  from relatorio_salvo r left join usuario u on u.id = r.usuario_id and u.grupo_empresarial_id = r.grupo_empresarial_id`;

export class ServicoRelatoriosSalvos {
  constructor(private readonly db: Db) {}

  /** The saved reports the user sees (optionally of one base report), newest change first. */
  async listar(q: Quem, relatorio?: string): Promise<RelatorioSalvo[]> {
    exigir(q, PERMISSOES_RELATORIOS_CRIADOS.acessar);
    const linhas = await consultar(
      this.db,
      sql`${SELECAO} where r.grupo_empresarial_id = ${q.grupo} and r.lixo = false
            and (r.usuario_id = ${q.usuario} or r.visibilidade = 'grupo')
            ${relatorio ? sql`and r.relatorio = ${relatorio}` : sql``}
          order by r.updated_at desc, r.id desc limit 500`,
    );
    return linhas
      .filter((l) => l.usuario_id === q.usuario || podeVerBase(q, String(l.relatorio)))
      .map((l) => paraResposta(q, l));
  }

  async obter(q: Quem, id: string): Promise<RelatorioSalvo> {
    exigir(q, PERMISSOES_RELATORIOS_CRIADOS.acessar);
    return paraResposta(q, await this.visivel(q, id));
  }

  async criar(q: Quem, entrada: Criar): Promise<RelatorioSalvo> {
    exigir(q, PERMISSOES_RELATORIOS_CRIADOS.incluir);
    if (!podeVerBase(q, entrada.relatorio)) throw new ErroNegocio(MENSAGENS_RELATORIO_SALVO.semPermissaoBase);
    const id = entrada._id ?? novoId();
    // A retried save (same client id) answers the first one and changes nothing.
    await consultar(
      this.db,
      sql`insert into relatorio_salvo (id, grupo_empresarial_id, usuario_id, descricao, relatorio, visibilidade, estado)
          values (${id}, ${q.grupo}, ${q.usuario}, ${entrada.descricao}, ${entrada.relatorio}, ${entrada.visibilidade},
                  ${JSON.stringify(entrada.estado)}::jsonb)
          on conflict (id) do nothing`,
    );
    const linha = await this.visivel(q, id);
    if (linha.usuario_id !== q.usuario) throw new ErroNegocio(MENSAGENS_RELATORIO_SALVO.naoEncontrado);
    return paraResposta(q, linha);
  }

  async alterar(q: Quem, id: string, entrada: Alterar): Promise<RelatorioSalvo> {
    exigir(q, PERMISSOES_RELATORIOS_CRIADOS.alterar);
    await this.doDono(q, id);
    await consultar(
      this.db,
      sql`update relatorio_salvo set
            descricao = coalesce(${entrada.descricao ?? null}, descricao),
            visibilidade = coalesce(${entrada.visibilidade ?? null}, visibilidade),
            estado = coalesce(${entrada.estado ? JSON.stringify(entrada.estado) : null}::jsonb, estado),
            updated_at = now()
          where id = ${id} and grupo_empresarial_id = ${q.grupo} and usuario_id = ${q.usuario}`,
    );
    return paraResposta(q, await this.visivel(q, id));
  }

  async excluir(q: Quem, id: string): Promise<{ _id: string }> {
    exigir(q, PERMISSOES_RELATORIOS_CRIADOS.excluir);
    await this.doDono(q, id);
    await consultar(
      this.db,
      sql`update relatorio_salvo set lixo = true, updated_at = now()
          where id = ${id} and grupo_empresarial_id = ${q.grupo} and usuario_id = ${q.usuario}`,
    );
    return { _id: id };
  }

  /** The row if the user may see it; otherwise the same 'not found' whether it exists elsewhere or not. */
  private async visivel(q: Quem, id: string): Promise<Linha> {
    const l = await consultarUm(
      this.db,
      sql`${SELECAO} where r.id = ${id} and r.grupo_empresarial_id = ${q.grupo} and r.lixo = false`,
    );
    if (!l) throw new ErroNegocio(MENSAGENS_RELATORIO_SALVO.naoEncontrado);
    const ve =
      l.usuario_id === q.usuario || (l.visibilidade === 'grupo' && podeVerBase(q, String(l.relatorio)));
    if (!ve) throw new ErroNegocio(MENSAGENS_RELATORIO_SALVO.naoEncontrado);
    return l;
  }

  private async doDono(q: Quem, id: string): Promise<Linha> {
    const l = await this.visivel(q, id);
    if (l.usuario_id !== q.usuario) throw new ErroNegocio(MENSAGENS_RELATORIO_SALVO.somenteDono);
    return l;
  }
}
