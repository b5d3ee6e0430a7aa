import { iniciarSimuladorMarketplace } from './marketplace.ts';
import { iniciarSimuladorOpenDelivery } from './open-delivery.ts';

// `npm run simulador:delivery`: an Open Delivery Ordering Application for a demo. It prints the credentials
// to register in the store's integration (POST /api/deliveryApps/integracoes, screen appTerceiros) and
// serves a page where a person places an order (http://127.0.0.1:<porta>/). Settings by environment:
// SIMULADOR_DELIVERY_PORTA (4010), SIMULADOR_DELIVERY_WEBHOOK (the server's .../api/deliveryApps/od/newEvent;
// unset = polling only), SIMULADOR_DELIVERY_PERDA_ACK (0-1), SIMULADOR_DELIVERY_CLIENT_SECRET,
// SIMULADOR_DELIVERY_MERCHANT_ID, SIMULADOR_DELIVERY_APP_ID.
// It also starts the marketplace (polling model) simulator on SIMULADOR_MARKETPLACE_PORTA (4011). An argument
// starts only one: `npm run simulador:delivery -- open-delivery` or `-- marketplace`.

const env = process.env;
const qual = process.argv[2] ?? 'ambos';
const fechar: (() => Promise<void>)[] = [];
if (qual === 'marketplace' || qual === 'ambos') {
  const mk = await iniciarSimuladorMarketplace({
    porta: Number(env.SIMULADOR_MARKETPLACE_PORTA ?? 4011),
    clientId: 'cliente-marketplace',
    clientSecret: env.SIMULADOR_MARKETPLACE_CLIENT_SECRET ?? 'segredo-demo-marketplace',
    merchantId: env.SIMULADOR_MARKETPLACE_MERCHANT_ID ?? '8d3c2f4e-1a5b-4c6d-9e7f-0a1b2c3d4e5f',
    perdaAck: Number(env.SIMULADOR_DELIVERY_PERDA_ACK ?? 0),
  });
  fechar.push(mk.fechar);
  const m = mk.credenciais;
  console.log(`Simulador de marketplace (polling, confirmação em 8 minutos) em ${mk.url}
  Cadastre na integração da loja com protocolo "marketplace":
    baseUrl       ${mk.url}
    clientId      ${m.clientId}
    clientSecret  ${m.clientSecret}
    merchantId    ${m.merchantId}
    appIdExterno  marketplace (qualquer texto: o protocolo não o usa)
  Faça pedidos em ${mk.url}/ (código do produto = id do produto na loja).
`);
}
if (qual === 'open-delivery' || qual === 'ambos') {
  const sim = await iniciarSimuladorOpenDelivery({
    porta: Number(env.SIMULADOR_DELIVERY_PORTA ?? 4010),
    clientId: 'cliente-demo',
    clientSecret: env.SIMULADOR_DELIVERY_CLIENT_SECRET ?? 'segredo-demo-open-delivery',
    appId: env.SIMULADOR_DELIVERY_APP_ID ?? '6d1f1c9e-0b7a-4c1e-9a57-0d3f2b8e4a10',
    merchantId: env.SIMULADOR_DELIVERY_MERCHANT_ID ?? '12345678000195-2f0c4a8e-5b1d-4e7a-9c3f-6a2b8d4e1f00',
    perdaAck: Number(env.SIMULADOR_DELIVERY_PERDA_ACK ?? 0),
    ...(env.SIMULADOR_DELIVERY_WEBHOOK ? { webhookUrl: env.SIMULADOR_DELIVERY_WEBHOOK } : {}),
  });
  const c = sim.credenciais;
  console.log(`Simulador Open Delivery em ${sim.url}
  Cadastre na integração da loja:
    baseUrl       ${sim.url}
    clientId      ${c.clientId}
    clientSecret  ${c.clientSecret}
    appIdExterno  ${c.appId}
    merchantId    ${c.merchantId}
  Por exemplo (token de um administrador, loja no cabeçalho empresa):
    curl -X POST http://localhost:3000/api/deliveryApps/integracoes -H 'content-type: application/json' \\
      -H "token: $TOKEN" -H 'version: demo' -H 'empresa: <id da loja>' -d '${JSON.stringify({
        empresa: '<id da loja>',
        app: 6,
        merchantId: c.merchantId,
        appIdExterno: c.appId,
        baseUrl: sim.url,
        clientId: c.clientId,
        clientSecret: c.clientSecret,
        aceiteAutomatico: false,
      })}'
  O servidor consulta os eventos a cada intervalo (30 s por padrão); para o webhook, inicie com
  SIMULADOR_DELIVERY_WEBHOOK=http://localhost:3000/api/deliveryApps/od/newEvent.
  Faça pedidos em ${sim.url}/ (código do produto = externalCode do item no cardápio
  GET /api/deliveryApps/od/<integração>/v1/merchant da loja).
  Ctrl+C encerra.`);
  fechar.push(sim.fechar);
}
process.on('SIGINT', () => {
  void Promise.all(fechar.map((f) => f())).then(() => process.exit(0));
});
