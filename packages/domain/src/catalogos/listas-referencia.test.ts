import { describe, expect, it } from 'vitest';
import { LISTA_REFERENCIA, listaReferencia, listasReferencia } from './listas-referencia.ts';

describe('reference lists (GET lista/{n})', () => {
  it('has the ten lists of the spec', () => {
    expect(Object.keys(listasReferencia).map(Number)).toEqual([1, 2, 3, 4, 5, 7, 8, 10, 11, 14]);
    expect(listasReferencia[1]).toHaveLength(27);
    expect(listasReferencia[1]?.find((uf) => uf.sigla === 'PR')?.id).toBe(41);
    expect(listasReferencia[2]?.map((i) => i.descricao)).toEqual(['Residencial', 'Comercial', 'Entrega']);
    expect(listasReferencia[3]?.map((i) => i.descricao)).toEqual(['Residencial', 'Comercial', 'Celular']);
    expect(listasReferencia[4]?.[0]?.descricao).toBe('E-mail');
    expect(listasReferencia[5]?.[0]?.descricao).toBe('Masculino');
    expect(listasReferencia[7]?.map((i) => i.descricao)).toEqual([
      'Cliente',
      'Fornecedor',
      'Funcionario',
      'Pagamento no Caixa',
    ]);
    expect(listasReferencia[8]).toHaveLength(6);
    expect(listasReferencia[14]?.map((i) => i.id)).toEqual([
      77, 78, 79, 80, 81, 82, 83, 84, 85, 86, 87, 88, 89, 90, 91, 92,
    ]);
    expect(listasReferencia[6]).toBeUndefined();
  });

  it('selects the first four entries of the payment-status and dispatch-status lists', () => {
    for (const numero of [LISTA_REFERENCIA.statusPagamento, LISTA_REFERENCIA.statusExpedicao]) {
      const lista = listaReferencia(numero) ?? [];
      expect(lista.length).toBeGreaterThan(4);
      expect(lista.map((i) => i.selecionado)).toEqual(lista.map((_, indice) => indice < 4));
    }
    // dispatch: 0-6 offered, 7 (in cancellation) not offered
    expect(listaReferencia(11)?.map((i) => i.id)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(listaReferencia(1)?.[0]?.selecionado).toBeUndefined();
  });

  it('answers fresh copies', () => {
    const copia = listaReferencia(2);
    copia?.pop();
    expect(listaReferencia(2)).toHaveLength(3);
    expect(listaReferencia(99)).toBeUndefined();
  });
});
