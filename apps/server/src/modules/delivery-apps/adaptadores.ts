import type { AdaptadorDelivery } from './adaptador.ts';
import { AdaptadorMarketplace } from './marketplace.adaptador.ts';
import { AdaptadorOpenDelivery, type CredenciaisOD } from './open-delivery.adaptador.ts';

// The adapter of an integration's protocol: the one place that knows which protocols exist, so the service
// builds any of them the same way and a new app is one adapter plus one line here.

export function criarAdaptador(protocolo: string, c: CredenciaisOD, agora: () => number): AdaptadorDelivery {
  if (protocolo === 'marketplace')
    return new AdaptadorMarketplace(
      {
        baseUrl: c.baseUrl,
        authUrl: c.authUrl,
        clientId: c.clientId,
        clientSecret: c.clientSecret,
        merchantId: c.merchantId,
      },
      agora,
    );
  return new AdaptadorOpenDelivery(c, agora);
}
