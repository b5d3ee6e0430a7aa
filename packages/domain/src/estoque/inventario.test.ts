import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escreverEstoque, lerEstoque, valorDoMovimento } from './custo-medio.ts';
import {
  calcularDiferencas,
  contagemInventarioSchema,
  custoDoAjuste,
  importarContagemSchema,
  type LinhaParaDiferenca,
  lerArquivoContagem,
  lerQuantidadeContada,
  recusaDoStatus,
  STATUS_INVENTARIO,
} from './inventario.ts';

const q = (t: string) => {
  const r = lerQuantidadeContada(t);
  return 'erro' in r ? r.erro : escreverEstoque(r.quantidade);
};

describe('lerQuantidadeContada', () => {
  it.each([
    ['0', '0.000000'],
    ['12', '12.000000'],
    ['2,5', '2.500000'],
    ['2.5', '2.500000'],
    [' 1.234,56 ', '1234.560000'],
    ['0,000001', '0.000001'],
    [',5', '0.500000'],
    ['+3', '3.000000'],
    ['7,250000000', '7.250000'],
  ])('%s -> %s', (texto, esperado) => {
    expect(q(texto)).toBe(esperado);
  });

  it.each([
    ['-1', 'negativa'],
    ['', 'não informada'],
    ['NaN', 'inválida'],
    ['abc', 'inválida'],
    ['1e3', 'inválida'],
    ['Infinity', 'inválida'],
    ['1,2,3', 'inválida'],
    ['1,234.5', 'inválida'],
    ['0,0000001', '6 casas'],
    ['1234567890123', 'grande demais'],
  ])('refuses %s', (texto, mensagem) => {
    expect(q(texto)).toContain(mensagem);
  });

  it('reads back any quantity written in pt-BR or with a point', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 999_999_999_999_999_999n }), (n) => {
        const texto = escreverEstoque(n);
        expect(lerQuantidadeContada(texto)).toEqual({ quantidade: n });
        expect(lerQuantidadeContada(texto.replace('.', ','))).toEqual({ quantidade: n });
      }),
    );
  });
});

describe('lerArquivoContagem', () => {
  it('reads ; , tab and space separated lines, decimal comma, quotes, a header and one-read lines', () => {
    const r = lerArquivoContagem(
      [
        '\uFEFFcodigo;quantidade',
        '7891000100103;12',
        '1002;2,5',
        '',
        '1003,4,25',
        '1004,3',
        '"1005";"1.234,5";Queijo "meia cura"',
        '1006\t0',
        '7891000100103 1',
        '1007',
      ].join('\r\n'),
    );
    expect(r.erros).toEqual([]);
    expect(r.linhas.map((l) => [l.linha, l.codigo, escreverEstoque(l.quantidade)])).toEqual([
      [2, '7891000100103', '12.000000'],
      [3, '1002', '2.500000'],
      [5, '1003', '4.250000'],
      [6, '1004', '3.000000'],
      [7, '1005', '1234.500000'],
      [8, '1006', '0.000000'],
      [9, '7891000100103', '1.000000'],
      [10, '1007', '1.000000'],
    ]);
  });

  it('answers every bad line with its number', () => {
    const r = lerArquivoContagem('1001;2\n1002;-1\n1003;abc\n;4\n1005;NaN\n1006;1,1234567\n1007;');
    expect(r.erros.map((e) => [e.linha, e.codigo])).toEqual([
      [2, '1002'],
      [3, '1003'],
      [4, null],
      [5, '1005'],
      [6, '1006'],
      [7, '1007'],
    ]);
    expect(r.erros[0]?.mensagem).toContain('negativa');
    expect(r.erros[3]?.mensagem).toContain('inválida');
    expect(r.linhas).toHaveLength(1);
  });

  it('a first line with a bad quantity is an error, not a header, unless it names the columns', () => {
    expect(lerArquivoContagem('1001;abc').erros).toHaveLength(1);
    expect(lerArquivoContagem('EAN;QTD\n1001;1').erros).toEqual([]);
  });

  it('refuses an empty file', () => {
    expect(lerArquivoContagem('\n\n').erros[0]?.mensagem).toContain('nenhuma linha');
  });

  it('keeps every line of any file of valid lines, in order', () => {
    const linha = fc.record({
      codigo: fc.stringMatching(/^[0-9]{1,14}$/),
      quantidade: fc.bigInt({ min: 0n, max: 10_000_000_000n }),
      sep: fc.constantFrom(';', '\t', ','),
      virgula: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(linha, { minLength: 1, maxLength: 30 }), (ls) => {
        const texto = ls
          .map((l) => {
            const n = escreverEstoque(l.quantidade);
            return `${l.codigo}${l.sep}${l.virgula ? n.replace('.', ',') : n}`;
          })
          .join('\n');
        const r = lerArquivoContagem(texto);
        expect(r.erros).toEqual([]);
        expect(r.linhas.map((x) => [x.codigo, x.quantidade])).toEqual(
          ls.map((l) => [l.codigo, l.quantidade]),
        );
      }),
    );
  });
});

