// Delivery-app integrations (issue 20): Open Delivery v1.7 payloads, the order state machine, the order ->
// sale mapping and the shapes of the server's routes. Imported as '@retaguarda/domain/delivery-apps/index'.
export * from './api.ts';
export * from './apps.ts';
export * from './mapeamento.ts';
export * from './open-delivery.ts';
export * from './resumo.ts';
export * from './status.ts';
