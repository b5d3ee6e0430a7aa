import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lerDinheiro } from '../dinheiro/decimal.ts';
import { aplicarDescontoGeral, aplicarDescontoItem } from './descontos.ts';
import {
  AGORA,
  criarCatalogo,
  criarConfiguracao,
  id,
  OPERADOR,
  produtos,
  SUPERVISOR,
  vendaComItens,
} from './fabricas-teste.ts';
import { adicionarItem } from './itens.ts';
import { recalcularVenda } from './recalcular.ts';
import { calcularValorServico, lancarServico, removerServico, validarPercentualServico } from './servico.ts';

// Issue 16.2: the service charge (Gorjeta line) computed by the engine, the same on the POS and the server.

const GORJETA = { _id: id(9), descricao: 'Taxa de Serviço (Gorjeta)', codigoInterno: null };
// The server leaves the service products out of the catalogue; the settings name the store's Gorjeta.
const catalogo = criarCatalogo({ produtos: produtos({ 1: '10.00', 2: '14.85', 3: '3.33' }) });
const config = criarConfiguracao({ produtoServico: GORJETA._id });
const recalc = (v: Parameters<typeof recalcularVenda>[0], c = config) =>
  recalcularVenda(v, catalogo, c, AGORA);
const ctx = { supervisor: SUPERVISOR, dataHora: AGORA, produtoServico: GORJETA._id };
const dados = { data: AGORA, terminal: null, atendente: OPERADOR };
const fechar = (v: Parameters<typeof recalcularVenda>[0], percentual: unknown = '10', c = config) =>
  recalc(lancarServico(v, GORJETA, percentual, { ...dados, ...c }), c);
const servico = (v: ReturnType<typeof recalc>) => v.produtos.find((i) => i.produto._id === GORJETA._id);

describe('valor do serviço', () => {
  it('10 % de R$ 24,85 = 2,485 -> R$ 2,49 (arredondado ao centavo como todo valor), não 2,48', () => {
    const v = fechar(recalc(vendaComItens([{ produto: 1 }, { produto: 2 }])));
    expect(servico(v)).toMatchObject({
      precoVenda: '2.49',
      valorBruto: '2.49',
      valorLiquido: '2.49',
      obs: 'Serviço 10%',
    });
    expect(v.total).toBe('27.34');
    expect(calcularValorServico(2485 as never, '10')).toBe(249);
    expect(calcularValorServico(2484 as never, '10')).toBe(248);
  });

  it('é recalculado quando a venda muda: desconto no item, desconto geral', () => {
    const fechada = fechar(recalc(vendaComItens([{ produto: 1 }, { produto: 2 }])));
    // item 2 gets R$ 4,85 off: consumption 20.00, service 2.00
    const comItem = recalc(aplicarDescontoItem(fechada, 2, 3, '4.85', ctx).venda);
    expect(servico(comItem)?.valorLiquido).toBe('2.00');
    expect(comItem.total).toBe('22.00');
    // general R$ 5,00 on a consumption of 24.85: 19.85 and 10 % = 1.985 -> 1.99; the service keeps its value
    const comGeral = recalc(aplicarDescontoGeral(fechada, 0, '5.00', ctx).venda);
    expect(servico(comGeral)).toMatchObject({
      valorLiquido: '1.99',
      descontoGeral: '0.00',
      desconto: '0.00',
    });
    expect(comGeral.totalDesconto).toBe('5.00');
    expect(comGeral.total).toBe('21.84');
  });

  it('o desconto geral em % incide só sobre o consumo, nunca sobre a linha do serviço', () => {
    const fechada = fechar(recalc(vendaComItens([{ produto: 1 }, { produto: 2 }])));
    // 10 % of 24.85 (not of 27.34) = 2.485 -> 2.49; consumption 22.36 and service 2.236 -> 2.24
    const v = recalc(aplicarDescontoGeral(fechada, 1, '10', ctx).venda);
    expect(v.totalDesconto).toBe('2.49');
    expect(servico(v)?.valorLiquido).toBe('2.24');
    expect(v.total).toBe('24.60');
    expect(() => aplicarDescontoItem(fechada, 3, 3, '1.00', ctx)).toThrow(
      'A taxa de serviço não recebe desconto!',
    );
  });

  it('fechar de novo troca a linha (um serviço só); fechar sem serviço a tira', () => {
    const uma = fechar(recalc(vendaComItens([{ produto: 1 }])), '10');
    const outra = fechar(uma, '12.5');
    expect(outra.produtos.filter((i) => i.produto._id === GORJETA._id)).toHaveLength(1);
    // 12.5 % of 10.00 = 1.25
    expect(servico(outra)).toMatchObject({ valorLiquido: '1.25', obs: 'Serviço 12.5%' });
    expect(recalc(removerServico(outra, GORJETA._id)).total).toBe('10.00');
  });
});

