import { statusImpressao, tiposImpressao } from '@retaguarda/domain';
import {
  EVENTO_IMPRESSAO_NOVA,
  EVENTO_IMPRESSAO_STATUS,
  type ImpressaoNova,
  salaImpressao,
} from '@retaguarda/domain/impressao/eventos';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { arrayTexto, consultar, consultarUm, type Linha } from '../../db/consultar.ts';
import { ErroNegocio } from '../../lib/envelope.ts';
import { ehId, novoId } from '../../lib/ids.ts';
import type { Tempo } from '../../lib/tempo.ts';
import type { TempoReal } from '../../plugins/tempo-real.ts';
import { renderizarBytes, resolverModelo } from './layouts/comandos.ts';
import type { DocumentoImpressao } from './layouts/documento.ts';

// Print jobs (spec 1 section 3 "Print job", section 7 "POST impressao"): one job per copy of the print
// sector, status 1 'Aguardando Impressão'; agents claim them atomically, print and acknowledge.

export const STATUS_IMPRESSAO = { aguardando: 1, imprimindo: 2, impresso: 3, erro: 4 } as const;
/** After this many failed attempts a job stops retrying and shows 'Erro' until someone reprints it. */
export const MAX_TENTATIVAS = 5;
/** A claimed job not acknowledged in this time goes back to the queue (the agent died). */
export const RESERVA_MS = 2 * 60_000;
/** Backoff after a failure: 2 s, 4 s, 8 s... up to 60 s. */
export const esperaAposFalha = (tentativas: number) =>
  Math.min(60_000, 2_000 * 2 ** Math.max(0, tentativas - 1));

export { EVENTO_IMPRESSAO_NOVA, EVENTO_IMPRESSAO_STATUS, salaImpressao };

export interface ContextoImpressao {
  grupoEmpresarialId: string;
  usuarioId?: string | null;
}

export interface NovaImpressao {
  terminalId: string;
  /** Print sector; when absent, the terminal's setorImpressaoNfce (type 1) or setorImpressaoCaixa. */
  setorImpressaoId?: string | null;
  tipoImpressao: number;
  descricao?: string | null;
  /** Ready printer bytes (sent as they are) ... */
  conteudo?: Uint8Array;
  /** ... or a document rendered here in the command language of the sector's printer. */
  documento?: DocumentoImpressao;
  producaoItens?: unknown;
  origemId?: string | null;
  /** One copy whatever the sector's numeroVias: a batch of labels carries its own copies per product. */
  umaVia?: boolean;
}

export interface ImpressaoResumo {
  _id: string;
  empresa: string;
  terminal: string;
  setorImpressao: string | null;
  impressora: string | null;
  descricao: string;
  tipoImpressao: { id: number; descricao: string };
  tipoStatus: { id: number; descricao: string };
  via: number;
  totalVias: number;
  tentativas: number;
  origemId: string | null;
  erro: string | null;
  producaoItens: unknown;
  createdAt: string;
  impressoEm: string | null;
}

/** What an agent needs to print a job: the bytes and where to send them. */
export interface ImpressaoReservada extends ImpressaoResumo {
  conteudo: string;
  destino: DestinoImpressora | null;
}

export interface DestinoImpressora {
  impressora: string;
  descricao: string;
  modelo: number | null;
  /** TCP printer (raw port 9100) ... */
  ip: string | null;
  porta: number | null;
  /** ... or a file/device path (/dev/usb/lp0, \\.\COM3, a shared printer) when there is no IP. */
  caminho: string | null;
}

const iso = (v: unknown): string | null =>
  v == null ? null : v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString();

function catalogoId(grupo: 'tipoImpressao' | 'statusImpressao', id: number) {
  const item = grupo === 'tipoImpressao' ? tiposImpressao.porId(id as 1) : statusImpressao.porId(id as 1);
  return { id, descricao: item?.descricao ?? '' };
}

