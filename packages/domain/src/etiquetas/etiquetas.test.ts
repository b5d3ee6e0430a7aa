// biome-ignore lint/style/noRestrictedImports: the test byte-compares with the fixture files beside it.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { lerCodigoBarras, modulosCodigoBarras } from './codigo-barras.ts';
import {
  type EtiquetaProduto,
  formatoEtiqueta,
  montarLayout,
  textosEtiqueta,
  validarEtiqueta,
} from './etiqueta.ts';
import { gerarEtiquetas, montarEtiquetas } from './gerar.ts';
import { codificarCp860, linguagemDoModelo } from './linguagens.ts';

// Each language's bytes against a fixture written by hand from the language's manual (fixtures/, see
// README.md): ZPL II, EPL2, Argox PPLA and ESC/POS, each with an accented description in its code page.

const fixture = (nome: string) =>
  new Uint8Array(readFileSync(new URL(`./fixtures/${nome}`, import.meta.url)));
const DATA = '2026-11-26';

const paoDeQueijo: EtiquetaProduto = {
  descricao: 'Pão de Queijo Congelado',
  preco: '12.90',
  unidade: 'UN',
  conteudo: { quantidade: '400', unidade: 'g' },
  codigoBarras: '7894900011517',
  quantidade: 2,
};
const queijoMinas: EtiquetaProduto = {
  descricao: 'Queijo Minas Padrão',
  preco: '45.00',
  unidade: 'KG',
  validadeDias: 5,
  promocao: { preco: '39.90', inicio: '2026-11-20', fim: '2026-11-30' },
  codigoBarras: '20001230',
  quantidade: 1,
};
const peDeMoleque: EtiquetaProduto = {
  descricao: 'Pé de Moleque Caseiro 200g',
  preco: '8.5',
  codigoBarras: 'PDM-200',
  quantidade: 3,
};

function bytes(r: ReturnType<typeof gerarEtiquetas>): Uint8Array {
  if (!r.ok) throw new Error(r.mensagem);
  return r.valor.bytes;
}

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');

describe('printer languages, byte for byte', () => {
  it('ZPL II: two labels side by side on a 2-column roll, UTF-8 (^CI28), EAN-13 without its check digit', () => {
    const r = bytes(gerarEtiquetas('ZPL', [paoDeQueijo], 10, DATA));
    expect(hex(r)).toBe(hex(fixture('pao-de-queijo-50x25-2col.zpl')));
    expect(Buffer.from(r).includes(Buffer.from('P\u00e3o', 'utf8'))).toBe(true);
  });

  it('EPL2 (PPLB): weighed goods in promotion with validity and EAN-8, Windows-1252', () => {
    const r = bytes(gerarEtiquetas('EPL', [queijoMinas], 23, DATA));
    expect(hex(r)).toBe(hex(fixture('queijo-minas-58x40.epl')));
    expect(r.includes(0xe3)).toBe(true);
  });

  it('PPLA: Code 128, rows from the bottom edge in 0.1 mm, three copies as Q0003, Windows-1252', () => {
    const r = bytes(gerarEtiquetas('PPLA', [peDeMoleque], 13, DATA));
    expect(hex(r)).toBe(hex(fixture('pe-de-moleque-60x30.ppla')));
  });

  it('ESC/POS: CP860 accents, double size price, GS k EAN-8 with HRI, cut after the label', () => {
    const r = bytes(gerarEtiquetas('ESCPOS', [queijoMinas], 23, DATA));
    expect(hex(r)).toBe(hex(fixture('queijo-minas-58x40.escpos.bin')));
  });

  it('copies of one-column labels go as one format with a count; different products as separate rows', () => {
    const um = bytes(gerarEtiquetas('ZPL', [{ ...peDeMoleque, quantidade: 4 }], 13, DATA));
    const texto = Buffer.from(um).toString('utf8');
    expect(texto.match(/\^XA/g)).toHaveLength(1);
    expect(texto).toContain('^PQ4');
    const dois = Buffer.from(bytes(gerarEtiquetas('EPL', [peDeMoleque, queijoMinas], 13, DATA))).toString(
      'latin1',
    );
    expect(dois.match(/\nN\n/g)).toHaveLength(2);
    expect(dois).toContain('P3\n');
  });
});

describe('bad input: a pt-BR message and no bytes', () => {
  const recusa = (e: EtiquetaProduto[], formato = 10) => {
    const r = gerarEtiquetas('ZPL', e, formato, DATA);
    expect(r.ok).toBe(false);
    return r.ok ? '' : r.mensagem;
  };
  it('refuses a negative price, an invalid EAN, an empty selection, a wrong promotion', () => {
    expect(recusa([{ ...paoDeQueijo, preco: '-1.00' }])).toBe(
      'Preço negativo na etiqueta de Pão de Queijo Congelado: -1.00.',
    );
    expect(recusa([{ ...paoDeQueijo, codigoBarras: '7894900011518' }])).toBe(
      'Pão de Queijo Congelado: Código de barras EAN-13 7894900011518 inválido: o dígito verificador deveria ser 7.',
    );
    expect(recusa([{ ...queijoMinas, codigoBarras: '20001231' }])).toContain('EAN-8 20001231 inválido');
    expect(recusa([])).toBe('Nenhum produto selecionado para as etiquetas.');
    expect(recusa([{ ...queijoMinas, promocao: { preco: '50', inicio: DATA, fim: DATA } }])).toContain(
      'Preço promocional',
    );
    expect(recusa([{ ...paoDeQueijo, quantidade: 0 }])).toContain('de 1 a 999');
    expect(recusa([{ ...paoDeQueijo, codigoBarras: 'ABC^XZ' }])).toContain(
      'caractere que a etiqueta não imprime',
    );
    expect(recusa([paoDeQueijo], 99)).toBe('Formato de etiqueta desconhecido.');
  });
  it('a receipt printer refuses a multi-column format', () => {
    const r = gerarEtiquetas('ESCPOS', [paoDeQueijo], 10, DATA);
    expect(r.ok ? '' : r.mensagem).toContain('só etiquetas de uma coluna');
  });
});

