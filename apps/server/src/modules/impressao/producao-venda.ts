import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { consultarUm } from '../../db/consultar.ts';
import { carregarVenda, type VendaRegistro } from '../vendas/vendas.repositorio.ts';
import type { ServicoImpressao } from './impressao.service.ts';
import { itensProducaoDaVenda, vendaParaImpressao } from './layouts/venda.ts';
import { imprimirProducao, type ResultadoImpressaoProducao } from './producao.ts';

// Production tickets of a sale, printed by the server after each committed write (the KDS module's sale
// observer calls this in its per-sale queue): only confirmed lines go to the kitchen, and
// imprimirProducao sends only the difference against what each print sector already got, so a write that
// changed nothing of the kitchen prints nothing, and a client that also calls POST /api/impressao/producao
// for the same sale cannot print a line twice (one 'sent' state per sale).

export async function imprimirProducaoDaVenda(
  db: Db,
  impressao: ServicoImpressao,
  grupo: string,
  vendaId: string,
  /** The sale as the caller just loaded it (the kitchen sync), so it is not read again. */
  carregada?: VendaRegistro,
): Promise<ResultadoImpressaoProducao | null> {
  const reg = carregada ?? (await carregarVenda(db, grupo, vendaId, false));
  if (!reg) return null;
  const v = reg.venda;
  const confirmados = v.produtos.filter((p) => p.confirmado);
  if (confirmados.length === 0) return null;
  // The job goes to the agents of a terminal of the store: the sale's, else the one that confirmed a line;
  // an order without a terminal (delivery app, call center) uses the store's first terminal.
  const terminal =
    v.terminal ??
    confirmados.find((p) => p.terminal)?.terminal ??
    ((
      await consultarUm(
        db,
        sql`select id from terminal where grupo_empresarial_id = ${grupo} and empresa_id = ${v.empresa}
              and lixo = false and ativo is not false order by created_at, id limit 1`,
      )
    )?.id as string | undefined) ??
    null;
  if (!terminal) return null;
  return imprimirProducao(
    impressao,
    { grupoEmpresarialId: grupo, usuarioId: null },
    {
      terminalId: terminal,
      vendaId,
      venda: vendaParaImpressao(v, { mesa: reg.mesa, comanda: reg.comanda }),
      itens: itensProducaoDaVenda({ ...v, produtos: confirmados }),
    },
  );
}
