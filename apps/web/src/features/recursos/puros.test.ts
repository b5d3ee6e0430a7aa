import { recursos } from '@retaguarda/domain';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { paraCsv, paraXlsx } from '../../lib/exportar/exportar.ts';
import { definirNoCaminho, lerNoCaminho } from './caminho.ts';
import { comPadroes } from './campo-formulario.tsx';
import { escreverEstadoLista, lerEstadoLista } from './estado-lista.ts';
import { montarFiltro } from './filtro-lista.ts';

describe('list state in the address', () => {
  it('round-trips page, size, sort, search, filters, columns and the open dialog', () => {
    const estado = {
      pagina: 3,
      tamanho: 50,
      ordem: '-descricao',
      busca: 'pix',
      filtros: { ativo: 'true' },
      colunas: ['descricao', 'tipo'],
      abrir: 'novo',
      historico: '',
    };
    expect(lerEstadoLista(escreverEstadoLista(estado))).toEqual(estado);
    expect(
      escreverEstadoLista({
        ...estado,
        pagina: 1,
        tamanho: 20,
        ordem: '',
        busca: '',
        filtros: {},
        colunas: [],
        abrir: '',
      }).toString(),
    ).toBe('');
  });

  it('ignores damaged values', () => {
    const e = lerEstadoLista(new URLSearchParams('p=-2&t=33&f=%7Bx'));
    expect([e.pagina, e.tamanho, e.filtros]).toEqual([1, 20, {}]);
  });
});

describe('list filter', () => {
  it('searches the busca fields, filters by column kind and narrows store-scoped rows to the current store', () => {
    expect(montarFiltro(recursos.formaPagamento, ' pi ', { tipo: '77', ativo: 'false' }, 'e1')).toEqual({
      $and: [
        { empresa: { $eq: 'e1' } },
        { $or: [{ descricao: { $regex: 'pi', $options: 'i' } }] },
        { 'tipo.id': { $eq: 77 } },
        { ativo: { $eq: false } },
      ],
    });
    expect(montarFiltro(recursos.unidadeMedida, '', {}, 'e1')).toEqual({});
  });
});

describe('export', () => {
  it('writes CSV for Brazilian spreadsheets', () => {
    expect(
      paraCsv([
        ['a', 'b;c'],
        ['d"e', 'f'],
      ]),
    ).toBe('\uFEFFa;"b;c"\r\n"d""e";f\r\n');
  });

  it('writes an XLSX zip whose sheet holds the escaped text', async () => {
    const xlsx = await paraXlsx([['Descrição'], ['Vale <1>']]);
    expect(Array.from(xlsx.slice(0, 4))).toEqual([0x50, 0x4b, 0x03, 0x04]);
    const partes = unzipSync(xlsx);
    expect(Object.keys(partes)).toContain('xl/worksheets/sheet1.xml');
    expect(strFromU8(partes['xl/sharedStrings.xml'] ?? new Uint8Array())).toContain('Vale &lt;1&gt;');
  });
});

describe('form helpers', () => {
  it('reads and writes dotted paths through lists without touching the original', () => {
    const original = { outrosEnderecos: [{ cep: '1' }, { cep: '2' }] };
    const novo = definirNoCaminho(original, 'outrosEnderecos.1.cep', '80020000');
    expect(lerNoCaminho(novo, 'outrosEnderecos.1.cep')).toBe('80020000');
    expect(original.outrosEnderecos[1]?.cep).toBe('2');
    expect(Array.isArray(novo.outrosEnderecos)).toBe(true);
  });

  it('proposes the spec 9 defaults (UF PR, Brasil, DDD 41) only when a record starts being filled', () => {
    const endereco = recursos.pessoa.campos.endereco;
    const subcampos = endereco?.tipo === 'json' ? (endereco.subcampos ?? {}) : {};
    expect(comPadroes(subcampos, {})).toEqual({ uf: 'PR', pais: 'Brasil' });
    expect(comPadroes(subcampos, { uf: 'SC' })).toEqual({ uf: 'SC' });
  });
});
