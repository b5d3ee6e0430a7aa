import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lerDinheiro } from '../dinheiro/decimal.ts';
import {
  AGORA,
  CARTAO,
  CONVENIO,
  criarCatalogo,
  criarConfiguracao,
  criarPagamento,
  DINHEIRO,
  EMPRESA,
  id,
  OPERADOR,
  produtos,
  SUPERVISOR,
  VALE_COMPRA,
  vendaComItens,
} from './fabricas-teste.ts';
import type { NovoPagamento } from './pagamentos.ts';
import {
  cancelarPagamento,
  lancarPagamento,
  saldoRestante,
  totalizarPagamentos,
  validarConvenio,
  validarTrocoPermitido,
} from './pagamentos.ts';
import { recalcularVenda } from './recalcular.ts';

const venda = recalcularVenda(
  vendaComItens([{ produto: 1, quantidade: '3' }]),
  criarCatalogo({ produtos: produtos({ 1: '10.00' }) }),
  criarConfiguracao(),
  AGORA,
); // total 30.00
let seq = 0x9100;
const novo = (over: Partial<NovoPagamento> = {}): NovoPagamento => ({
  _id: id(seq++),
  formaPagamento: DINHEIRO,
  valorPago: '10.00',
  operador: OPERADOR,
  data: AGORA,
  caixa: id(0xca1),
  periodo: id(0xbe1),
  ...over,
});

describe('lançar pagamento (spec 5 "Payment")', () => {
  it('dinheiro com troco; totais totalPago, troco, totalTroco', () => {
    const v = lancarPagamento(venda, novo({ valorPago: '50.00' }));
    expect(v.pagamentos[0]).toMatchObject({ valor: '30.00', valorPago: '50.00', valorTroco: '20.00' });
    expect(v).toMatchObject({
      totalPago: '50.00',
      totalTroco: '20.00',
      troco: '20.00',
      totalValeCompra: '0.00',
    });
    expect(saldoRestante(v)).toBe(0);
  });

  it('valor truncado a 2 casas e maior que zero', () => {
    expect(lancarPagamento(venda, novo({ valorPago: '10.999' })).pagamentos[0]!.valorPago).toBe('10.99');
    expect(() => lancarPagamento(venda, novo({ valorPago: '0' }))).toThrow(
      'O valor do pagamento deve ser maior que zero',
    );
    expect(() => lancarPagamento(venda, novo({ valorPago: '0.009' }))).toThrow(
      'O valor do pagamento deve ser maior que zero',
    );
  });

  it('operador obrigatório', () => {
    expect(() => lancarPagamento(venda, novo({ operador: null }))).toThrow('Operador não informado');
  });

  it('forma que não permite troco não pode deixar sobra', () => {
    expect(() => lancarPagamento(venda, novo({ formaPagamento: CARTAO, valorPago: '30.01' }))).toThrow(
      'A forma de pagamento Cartão de Crédito não permite troco',
    );
    expect(lancarPagamento(venda, novo({ formaPagamento: CARTAO, valorPago: '30.00' })).troco).toBe('0.00');
  });

  it('vale compra como troco', () => {
    const v = lancarPagamento(venda, novo({ formaPagamento: VALE_COMPRA, valorPago: '40.00' }));
    expect(v).toMatchObject({ totalTroco: '10.00', totalValeCompra: '10.00', troco: '0.00' });
  });

  it('troco não pode passar o que as formas com troco cobrem', () => {
    const p = (formaPagamento: typeof CARTAO | typeof DINHEIRO, valorPago: string, valorTroco: string) =>
      criarPagamento({ _id: id(seq++), formaPagamento, valorPago, valor: valorPago, valorTroco });
    expect(() => validarTrocoPermitido([p(CARTAO, '30.00', '5.00'), p(DINHEIRO, '2.00', '0.00')])).toThrow(
      'O valor do troco esta maior do que o permitido.',
    );
    expect(() =>
      validarTrocoPermitido([p(CARTAO, '30.00', '0.00'), p(DINHEIRO, '5.00', '5.00')]),
    ).not.toThrow();
  });

  it('o mesmo _id é uma nova tentativa e não muda nada', () => {
    const p = novo({ valorPago: '5.00' });
    const v = lancarPagamento(venda, p);
    expect(lancarPagamento(v, p)).toBe(v);
  });

  it('propriedade: pagamentos nunca deixam troco negativo', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            centavos: fc.integer({ min: 1, max: 10_000 }),
            forma: fc.constantFrom(DINHEIRO, CARTAO, VALE_COMPRA),
          }),
          {
            maxLength: 8,
          },
        ),
        (lista) => {
          let v = venda;
          for (const p of lista) {
            try {
              v = lancarPagamento(
                v,
                novo({ formaPagamento: p.forma, valorPago: (p.centavos / 100).toFixed(2) }),
              );
            } catch {
              // refused payments change nothing
            }
          }
          for (const p of v.pagamentos) expect(lerDinheiro(p.valorTroco)).toBeGreaterThanOrEqual(0);
          const t = totalizarPagamentos(v.pagamentos);
          expect(t.troco).toBeGreaterThanOrEqual(0);
          expect(t.totalAplicado).toBeLessThanOrEqual(lerDinheiro(v.total));
        },
      ),
    );
  });
});

