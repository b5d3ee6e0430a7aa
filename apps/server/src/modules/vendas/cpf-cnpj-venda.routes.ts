import {
  alterarCpfCnpjEntradaSchema,
  cpfCnpjDaVenda,
  MENSAGENS_CPF_CNPJ_VENDA,
  PERMISSAO,
  recusaAlterarCpfCnpj,
  STATUS_CPF_CNPJ_ALTERAVEL,
} from '@retaguarda/domain';
import { permissaoParaLancar } from '@retaguarda/domain/catalogos/permissao-negada';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { consultarUm } from '../../db/consultar.ts';
import { ErroNegocio, ok } from '../../lib/envelope.ts';
import {
  type Contexto,
  EVENTO_VENDA_ALTERADA,
  type ServicoVendas,
  type VendaAlteradaEvento,
} from './vendas.service.ts';

// CPF na nota (issue 15 point 6): the consumer's document of a sale, changed while it is open or, once ended,
// until its NFC-e is valid (authorised or offline): a cashier who typed it wrong corrects it and issues the
// note then. One conditional UPDATE: the status and the absence of a valid note are checked in the statement
// that writes, so a note issued meanwhile is never contradicted; versao moves, so a terminal holding an
// older copy reloads. The sale's totals are not recomputed (an ended sale keeps its values).

const id = z.string().regex(/^[0-9a-f]{24}$/, 'Id inválido');

export async function rotasCpfCnpjVenda(
  app: FastifyInstance,
  s: ServicoVendas,
  ctx: (request: FastifyRequest) => Promise<Contexto>,
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.servicos.banco.db;

  r.put(
    '/api/venda/:id/cpfCnpj',
    { schema: { tags: ['vendas'], params: z.object({ id }), body: alterarCpfCnpjEntradaSchema } },
    async (request) => {
      const c = await ctx(request);
      const documento = cpfCnpjDaVenda(request.body.cpfCnpj);
      if (!documento.ok) throw new ErroNegocio(documento.mensagem);
      const venda = await s.obter(c, request.params.id);
      const encerrada = venda.status.id === 59;
      // Ended: the correction is for the note, so it takes the note's permission (56); open: the sale type's.
      s.exigir(c, encerrada ? PERMISSAO.emitirNfce : permissaoParaLancar(venda.tipoVenda.id), venda.empresa);
      const notaValida = sql`exists (select 1 from nfce n where n.grupo_empresarial_id = ${c.grupo}
          and n.venda_id = ${venda._id} and not n.cancelado and n.status_nota in ('processado', 'contingencia'))`;
      const l = await consultarUm(
        db,
        sql`update venda set cpf_cnpj = ${documento.valor}, versao = versao + 1, updated_at = now()
            where id = ${venda._id} and grupo_empresarial_id = ${c.grupo}
              and status in (${sql.join(
                STATUS_CPF_CNPJ_ALTERAVEL.map((x) => sql`${x}`),
                sql`, `,
              )})
              and not ${notaValida}
            returning empresa_id, versao, status, tipo_venda, mesa`,
      );
      if (!l) {
        // Nothing written: say why from what is stored now.
        const agora = await consultarUm(
          db,
          sql`select status, ${notaValida} as nota from venda where id = ${venda._id} and grupo_empresarial_id = ${c.grupo}`,
        );
        throw new ErroNegocio(
          recusaAlterarCpfCnpj(Number(agora?.status ?? 60), agora?.nota === true) ??
            MENSAGENS_CPF_CNPJ_VENDA.notaJaEmitida,
        );
      }
      const evento: VendaAlteradaEvento = {
        vendaId: venda._id,
        versao: Number(l.versao),
        status: Number(l.status),
        tipoVenda: Number(l.tipo_venda),
        mesa: (l.mesa as number | null) ?? null,
      };
      app.servicos.tempoReal?.emitirParaEmpresa(l.empresa_id as string, EVENTO_VENDA_ALTERADA, evento);
      return ok(await s.obter(c, venda._id));
    },
  );
}
