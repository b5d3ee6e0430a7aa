/// <reference types="node" />
// biome-ignore lint/style/noRestrictedImports: the test byte-compares with the fixture files beside it.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { gerarArquivosBalanca } from './gerar.ts';
import { codificarTexto } from './texto-fixo.ts';
import type { ArquivoBalanca, ItemBalanca, MarcaArquivoBalanca, TabelaNutricionalBalanca } from './tipos.ts';
import { descricaoDuasLinhas } from './toledo.ts';

// Fixtures written field by field from the documented layouts (see each writer's header), with accents
// in Windows-1252: 'ã' = 0xE3, 'é' = 0xE9, 'à' = 0xE0, 'ç' = 0xE7.

function criarItem(extra: Partial<ItemBalanca> = {}): ItemBalanca {
  return {
    codigo: 123,
    descricao: 'Pão de Queijo Mineiro',
    tipoVenda: 'peso',
    preco: '39.90',
    validadeDias: 3,
    departamento: 1,
    departamentoDescricao: 'Padaria',
    ...extra,
  };
}

// Given out of order: the files list products by code.
const itens: ItemBalanca[] = [
  criarItem({
    codigo: 4501,
    descricao: 'Filé de Frango à Milanesa (unidade)',
    tipoVenda: 'unidade',
    preco: '7.5',
    validadeDias: 0,
    departamento: 2,
    departamentoDescricao: 'Açougue',
  }),
  criarItem(),
];

function fixture(nome: string): Uint8Array {
  return new Uint8Array(readFileSync(new URL(`./fixtures/${nome}`, import.meta.url)));
}

function gerar(marca: MarcaArquivoBalanca): ArquivoBalanca[] {
  const r = gerarArquivosBalanca(marca, itens);
  if (!r.ok) throw new Error(r.mensagem);
  return r.valor;
}

function porNome(arquivos: ArquivoBalanca[]): Record<string, Uint8Array> {
  return Object.fromEntries(arquivos.map((a) => [a.nome, a.conteudo]));
}

describe('scale item files, byte-compared with the documented layouts', () => {
  it('Toledo: ITENSMGV.TXT, DEPTO.TXT and TXITENS.TXT', () => {
    const a = porNome(gerar('toledo'));
    expect(Object.keys(a)).toEqual(['ITENSMGV.TXT', 'DEPTO.TXT', 'TXITENS.TXT']);
    expect(a['ITENSMGV.TXT']).toEqual(fixture('toledo-ITENSMGV.TXT'));
    expect(a['DEPTO.TXT']).toEqual(fixture('toledo-DEPTO.TXT'));
    expect(a['TXITENS.TXT']).toEqual(fixture('toledo-TXITENS.TXT'));
  });

  it('Filizola: CADTXT.TXT and SETORTXT.TXT', () => {
    const a = porNome(gerar('filizola'));
    expect(a['CADTXT.TXT']).toEqual(fixture('filizola-CADTXT.TXT'));
    expect(a['SETORTXT.TXT']).toEqual(fixture('filizola-SETORTXT.TXT'));
  });

  it('Urano POP-S and POP-Z: PRODUTOS.TXT', () => {
    expect(porNome(gerar('uranoPopS'))['PRODUTOS.TXT']).toEqual(fixture('urano-PRODUTOS.TXT'));
    expect(porNome(gerar('uranoPopZ'))['PRODUTOS.TXT']).toEqual(fixture('urano-PRODUTOS.TXT'));
  });

  it('every record of a file has the layout width and ends in CR LF', () => {
    const larguras: Record<string, number> = { 'ITENSMGV.TXT': 150, 'TXITENS.TXT': 320, 'CADTXT.TXT': 39 };
    for (const marca of ['toledo', 'filizola'] as const) {
      for (const { nome, conteudo } of gerar(marca)) {
        const largura = larguras[nome];
        if (largura === undefined) continue;
        const linhas = Buffer.from(conteudo).toString('latin1').split('\r\n');
        expect(linhas.pop()).toBe('');
        for (const l of linhas) expect(l.length).toBe(largura);
      }
    }
  });

  it('refuses in pt-BR: no products, a price too long, brands without a checked layout', () => {
    expect(gerarArquivosBalanca('toledo', [])).toEqual({
      ok: false,
      mensagem: 'Nenhum produto de balança para gerar o arquivo.',
    });
    expect(gerarArquivosBalanca('toledo', [criarItem({ preco: '10000.00' })])).toMatchObject({
      ok: false,
      mensagem: expect.stringMatching(/Preço do produto 123 .* não cabe em 6 dígitos/),
    });
    expect(gerarArquivosBalanca('toledo', [criarItem({ codigo: 1234567 })])).toMatchObject({ ok: false });
    expect(gerarArquivosBalanca('elginDp20', itens)).toMatchObject({
      ok: false,
      mensagem: 'Arquivo de carga da balança Elgin DP-20 ainda não disponível.',
    });
  });
});