describe('label content', () => {
  it('unit price per kg/L of a package, the price per kg of weighed goods, validity and promotion dates', () => {
    expect(textosEtiqueta(paoDeQueijo, DATA).unitario).toBe('R$ 32,25/kg');
    expect(
      textosEtiqueta({ ...paoDeQueijo, conteudo: { quantidade: '2', unidade: 'L' } }, DATA).unitario,
    ).toBe('R$ 6,45/L');
    expect(
      textosEtiqueta({ ...paoDeQueijo, conteudo: { quantidade: '350', unidade: 'ml' } }, DATA).unitario,
    ).toBe('R$ 36,86/L');
    const q = textosEtiqueta(queijoMinas, DATA);
    expect(q).toMatchObject({
      preco: 'R$ 39,90/kg',
      precoDe: 'DE R$ 45,00 POR',
      promocao: 'Oferta até 30/11/26',
      validade: 'Emb 26/11/26 Val 01/12/26',
    });
    // month and year roll over
    expect(textosEtiqueta({ ...queijoMinas, validadeDias: 40 }, DATA).validade).toBe(
      'Emb 26/11/26 Val 05/01/27',
    );
  });

  it('a small format drops the barcode with a warning; every element stays inside the label', () => {
    const f = formatoEtiqueta(1);
    if (!f) throw new Error('formato 1');
    const l = montarLayout(paoDeQueijo, f, DATA);
    expect(l.elementos.some((e) => e.tipo === 'codigo')).toBe(false);
    expect(l.avisos.join(' ')).toContain('sem espaço para o código de barras');
    for (const id of Array.from({ length: 25 }, (_, i) => i + 1)) {
      const formato = formatoEtiqueta(id);
      if (!formato) throw new Error(`formato ${id}`);
      const lay = montarLayout(queijoMinas, formato, DATA);
      for (const e of lay.elementos) {
        expect(e.y + (e.tipo === 'codigo' ? e.altura + 20 : 0)).toBeLessThanOrEqual(lay.altura);
        expect(e.x).toBeLessThan(lay.largura);
      }
    }
    const m = montarEtiquetas([queijoMinas], 1, DATA);
    expect(m.ok).toBe(true);
  });

  it('barcodes: EAN check digits, Code 128 otherwise; EAN-13 modules from the GS1 sets', () => {
    expect(lerCodigoBarras('7894900011517')).toEqual({ simbologia: 'ean13', codigo: '7894900011517' });
    expect(lerCodigoBarras('20001230')).toEqual({ simbologia: 'ean8', codigo: '20001230' });
    expect(lerCodigoBarras('123456789012')).toEqual({ simbologia: 'code128', codigo: '123456789012' });
    // an internal code of 8 digits is Code 128 when the caller says so (else it would fail as an EAN-8)
    expect(lerCodigoBarras('12345678')).toHaveProperty('erro');
    expect(lerCodigoBarras('12345678', 'code128')).toEqual({ simbologia: 'code128', codigo: '12345678' });
    expect(
      validarEtiqueta({ ...paoDeQueijo, codigoBarras: '12345678', simbologia: 'code128' }),
    ).toBeUndefined();
    // 4006381333931 is the EAN-13 of GS1's examples: 95 modules, guards 101 / 01010 / 101
    const m = modulosCodigoBarras({ simbologia: 'ean13', codigo: '4006381333931' });
    expect(m).toHaveLength(95);
    expect(m?.slice(0, 3)).toBe('101');
    expect(m?.slice(45, 50)).toBe('01010');
    // first digit 4 -> parity L G L L G G; digit 0 in set L = 0001101
    expect(m?.slice(3, 10)).toBe('0001101');
    expect(modulosCodigoBarras({ simbologia: 'ean8', codigo: '20001230' })).toHaveLength(67);
  });

  it('printer models to languages; CP860 bytes of Portuguese letters', () => {
    expect([6, 7, 8, 1, 3, 5, 0, 2, 4].map(linguagemDoModelo)).toEqual([
      'ZPL',
      'PPLA',
      'EPL',
      'ESCPOS',
      'ESCPOS',
      'ESCPOS',
      undefined,
      undefined,
      undefined,
    ]);
    expect(codificarCp860('ÇçãõÃÕáéíóúâêô')).toEqual([
      0x80, 0x87, 0x84, 0x94, 0x8e, 0x99, 0xa0, 0x82, 0xa1, 0xa2, 0xa3, 0x83, 0x88, 0x93,
    ]);
  });
});