function resumo(l: Linha): ImpressaoResumo {
  return {
    _id: l.id as string,
    empresa: l.empresa_id as string,
    terminal: l.terminal_id as string,
    setorImpressao: (l.setor_impressao_id as string | null) ?? null,
    impressora: (l.impressora_id as string | null) ?? null,
    descricao: l.descricao as string,
    tipoImpressao: catalogoId('tipoImpressao', Number(l.tipo_impressao)),
    tipoStatus: catalogoId('statusImpressao', Number(l.tipo_status)),
    via: Number(l.via),
    totalVias: Number(l.total_vias),
    tentativas: Number(l.tentativas),
    origemId: (l.origem_id as string | null) ?? null,
    erro: (l.erro as string | null) ?? null,
    producaoItens: l.producao_itens ?? null,
    createdAt: iso(l.created_at) ?? '',
    impressoEm: iso(l.impresso_em),
  };
}

export function destinoDaImpressora(l: Linha | undefined): DestinoImpressora | null {
  if (!l) return null;
  const ip = typeof l.ip === 'string' && l.ip.trim() ? l.ip.trim() : null;
  const porta = typeof l.porta === 'string' ? l.porta.trim() : '';
  const modelo = (l.modelo as { id?: unknown } | null)?.id;
  return {
    impressora: l.id as string,
    descricao: l.descricao as string,
    modelo: typeof modelo === 'number' ? modelo : null,
    ip,
    porta: ip ? (/^\d+$/.test(porta) ? Number(porta) : 9100) : null,
    caminho: ip ? null : porta || null,
  };
}

/** Postgres text[] literal of validated ids (never user text: ids are 24 hex characters). */
export const arrayIds = (ids: readonly string[]): SQL => arrayTexto(ids.filter(ehId));

const COLUNAS_RESUMO = sql.raw(
  `id, empresa_id, terminal_id, setor_impressao_id, impressora_id, descricao, tipo_impressao, tipo_status, via,
   total_vias, tentativas, origem_id, erro, producao_itens, created_at, impresso_em`,
);

/** One copy's row, not yet written. */
export interface JobNovo {
  id: string;
  valores: SQL;
}

export function validarNova(nova: NovaImpressao): void {
  if (!tiposImpressao.existe(nova.tipoImpressao)) throw new ErroNegocio('Tipo de impressão inválido.');
  if (!nova.conteudo === !nova.documento)
    throw new ErroNegocio('Informe o conteúdo ou o documento da impressão.');
}

export interface Terminal {
  id: string;
  empresaId: string;
  descricao: string;
  configuracoes: Linha;
  /** The store's trade name (a ticket's header), read with the terminal. */
  empresaNome: string;
}

export interface SetorResolvido {
  id: string;
  descricao: string;
  numeroVias: number;
  impressora: Linha | undefined;
}

export class ServicoImpressao {
  constructor(
    readonly db: Db,
    readonly tempo: Tempo,
    private readonly tempoReal: () => TempoReal | undefined,
  ) {}

  async terminal(grupo: string, terminalId: string, db: Db = this.db): Promise<Terminal> {
    const t = ehId(terminalId)
      ? await consultarUm(
          db,
          sql`select t.id, t.empresa_id, t.descricao, t.configuracoes,
                coalesce(e.nome_fantasia, e.descricao) as empresa_nome
              from terminal t left join empresa e on e.id = t.empresa_id
              where t.id = ${terminalId} and t.grupo_empresarial_id = ${grupo} and t.lixo = false`,
        )
      : undefined;
    if (!t) throw new ErroNegocio('Terminal não encontrado.');
    return {
      id: t.id as string,
      empresaId: t.empresa_id as string,
      descricao: t.descricao as string,
      configuracoes: (t.configuracoes as Linha | null) ?? {},
      empresaNome: (t.empresa_nome as string | null) ?? '',
    };
  }

