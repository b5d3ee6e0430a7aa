import { catalogoVendaSchema, configuracaoVendaSchema } from '@retaguarda/domain';
import { describe, expect, it } from 'vitest';
import {
  adicionarAdicional,
  adicionarLinha,
  alterarObs,
  alterarQuantidade,
  itensEnvio,
  type LojaPedido,
  montarVenda,
  notasParaTroco,
  novoPedido,
  produtosDoPedido,
  removerSelecao,
} from './pedido.ts';

const id = (n: number) => n.toString(16).padStart(24, '0');
const [centro, shopping, burguer, agua, mussarela, calabresa, queijo, bacon] = [1, 2, 3, 4, 5, 6, 7, 8].map(
  id,
) as [string, string, string, string, string, string, string, string];
const operador = { _id: id(9), nome: 'Atendente', codigoInterno: 1 };
const agora = '2026-01-10T15:00:00.000Z';

const loja = (empresa: string, precoBurguer: string, taxaAte3km: string): LojaPedido => ({
  empresa,
  grupoEmpresarial: id(8),
  operador,
  catalogo: catalogoVendaSchema.parse({
    produtos: [
      { _id: burguer, descricao: 'X-Burguer', preco: precoBurguer },
      { _id: agua, descricao: 'Água', preco: '4.00' },
      { _id: mussarela, descricao: 'Pizza Mussarela', preco: '50.00', maximoFracao: 2 },
      { _id: calabresa, descricao: 'Pizza Calabresa', preco: '60.00', maximoFracao: 2 },
      { _id: queijo, descricao: 'Queijo Extra', preco: '5.00', tipoProduto: 'Adicional' },
      { _id: bacon, descricao: 'Bacon Extra', preco: '6.00', tipoProduto: 'Adicional' },
    ],
  }),
  configuracao: configuracaoVendaSchema.parse({
    empresa,
    taxaKm: [{ km: '3', taxaEntrega: taxaAte3km }],
    taxaEntregaPadrao: '10.00',
  }),
});
const cliente = {
  _id: id(7),
  nome: 'João',
  clientePadrao: false,
  endereco: {
    logradouro: 'Av. Batel',
    numero: '1200',
    cidade: 'Curitiba',
    uf: 'PR',
    bairro: 'Batel',
    complemento: '',
    cep: '',
  },
};
const p = (_id: string, descricao: string) => ({ _id, descricao });

