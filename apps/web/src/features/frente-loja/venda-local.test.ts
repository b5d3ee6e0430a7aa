import { catalogoVendaSchema, configuracaoVendaSchema, lerDinheiro } from '@retaguarda/domain';
import { describe, expect, it } from 'vitest';
import {
  type AmbienteVenda,
  adicionarProdutoLocal,
  novaVendaLocal,
  novoId,
  pagarLocal,
  separarQuantidade,
} from './venda-local.ts';

const id = (n: number) => n.toString(16).padStart(24, '0');
const AGORA = '2026-11-21T15:00:00-03:00';
const pizza = { _id: id(1), descricao: 'Pizza Grande Mussarela', codigoInterno: 1 };
const lata = { _id: id(2), descricao: 'Refrigerante Lata 350ml', codigoInterno: 6 };

const amb: AmbienteVenda = {
  empresa: id(0xe1),
  grupoEmpresarial: id(0x61),
  terminal: id(0x71),
  operador: { _id: id(0xa), nome: 'Caixa', codigoInterno: 3 },
  catalogo: catalogoVendaSchema.parse({
    produtos: [
      { _id: pizza._id, descricao: pizza.descricao, preco: '49.90' },
      { _id: lata._id, descricao: lata.descricao, preco: '6.50' },
    ],
    combos: [
      {
        _id: id(0xc0),
        descricao: 'Pizza + Refri',
        desconto: '10',
        tipoDesconto: 'percentual',
        corPredominanteCombo: '#F2711C',
        agrupadores: [
          { _id: id(0xc1), quantidade: 1, produtos: [pizza._id] },
          { _id: id(0xc2), quantidade: 1, produtos: [lata._id] },
        ],
      },
    ],
  }),
  configuracao: configuracaoVendaSchema.parse({ empresa: id(0xe1), comboOrdemDesconto: 'valorDesconto' }),
};

const dinheiro = { _id: id(0xf1), descricao: 'Dinheiro', tipo: 77 as const, tipoTroco: 1 as never };
const debito = { _id: id(0xf2), descricao: 'Cartão de Débito', tipo: 79 as const, tipoTroco: 2 as never };

describe('venda local', () => {
  it('applies the combo with its colour as soon as both items are on the sale', () => {
    let v = novaVendaLocal(amb, 53, AGORA);
    v = adicionarProdutoLocal(v, amb, pizza, AGORA);
    expect(v.total).toBe('49.90');
    v = adicionarProdutoLocal(v, amb, lata, AGORA);
    expect(v.combosRealizados).toHaveLength(1);
    expect(v.produtos.every((i) => i.comboAtivo && i.corPredominanteCombo === '#F2711C')).toBe(true);
    expect(v.total).toBe('50.76');
  });

  it('takes two payments and gives change only from cash', () => {
    let v = novaVendaLocal(amb, 53, AGORA);
    v = adicionarProdutoLocal(v, amb, pizza, AGORA, { quantidade: '2' });
    v = pagarLocal(v, amb, debito, '50.00', AGORA);
    v = pagarLocal(v, amb, dinheiro, '60.00', AGORA);
    expect(v.totalPago).toBe('110.00');
    expect(lerDinheiro(v.totalTroco)).toBe(1020);
    expect(() => pagarLocal(novaVendaLocal(amb, 53, AGORA), amb, debito, '10.00', AGORA)).toThrow();
  });

  it('reads quantity prefixes and makes 24-char hex ids', () => {
    expect(separarQuantidade('3*refri')).toEqual({ quantidade: '3', busca: 'refri' });
    expect(separarQuantidade('0,250 x queijo')).toEqual({ quantidade: '0.250', busca: 'queijo' });
    expect(separarQuantidade('pizza')).toEqual({ quantidade: undefined, busca: 'pizza' });
    expect(novoId()).toMatch(/^[0-9a-f]{24}$/);
  });

  it('prices a half-and-half pizza by the weighted average of its parts', () => {
    const calabresa = { _id: id(3), descricao: 'Pizza Grande Calabresa', codigoInterno: 2 };
    const a: AmbienteVenda = {
      ...amb,
      catalogo: {
        ...amb.catalogo,
        produtos: [
          ...amb.catalogo.produtos,
          {
            _id: calabresa._id,
            descricao: calabresa.descricao,
            tipoProduto: 'Normal',
            preco: '54.90',
            empresas: [],
            maximoFracao: 2,
          },
        ],
      },
    };
    const v = adicionarProdutoLocal(novaVendaLocal(a, 53, AGORA), a, pizza, AGORA, {
      filhos: [
        { produto: pizza, quantidadeParte: 1 },
        { produto: calabresa, quantidadeParte: 1 },
      ],
    });
    expect(v.produtos[0]?.pizza).toBe(true);
    expect(v.total).toBe('52.40');
  });
});
