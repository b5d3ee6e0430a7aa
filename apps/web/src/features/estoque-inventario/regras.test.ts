import type { InventarioResumo, ItemInventario } from '@retaguarda/domain';
import { describe, expect, it } from 'vitest';
import {
  buscarNaFolha,
  folhaParaImpressao,
  formatarQuantidade,
  novoIdInventario,
  textoDoArquivo,
} from './regras.ts';

const item = (
  codigoInterno: number,
  descricao: string,
  gtin: string | null,
  localizacao: string | null = null,
) =>
  ({
    produto: { _id: `p${codigoInterno}`, descricao, codigoInterno, gtin, unidade: 'KG' },
    localizacao,
    quantidade: null,
    contadoEm: null,
    saldoSistema: '3.000000',
  }) satisfies ItemInventario;

const folha = [
  item(101, 'Molho de Tomate', '7891000100103', 'Estoque seco'),
  item(102, 'Massa de Pizza Grande', null, 'Câmara fria'),
  item(1010, 'Queijo Parmesão', '7891000999990'),
  item(103, 'Calabresa Fatiada', null, 'Câmara fria'),
];

describe('buscarNaFolha', () => {
  it('an internal code or a barcode finds its line exactly', () => {
    expect(buscarNaFolha(folha, '101').map((i) => i.produto.codigoInterno)).toEqual([101]);
    expect(buscarNaFolha(folha, ' 7891000999990 ').map((i) => i.produto.codigoInterno)).toEqual([1010]);
  });

  it('words find the lines holding all of them, accents and case aside', () => {
    expect(buscarNaFolha(folha, 'parmesao').map((i) => i.produto.codigoInterno)).toEqual([1010]);
    expect(buscarNaFolha(folha, 'camara fria').map((i) => i.produto.codigoInterno)).toEqual([102, 103]);
    expect(buscarNaFolha(folha, 'pizza massa').map((i) => i.produto.codigoInterno)).toEqual([102]);
    expect(buscarNaFolha(folha, '   ')).toEqual([]);
    expect(buscarNaFolha(folha, 'abacaxi')).toEqual([]);
  });
});

describe('formatarQuantidade', () => {
  it.each([
    ['2.500000', '2,5'],
    ['1234.000000', '1.234'],
    ['-3.000000', '-3'],
    ['0.000000', '0'],
    ['0.000001', '0,000001'],
    [null, ''],
  ])('%s -> %s', (q, texto) => {
    expect(formatarQuantidade(q)).toBe(texto);
  });
});

describe('textoDoArquivo', () => {
  it('reads UTF-8, and Windows-1252 when the bytes are not UTF-8', () => {
    expect(textoDoArquivo(new TextEncoder().encode('Pão;1,5').buffer)).toBe('Pão;1,5');
    expect(textoDoArquivo(new Uint8Array([0x50, 0xe3, 0x6f, 0x3b, 0x31]).buffer)).toBe('Pão;1');
  });
});

describe('folhaParaImpressao', () => {
  const inventario = {
    numero: 3,
    descricao: 'Mensal',
    cega: true,
    status: 'aberto',
    empresa: { _id: 'e', descricao: 'Loja Centro' },
    data: '2026-03-10T10:00:00.000Z',
  } as InventarioResumo;

  it('a blind sheet has no system column', () => {
    const f = folhaParaImpressao(inventario, folha);
    expect(f.colunas.map((c) => c.titulo)).toEqual(['Localização', 'Código', 'Produto', 'Un.', 'Contado']);
    expect(f.linhas[0]).toEqual(['Estoque seco', '101', 'Molho de Tomate', 'KG', '']);
    const aberta = folhaParaImpressao({ ...inventario, cega: false }, folha);
    expect(aberta.colunas.map((c) => c.titulo)).toContain('Sistema');
    expect(aberta.linhas[0]).toEqual(['Estoque seco', '101', 'Molho de Tomate', 'KG', '3', '']);
  });
});

it('makes 24-hex ids', () => {
  expect(novoIdInventario()).toMatch(/^[0-9a-f]{24}$/);
});
