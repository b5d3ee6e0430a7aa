import { permissoesDoRecurso } from '@retaguarda/domain/catalogos/permissoes';
import type { CenarioSefaz } from '@retaguarda/fiscal';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { consultar } from '../../db/consultar.ts';
import { ErroNegocio, ok } from '../../lib/envelope.ts';
import { sessaoDe } from '../../plugins/autenticacao.ts';
import { MENSAGENS_ROTAS } from '../fiscal/fiscal.routes.ts';
import { empresasPermitidasTela } from '../usuarios/permissao-negada.ts';
import { empresasComPermissao } from '../usuarios/permissoes.service.ts';
import { type NotaResumo, resumoFiscal, situacaoNota } from './resumo.ts';

// Read-only fiscal reports of the back-office (issue 7 item 6) over the fiscal module's tables, and, outside
// production, the handle on the local SEFAZ simulator's scenario that the browser tests use.

const id = z.string().regex(/^[0-9a-f]{24}$/, 'Id inválido');
const periodo = z.object({
  empresa: z.union([id, z.array(id).max(200)]).optional(),
  /** ISO instants; the end is exclusive (same as nfce/getPopulate). */
  dataInicial: z.string().max(40),
  dataFinal: z.string().max(40),
});
type Periodo = z.infer<typeof periodo>;

export const MENSAGEM_SEM_SIMULADOR = 'O destino SEFAZ não é o simulador local deste servidor.';
export const MENSAGEM_PERIODO_INVALIDO =
  'Período inválido: informe a data inicial antes da final (até 366 dias).';

function limites(p: Periodo): { inicio: Date; fim: Date } {
  const inicio = new Date(p.dataInicial);
  const fim = new Date(p.dataFinal);
  const dias = (fim.getTime() - inicio.getTime()) / 86_400_000;
  if (Number.isNaN(dias) || dias <= 0 || dias > 367) throw new ErroNegocio(MENSAGEM_PERIODO_INVALIDO);
  return { inicio, fim };
}