  /** Print sectors of a store with their printers, in one read (a sale's tickets go to several at once). */
  async setores(
    grupo: string,
    empresaId: string,
    setorIds: readonly string[],
    db: Db = this.db,
  ): Promise<Map<string, SetorResolvido>> {
    const ids = [...new Set(setorIds.filter(ehId))];
    const r = new Map<string, SetorResolvido>();
    if (ids.length === 0) return r;
    const linhas = await consultar(
      db,
      sql`select s.id, s.descricao, s.numero_vias, i.id as i_id, i.descricao as i_descricao, i.modelo as i_modelo,
            i.ip as i_ip, i.porta as i_porta
          from setor_impressao s
          left join impressora i on i.id = s.impressora_id and i.grupo_empresarial_id = s.grupo_empresarial_id
            and i.lixo = false
          where s.id = any(${arrayIds(ids)}) and s.grupo_empresarial_id = ${grupo} and s.empresa_id = ${empresaId}
            and s.lixo = false`,
    );
    for (const s of linhas) {
      r.set(s.id as string, {
        id: s.id as string,
        descricao: s.descricao as string,
        numeroVias: Math.max(1, Math.min(10, Number(s.numero_vias ?? 1) || 1)),
        impressora:
          typeof s.i_id === 'string'
            ? { id: s.i_id, descricao: s.i_descricao, modelo: s.i_modelo, ip: s.i_ip, porta: s.i_porta }
            : undefined,
      });
    }
    return r;
  }

  async setor(grupo: string, empresaId: string, setorId: string, db: Db = this.db): Promise<SetorResolvido> {
    const s = (await this.setores(grupo, empresaId, [setorId], db)).get(setorId);
    if (!s) throw new ErroNegocio('Setor de impressão não encontrado.');
    return s;
  }

  /**
   * Creates one job per copy. Runs inside the caller's transaction when `db` is given; a caller that has
   * already read the terminal passes it, so it is not read again.
   */
  async criar(
    ctx: ContextoImpressao,
    nova: NovaImpressao,
    db: Db = this.db,
    terminalLido?: Terminal,
  ): Promise<ImpressaoResumo[]> {
    validarNova(nova);
    const terminal =
      terminalLido?.id === nova.terminalId
        ? terminalLido
        : await this.terminal(ctx.grupoEmpresarialId, nova.terminalId, db);
    const setorId =
      nova.setorImpressaoId ??
      (nova.tipoImpressao === 1 ? terminal.configuracoes.setorImpressaoNfce : undefined) ??
      terminal.configuracoes.setorImpressaoCaixa;
    if (typeof setorId !== 'string') {
      throw new ErroNegocio(
        'Setor de impressão não informado e o terminal não tem setor de impressão configurado.',
      );
    }
    const setor = await this.setor(ctx.grupoEmpresarialId, terminal.empresaId, setorId, db);
    return this.inserirJobs(db, this.montarJobs(ctx, terminal, setor, nova));
  }

  /** The rows of a job's copies, for a sector already read (nothing is written here). */
  montarJobs(
    ctx: ContextoImpressao,
    terminal: Terminal,
    setor: SetorResolvido,
    nova: NovaImpressao,
  ): JobNovo[] {
    if (!setor.impressora)
      throw new ErroNegocio(`O setor de impressão ${setor.descricao} não tem impressora configurada.`);
    // Ready bytes go as they are (labels in ZPL/EPL/PPLA, issue 20): only a document needs a receipt model.
    const bytes =
      nova.conteudo ??
      renderizarBytes(
        nova.documento as DocumentoImpressao,
        resolverModelo(setor.impressora.modelo, String(setor.impressora.descricao)),
      );
    if (bytes.length === 0) throw new ErroNegocio('Conteúdo da impressão vazio.');
    if (bytes.length > 2 * 1024 * 1024) throw new ErroNegocio('Conteúdo da impressão grande demais.');
    const conteudo = Buffer.from(bytes).toString('base64');
    const descricao = (nova.descricao ?? nova.documento?.titulo ?? '').slice(0, 200);
    const agora = this.tempo.agora().toISOString();
    const linhas = nova.documento ? JSON.stringify(nova.documento) : null;
    const producao = nova.producaoItens === undefined ? null : JSON.stringify(nova.producaoItens);
    const vias = nova.umaVia ? 1 : setor.numeroVias;
    const g = ctx.grupoEmpresarialId;
    return Array.from({ length: vias }, (_, i) => {
      const id = novoId();
      const valores = sql`(${id}, ${g}, ${terminal.empresaId}, ${terminal.id}, ${setor.id}, ${setor.impressora?.id as string},
        ${descricao}, ${conteudo}, ${linhas}::jsonb, ${nova.tipoImpressao}, 1, ${producao}::jsonb,
        ${nova.origemId ?? null}, ${i + 1}, ${vias}, ${ctx.usuarioId ?? null},
        ${agora}::timestamptz, ${agora}::timestamptz)`;
      return { id, valores };
    });
  }

