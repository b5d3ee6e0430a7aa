import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lerDinheiro } from '../dinheiro/decimal.ts';
import {
  aplicarDescontoGeral,
  aplicarDescontoItem,
  calcularDescontoItem,
  minimoObrigatorioItem,
  minimoObrigatorioVenda,
  ratearDescontoGeral,
  removerDescontoGeral,
} from './descontos.ts';
import {
  AGORA,
  criarCatalogo,
  criarConfiguracao,
  id,
  produtos,
  SUPERVISOR,
  vendaComItens,
} from './fabricas-teste.ts';
import { recalcularVenda } from './recalcular.ts';

const catalogo = criarCatalogo({
  produtos: produtos({ 1: '10.00', 2: '30.00', 3: '5.00' }),
  happyHours: [
    {
      _id: id(0x600),
      descricao: 'HH',
      percentual: '10',
      produtos: [id(3)],
      horaInicio: '18:00',
      horaFim: '22:00',
    },
  ],
});
const config = criarConfiguracao();
const venda = recalcularVenda(
  vendaComItens([{ produto: 1, quantidade: '2' }, { produto: 2 }, { produto: 3 }]),
  catalogo,
  config,
  AGORA,
);
const ctx = { supervisor: SUPERVISOR, justificativa: 'Cliente frequente', dataHora: AGORA };
const recalc = (v: typeof venda) => recalcularVenda(v, catalogo, config, AGORA);

describe('desconto no item: modos 0-4 (spec 5)', () => {
  const item = venda.produtos[0]!; // 2 x 10.00
  it.each([
    [0, '8.00', 400],
    [1, '1.50', 300],
    [2, '25', 500],
    [3, '3.00', 300],
    [4, '15.00', 500],
  ] as const)('modo %i valor %s -> desconto total %i centavos', (modo, valor, esperado) => {
    expect(calcularDescontoItem(item, modo, valor)).toBe(esperado);
  });

  it('novo valor unitário não pode ser <= 0 nem acima do atual', () => {
    const msg = 'O novo valor unitário não pode ser menor que 0,01 ou maior que o valor unitário atual';
    expect(() => calcularDescontoItem(item, 0, '0')).toThrow(msg);
    expect(() => calcularDescontoItem(item, 0, '10.01')).toThrow(msg);
  });

  it('desconto acima do total do item ou abaixo de R$0.01', () => {
    const msg = 'O desconto não pode ser maior que o Total do item ou menor que R$0.01';
    expect(() => aplicarDescontoItem(venda, 1, 3, '20.01', ctx)).toThrow(msg);
    expect(() => aplicarDescontoItem(venda, 1, 3, '0', ctx)).toThrow(msg);
    expect(() => aplicarDescontoItem(venda, 1, 2, '101', ctx)).toThrow(msg);
    expect(() => aplicarDescontoItem(venda, 1, 4, '-1', ctx)).toThrow(msg);
  });

  it('precisa passar o mínimo obrigatório (happy hour do item 3 = 0.50)', () => {
    expect(minimoObrigatorioItem(venda.produtos[2]!)).toBe(50);
    expect(() => aplicarDescontoItem(venda, 3, 3, '0.50', ctx)).toThrow(
      'O Total do desconto (Desconto Subtotal:) não pode ser inferior ou igual ao Mínimo Obrigatório',
    );
    const r = aplicarDescontoItem(venda, 3, 3, '1.00', ctx);
    const depois = recalc(r.venda).produtos[2]!;
    expect(depois.descontoPersonalizado).toBe('0.50');
    expect(depois.desconto).toBe('1.00');
  });

  it('supervisor e item obrigatórios; supervisor e justificativa registrados com evento', () => {
    expect(() => aplicarDescontoItem(venda, 1, 3, '1.00', { ...ctx, supervisor: null })).toThrow(
      'Supervisor não informado',
    );
    expect(() => aplicarDescontoItem(venda, 99, 3, '1.00', ctx)).toThrow('Item não informado');
    expect(() => aplicarDescontoItem(venda, null, 3, '1.00', ctx)).toThrow('Item não informado');
    const { venda: v, evento } = aplicarDescontoItem(venda, 1, 3, '2.00', ctx);
    expect(v.produtos[0]!.supervisorDesconto).toEqual(SUPERVISOR);
    expect(v.produtos[0]!.descontoJustificativa).toBe('Cliente frequente');
    expect(evento).toMatchObject({
      tipo: 'Desconto',
      valorDesconto: '2.00',
      supervisor: SUPERVISOR,
      motivo: 'Cliente frequente',
    });
    const r = recalc(v);
    expect(r.produtos[0]!.valorLiquido).toBe('18.00');
    expect(r.totalDescontoComum).toBe('2.00');
  });

  it('item travado por pagamento de posição não recebe desconto', () => {
    const travada = {
      ...venda,
      produtos: venda.produtos.map((i, k) => (k === 0 ? { ...i, existePosicaoPago: true } : i)),
    };
    expect(() => aplicarDescontoItem(travada, 1, 3, '1.00', ctx)).toThrow(
      'Item bloqueado: existem pagamentos realizados por posição!',
    );
  });
});

