import { describe, expect, it } from 'vitest';
import { lerDinheiro } from '../dinheiro/decimal.ts';
import { componentesSaoPaulo } from '../formatacao/formatacao.ts';
import {
  AGORA,
  criarCatalogo,
  criarConfiguracao,
  EMPRESA,
  id,
  produtos,
  vendaComItens,
} from './fabricas-teste.ts';
import { indexarCatalogo } from './indice.ts';
import { dentroDaJanela } from './janela.ts';
import { precoProduto } from './precos.ts';
import { recalcularVenda } from './recalcular.ts';

const config = criarConfiguracao();
const item1 = (
  catalogo: Record<string, unknown>,
  over: Record<string, unknown> = {},
  venda: Record<string, unknown> = {},
) =>
  recalcularVenda(vendaComItens([{ produto: 1, ...over }], venda), criarCatalogo(catalogo), config, AGORA)
    .produtos[0]!;

const promo = (over: Record<string, unknown>) => ({ _id: id(0x500), produto: id(1), ...over });

describe('tipos de preço e tabelas (spec 3, price types)', () => {
  const catalogo = criarCatalogo({
    produtos: [
      ...produtos({ 1: '10.00' }),
      {
        _id: id(2),
        descricao: 'Local',
        preco: '10.00',
        empresas: [{ empresa: EMPRESA, tipoPreco: 'precoLocal', precoLocal: '8.00' }],
      },
      {
        _id: id(3),
        descricao: 'Percentual',
        preco: '10.00',
        empresas: [{ empresa: EMPRESA, tipoPreco: 'percentualTabela', percentualTabela: '15' }],
      },
    ],
    tabelasVenda: [
      {
        _id: id(0x70),
        descricao: 'Delivery',
        tipoVenda: [55],
        precos: [
          { produto: id(1), preco: '12.00' },
          { produto: id(3), preco: '20.00' },
        ],
      },
    ],
  });
  const indice = indexarCatalogo(catalogo);
  const p = (n: number) => catalogo.produtos.find((x) => x._id === id(n))!;

  it('preço de tabela: o preço geral, ou o da tabela do tipo de venda', () => {
    expect(precoProduto(indice, p(1), EMPRESA, 53)).toBe(1000);
    expect(precoProduto(indice, p(1), EMPRESA, 55)).toBe(1200);
  });
  it('preço local da loja', () => {
    expect(precoProduto(indice, p(2), EMPRESA, 53)).toBe(800);
    expect(precoProduto(indice, p(2), id(0x999), 53)).toBe(1000);
  });
  it('percentual sobre a tabela', () => {
    expect(precoProduto(indice, p(3), EMPRESA, 53)).toBe(1150);
    expect(precoProduto(indice, p(3), EMPRESA, 55)).toBe(2300);
  });
  it('produto genérico ou fora do catálogo mantém o preço digitado', () => {
    const cat = { produtos: [{ ...produtos({ 1: '10.00' })[0]!, tipoProduto: 'Generico' }] };
    expect(item1(cat, { precoVenda: '7.35' }).precoVenda).toBe('7.35');
    expect(item1({}, { precoVenda: '3.10', quantidade: '2' }).valorBruto).toBe('6.20');
  });
});

describe('promoções (spec 9)', () => {
  const base = { produtos: produtos({ 1: '10.00' }) };
  it.each([
    ['novoValor', '7.50', '7.50'],
    ['descontoValor', '2.00', '8.00'],
    ['descontoPercentual', '15', '8.50'],
    ['descontoValor', '10.00', '0.01'],
    ['descontoValor', '12.00', '0.01'],
  ] as const)('%s %s -> %s', (tipoPromocao, valor, preco) => {
    const item = item1({ ...base, promocoes: [promo({ tipoPromocao, valor })] });
    expect(item.precoVenda).toBe(preco);
    expect(item.promocaoAtivo).toBe(true);
    expect(item.promocao).toBe(id(0x500));
  });

  it('a melhor promoção vence', () => {
    const item = item1({
      ...base,
      promocoes: [
        promo({ _id: id(0x501), tipoPromocao: 'descontoValor', valor: '1.00' }),
        promo({ _id: id(0x502), tipoPromocao: 'descontoPercentual', valor: '30' }),
        promo({ _id: id(0x503), tipoPromocao: 'novoValor', valor: '8.00' }),
      ],
    });
    expect(item.precoVenda).toBe('7.00');
    expect(item.promocao).toBe(id(0x502));
  });

  it('novo valor acima do preço não é desconto e é ignorado', () => {
    expect(
      item1({ ...base, promocoes: [promo({ tipoPromocao: 'novoValor', valor: '11.00' })] }).promocaoAtivo,
    ).toBe(false);
  });

  it('janela de data, hora, dia da semana e tipo de venda (julgada na data do item)', () => {
    const p = (over: Record<string, unknown>) =>
      item1({ ...base, promocoes: [promo({ tipoPromocao: 'novoValor', valor: '5.00', ...over })] })
        .precoVenda;
    expect(p({ dataInicio: '2026-11-21', dataFim: '2026-11-21' })).toBe('5.00');
    expect(p({ dataInicio: '2026-11-22' })).toBe('10.00');
    expect(p({ dataFim: '2026-11-20' })).toBe('10.00');
    expect(p({ horaInicio: '18:00', horaFim: '20:00' })).toBe('5.00');
    expect(p({ horaInicio: '20:01', horaFim: '23:00' })).toBe('10.00');
    expect(p({ horaInicio: '19:00', horaFim: '02:00' })).toBe('5.00');
    expect(p({ sabado: false })).toBe('10.00');
    expect(p({ tipoVenda: [55] })).toBe('10.00');
    expect(p({ tipoVenda: [53] })).toBe('5.00');
    expect(p({ habilitado: false })).toBe('10.00');
  });

  it('ignorada quando a hora do servidor difere da data do produto em 24 h ou mais', () => {
    const catalogo = criarCatalogo({
      ...base,
      promocoes: [promo({ tipoPromocao: 'novoValor', valor: '5.00' })],
    });
    const venda = vendaComItens([{ produto: 1, data: '2026-11-20T20:00:00-03:00' }]);
    expect(recalcularVenda(venda, catalogo, config, AGORA).produtos[0]!.precoVenda).toBe('10.00');
    expect(
      recalcularVenda(venda, catalogo, config, '2026-11-21T19:59:59-03:00').produtos[0]!.precoVenda,
    ).toBe('5.00');
  });
});