  /** Every copy of every job in one statement; answered in the order the jobs were made. */
  async inserirJobs(db: Db, jobs: readonly JobNovo[]): Promise<ImpressaoResumo[]> {
    if (jobs.length === 0) return [];
    const linhasCriadas = await consultar(
      db,
      sql`insert into impressao (id, grupo_empresarial_id, empresa_id, terminal_id, setor_impressao_id, impressora_id,
            descricao, conteudo, linhas, tipo_impressao, tipo_status, producao_itens, origem_id, via, total_vias,
            created_by, created_at, updated_at)
          values ${sql.join(
            jobs.map((j) => j.valores),
            sql`, `,
          )}
          returning ${COLUNAS_RESUMO}`,
    );
    const ordem = new Map(jobs.map((j, i) => [j.id, i]));
    return linhasCriadas.map(resumo).sort((a, b) => (ordem.get(a._id) ?? 0) - (ordem.get(b._id) ?? 0));
  }

  /** Tells the agents of the jobs' terminals (and the store's screens) that jobs are waiting. */
  avisarNovas(impressoes: readonly ImpressaoResumo[]): void {
    const tr = this.tempoReal();
    if (!tr) return;
    const porTerminal = new Map<string, ImpressaoResumo[]>();
    for (const i of impressoes) porTerminal.set(i.terminal, [...(porTerminal.get(i.terminal) ?? []), i]);
    for (const [terminal, lista] of porTerminal) {
      const dados: ImpressaoNova = { terminal, impressoes: lista.map((i) => i._id) };
      tr.io.to(salaImpressao(terminal)).emit(EVENTO_IMPRESSAO_NOVA, dados);
    }
  }

  private avisarStatus(l: ImpressaoResumo): void {
    this.tempoReal()?.emitirParaEmpresa(l.empresa, EVENTO_IMPRESSAO_STATUS, l);
  }

  /** Store of a job (the cheap check before an agent's acknowledgement or failure). */
  async empresaDe(grupo: string, id: string): Promise<string> {
    const l = ehId(id)
      ? await consultarUm(
          this.db,
          sql`select empresa_id from impressao where id = ${id} and grupo_empresarial_id = ${grupo}`,
        )
      : undefined;
    if (!l) throw new ErroNegocio('Impressão não encontrada.');
    return l.empresa_id as string;
  }

  async buscar(grupo: string, id: string): Promise<ImpressaoResumo & { conteudo: string; linhas: unknown }> {
    const l = ehId(id)
      ? await consultarUm(
          this.db,
          sql`select ${COLUNAS_RESUMO}, conteudo, linhas from impressao where id = ${id} and grupo_empresarial_id = ${grupo}`,
        )
      : undefined;
    if (!l) throw new ErroNegocio('Impressão não encontrada.');
    return { ...resumo(l), conteudo: l.conteudo as string, linhas: l.linhas ?? null };
  }

