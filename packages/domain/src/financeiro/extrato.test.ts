import { describe, expect, it } from 'vitest';
import {
  CABECALHO_EXTRATO,
  chaveLinhaExtrato,
  detectarFormatoExtrato,
  fnv1a64,
  lerDataExtrato,
  lerExtrato,
  lerExtratoCsv,
  lerValorExtrato,
  normalizarIdentificador,
} from './extrato.ts';

const arquivo = (...linhas: string[]) => [CABECALHO_EXTRATO, ...linhas].join('\n');

describe('lerExtratoCsv', () => {
  it('reads the documented layout: BOM, CRLF, quotes, both date forms, comma and dot decimals', () => {
    const texto =
      '\uFEFF' +
      [
        CABECALHO_EXTRATO,
        '03/04/2026;Cielo;Visa;credito;04/03/2026;000123;A1B2C3;1;1;"1.234,56";29,51;1205,05',
        '',
        '2026-04-06;Cielo;Master;Crédito parcelado;2026-03-04;456;;2;3;33.33;0.80;32.53',
        '2026-03-05;Cielo;Elo;DÉBITO;2026-03-04;;999;1;1;-10,00;0;-10.00',
      ].join('\r\n') +
      '\r\n';
    const r = lerExtratoCsv(texto);
    expect(r.erros).toEqual([]);
    expect(r.formato).toBe('csv');
    expect(r.linhas.map(({ chave, ...l }) => l)).toEqual([
      {
        linha: 2,
        dataPagamento: '2026-04-03',
        operadora: 'Cielo',
        bandeira: 'Visa',
        produto: 'credito',
        dataVenda: '2026-03-04',
        nsu: '000123',
        autorizacao: 'A1B2C3',
        parcela: 1,
        parcelas: 1,
        valorBruto: 123456,
        taxa: 2951,
        valorLiquido: 120505,
      },
      {
        linha: 4,
        dataPagamento: '2026-04-06',
        operadora: 'Cielo',
        bandeira: 'Master',
        produto: 'creditoParcelado',
        dataVenda: '2026-03-04',
        nsu: '456',
        autorizacao: '',
        parcela: 2,
        parcelas: 3,
        valorBruto: 3333,
        taxa: 80,
        valorLiquido: 3253,
      },
      {
        linha: 5,
        dataPagamento: '2026-03-05',
        operadora: 'Cielo',
        bandeira: 'Elo',
        produto: 'debito',
        dataVenda: '2026-03-04',
        nsu: '',
        autorizacao: '999',
        parcela: 1,
        parcelas: 1,
        valorBruto: -1000,
        taxa: 0,
        valorLiquido: -1000,
      },
    ]);
    expect(r.dataInicial).toBe('2026-03-05');
    expect(r.dataFinal).toBe('2026-04-06');
    expect(r.linhas.every((l) => /^[0-9a-f]{16}$/.test(l.chave))).toBe(true);
  });

  it('accepts the columns in any order and ignores extra ones', () => {
    const r = lerExtratoCsv(
      [
        'valor_liquido;taxa;valor_bruto;parcelas;parcela;autorizacao;nsu;data_venda;produto;bandeira;operadora;data_pagamento;loja',
        '9,90;0,10;10,00;1;1;;77;2026-03-01;prePago;Visa;Rede;2026-03-03;Centro',
      ].join('\n'),
    );
    expect(r.erros).toEqual([]);
    expect(r.linhas[0]).toMatchObject({
      operadora: 'Rede',
      produto: 'prePago',
      valorLiquido: 990,
      nsu: '77',
    });
  });

  it('reports each bad line with its number and column, and still returns the good lines', () => {
    const r = lerExtratoCsv(
      arquivo(
        '31/02/2026;Cielo;Visa;credito;01/02/2026;1;;1;1;10,00;0,20;9,80',
        '2026-03-02;Cielo;Visa;cheque;2026-03-01;2;;1;1;10,00;0,20;9,80',
        '2026-03-02;Cielo;Visa;credito;2026-03-01;3;;3;2;10,00;0,20;9,80',
        '2026-03-02;Cielo;Visa;credito;2026-03-01;4;;1;1;10,001;0,20;9,80',
        '2026-03-02;Cielo;Visa;credito;2026-03-01;5;;1;1;10,00;0,20;9,70',
        '2026-03-02;Cielo;Visa;credito;2026-03-01;6;;1',
        '2026-03-02;Cielo;Visa;credito;2026-03-01;7;;1;1;10,00;0,20;9,80',
        '2026-03-02;;Visa;credito;2026-03-01;8;;1;1;abc;0,20;9,80',
        '2026-03-02;Cielo;Visa;credito;2026-03-01;0007;;1;1;10,00;0,20;9,80',
        '2026-02-27;Cielo;Visa;credito;2026-03-01;9;;1;1;10,00;0,20;9,80',
        '2026-03-02;Cielo;Visa;credito;2026-03-01;10;;0;1;10,00;0,20;9,80',
      ),
    );
    expect(r.linhas.map((l) => l.linha)).toEqual([8]);
    expect(r.erros).toEqual([
      {
        linha: 2,
        coluna: 'data_pagamento',
        mensagem: 'data_pagamento inválida ("31/02/2026"): use dd/mm/aaaa ou aaaa-mm-dd.',
      },
      {
        linha: 3,
        coluna: 'produto',
        mensagem: 'produto inválido ("cheque"): use debito, credito, creditoParcelado, prePago ou voucher.',
      },
      { linha: 4, coluna: 'parcela', mensagem: 'parcela 3 maior que o número de parcelas (2).' },
      {
        linha: 5,
        coluna: 'valor_bruto',
        mensagem: 'valor_bruto: valor com mais de 2 casas decimais ("10,001"); use 1234,56 ou 1234.56.',
      },
      { linha: 6, coluna: 'valor_liquido', mensagem: 'valor_liquido difere de valor_bruto menos taxa.' },
      { linha: 7, mensagem: "Linha com 8 colunas; o cabeçalho tem 12. Confira o separador ';'." },
      { linha: 9, coluna: 'operadora', mensagem: 'operadora: informe a operadora.' },
      {
        linha: 9,
        coluna: 'valor_bruto',
        mensagem: 'valor_bruto: valor inválido ("abc"); use 1234,56 ou 1234.56.',
      },
      {
        linha: 10,
        mensagem:
          'Linha repetida: mesma operadora, NSU, autorização, venda, parcela, pagamento e valor da linha 8.',
      },
      { linha: 11, coluna: 'data_pagamento', mensagem: 'data_pagamento anterior à data_venda.' },
      {
        linha: 12,
        coluna: 'parcela',
        mensagem: 'parcela inválida ("0"): informe um número de 1 a 99.',
      },
    ]);
  });

  it('refuses a header without the layout columns, and an empty file', () => {
    const r = lerExtratoCsv('data_pagamento;operadora;valor\n2026-03-02;Cielo;10');
    expect(r.linhas).toEqual([]);
    expect(r.erros).toHaveLength(1);
    expect(r.erros[0]!.linha).toBe(1);
    expect(r.erros[0]!.mensagem).toMatch(
      /^Cabeçalho sem as colunas bandeira, produto, data_venda, nsu, autorizacao, parcela, parcelas, valor_bruto, taxa, valor_liquido\. Esperado: data_pagamento;/,
    );
    expect(lerExtratoCsv('\n\n').erros).toEqual([{ linha: 1, mensagem: 'Arquivo vazio.' }]);
    expect(lerExtratoCsv(CABECALHO_EXTRATO).linhas).toEqual([]);
  });
});

