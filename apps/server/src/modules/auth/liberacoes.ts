import { MENSAGENS_LIBERACAO as M, mesmoDesconto } from '@retaguarda/domain/validadores/liberacao-vinculo';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { consultarUm } from '../../db/consultar.ts';
import { ErroNegocio } from '../../lib/envelope.ts';
import type { Liberacao, Tokens } from './tokens.ts';

/** What the protected action is, checked against what the supervisor released. */
export interface UsoLiberacao {
  grupoEmpresarialId: string;
  permissao: number;
  empresaId: string;
  /** The logged-in user doing the action. */
  operadorId: string;
  /** The sale id or NFC-e key the action acts on (null when it acts on none). */
  alvo: string | null;
  /** For discounts: what is being applied. */
  desconto?: { modo: number; valor: string } | undefined;
  /** Idempotency-Key of the action: its retry finds the release spent by itself and goes on. */
  chaveIdempotencia?: string | undefined;
}

/**
 * Supervisor releases are single-use and bound (issue 14 point 2): a release is checked against the store,
 * the operator, the sale/NFC-e and the discount it was asked for, then spent in liberacao_uso (shared by
 * every server instance). A second use, or a use by anybody else, is refused with a message saying why.
 */
export class ServicoLiberacoes {
  constructor(
    private readonly db: Db,
    private readonly tokens: Tokens,
  ) {}

  async consumir(token: string | undefined, uso: UsoLiberacao): Promise<Liberacao> {
    const l = await this.tokens.lerLiberacao(token, uso);
    if (!l?.id) throw new ErroNegocio(M.invalida);
    if (l.empresaId !== uso.empresaId) throw new ErroNegocio(M.outraLoja);
    if (l.operadorId !== uso.operadorId) throw new ErroNegocio(M.outroUsuario);
    if (l.alvo && l.alvo !== uso.alvo) {
      throw new ErroNegocio(/^\d{44}$/.test(l.alvo) ? M.outraNota : M.outraVenda);
    }
    if (uso.desconto && (!l.desconto || !mesmoDesconto(l.desconto, uso.desconto))) {
      throw new ErroNegocio(M.outroDesconto);
    }
    const gasta = await consultarUm(
      this.db,
      sql`insert into liberacao_uso
            (id, grupo_empresarial_id, supervisor_id, operador_id, permissao, empresa_id, alvo, idempotencia)
          values (${l.id}, ${uso.grupoEmpresarialId}, ${l.supervisorId}, ${uso.operadorId}, ${uso.permissao},
                  ${uso.empresaId}, ${uso.alvo}, ${uso.chaveIdempotencia ?? null})
          on conflict (id) do nothing
          returning id`,
    );
    if (gasta) return l;
    // Spent already: only the retry of the very same action (same Idempotency-Key and target) goes on, and
    // the sale's idempotency then answers the first result without running anything again.
    const anterior = await consultarUm(
      this.db,
      sql`select operador_id, alvo, idempotencia from liberacao_uso where id = ${l.id}`,
    );
    const repeticao =
      anterior &&
      uso.chaveIdempotencia &&
      anterior.idempotencia === uso.chaveIdempotencia &&
      anterior.operador_id === uso.operadorId &&
      (anterior.alvo ?? null) === uso.alvo;
    if (!repeticao) throw new ErroNegocio(M.usada);
    return l;
  }
}

// Routes whose `:id`/`:vendaId` is the sale the action acts on (the release is spent on that sale).
const ROTAS_DE_VENDA =
  /^\/api\/(venda\/:id|vendaCancelarPagamento\/:vendaId|vendaAtualizaTotal\/:vendaId|deletarVendaCompleta\/:id|vendaDeletarProduto\/:id)(\/|$)/;

/** The sale named by a sale route's parameter, or undefined for other routes. */
export function vendaDaRota(request: FastifyRequest): string | undefined {
  if (!ROTAS_DE_VENDA.test(request.routeOptions.url ?? '')) return undefined;
  const p = (request.params ?? {}) as { id?: unknown; vendaId?: unknown };
  const v = p.vendaId ?? p.id;
  return typeof v === 'string' ? v : undefined;
}

/**
 * Permission 9 (Desconto Acima do Máximo Diário): the manual discounts already given today (São Paulo day of
 * `agora`) in the store, and the store's maximum (configuracoes.descontoMaximoDiario, R$; null = none).
 */
export async function descontoDoDia(
  db: Db,
  grupo: string,
  empresa: string,
  agora: string,
): Promise<{ jaConcedido: string; maximo: string | null }> {
  const l = await consultarUm(
    db,
    sql`select
          (select configuracoes->>'descontoMaximoDiario' from empresa
            where id = ${empresa} and grupo_empresarial_id = ${grupo}) as maximo,
          (select coalesce(sum(valor_desconto), 0)::text from venda_evento
            where grupo_empresarial_id = ${grupo} and empresa_id = ${empresa} and tipo = 'Desconto'
              and data_hora >= (date_trunc('day', ${agora}::timestamptz at time zone 'America/Sao_Paulo')
                                at time zone 'America/Sao_Paulo')) as ja`,
  );
  const maximo = l?.maximo;
  return {
    jaConcedido: String(l?.ja ?? '0'),
    maximo: typeof maximo === 'string' && /^\d{1,12}(\.\d{1,2})?$/.test(maximo) ? maximo : null,
  };
}
