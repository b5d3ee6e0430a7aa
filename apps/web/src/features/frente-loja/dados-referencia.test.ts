import { catalogoVendaSchema } from '@retaguarda/domain';
import { describe, expect, it, vi } from 'vitest';
import {
  descartarPromocoesSemProduto,
  MENSAGENS_CARREGAMENTO,
  periodoDoTerminal,
} from './dados-referencia.ts';

const id = (n: number) => n.toString(16).padStart(24, '0');

describe('reference data rules', () => {
  it('drops promotions whose product is gone, with the spec warning once', () => {
    const aviso = vi.fn();
    const catalogo = catalogoVendaSchema.parse({
      produtos: [{ _id: id(1), descricao: 'Água', preco: '4.00' }],
      promocoes: [
        { _id: id(10), tipoPromocao: 'novoValor', valor: '3.00', produto: id(1) },
        { _id: id(11), tipoPromocao: 'novoValor', valor: '3.00', produto: id(2) },
        { _id: id(12), tipoPromocao: 'descontoValor', valor: '1.00', produto: id(3) },
      ],
    });
    const r = descartarPromocoesSemProduto(catalogo, aviso);
    expect(r.promocoes.map((p) => p._id)).toEqual([id(10)]);
    expect(aviso).toHaveBeenCalledTimes(1);
    expect(aviso).toHaveBeenCalledWith(
      'warning',
      'Existem produtos na listaPromocaoProduto que não estão mais cadastrados, favor revisar o mesmo',
    );
    const intacto = vi.fn();
    expect(descartarPromocoesSemProduto(r, intacto)).toBe(r);
    expect(intacto).not.toHaveBeenCalled();
  });

  it('the open period of the terminal register is current; existePeriodoAberto tells any open period', () => {
    const abertos = [
      { _id: 'p1', caixa: 'c1', dataAbertura: '2026-11-21T10:00:00Z' },
      { _id: 'p2', caixa: 'c2', dataAbertura: '2026-11-21T11:00:00Z' },
    ];
    expect(periodoDoTerminal(abertos, 'c2')).toEqual({
      periodoId: 'p2',
      periodoAberto: true,
      dataAbertura: '2026-11-21T11:00:00Z',
      existePeriodoAberto: true,
    });
    expect(periodoDoTerminal(abertos, 'c3')).toMatchObject({
      periodoId: null,
      periodoAberto: false,
      existePeriodoAberto: true,
    });
    expect(periodoDoTerminal([], null)).toMatchObject({ periodoAberto: false, existePeriodoAberto: false });
  });

  it('keeps the spec texts of section 8', () => {
    expect(MENSAGENS_CARREGAMENTO.empresaNaoEncontrada).toBe(
      'Não foram encontrados nenhuma empresa com os dados configurados da Empresa Padrão!',
    );
    expect(MENSAGENS_CARREGAMENTO.falhaObter('Forma Pagamento', 'x')).toBe(
      'Falha ao obter Forma Pagamento! x',
    );
    expect(MENSAGENS_CARREGAMENTO.empresaIndefinida('Lista de Produtos')).toBe(
      'Falha ao capturar Lista de Produtos, configuracoes.empresa esta indefinido!',
    );
  });
});