  async listar(
    grupo: string,
    filtro: {
      empresas: readonly string[];
      terminais?: readonly string[];
      status?: readonly number[];
      origemId?: string;
      limite: number;
    },
  ): Promise<ImpressaoResumo[]> {
    const condicoes = [
      sql`grupo_empresarial_id = ${grupo}`,
      sql`empresa_id = any(${arrayIds(filtro.empresas)})`,
    ];
    if (filtro.terminais?.length) condicoes.push(sql`terminal_id = any(${arrayIds(filtro.terminais)})`);
    if (filtro.status?.length)
      condicoes.push(sql`tipo_status = any(${`{${filtro.status.map(Number).join(',')}}`}::smallint[])`);
    if (filtro.origemId) condicoes.push(sql`origem_id = ${filtro.origemId}`);
    const linhas = await consultar(
      this.db,
      sql`select ${COLUNAS_RESUMO} from impressao where ${sql.join(condicoes, sql` and `)}
          order by created_at desc, via limit ${filtro.limite}`,
    );
    return linhas.map(resumo);
  }

  /**
   * Atomic claim: waiting jobs of the terminals (retry time reached), jobs whose claim expired, and the
   * agent's own claimed jobs (it restarted). `for update skip locked` lets several agents (or instances)
   * claim at once without ever getting the same row; PGlite runs statements one at a time, same result.
   */
  async reservar(
    grupo: string,
    agente: string,
    terminais: readonly string[],
    limite: number,
  ): Promise<ImpressaoReservada[]> {
    const agora = this.tempo.agora();
    const expira = new Date(agora.getTime() + RESERVA_MS).toISOString();
    const a = agora.toISOString();
    const linhas = await consultar(
      this.db,
      // The rows are picked once in a CTE: as `where id in (subquery ... skip locked)` PostgreSQL may re-run the
      // subquery when a row it locks changed meanwhile, and one agent then took more than its limit.
      sql`with alvo as (
            select id as alvo_id from impressao
            where grupo_empresarial_id = ${grupo} and terminal_id = any(${arrayIds(terminais)})
              and ((tipo_status = 1 and (proxima_tentativa is null or proxima_tentativa <= ${a}::timestamptz))
                or (tipo_status = 2 and (agente = ${agente} or reserva_expira < ${a}::timestamptz)))
            order by created_at, via
            limit ${limite}
            for update skip locked)
          update impressao i set
            tipo_status = 2,
            tentativas = case when i.tipo_status = 2 and i.agente = ${agente} then i.tentativas else i.tentativas + 1 end,
            agente = ${agente}, reserva_expira = ${expira}::timestamptz, updated_at = ${a}::timestamptz
          from alvo where i.id = alvo.alvo_id
          returning ${COLUNAS_RESUMO}, conteudo`,
    );
    const impressoras = [...new Set(linhas.map((l) => l.impressora_id).filter(ehId))];
    const destinos = new Map(
      (impressoras.length
        ? await consultar(
            this.db,
            sql`select id, descricao, modelo, ip, porta from impressora where id = any(${arrayIds(impressoras)})`,
          )
        : []
      ).map((l) => [l.id as string, l]),
    );
    return linhas
      .map((l) => ({
        ...resumo(l),
        conteudo: l.conteudo as string,
        destino: destinoDaImpressora(destinos.get(l.impressora_id as string)),
      }))
      .sort((x, y) => x.createdAt.localeCompare(y.createdAt) || x.via - y.via);
  }

  /** The agent printed the job. Repeating the acknowledgement is harmless. */
  async confirmar(grupo: string, id: string, agente: string): Promise<ImpressaoResumo> {
    const a = this.tempo.agora().toISOString();
    const l = await consultarUm(
      this.db,
      sql`update impressao set tipo_status = 3, impresso_em = ${a}::timestamptz, erro = null, reserva_expira = null,
            updated_at = ${a}::timestamptz
          where id = ${id} and grupo_empresarial_id = ${grupo} and tipo_status = 2 and agente = ${agente}
          returning ${COLUNAS_RESUMO}`,
    );
    if (l) {
      const r = resumo(l);
      this.avisarStatus(r);
      return r;
    }
    const atual = await this.buscar(grupo, id);
    if (atual.tipoStatus.id === STATUS_IMPRESSAO.impresso) return atual;
    throw new ErroNegocio('Impressão não está reservada para este agente.');
  }