describe('convênio (spec 5 "Credit account")', () => {
  const cliente = (convenio: { empresa: string; bloqueado: boolean; limite: string }[]) => ({
    _id: id(0xc11),
    nome: 'Ana',
    convenio,
  });
  const ok = { empresa: EMPRESA, bloqueado: false, limite: '500.00' };
  const v = (over: Partial<Parameters<typeof validarConvenio>[0]>) =>
    validarConvenio({
      valor: '10.00',
      cliente: cliente([ok]),
      empresa: EMPRESA,
      saldoUtilizado: '0',
      ...over,
    });
  it.each([
    [{ valor: '0' }, 'Valor inválido'],
    [{ cliente: null }, 'Cliente esta indefinido'],
    [{ cliente: cliente([{ ...ok, empresa: id(0x999) }]) }, 'Cliente não permite Convênio'],
    [
      { cliente: cliente([{ ...ok, bloqueado: true }]) },
      'Cliente esta bloqueado para realizar compras para a forma de pagamento Convênio!',
    ],
    [
      { cliente: cliente([{ ...ok, limite: '0' }]) },
      'Cliente não possui limite de compra para a forma de pagamento Convênio!',
    ],
  ] as const)('%o -> %s', (over, mensagem) => {
    expect(() => v(over)).toThrow(mensagem);
  });
  it('saldo disponível listando limite, utilizado, disponível e desejado', () => {
    expect(() => v({ valor: '60.00', saldoUtilizado: '450.00' })).toThrow(
      'O valor ultrapassa o saldo disponivel do cliente! Limite: R$ 500,00, Utilizado: R$ 450,00, Disponível: R$ 50,00, Desejado: R$ 60,00',
    );
    expect(() => v({ valor: '50.00', saldoUtilizado: '450.00' })).not.toThrow();
  });
  it('lançar convênio exige cliente', () => {
    expect(() => lancarPagamento(venda, novo({ formaPagamento: CONVENIO, valorPago: '30.00' }))).toThrow(
      'Cliente esta indefinido',
    );
    const pago = lancarPagamento(
      venda,
      novo({
        formaPagamento: CONVENIO,
        valorPago: '30.00',
        convenio: { cliente: cliente([ok]), saldoUtilizado: '0' },
      }),
    );
    expect(pago.totalPago).toBe('30.00');
  });
});

describe('cancelar pagamento (spec 4)', () => {
  const paga = lancarPagamento(venda, novo({ _id: id(0x9999), valorPago: '30.00' }));
  const ctx = { supervisor: SUPERVISOR, caixaAtual: id(0xca1), periodosAbertos: [id(0xbe1)] };
  it('marca lixo com supervisor e refaz os totais', () => {
    const v = cancelarPagamento(paga, id(0x9999), ctx);
    expect(v.pagamentos[0]).toMatchObject({ lixo: true, supervisorLixo: SUPERVISOR });
    expect(v.totalPago).toBe('0.00');
  });
  it('caixa fechado', () => {
    expect(() => cancelarPagamento(paga, id(0x9999), { ...ctx, periodosAbertos: [] })).toThrow(
      'Operação de cancelamento não permitido, o caixa que recebeu esta conta já esta fechado!',
    );
  });
  it('outro caixa', () => {
    expect(() => cancelarPagamento(paga, id(0x9999), { ...ctx, caixaAtual: id(0xca2) })).toThrow(
      'Operação de cancelamento não permitido, o pagamento foi recebido em outro caixa!',
    );
  });
  it('pagamento inexistente, já cancelado, sem supervisor', () => {
    expect(() => cancelarPagamento(paga, id(0x1), ctx)).toThrow('Pagamento não encontrado!');
    const v = cancelarPagamento(paga, id(0x9999), ctx);
    expect(() => cancelarPagamento(v, id(0x9999), ctx)).toThrow('Pagamento já esta cancelado!');
    expect(() => cancelarPagamento(paga, id(0x9999), { ...ctx, supervisor: null })).toThrow(
      'Supervisor não informado',
    );
  });
});
