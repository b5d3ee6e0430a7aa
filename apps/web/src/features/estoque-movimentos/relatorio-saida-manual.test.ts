import type { ItemSaidaManual, SaidaManualDocumento } from '@retaguarda/domain';
import { describe, expect, it } from 'vitest';
import { montarRelatorioSaida, participacao, periodoPadraoSaida } from './relatorio-saida-manual.ts';

let seq = 0;
const item = (valor: string, o: Partial<ItemSaidaManual> = {}): ItemSaidaManual => ({
  _id: `m${++seq}`,
  produto: { _id: `p${seq}`, descricao: `Produto ${seq}`, codigoInterno: null, unidade: 'UN' },
  quantidade: '1.000000',
  custoUnitario: valor,
  valor,
  estorno: null,
  ...o,
});
const estorno = { _id: 'x', data: '2026-11-10T15:00:00.000Z', motivo: 'errado', usuario: null };
const doc = (
  motivo: SaidaManualDocumento['motivo'],
  itens: ItemSaidaManual[],
  data = '2026-11-10T12:00:00.000Z',
): SaidaManualDocumento => ({
  _id: `d${++seq}`,
  empresa: 'e1',
  data,
  motivo,
  motivoDescricao: motivo,
  observacao: null,
  usuario: null,
  valorTotal: '0.00',
  valorEstornado: '0.00',
  itens,
});
const loja = (descricao: string, documentos: SaidaManualDocumento[]) => ({
  empresa: { _id: descricao, descricao },
  documentos,
});

describe('montarRelatorioSaida', () => {
  it('groups by reason in the catalogue order and sums each reason and the whole in cents', () => {
    const r = montarRelatorioSaida([
      loja('Centro', [
        doc('degustacao', [item('0.10'), item('0.20')]),
        doc('perda', [item('10.05')]),
        doc('perda', [item('0.01')]),
      ]),
      loja('Norte', [doc('perda', [item('3.33')])]),
    ]);
    expect(r.grupos.map((g) => [g.motivo, g.valor, g.documentos, g.itens])).toEqual([
      ['perda', '13.39', 3, 3],
      ['degustacao', '0.30', 1, 2],
    ]);
    expect(r.totais).toEqual({
      documentos: 4,
      itens: 5,
      valor: '13.69',
      valorEstornado: '0.00',
      estornadas: 0,
    });
    expect(r.grupos[0]?.linhas.map((l) => l.empresa).sort()).toEqual(['Centro', 'Centro', 'Norte']);
  });

  it('keeps a reversed line, marked, out of every total; a document wholly reversed does not count', () => {
    const r = montarRelatorioSaida([
      loja('Centro', [
        doc('quebra', [item('5.00'), item('2.50', { estorno })]),
        doc('validade', [item('7.00', { estorno })]),
      ]),
    ]);
    const quebra = r.grupos.find((g) => g.motivo === 'quebra');
    const validade = r.grupos.find((g) => g.motivo === 'validade');
    expect(quebra).toMatchObject({ valor: '5.00', valorEstornado: '2.50', itens: 1, documentos: 1 });
    expect(quebra?.linhas.map((l) => l.estornada)).toEqual([false, true]);
    expect(validade).toMatchObject({ valor: '0.00', valorEstornado: '7.00', itens: 0, documentos: 0 });
    expect(r.totais).toEqual({
      documentos: 1,
      itens: 1,
      valor: '5.00',
      valorEstornado: '9.50',
      estornadas: 2,
    });
    expect(validade && participacao(validade, r.totais.valor)).toBe(0);
    expect(quebra && participacao(quebra, r.totais.valor)).toBe(100);
  });

  it('puts a document without a known reason last, as "Sem motivo"', () => {
    const r = montarRelatorioSaida([
      loja('Centro', [doc(null, [item('1.00')]), doc('outro', [item('2.00')])]),
    ]);
    expect(r.grupos.map((g) => g.descricao)).toEqual(['Outro', 'Sem motivo']);
  });

  it('lists the lines of a reason oldest first', () => {
    const r = montarRelatorioSaida([
      loja('Centro', [
        doc('perda', [item('1.00')], '2026-11-12T12:00:00.000Z'),
        doc('perda', [item('2.00')], '2026-10-02T12:00:00.000Z'),
      ]),
    ]);
    expect(r.grupos[0]?.linhas.map((l) => l.valor)).toEqual(['2.00', '1.00']);
  });

  it('is empty with no documents', () => {
    expect(montarRelatorioSaida([loja('Centro', [])])).toEqual({
      grupos: [],
      totais: { documentos: 0, itens: 0, valor: '0.00', valorEstornado: '0.00', estornadas: 0 },
    });
  });
});

describe('periodoPadraoSaida (spec 1 §9)', () => {
  it('starts on the first day of the previous month and ends on the last day of the current one', () => {
    expect(periodoPadraoSaida('2026-11-26')).toEqual({ inicio: '2026-10-01', fim: '2026-11-30' });
    expect(periodoPadraoSaida('2026-01-15')).toEqual({ inicio: '2025-12-01', fim: '2026-01-31' });
    expect(periodoPadraoSaida('2028-03-01')).toEqual({ inicio: '2028-02-01', fim: '2028-03-31' });
  });
});