  /** The agent could not print: retry later with backoff, or 'Erro' when definitive or out of attempts. */
  async falhar(
    grupo: string,
    id: string,
    agente: string,
    motivo: string,
    definitivo: boolean,
  ): Promise<ImpressaoResumo> {
    const agora = this.tempo.agora();
    const a = agora.toISOString();
    const atual = await consultarUm(
      this.db,
      sql`select tentativas, tipo_status, agente from impressao where id = ${id} and grupo_empresarial_id = ${grupo}`,
    );
    if (!atual) throw new ErroNegocio('Impressão não encontrada.');
    if (Number(atual.tipo_status) !== STATUS_IMPRESSAO.imprimindo || atual.agente !== agente) {
      throw new ErroNegocio('Impressão não está reservada para este agente.');
    }
    const tentativas = Number(atual.tentativas);
    const final = definitivo || tentativas >= MAX_TENTATIVAS;
    const proxima = final ? null : new Date(agora.getTime() + esperaAposFalha(tentativas)).toISOString();
    const l = await consultarUm(
      this.db,
      sql`update impressao set tipo_status = ${final ? 4 : 1}, erro = ${motivo.slice(0, 500)}, agente = null,
            reserva_expira = null, proxima_tentativa = ${proxima}::timestamptz, updated_at = ${a}::timestamptz
          where id = ${id} and grupo_empresarial_id = ${grupo} and tipo_status = 2 and agente = ${agente}
          returning ${COLUNAS_RESUMO}`,
    );
    if (!l) throw new ErroNegocio('Impressão não está reservada para este agente.');
    const r = resumo(l);
    this.avisarStatus(r);
    return r;
  }

  /** Prints again: a job in 'Erro' goes back to the queue; a printed one is queued as a new copy. */
  async reimprimir(ctx: ContextoImpressao, id: string): Promise<ImpressaoResumo> {
    const g = ctx.grupoEmpresarialId;
    const atual = await this.buscar(g, id);
    const a = this.tempo.agora().toISOString();
    if (atual.tipoStatus.id === STATUS_IMPRESSAO.erro) {
      const l = await consultarUm(
        this.db,
        sql`update impressao set tipo_status = 1, tentativas = 0, proxima_tentativa = null, erro = null,
              updated_at = ${a}::timestamptz
            where id = ${id} and grupo_empresarial_id = ${g} and tipo_status = 4 returning ${COLUNAS_RESUMO}`,
      );
      if (!l) throw new ErroNegocio('Impressão alterada por outro usuário, tente novamente.');
      const r = resumo(l);
      this.avisarNovas([r]);
      return r;
    }
    if (atual.tipoStatus.id !== STATUS_IMPRESSAO.impresso)
      throw new ErroNegocio('Impressão ainda está na fila.');
    const novo = novoId();
    const l = await consultarUm(
      this.db,
      sql`insert into impressao (id, grupo_empresarial_id, empresa_id, terminal_id, setor_impressao_id, impressora_id,
            descricao, conteudo, linhas, tipo_impressao, tipo_status, producao_itens, origem_id, via, total_vias,
            created_by, created_at, updated_at)
          select ${novo}, grupo_empresarial_id, empresa_id, terminal_id, setor_impressao_id, impressora_id,
            descricao, conteudo, linhas, tipo_impressao, 1, producao_itens, origem_id, via, total_vias,
            ${ctx.usuarioId ?? null}, ${a}::timestamptz, ${a}::timestamptz
          from impressao where id = ${id} and grupo_empresarial_id = ${g}
          returning ${COLUNAS_RESUMO}`,
    );
    if (!l) throw new ErroNegocio('Impressão não encontrada.');
    const r = resumo(l);
    this.avisarNovas([r]);
    return r;
  }
}