describe('calcularDiferencas', () => {
  const linha = (
    produto: string,
    contada: string | null,
    saldo: string,
    custo: string,
    cadastro: string | null = null,
  ): LinhaParaDiferenca => ({
    produto,
    contada: contada === null ? null : lerEstoque(contada),
    saldo: lerEstoque(saldo),
    custoMedio: lerEstoque(custo),
    custoCadastro: cadastro === null ? null : lerEstoque(cadastro),
  });

  it('values counted − balance at the cost, sorts by absolute value, totals surplus and shortage', () => {
    const { diferencas, totais } = calcularDiferencas([
      linha('a', '10', '12', '5'), // −2 × 5 = −10
      linha('b', '7', '4', '2.5'), // +3 × 2.5 = 7.50
      linha('c', '3', '3', '9'), // none
      linha('d', '0', '1.5', '40'), // −1.5 × 40 = −60
      linha('e', null, '8', '1'), // not counted
      linha('f', '2', '0', '0', '3.333333'), // no average: registered cost, 6.67
    ]);
    expect(diferencas.map((d) => [d.produto, escreverEstoque(d.diferenca), String(d.valorCentavos)])).toEqual(
      [
        ['d', '-1.500000', '-6000'],
        ['a', '-2.000000', '-1000'],
        ['b', '3.000000', '750'],
        ['f', '2.000000', '667'],
      ],
    );
    expect(diferencas.find((d) => d.produto === 'f')?.custoInformado).toBe(true);
    expect(totais).toEqual({
      sobraCentavos: 1417n,
      faltaCentavos: -7000n,
      itensComDiferenca: 4,
      itensSobra: 2,
      itensFalta: 2,
      naoContados: 1,
    });
    const zerados = calcularDiferencas([linha('e', null, '8', '1')], 'zerar');
    expect(zerados.diferencas.map((d) => escreverEstoque(d.diferenca))).toEqual(['-8.000000']);
  });

  it('a shortage always leaves at the average; a surplus at the average unless there is none', () => {
    expect(custoDoAjuste(-5n, 0n, 9n)).toEqual({ custo: 0n, informado: false });
    expect(custoDoAjuste(5n, 7n, 9n)).toEqual({ custo: 7n, informado: false });
    expect(custoDoAjuste(5n, 0n, null)).toEqual({ custo: 0n, informado: false });
    expect(custoDoAjuste(5n, 0n, 9n)).toEqual({ custo: 9n, informado: true });
  });

  it('balance + difference = counted, values as the ledger, totals add up, order by |value|', () => {
    const arb = fc.record({
      contada: fc.option(fc.bigInt({ min: 0n, max: 10n ** 12n }), { nil: null }),
      saldo: fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }),
      custoMedio: fc.bigInt({ min: 0n, max: 10n ** 9n }),
      custoCadastro: fc.option(fc.bigInt({ min: 0n, max: 10n ** 9n }), { nil: null }),
    });
    fc.assert(
      fc.property(fc.array(arb, { maxLength: 40 }), fc.constantFrom('ignorar', 'zerar'), (ls, modo) => {
        const linhas = ls.map((l, i) => ({ ...l, produto: `p${String(i).padStart(3, '0')}` }));
        const { diferencas, totais } = calcularDiferencas(linhas, modo);
        let sobra = 0n;
        let falta = 0n;
        for (const d of diferencas) {
          const l = linhas.find((x) => x.produto === d.produto)!;
          expect(d.saldo + d.diferenca).toBe(l.contada ?? 0n);
          expect(d.diferenca).not.toBe(0n);
          expect(d.valorCentavos).toBe(valorDoMovimento(d.diferenca, d.custo));
          if (d.diferenca > 0n) sobra += d.valorCentavos;
          else falta += d.valorCentavos;
        }
        expect(totais.sobraCentavos).toBe(sobra);
        expect(totais.faltaCentavos).toBe(falta);
        expect(totais.naoContados).toBe(linhas.filter((l) => l.contada === null).length);
        const esperadas = linhas.filter((l) => {
          const c = l.contada ?? (modo === 'zerar' ? 0n : null);
          return c !== null && c !== l.saldo;
        });
        expect(diferencas).toHaveLength(esperadas.length);
        const abs = (v: bigint) => (v < 0n ? -v : v);
        for (let i = 1; i < diferencas.length; i++) {
          expect(abs(diferencas[i - 1]!.valorCentavos) >= abs(diferencas[i]!.valorCentavos)).toBe(true);
        }
      }),
    );
  });
});

