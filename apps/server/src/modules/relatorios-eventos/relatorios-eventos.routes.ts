import {
  empresasDesconhecidas,
  type FiltroRelatorio,
  MENSAGENS_FILTRO,
  type RespostaRelatorioEventos,
  type RotaRelatorioEventos,
} from '@retaguarda/domain';
import { permissoesDoRecurso } from '@retaguarda/domain/catalogos/permissoes';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { ErroNegocio, ok } from '../../lib/envelope.ts';
import { sessaoDe } from '../../plugins/autenticacao.ts';
import { empresasPermitidasTela } from '../usuarios/permissao-negada.ts';
import { empresasComPermissao } from '../usuarios/permissoes.service.ts';
import { cancelamentos, descontos, type Escopo, qrCode, transferencias } from './consultas.ts';
import { lerFiltro, pedidoRelatorioEventosSchema } from './filtro.ts';

// The four event reports of issue 19 (back-office routes of the same names): cancellations, discounts and
// table/item transfers from the sale events, and the orders placed on devices (QR code, digital menu, waiter
// app) by origin. Request `{ filtro (the shared default report filter), pagina }`; each needs its report
// permission (1000-1067) in every store it reads. Shapes: packages/domain/src/relatorios/eventos.ts.

type Relatorio<R extends RotaRelatorioEventos> = (
  db: Db,
  escopo: Escopo,
  f: FiltroRelatorio,
  pagina: number,
) => Promise<RespostaRelatorioEventos<R>>;

const RELATORIOS: { [R in RotaRelatorioEventos]: Relatorio<R> } = {
  relatorioVendaCancelamentos: cancelamentos,
  relatorioVendaDescontos: descontos,
  relatorioVendaTransferencias: transferencias,
  relatorioQrCode: qrCode,
};

export async function rotasRelatoriosEventos(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.servicos.banco.db;

  /**
   * The stores asked for (none: every store where the user holds the report, getEmpresasUsuario's rule). Any
   * store asked for outside those (unknown id, another group's, no permission) is refused with the shared
   * contract's message.
   */
  async function empresas(request: FastifyRequest, f: FiltroRelatorio, permissao: number) {
    const s = sessaoDe(request);
    const p = await app.servicos.permissoes.doUsuario(s.grupoEmpresarialId, s.usuarioId);
    const permitidas = empresasComPermissao(p, permissao);
    // None at all: refused as every report screen is, naming the permission (and who grants it).
    if (!permitidas.length) return empresasPermitidasTela(app, request, undefined, permissao);
    if (!f.empresasSelecionada.length) return permitidas;
    if (empresasDesconhecidas(f.empresasSelecionada, permitidas).length)
      throw new ErroNegocio(MENSAGENS_FILTRO.empresaDesconhecida);
    return [...new Set(f.empresasSelecionada)];
  }

  for (const [rota, ler] of Object.entries(RELATORIOS) as [
    RotaRelatorioEventos,
    Relatorio<RotaRelatorioEventos>,
  ][]) {
    const permissao = permissoesDoRecurso(rota).acessar;
    if (permissao === undefined) throw new Error(`permissão do relatório ${rota}`);
    r.post(
      `/api/${rota}`,
      { schema: { tags: ['relatorios'], body: pedidoRelatorioEventosSchema } },
      async (request) => {
        const s = sessaoDe(request);
        const f = lerFiltro(request.body.filtro);
        const lista = await empresas(request, f, permissao);
        return ok(await ler(db, { grupo: s.grupoEmpresarialId, empresas: lista }, f, request.body.pagina));
      },
    );
  }
}
