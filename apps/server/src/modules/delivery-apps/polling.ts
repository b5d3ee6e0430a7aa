import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { consultar } from '../../db/consultar.ts';
import { comoSistema } from '../../db/inquilino.ts';
import type { ServicoDeliveryApps } from './delivery-apps.service.ts';

// The pollers: every few seconds, each active integration whose interval has passed since its last poll is
// polled (events stored, acknowledged, processed). One server instance polls an integration at a time within
// this process; several instances would poll the same app in parallel (harmless: events are deduplicated by
// id, the order by its unique key), a lease per integration is left for when it is needed.
// Off with DELIVERY_POLLING=false (and by default under vitest: the tests poll by hand).

const PASSO_MS = 5_000;

export function iniciarPolling(app: FastifyInstance, s: ServicoDeliveryApps): void {
  const ligado = (process.env.DELIVERY_POLLING ?? (process.env.VITEST ? 'false' : 'true')) !== 'false';
  if (!ligado) return;
  let timer: NodeJS.Timeout | undefined;
  let parado = false;
  const rodada = async () => {
    const devidas = await comoSistema(() =>
      consultar(
        app.servicos.banco.db,
        sql`select id from delivery_integracao where ativo
              and (ultimo_polling is null or ultimo_polling < now() - make_interval(secs => intervalo_polling_segundos))`,
      ),
    );
    for (const l of devidas) {
      if (parado) return;
      await s.pollar(l.id as string).catch((erro: unknown) => {
        app.log.warn({ err: erro, integracao: l.id }, 'polling de delivery falhou');
      });
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
  });
}