describe('pieces of the reader', () => {
  it('reads money exactly, never through a float', () => {
    const casos: [string, number | string][] = [
      ['1.234,56', 123456],
      ['1234,5', 123450],
      ['1234.56', 123456],
      ['0,07', 7],
      ['-0,07', -7],
      ['+3', 300],
      ['12.345.678,90', 1234567890],
      ['0.1', 10],
      ['1.2.3', 'valor inválido'],
      ['1,2,3', 'valor inválido'],
      ['12.34,5', 'valor inválido'],
      ['', 'valor inválido'],
      ['1e3', 'valor inválido'],
      ['0,005', 'valor com mais de 2 casas decimais'],
    ];
    for (const [texto, esperado] of casos) expect([texto, lerValorExtrato(texto)]).toEqual([texto, esperado]);
  });

  it('reads both date forms and refuses what is not a date', () => {
    expect(lerDataExtrato('09/03/2026')).toBe('2026-03-09');
    expect(lerDataExtrato(' 2026-03-09 ')).toBe('2026-03-09');
    expect(lerDataExtrato('29/02/2025')).toBeUndefined();
    expect(lerDataExtrato('9/3/2026')).toBeUndefined();
    expect(lerDataExtrato('2026-3-9')).toBeUndefined();
  });

  it('hashes with FNV-1a 64 (reference vectors) and keys a line by its identity', () => {
    expect(fnv1a64('')).toBe('cbf29ce484222325');
    expect(fnv1a64('a')).toBe('af63dc4c8601ec8c');
    expect(fnv1a64('foobar')).toBe('85944171f73967e8');
    const linha = {
      operadora: 'Cielo',
      nsu: '000123',
      autorizacao: 'a1',
      dataVenda: '2026-03-04',
      parcela: 1,
      dataPagamento: '2026-04-03',
      valorLiquido: 9761,
    };
    const chave = chaveLinhaExtrato(linha);
    expect(chaveLinhaExtrato({ ...linha, operadora: ' CIELO', nsu: '123', autorizacao: 'A1' })).toBe(chave);
    expect(chaveLinhaExtrato({ ...linha, parcela: 2 })).not.toBe(chave);
    expect(chaveLinhaExtrato({ ...linha, valorLiquido: 9760 })).not.toBe(chave);
    expect(chaveLinhaExtrato({ ...linha, dataPagamento: '2026-04-06' })).not.toBe(chave);
    expect(normalizarIdentificador(' 000 ')).toBe('');
    expect(normalizarIdentificador(' 00a12b ')).toBe('A12B');
    expect(normalizarIdentificador('000123')).toBe('123');
    expect(normalizarIdentificador(null)).toBe('');
  });
});

