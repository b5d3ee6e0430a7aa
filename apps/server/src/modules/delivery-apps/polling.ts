import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { consultar } from '../../db/consultar.ts';
import { comoSistema } from '../../db/inquilino.ts';
import { sincronizarCatalogoMarketplace } from './catalogo-marketplace.ts';
import type { ServicoDeliveryApps } from './delivery-apps.service.ts';

// The pollers: every second, each active integration whose interval has passed since its last poll is polled
// (events stored, acknowledged, processed) and, for the marketplace, sent its catalogue changes. Integrations
// are polled side by side, one poll per integration at a time within this process; several instances would
// poll the same app in parallel (harmless: events are deduplicated by id, the order by its unique key), a
// lease per integration is left for when it is needed.
// Off with DELIVERY_POLLING=false (and by default under vitest: the tests poll by hand).

// Each integration's own interval decides when it is polled; this step only bounds how late after it (it was
// 5 s, so an interval of 5 s meant 5 to 10 s and more behind a round).
const PASSO_MS = 1_000;

export function iniciarPolling(app: FastifyInstance, s: ServicoDeliveryApps): void {
  const ligado = (process.env.DELIVERY_POLLING ?? (process.env.VITEST ? 'false' : 'true')) !== 'false';
  if (!ligado) return;
  let timer: NodeJS.Timeout | undefined;
  let parado = false;
  /** The polls under way, one per integration at most. */
  const emCurso = new Map<string, Promise<void>>();
  /** When an integration's poll last failed: an app that is down is tried again after 5 s, not every step. */
  const falhou = new Map<string, number>();
  const rodada = async () => {
    const devidas = await comoSistema(() =>
      consultar(
        app.servicos.banco.db,
        sql`select id, protocolo from delivery_integracao where ativo
              and (ultimo_polling is null or ultimo_polling < now() - make_interval(secs => intervalo_polling_segundos))`,
      ),
    );
    for (const l of devidas) {
      const id = l.id as string;
      if (parado || emCurso.has(id) || (falhou.get(id) ?? 0) > Date.now() - 5_000) continue;
      // Not awaited: a store with many orders (each one a sale) must not hold the other stores' polls back.
      const tarefa = (async () => {
        await s.pollar(id).then(
          () => falhou.delete(id),
          (erro: unknown) => {
            falhou.set(id, Date.now());
            app.log.warn({ err: erro, integracao: id }, 'polling de delivery falhou');
          },
        );
        // The marketplace's catalogue is kept by item: the changes since the last round go with its poll.
        if (l.protocolo === 'marketplace')
          await sincronizarCatalogoMarketplace(
            s,
            app.servicos.banco.db,
            id,
            app.servicos.tempo.agora(),
          ).catch((erro: unknown) =>
            app.log.warn({ err: erro, integracao: id }, 'catálogo do marketplace falhou'),
          );
      })().finally(() => emCurso.delete(id));
      emCurso.set(id, tarefa);
    }
  };
  const agendar = () => {
    timer = setTimeout(() => {
      void rodada()
        .catch((erro: unknown) => app.log.error({ err: erro }, 'rodada de polling de delivery falhou'))
        .finally(() => {
          if (!parado) agendar();
        });
    }, PASSO_MS);
    timer.unref();
  };
  app.addHook('onReady', async () => agendar());
  app.addHook('onClose', async () => {
    parado = true;
    if (timer) clearTimeout(timer);
    await Promise.allSettled([...emCurso.values()]);
  });
}