describe('happy hour e sugestão', () => {
  const hh = (over: Record<string, unknown> = {}) => ({
    _id: id(0x600),
    descricao: 'Happy hour',
    percentual: '20',
    horaInicio: '18:00',
    horaFim: '21:00',
    ...over,
  });
  it('desconto percentual no horário, não acumula com promoção', () => {
    const cat = { produtos: produtos({ 1: '10.00' }), happyHours: [hh()] };
    const item = item1(cat, { quantidade: '2' });
    expect(item.descontoHappyHour).toBe('4.00');
    expect(item.valorLiquido).toBe('16.00');
    expect(
      item1({ ...cat, happyHours: [hh({ horaInicio: '21:00', horaFim: '23:00' })] }).descontoHappyHour,
    ).toBe('0.00');
    expect(item1({ ...cat, happyHours: [hh({ produtos: [id(2)] })] }).descontoHappyHour).toBe('0.00');
    const comPromo = item1({ ...cat, promocoes: [promo({ tipoPromocao: 'novoValor', valor: '9.00' })] });
    expect(comPromo.descontoHappyHour).toBe('0.00');
  });

  it('happy hour como acréscimo vai para acrescimo e totalAcrescimoComum; desconto tem preferência', () => {
    const cat = {
      produtos: produtos({ 1: '10.00' }),
      happyHours: [hh({ tipo: 'acrescimo', percentual: '10' })],
    };
    const item = item1(cat);
    expect(item.acrescimo).toBe('1.00');
    expect(item.acrescimoSugestao).toBe('0.00');
    expect(item.valorLiquido).toBe('11.00');
    const venda = recalcularVenda(vendaComItens([{ produto: 1 }]), criarCatalogo(cat), config, AGORA);
    expect(venda).toMatchObject({ totalAcrescimo: '1.00', totalAcrescimoComum: '1.00', total: '11.00' });
    const ambos = item1({
      ...cat,
      happyHours: [hh({ tipo: 'acrescimo' }), hh({ _id: id(0x601), percentual: '5' })],
    });
    expect(ambos).toMatchObject({ acrescimo: '0.00', descontoHappyHour: '0.50' });
  });

  it('sugestão: desconto por unidade, acréscimo percentual', () => {
    const cat = (tipo: string, modo: string, valor: string) => ({
      produtos: produtos({ 1: '10.00' }),
      sugestoes: [{ _id: id(0x700), produto: id(1), tipo, modo, valor }],
    });
    const d = item1(cat('desconto', 'valor', '1.50'), { sugestao: id(0x700), quantidade: '2' });
    expect(d.descontoSugestao).toBe('3.00');
    expect(d.valorLiquido).toBe('17.00');
    const a = item1(cat('acrescimo', 'percentual', '10'), { sugestao: id(0x700), quantidade: '2' });
    expect(a.acrescimoSugestao).toBe('2.00');
    expect(a.acrescimo).toBe('2.00');
    expect(a.valorLiquido).toBe('22.00');
    expect(item1(cat('desconto', 'valor', '1.50'), { quantidade: '2' }).descontoSugestao).toBe('0.00');
  });
});

describe('janela', () => {
  const sempre = {
    segunda: true,
    terca: true,
    quarta: true,
    quinta: true,
    sexta: true,
    sabado: true,
    domingo: true,
  };
  it('horário que cruza a meia-noite', () => {
    const j = { ...sempre, horaInicio: '22:00', horaFim: '02:00' };
    expect(dentroDaJanela(j, componentesSaoPaulo('2026-11-21T23:00:00-03:00'))).toBe(true);
    expect(dentroDaJanela(j, componentesSaoPaulo('2026-11-21T01:59:00-03:00'))).toBe(true);
    expect(dentroDaJanela(j, componentesSaoPaulo('2026-11-21T12:00:00-03:00'))).toBe(false);
    expect(
      dentroDaJanela({ ...sempre, domingo: false }, componentesSaoPaulo('2026-11-22T12:00:00-03:00')),
    ).toBe(false);
  });
  it('lerDinheiro do preço promocional', () => {
    expect(lerDinheiro(item1({ produtos: produtos({ 1: '10.00' }) }).valorBruto)).toBe(1000);
  });
});
