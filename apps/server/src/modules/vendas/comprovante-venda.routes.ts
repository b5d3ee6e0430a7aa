import { PERMISSAO, TIPO_IMPRESSAO } from '@retaguarda/domain';
import {
  type ComprovanteResposta,
  comprovanteEntradaSchema,
  MENSAGENS_COMPROVANTE,
} from '@retaguarda/domain/impressao/comprovante';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { consultar, consultarUm } from '../../db/consultar.ts';
import { ErroNegocio, ok } from '../../lib/envelope.ts';
import { notaDoRegistro, protocoloDoRegistro } from '../fiscal/emissao.ts';
import type { ImpressaoResumo } from '../impressao/impressao.service.ts';
import { layoutNfce, layoutRecibo, reciboSchema } from '../impressao/layouts/layouts.ts';
import { contaDaVenda } from '../impressao/layouts/venda.ts';
import type { Contexto, ServicoVendas } from './vendas.service.ts';
import { cabecalhoImpressaoVenda, MENSAGENS_ATENDENTE } from './vendas-frente-loja.routes.ts';

// The customer's receipt of an ended sale (issue 13 point 4), printed by the server on the terminal's NFC-e /
// cashier print sector: the DANFE NFC-e of the sale's valid notes (authorised or offline; the server issued them
// at the end, ADR 0005) or the non-fiscal receipt. The first print comes with the sale's end; any later one is
// a reprint and needs permission 55 (DANFE) or 54 (receipt), the operator's own or a supervisor's release.

const id = z.string().regex(/^[0-9a-f]{24}$/, 'Id inválido');
/** Non-fiscal receipts are print type 5 ('outros'), told from the other type-5 tickets by this title. */
const TITULO_RECIBO = 'Recibo - %';

export async function rotasComprovanteVenda(
  app: FastifyInstance,
  s: ServicoVendas,
  ctx: (request: FastifyRequest) => Promise<Contexto>,
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.servicos.banco.db;

  r.post(
    '/api/venda/:id/comprovante',
    { schema: { tags: ['vendas'], params: z.object({ id }), body: comprovanteEntradaSchema } },
    async (request) => {
      const c = await ctx(request);
      const b = request.body;
      const impressao = app.servicos.impressao;
      if (!impressao) throw new ErroNegocio('Impressão indisponível neste servidor.');
      const venda = await s.obter(c, request.params.id);
      if (venda.status.id !== 59) throw new ErroNegocio(MENSAGENS_COMPROVANTE.vendaNaoEncerrada);
      const terminal = await impressao.terminal(c.grupo, b.terminal);
      if (terminal.empresaId !== venda.empresa) throw new ErroNegocio(MENSAGENS_ATENDENTE.terminal);
      // Valid notes: authorised, or offline (printed at once, sent later); a rejected or cancelled one is not.
      const notas = await consultar(
        db,
        sql`select * from nfce where grupo_empresarial_id = ${c.grupo} and venda_id = ${venda._id}
              and not cancelado and status_nota in ('processado', 'contingencia')
            order by posicao nulls first, created_at`,
      );
      const documento = b.documento !== 'naoFiscal' && notas.length > 0 ? 'nfce' : 'naoFiscal';
      const aviso = b.documento === 'nfce' && notas.length === 0 ? MENSAGENS_COMPROVANTE.semNfce : null;
      const anteriores = await consultarUm(
        db,
        documento === 'nfce'
          ? sql`select count(*)::int as n from impressao where grupo_empresarial_id = ${c.grupo}
                  and origem_id = ${venda._id} and tipo_impressao = ${TIPO_IMPRESSAO.nfce}`
          : sql`select count(*)::int as n from impressao where grupo_empresarial_id = ${c.grupo}
                  and origem_id = ${venda._id} and tipo_impressao = ${TIPO_IMPRESSAO.outros}
                  and descricao like ${TITULO_RECIBO}`,
      );
      const reimpressao = Number(anteriores?.n ?? 0) > 0;
      if (reimpressao)
        await s.liberar(
          c,
          b.liberacao,
          documento === 'nfce' ? PERMISSAO.reimprimirNfce : PERMISSAO.reimprimirConta,
          venda.empresa,
          true,
        );
      const ctxImpressao = { grupoEmpresarialId: c.grupo, usuarioId: c.usuarioId };
      const impressoes: ImpressaoResumo[] = [];
      if (documento === 'nfce') {
        for (const l of notas) {
          const protocolo = protocoloDoRegistro(l);
          impressoes.push(
            ...(await impressao.criar(
              ctxImpressao,
              {
                terminalId: terminal.id,
                tipoImpressao: TIPO_IMPRESSAO.nfce,
                documento: layoutNfce({ nota: notaDoRegistro(l), ...(protocolo ? { protocolo } : {}) }),
                origemId: venda._id,
              },
              undefined,
              terminal,
            )),
          );
        }
      } else {
        const cabecalho = await cabecalhoImpressaoVenda(db, c, venda.empresa, terminal.descricao);
        const entrada = reciboSchema.parse({
          ...contaDaVenda(venda, cabecalho, { mesa: venda.mesa, comanda: venda.comanda }),
          troco: venda.totalTroco,
        });
        impressoes.push(
          ...(await impressao.criar(
            ctxImpressao,
            {
              terminalId: terminal.id,
              tipoImpressao: TIPO_IMPRESSAO.outros,
              documento: layoutRecibo(entrada),
              origemId: venda._id,
            },
            undefined,
            terminal,
          )),
        );
      }
      impressao.avisarNovas(impressoes);
      const resposta: ComprovanteResposta = {
        documento,
        reimpressao,
        notas:
          documento === 'nfce'
            ? notas.map((l) => ({
                _id: l.id as string,
                numero: Number(l.numero),
                serie: Number(l.serie),
                chave: l.chave as string,
                statusNota: l.status_nota as string,
                homologacao: Number(l.tp_amb) === 2,
              }))
            : [],
        impressoes,
        aviso,
      };
      return ok(resposta);
    },
  );
}