describe('lerExtrato', () => {
  // A header record built by hand: type '0' in position 1 and the file kind ('04' = liquidação/pagamento) in
  // positions 48-49, as Cielo documents them; the rest is filler of our own.
  const cabecalhoCielo = `0${'1234567890'}${'20260309'}${'20260309'}${'20260309'}${'0000001'}CIELO04${' '.repeat(200)}`;

  it('recognises the Cielo positional file and hands it to the Cielo reader (this header has no v14 version)', () => {
    expect(cabecalhoCielo.slice(47, 49)).toBe('04');
    expect(detectarFormatoExtrato(`${cabecalhoCielo}\nE${' '.repeat(300)}\n9${' '.repeat(100)}`)).toBe(
      'cieloEletronico',
    );
    const r = lerExtrato(`${cabecalhoCielo}\n`);
    expect(r.formato).toBe('cieloEletronico');
    expect(r.linhas).toEqual([]);
    expect(r.erros[0]!.mensagem).toMatch(/^Extrato eletrônico da Cielo na versão "" .*só a versão 14/);
  });

  it('reads the CSV and refuses anything else with the expected header', () => {
    expect(
      lerExtrato(arquivo('2026-03-02;Cielo;Visa;credito;2026-03-01;1;;1;1;10;0;10')).linhas,
    ).toHaveLength(1);
    const r = lerExtrato('data,valor\n2026-03-02,10');
    expect(r.formato).toBe('desconhecido');
    expect(r.erros).toEqual([
      {
        linha: 1,
        mensagem: `Formato de arquivo não reconhecido: a primeira linha deve ser o cabeçalho ${CABECALHO_EXTRATO}.`,
      },
    ]);
  });
});
