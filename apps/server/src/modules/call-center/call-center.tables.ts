import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// Call-center tables (own migration chain: drizzle-callcenter.config.ts -> drizzle/callcenter). The order
// itself is a sale of the vendas module; this row keeps what the call center agreed with the customer
// about paying it (to be collected by the rider or at pick-up, with the change to take along).

const instante = (nome: string) => timestamp(nome, { withTimezone: true, mode: 'string' });

export const callCenterPedido = pgTable(
  'call_center_pedido',
  {
    /** The sale created by POST /api/callCenter/pedido. */
    vendaId: text('venda_id').primaryKey(),
    grupoEmpresarialId: text('grupo_empresarial_id').notNull(),
    /** The attendant who sent it. */
    operadorId: text('operador_id').notNull(),
    /**
     * `{ modo: 'prepago' | 'naEntrega', formaPagamento: {_id, descricao, tipo, tipoTroco}, valorCobrar,
     * trocoPara, troco, observacao }`; null when the attendant said nothing about the payment.
     */
    pagamento: jsonb('pagamento'),
    createdAt: instante('created_at').notNull().defaultNow(),
  },
  (t) => [index('call_center_pedido_operador_idx').on(t.grupoEmpresarialId, t.operadorId, t.createdAt)],
);
