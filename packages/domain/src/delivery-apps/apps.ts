// The delivery apps an integration can be for: the id the sale and the reports carry (1-6). The list of
// spec 1 §3 was not readable from this repository; these names are ours and can be renamed without a
// migration (only the id is stored).
export const APPS_DELIVERY = [
  { id: 1, nome: 'iFood' },
  { id: 2, nome: 'Rappi' },
  { id: 3, nome: 'Uber Eats' },
  { id: 4, nome: 'Aiqfome' },
  { id: 5, nome: '99Food' },
  { id: 6, nome: 'Open Delivery (outro app)' },
] as const;
export type AppDeliveryId = (typeof APPS_DELIVERY)[number]['id'];

export function nomeDoApp(id: number): string {
  return APPS_DELIVERY.find((a) => a.id === id)?.nome ?? `App ${id}`;
}

/** Protocols an integration speaks: Open Delivery, and the marketplace polling model (marketplace.ts). */
export const PROTOCOLOS_DELIVERY = ['open-delivery', 'marketplace'] as const;
export type ProtocoloDelivery = (typeof PROTOCOLOS_DELIVERY)[number];

/** How the screens name each protocol. */
export const NOMES_PROTOCOLO: Readonly<Record<ProtocoloDelivery, string>> = {
  'open-delivery': 'Open Delivery (Abrasel) 1.7',
  marketplace: 'Marketplace (modelo de polling, como o iFood)',
};