describe('Toledo MGV companion files: nutrition table and extra information', () => {
  const nutricao: TabelaNutricionalBalanca = {
    porcao: 50,
    unidadePorcao: 'g',
    medidaCaseiraInteira: 1,
    medidaCaseiraFracao: '1/2',
    medidaCaseira: 16,
    energiaKcal: 180,
    carboidratosG: 20.5,
    proteinasG: 4.2,
    gordurasTotaisG: 9.8,
    gordurasSaturadasG: 3.1,
    gordurasTransG: 0,
    fibraG: 0.6,
    sodioMg: 230.4,
  };
  const informacaoExtra =
    'Ingredientes: polvilho azedo, queijo meia-cura,\n ovos, leite e óleo. Contém lactose.';

  it('writes INFNUTRI.TXT and TXINFO.TXT only for the products that have them, ITENSMGV pointing at their codes', () => {
    const com = itens.map((i) => (i.codigo === 123 ? { ...i, nutricao, informacaoExtra } : i));
    const r = gerarArquivosBalanca('toledo', com);
    if (!r.ok) throw new Error(r.mensagem);
    const a = porNome(r.valor);
    expect(Object.keys(a)).toEqual([
      'ITENSMGV.TXT',
      'DEPTO.TXT',
      'TXITENS.TXT',
      'INFNUTRI.TXT',
      'TXINFO.TXT',
    ]);
    expect(a['ITENSMGV.TXT']).toEqual(fixture('toledo-extras-ITENSMGV.TXT'));
    expect(a['INFNUTRI.TXT']).toEqual(fixture('toledo-INFNUTRI.TXT'));
    expect(a['TXINFO.TXT']).toEqual(fixture('toledo-TXINFO.TXT'));
    // TXITENS (older programs) has no link to them: unchanged.
    expect(a['TXITENS.TXT']).toEqual(fixture('toledo-TXITENS.TXT'));
  });

  it('a blank text is no text; a value too large for its field is refused in pt-BR', () => {
    const soTexto = gerarArquivosBalanca('toledo', [criarItem({ informacaoExtra: '   ' })]);
    expect(soTexto.ok && soTexto.valor.map((a) => a.nome)).toEqual([
      'ITENSMGV.TXT',
      'DEPTO.TXT',
      'TXITENS.TXT',
    ]);
    expect(
      gerarArquivosBalanca('toledo', [criarItem({ nutricao: { ...nutricao, sodioMg: 12345.6 } })]),
    ).toEqual({
      ok: false,
      mensagem:
        'Sódio da tabela nutricional do produto 123 123456 não cabe em 5 dígitos no arquivo da balança.',
    });
  });
});

describe('Toledo description lines', () => {
  it('breaks a long description at a space so no word is split between the two label lines', () => {
    const d = descricaoDuasLinhas('Presunto Cozido Fatiado Sadia Premium Especial da Casa');
    expect(d.slice(0, 25)).toBe('Presunto Cozido Fatiado  ');
    expect(d.slice(25)).toBe('Sadia Premium Especial da');
    expect(descricaoDuasLinhas('Queijo')).toBe('Queijo'.padEnd(50));
    // A first word longer than a line is cut where the line ends.
    expect(descricaoDuasLinhas('A'.repeat(30))).toBe('A'.repeat(25) + 'AAAAA'.padEnd(25));
  });
});

describe('encodings', () => {
  it('Windows-1252 and Latin-1 write one byte per accented letter; ASCII drops the accent', () => {
    expect([...codificarTexto('Açaí €', 'windows-1252')]).toEqual([0x41, 0xe7, 0x61, 0xed, 0x20, 0x80]);
    expect([...codificarTexto('Açaí €', 'latin1')]).toEqual([0x41, 0xe7, 0x61, 0xed, 0x20, 0x3f]);
    expect(Buffer.from(codificarTexto('Pão Maçã', 'ascii')).toString('latin1')).toBe('Pao Maca');
    expect(Buffer.from(codificarTexto('Pão', 'utf-8')).toString('utf8')).toBe('Pão');
    expect([...codificarTexto('日', 'latin1')]).toEqual([0x3f]);
  });
});