describe('desconto geral (spec 5)', () => {
  // subtotal 55.00; happy hour 0.50 is the mandatory minimum
  it('percentual entre 0 e 100', () => {
    const msg = 'O desconto não pode ser maior que 100% ou menor que 0.';
    expect(() => aplicarDescontoGeral(venda, 1, '100.01', ctx)).toThrow(msg);
    expect(() => aplicarDescontoGeral(venda, 1, '-1', ctx)).toThrow(msg);
  });
  it('acima de zero e abaixo do total da conta', () => {
    const msg = 'O desconto não pode ser maior que o Total da conta ou menor que R$0,01';
    expect(() => aplicarDescontoGeral(venda, 0, '55.00', ctx)).toThrow(msg);
    expect(() => aplicarDescontoGeral(venda, 0, '0.00', ctx)).toThrow(msg);
    expect(() => aplicarDescontoGeral(venda, 1, '100', ctx)).toThrow(msg);
  });
  it('acima do mínimo obrigatório', () => {
    expect(minimoObrigatorioVenda(venda)).toBe(50);
    expect(() => aplicarDescontoGeral(venda, 0, '0.50', ctx)).toThrow(
      'O Total do desconto não pode ser inferior ou igual ao Mínimo Obrigatório',
    );
  });
  it('supervisor obrigatório', () => {
    expect(() => aplicarDescontoGeral(venda, 0, '5.00', { ...ctx, supervisor: undefined })).toThrow(
      'Supervisor não informado',
    );
  });

  it('rateia proporcionalmente, total de descontos = pedido, sobra no maior item', () => {
    const { venda: v, evento } = aplicarDescontoGeral(venda, 0, '10.00', ctx);
    expect(evento.valorDesconto).toBe('10.00');
    expect(v.supervisorDesconto).toEqual(SUPERVISOR);
    const r = recalc(v);
    expect(r.totalDesconto).toBe('10.00');
    expect(r.total).toBe('45.00');
    // 9.50 spread over 20.00 / 30.00 / 4.50 (= 54.50): truncated 3.48 / 5.22 / 0.78, the 0.02 left
    // goes to the largest line
    expect(r.produtos.map((i) => i.descontoGeral)).toEqual(['3.48', '5.24', '0.78']);
    expect(r.totalDescontoComum).toBe('9.50');
    expect(recalc(r)).toEqual(r);
  });

  it('percentual sobre a conta e substitui descontos personalizados', () => {
    const comItem = recalc(aplicarDescontoItem(venda, 2, 3, '3.00', ctx).venda);
    const { venda: v } = aplicarDescontoGeral(comItem, 1, '10', ctx);
    expect(v.produtos[1]!.descontoPersonalizado).toBe('0.00');
    expect(recalc(v).totalDesconto).toBe('5.50');
  });

  it('remover o desconto geral quando os itens mudam', () => {
    const r = recalc(aplicarDescontoGeral(venda, 0, '10.00', ctx).venda);
    const sem = recalc(removerDescontoGeral(r));
    expect(sem.descontoGeral).toBeNull();
    expect(sem.supervisorDesconto).toBeNull();
    expect(sem.totalDesconto).toBe('0.50');
    expect(removerDescontoGeral(sem)).toBe(sem);
  });
});

describe('propriedades do rateio do desconto geral', () => {
  it('soma exatamente o desconto e nenhuma linha fica negativa', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 1, maxLength: 60 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (linhas, fracao) => {
          const total = linhas.reduce((s, x) => s + x, 0);
          const desconto = Math.floor(total * fracao);
          const partes = ratearDescontoGeral(desconto as never, linhas as never);
          expect(partes.reduce((s, x) => s + x, 0)).toBe(desconto);
          partes.forEach((p, k) => {
            expect(p).toBeGreaterThanOrEqual(0);
            expect(p).toBeLessThanOrEqual(linhas[k]!);
          });
        },
      ),
    );
  });

  it('na venda: total de descontos = pedido e nenhuma linha negativa', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ produto: fc.integer({ min: 1, max: 3 }), q: fc.integer({ min: 1, max: 5 }) }), {
          minLength: 1,
          maxLength: 15,
        }),
        fc.integer({ min: 1, max: 10_000 }),
        (itens, centavos) => {
          const v = recalc(
            vendaComItens(itens.map((i) => ({ produto: i.produto, quantidade: String(i.q) }))),
          );
          const conta = lerDinheiro(v.subTotal);
          const pedido = Math.min(centavos, conta - 1);
          if (pedido <= minimoObrigatorioVenda(v)) return;
          const r = recalc(aplicarDescontoGeral(v, 0, (pedido / 100).toFixed(2), ctx).venda);
          expect(lerDinheiro(r.totalDesconto)).toBe(pedido);
          for (const i of r.produtos) expect(lerDinheiro(i.valorLiquido)).toBeGreaterThanOrEqual(0);
        },
      ),
      { numRuns: 80 },
    );
  });
});