describe('percentual permitido pela loja', () => {
  it.each(['150', '-10', '0', '0.00', '20.01', '10.123', 'abc', '', 'NaN'])("'%s' é recusado", (p) => {
    const v = recalc(vendaComItens([{ produto: 1 }]));
    expect(() => lancarServico(v, GORJETA, p, dados)).toThrow(
      'O percentual do serviço deve ser maior que 0 e no máximo 20%!',
    );
  });

  it('o máximo é o da loja (empresa.configuracoes.percentualServicoMaximo)', () => {
    expect(validarPercentualServico('12.5', {})).toBe('12.5');
    expect(validarPercentualServico(10, {})).toBe('10');
    expect(validarPercentualServico('25', { percentualServicoMaximo: '25' })).toBe('25');
    expect(() => validarPercentualServico('13', { percentualServicoMaximo: '12.5' })).toThrow(
      'O percentual do serviço deve ser maior que 0 e no máximo 12,5%!',
    );
  });
});

describe('propriedades do serviço', () => {
  it('serviço = % do consumo depois dos descontos, arredondado; total = soma das linhas', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ produto: fc.integer({ min: 1, max: 3 }), qtd: fc.integer({ min: 1, max: 5 }) }),
          {
            minLength: 1,
            maxLength: 8,
          },
        ),
        fc.integer({ min: 1, max: 2000 }),
        fc.integer({ min: 0, max: 60 }),
        (itens, percentualCentesimos, descontoPercentual) => {
          const percentual = (percentualCentesimos / 100).toFixed(2);
          let v = recalc(
            vendaComItens(itens.map((i) => ({ produto: i.produto, quantidade: String(i.qtd) }))),
          );
          v = fechar(v, percentual);
          if (descontoPercentual > 0) {
            const r = aplicarDescontoGeral(v, 1, String(descontoPercentual), ctx);
            v = recalc(r.venda);
          }
          const linhas = v.produtos.filter((i) => !i.cancelado);
          const consumo = linhas
            .filter((i) => i.produto._id !== GORJETA._id)
            .reduce((s, i) => s + lerDinheiro(i.valorLiquido), 0);
          // the rule by hand: percent of the consumption in cents, half away from zero
          const esperado = Math.round((consumo * percentualCentesimos) / 10_000 + 1e-9);
          expect(lerDinheiro(servico(v)!.valorLiquido)).toBe(esperado);
          expect(lerDinheiro(servico(v)!.desconto)).toBe(0);
          expect(lerDinheiro(v.total)).toBe(linhas.reduce((s, i) => s + lerDinheiro(i.valorLiquido), 0));
          // recomputing changes nothing (the POS and the server agree)
          expect(recalc(v)).toEqual(v);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('adicionar item numa conta com serviço recalcula o serviço', () => {
    const fechada = fechar(recalc(vendaComItens([{ produto: 1 }])));
    const mais = recalc(adicionarItem(fechada, { produto: { _id: id(3), descricao: 'P3' }, data: AGORA }));
    // 13.33 × 10 % = 1.333 -> 1.33
    expect(servico(mais)?.valorLiquido).toBe('1.33');
  });
});