describe('states', () => {
  it('only a checked count is posted, only a posted one reversed; a cancelled or reversed one is never changed', () => {
    const tabela = Object.fromEntries(
      STATUS_INVENTARIO.map((s) => [
        s,
        (['contar', 'conferir', 'reabrir', 'efetivar', 'cancelar', 'estornar'] as const).map((a) =>
          recusaDoStatus(a, s) === undefined ? a : '-',
        ),
      ]),
    );
    expect(tabela).toEqual({
      aberto: ['contar', '-', '-', '-', 'cancelar', '-'],
      emContagem: ['contar', 'conferir', '-', '-', 'cancelar', '-'],
      conferido: ['-', '-', 'reabrir', 'efetivar', 'cancelar', '-'],
      efetivado: ['-', '-', '-', '-', '-', 'estornar'],
      cancelado: ['-', '-', '-', '-', '-', '-'],
      estornado: ['-', '-', '-', '-', '-', '-'],
    });
    expect(recusaDoStatus('estornar', 'estornado')).toBe(
      'Este inventário já foi estornado: os ajustes já foram desfeitos no estoque.',
    );
    expect(recusaDoStatus('efetivar', 'cancelado')).toBe(
      'Este inventário foi cancelado e não pode ser efetivado.',
    );
  });
});

describe('contagemInventarioSchema', () => {
  it('takes zero, refuses negative, NaN and more than 6 places', () => {
    const ok = contagemInventarioSchema.safeParse({
      itens: [{ produto: 'a'.repeat(24), quantidade: '0' }],
    });
    expect(ok.success).toBe(true);
    for (const quantidade of ['-1', 'NaN', '1.1234567', 'abc']) {
      const r = contagemInventarioSchema.safeParse({ itens: [{ produto: 'a'.repeat(24), quantidade }] });
      expect(r.success, quantidade).toBe(false);
    }
  });
});

describe('importarContagemSchema', () => {
  it('refuses an empty file and a text PostgreSQL cannot store', () => {
    expect(importarContagemSchema.safeParse({ conteudo: '101;2' }).success).toBe(true);
    expect(importarContagemSchema.safeParse({ conteudo: ' \n ' }).success).toBe(false);
    expect(importarContagemSchema.safeParse({ conteudo: '101;2\u0000' }).success).toBe(false);
  });
});
