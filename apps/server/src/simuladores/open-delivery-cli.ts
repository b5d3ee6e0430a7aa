import { iniciarSimuladorOpenDelivery } from './open-delivery.ts';

// `npm run simulador:delivery`: an Open Delivery Ordering Application for a demo. It prints the credentials
// to register in the store's integration (POST /api/deliveryApps/integracoes, screen appTerceiros) and
// serves a page where a person places an order (http://127.0.0.1:<porta>/). Settings by environment:
// SIMULADOR_DELIVERY_PORTA (4010), SIMULADOR_DELIVERY_WEBHOOK (the server's .../api/deliveryApps/od/newEvent;
// unset = polling only), SIMULADOR_DELIVERY_PERDA_ACK (0-1), SIMULADOR_DELIVERY_CLIENT_SECRET,
// SIMULADOR_DELIVERY_MERCHANT_ID, SIMULADOR_DELIVERY_APP_ID.

const env = process.env;
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
process.on('SIGINT', () => {
  void sim.fechar().then(() => process.exit(0));
});