describe('call-center order computed locally', () => {
  it("carries the store's delivery fee by the routed distance", () => {
    const l = loja(centro, '24.90', '5.00');
    const pedido = adicionarLinha(novoPedido(55, cliente, 1800), p(burguer, 'X-Burguer'), {
      quantidade: '2',
    });
    const { venda } = montarVenda(pedido, l, agora);
    expect([venda.subTotal, venda.taxaEntrega, venda.total, venda.localPedido?.id]).toEqual([
      '49.80',
      '5.00',
      '54.80',
      69,
    ]);
    // Beyond the last band: outside the delivery area (docs/decisions/0008); a counter order has no fee.
    expect(() => montarVenda({ ...pedido, distanciaMetros: 9000 }, l, agora)).toThrow(
      'Endereço fora da área de entrega: 9,0 km, a loja entrega até 3,0 km!',
    );
    expect(montarVenda({ ...pedido, tipoVenda: 53 }, l, agora).venda.total).toBe('49.80');
  });

  it('a pizza of two flavours is one line priced by the engine; more parts than the family allows are refused', () => {
    const l = loja(centro, '24.90', '5.00');
    const partes = [
      { produto: p(mussarela, 'Pizza Mussarela'), quantidadeParte: 1 },
      { produto: p(calabresa, 'Pizza Calabresa'), quantidadeParte: 1 },
    ];
    const pedido = adicionarLinha(novoPedido(53, cliente, null), partes[0]!.produto, { partes });
    const { venda } = montarVenda(pedido, l, agora);
    expect(venda.produtos).toHaveLength(1);
    expect(venda.produtos[0]?.produtosFilho.map((f) => f.produto.descricao)).toEqual([
      'Pizza Mussarela',
      'Pizza Calabresa',
    ]);
    // Average of the halves (the store does not price by the dearer fraction).
    expect(venda.total).toBe('55.00');
    expect(itensEnvio(pedido)).toEqual([
      {
        produto: mussarela,
        quantidade: '1',
        pizza: true,
        produtosFilho: [
          { produto: mussarela, quantidadeParte: 1 },
          { produto: calabresa, quantidadeParte: 1 },
        ],
      },
    ]);
    const demais = adicionarLinha(novoPedido(53, cliente, null), partes[0]!.produto, {
      partes: [...partes, { produto: p(mussarela, 'Pizza Mussarela'), quantidadeParte: 1 }],
    });
    expect(() => montarVenda(demais, l, agora)).toThrow('O máximo de frações(partes) é 2');
  });

  it('additions go right after their line, add up, and leave with it', () => {
    const l = loja(centro, '24.90', '5.00');
    let pedido = adicionarLinha(novoPedido(53, cliente, null), p(burguer, 'X-Burguer'));
    pedido = adicionarLinha(pedido, p(agua, 'Água'));
    // The burger (line 0) gets cheese twice and bacon, although the water was launched after it.
    pedido = adicionarAdicional(pedido, 0, p(queijo, 'Queijo Extra'));
    pedido = adicionarAdicional(pedido, 0, p(bacon, 'Bacon Extra'));
    pedido = adicionarAdicional(pedido, 0, p(queijo, 'Queijo Extra'));
    pedido = alterarObs(pedido, { linha: 0, adicional: null }, 'sem cebola');
    pedido = alterarQuantidade(pedido, { linha: 1, adicional: null }, '3');
    const { venda, selecoes } = montarVenda(pedido, l, agora);
    expect(venda.produtos.map((i) => [i.numeroItem, i.produto.descricao, i.quantidade, i.obs])).toEqual([
      [1, 'X-Burguer', '1.0000', 'sem cebola'],
      [2, 'Queijo Extra', '2.0000', ''],
      [3, 'Bacon Extra', '1.0000', ''],
      [4, 'Água', '3.0000', ''],
    ]);
    expect(selecoes.get(3)).toEqual({ linha: 0, adicional: 1 });
    expect(selecoes.get(4)).toEqual({ linha: 1, adicional: null });
    expect(venda.total).toBe('52.90');
    expect(itensEnvio(pedido).map((i) => [i.produto, i.quantidade, i.obs ?? ''])).toEqual([
      [burguer, '1', 'sem cebola'],
      [queijo, '2', ''],
      [bacon, '1', ''],
      [agua, '3', ''],
    ]);
    expect(produtosDoPedido(pedido).map((x) => x.descricao)).toEqual([
      'X-Burguer',
      'Queijo Extra',
      'Bacon Extra',
      'Água',
    ]);
    // Removing one addition, then the burger with what is left of its additions.
    const semBacon = removerSelecao(pedido, { linha: 0, adicional: 1 });
    expect(montarVenda(semBacon, l, agora).venda.total).toBe('46.90');
    expect(montarVenda(removerSelecao(semBacon, { linha: 0, adicional: null }), l, agora).venda.total).toBe(
      '12.00',
    );
  });

  it("a store switch keeps the lines and the id with the new store's prices and fee", () => {
    let pedido = adicionarLinha(novoPedido(55, cliente, 1800), p(burguer, 'X-Burguer'));
    pedido = adicionarLinha(pedido, p(agua, 'Água'), { quantidade: '3' });
    const a = montarVenda(pedido, loja(centro, '24.90', '5.00'), agora).venda;
    const b = montarVenda({ ...pedido, distanciaMetros: 2500 }, loja(shopping, '26.90', '6.00'), agora).venda;
    expect([a._id, a.empresa, a.total]).toEqual([pedido._id, centro, '41.90']);
    expect([b._id, b.empresa, b.subTotal, b.taxaEntrega, b.total]).toEqual([
      pedido._id,
      shopping,
      '38.90',
      '6.00',
      '44.90',
    ]);
  });

  it('a line launched from a product suggestion gets its discount and is sent with it', () => {
    const sugestao = id(20);
    const l = loja(centro, '24.90', '5.00');
    const comSugestao: LojaPedido = {
      ...l,
      catalogo: {
        ...l.catalogo,
        sugestoes: [
          {
            _id: sugestao,
            produto: agua,
            tipo: 'desconto',
            modo: 'percentual',
            valor: '10',
            habilitado: true,
          },
        ],
      },
    };
    let pedido = adicionarLinha(novoPedido(53, cliente, null), p(burguer, 'X-Burguer'));
    pedido = adicionarLinha(pedido, p(agua, 'Água'), { sugestao });
    expect(montarVenda(pedido, comSugestao, agora).venda.total).toBe('28.50');
    expect(itensEnvio(pedido)[1]).toEqual({ produto: agua, quantidade: '1', sugestao });
  });

  it('offers the notes a customer is likely to pay with', () => {
    expect(notasParaTroco(37.9)).toEqual([40, 50, 100]);
    expect(notasParaTroco(50)).toEqual([55, 60, 100]);
    expect(notasParaTroco(99.91)).toEqual([100, 150, 200]);
    expect(notasParaTroco(0)).toEqual([]);
  });
});