export async function rotasFiscalRelatorios(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { permissoes, banco } = app.servicos;
  const db = banco.db;

  /** Stores asked for (body, else the `empresa` header, else every store) where the user holds `permissao`. */
  const empresas = (request: FastifyRequest, p: Periodo, permissao: number): Promise<string[]> =>
    empresasPermitidasTela(app, request, p.empresa, permissao, MENSAGENS_ROTAS.semPermissao);
  const emLista = (ids: string[]) =>
    sql.join(
      ids.map((e) => sql`${e}`),
      sql`, `,
    );

  r.post(
    '/api/relatorioVendasResumoFiscal',
    { schema: { tags: ['fiscal'], body: periodo } },
    async (request) => {
      const s = sessaoDe(request);
      const lista = await empresas(
        request,
        request.body,
        permissoesDoRecurso('relatorioVendasResumoFiscal').acessar,
      );
      const { inicio, fim } = limites(request.body);
      const linhas = await consultar(
        db,
        sql`select chave, numero, serie, tp_emis, status_nota, cancelado, c_stat, valor::text as valor,
                   to_char(dh_emi at time zone 'America/Sao_Paulo', 'YYYY-MM-DD') as dia,
                   dados_nfe->'itens' as itens, dados_nfe->'pagamentos' as pagamentos, dados_nfe->'troco' as troco
            from nfce
            where grupo_empresarial_id = ${s.grupoEmpresarialId} and empresa_id in (${emLista(lista)})
              and dh_emi >= ${inicio.toISOString()} and dh_emi < ${fim.toISOString()}
              -- an online note replaced by an offline one is not a document of the sale (ADR 0005 point 3)
              and not (status_nota = 'erro' and verificar_envio)
            order by dh_emi`,
      );
      const notas: NotaResumo[] = linhas.map((l) => ({
        chave: l.chave as string,
        numero: Number(l.numero),
        serie: Number(l.serie),
        tpEmis: Number(l.tp_emis),
        statusNota: l.status_nota as string,
        cancelado: l.cancelado === true,
        cStat: l.c_stat === null ? null : Number(l.c_stat),
        valor: l.valor as string,
        dia: l.dia as string,
        itens: (l.itens ?? []) as NotaResumo['itens'],
        pagamentos: (l.pagamentos ?? []) as NotaResumo['pagamentos'],
        ...(l.troco === null || l.troco === undefined ? {} : { troco: l.troco as string }),
      }));
      return ok(resumoFiscal(notas));
    },
  );

  r.post('/api/relatorioDFE', { schema: { tags: ['fiscal'], body: periodo } }, async (request) => {
    const s = sessaoDe(request);
    const lista = await empresas(request, request.body, permissoesDoRecurso('relatorioDFE').acessar);
    const { inicio, fim } = limites(request.body);
    const emitidas = await consultar(
      db,
      sql`select n.id, n.empresa_id, n.chave, n.numero, n.serie, n.tp_emis, n.status_nota, n.cancelado, n.c_stat,
                 n.x_motivo, n.protocolo_recebimento, n.valor::text as valor, n.dh_emi, n.cpf_cnpj, n.verificar_envio,
                 e.descricao as empresa
          from nfce n left join empresa e on e.id = n.empresa_id
          where n.grupo_empresarial_id = ${s.grupoEmpresarialId} and n.empresa_id in (${emLista(lista)})
            and n.dh_emi >= ${inicio.toISOString()} and n.dh_emi < ${fim.toISOString()}
          order by n.dh_emi`,
    );
    const recebidas = await consultar(
      db,
      sql`select n.id, n.empresa_id, n.chave, n.modelo, n.numero, n.serie, n.dh_emi, n.emitente_cnpj,
                 n.emitente_nome, n.valor_total::text as valor, n.status, n.created_at, e.descricao as empresa
          from nota_entrada n left join empresa e on e.id = n.empresa_id
          where n.grupo_empresarial_id = ${s.grupoEmpresarialId} and n.empresa_id in (${emLista(lista)})
            and n.created_at >= ${inicio.toISOString()} and n.created_at < ${fim.toISOString()}
          order by n.created_at`,
    );
    const inutilizacoes = await consultar(
      db,
      sql`select ev.empresa_id, ev.c_stat, ev.x_motivo, ev.protocolo, ev.dados, ev.created_at, e.descricao as empresa
          from fiscal_evento ev left join empresa e on e.id = ev.empresa_id
          where ev.grupo_empresarial_id = ${s.grupoEmpresarialId} and ev.empresa_id in (${emLista(lista)})
            and ev.tipo = 'inutilizacao' and ev.sucesso
            and ev.created_at >= ${inicio.toISOString()} and ev.created_at < ${fim.toISOString()}
          order by ev.created_at`,
    );
    const documentos = [
      ...emitidas.map((l) => ({
        _id: l.id as string,
        direcao: 'emitida' as const,
        modelo: '65',
        empresa: (l.empresa as string | null) ?? '',
        chave: l.chave as string,
        numero: Number(l.numero),
        serie: Number(l.serie),
        dhEmi: new Date(l.dh_emi as string).toISOString(),
        participante: (l.cpf_cnpj as string | null) ?? 'Consumidor',
        valor: l.valor as string,
        situacao: l.verificar_envio
          ? 'substituida'
          : situacaoNota({
              statusNota: l.status_nota as string,
              cancelado: l.cancelado === true,
              cStat: l.c_stat === null ? null : Number(l.c_stat),
            }),
        tpEmis: Number(l.tp_emis),
        cStat: l.c_stat === null ? null : Number(l.c_stat),
        xMotivo: (l.x_motivo as string | null) ?? '',
        protocolo: (l.protocolo_recebimento as string | null) ?? '',
      })),
      ...recebidas.map((l) => ({
        _id: l.id as string,
        direcao: 'recebida' as const,
        modelo: l.modelo as string,
        empresa: (l.empresa as string | null) ?? '',
        chave: l.chave as string,
        numero: Number(l.numero),
        serie: Number(l.serie),
        dhEmi: l.dh_emi as string,
        participante: `${(l.emitente_nome as string | null) ?? ''} (${(l.emitente_cnpj as string | null) ?? ''})`,
        valor: l.valor as string,
        situacao: `entrada ${l.status as string}`,
        tpEmis: 1,
        cStat: null,
        xMotivo: '',
        protocolo: '',
      })),
    ];
    const resumo = new Map<
      string,
      { direcao: string; modelo: string; situacao: string; quantidade: number; c: number }
    >();
    for (const d of documentos) {
      const k = `${d.direcao}|${d.modelo}|${d.situacao}`;
      const a = resumo.get(k) ?? {
        direcao: d.direcao,
        modelo: d.modelo,
        situacao: d.situacao,
        quantidade: 0,
        c: 0,
      };
      a.quantidade += 1;
      a.c += Math.round(Number(d.valor) * 100);
      resumo.set(k, a);
    }
    return ok({
      resumo: [...resumo.values()]
        .map(({ c, ...a }) => ({ ...a, valor: (c / 100).toFixed(2) }))
        .sort((a, b) =>
          `${a.direcao}${a.modelo}${a.situacao}`.localeCompare(`${b.direcao}${b.modelo}${b.situacao}`),
        ),
      documentos,
      inutilizacoes: inutilizacoes.map((l) => {
        const d = (l.dados ?? {}) as Record<string, unknown>;
        return {
          empresa: (l.empresa as string | null) ?? '',
          serie: d.serie ?? null,
          numeroInicial: d.numeroInicial ?? null,
          numeroFinal: d.numeroFinal ?? null,
          justificativa: d.justificativa ?? d.xJust ?? '',
          protocolo: (l.protocolo as string | null) ?? '',
          cStat: l.c_stat === null ? null : Number(l.c_stat),
          dataHora: new Date(l.created_at as string).toISOString(),
        };
      }),
    });
  });

  // Outside production, with the local simulator as destination: change its scenario (browser tests take
  // SEFAZ down and back). Admin of the store's settings (866) only; absent in production.
  if (process.env.NODE_ENV !== 'production') {
    r.post(
      '/api/fiscal/simulador/cenario',
      {
        schema: {
          tags: ['fiscal'],
          body: z.object({
            modo: z.enum(['autorizar', 'rejeitar', 'denegar', 'fora', 'derrubar', 'lento']),
            cStat: z.number().int().optional(),
            vezes: z.number().int().min(0).optional(),
            atrasoMs: z.number().int().min(0).max(120_000).optional(),
          }),
        },
      },
      async (request) => {
        const s = sessaoDe(request);
        const perm = await permissoes.doUsuario(s.grupoEmpresarialId, s.usuarioId);
        if (empresasComPermissao(perm, 866).length === 0) throw new ErroNegocio(MENSAGENS_ROTAS.semPermissao);
        // Starts the simulator when it is the destination and has not been needed yet.
        await app.fiscal.servico.destinoSefaz();
        const sim = await app.fiscal.servico.simuladorLocal();
        if (!sim) throw new ErroNegocio(MENSAGEM_SEM_SIMULADOR);
        // Through the handle, not its HTTP endpoint: in 'fora' the simulator's listener is closed.
        await sim.definirCenario(request.body as CenarioSefaz);
        return ok(sim.cenario());
      },
    );
  }
}
