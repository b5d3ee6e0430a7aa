// What both load clients of bench/venda-balcao.bench.ts send: ids shaped like the POS's (ObjectId-like) and the
// counter sale sent whole (create with 5 items, 2 payments with change, end).
import { randomBytes } from 'node:crypto';

export const id = () =>
  Math.floor(Date.now() / 1000)
    .toString(16)
    .padStart(8, '0') + randomBytes(8).toString('hex');

/** A new counter sale of the bench's data `d`, each call with its own sale and payment ids. */
export const corpoVendaInteira = (d) => ({
  _id: id(),
  tipoVenda: 53,
  terminal: d.terminal,
  produtos: d.produtos.map((produto) => ({ produto })),
  pagamentos: [
    { _id: id(), formaPagamento: d.debito, valorPago: '20.00' },
    { _id: id(), formaPagamento: d.dinheiro, valorPago: '200.00' },
  ],
  encerrar: true,
});
