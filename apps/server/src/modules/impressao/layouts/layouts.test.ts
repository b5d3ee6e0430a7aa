import { vendaSchema } from '@retaguarda/domain';
import { describe, expect, it } from 'vitest';
import { ErroNegocio } from '../../../lib/envelope.ts';
import { amostrasDeDocumento } from '../amostras.ts';
import { renderizarBytes, resolverModelo } from './comandos.ts';
import { documentoComoTexto } from './documento.ts';
import { documentoHtml } from './html.ts';
import {
  destaqueVenda,
  layoutConta,
  layoutExpedicao,
  layoutFechamento,
  layoutProducao,
  montarDocumento,
  numeroExibido,
} from './layouts.ts';
import { lerEscPos } from './leitura.ts';
import { calcularProducao, type Enviado, type LinhaProducao } from './producao.ts';
import { contaDaVenda, expedicaoDaVenda, itensProducaoDaVenda } from './venda.ts';

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
const contem = (b: Uint8Array, seq: number[]) => hex(b).includes(Buffer.from(seq).toString('hex'));
const cabecalho = { empresa: 'Loja Centro', terminal: 'Terminal Caixa 1', data: '2026-11-21T23:05:00Z' };

describe('layouts', () => {
  it('every sample fits 48 columns (24 when expanded), has a date DD/MM/YY HH:mm and an HTML preview', () => {
    for (const amostra of amostrasDeDocumento()) {
      const doc = montarDocumento(amostra);
      expect(doc.colunas).toBe(48);
      for (const l of doc.linhas) {
        if (l.tipo !== 'texto') continue;
        expect(l.texto.length, `${amostra.layout}: ${l.texto}`).toBeLessThanOrEqual(l.expandido ? 24 : 48);
      }
      const texto = documentoComoTexto(doc);
      if (amostra.layout !== 'nfce') expect(texto, amostra.layout).toMatch(/21\/11\/26 20:05/);
      const html = documentoHtml(doc);
      expect(html).toContain('<!doctype html>');
      expect(html).toContain(doc.titulo.replace(/&/g, '&amp;'));
      // Spaces kept inside each line, but the newlines between lines must not become blank lines.
      expect(html).toMatch(/\.papel\{(?![^}]*white-space)[^}]*\}/);
      expect(html).toContain('.papel>div{white-space:pre}');
    }
  });

  it('condensed (64 columns, 32 expanded): ESC M 1 on the printer and the same lines read back', () => {
    for (const amostra of amostrasDeDocumento()) {
      if (amostra.layout === 'nfce') continue;
      const doc = montarDocumento({ ...amostra, cabecalho: { ...amostra.cabecalho, colunas: 64 } });
      expect(doc.colunas).toBe(64);
      for (const l of doc.linhas) {
        if (l.tipo === 'texto') expect(l.texto.length).toBeLessThanOrEqual(l.expandido ? 32 : 64);
      }
      const bytes = renderizarBytes(doc, resolverModelo(1));
      expect(contem(bytes, [0x1b, 0x4d, 1])).toBe(true);
      expect(documentoComoTexto(lerEscPos(bytes))).toBe(documentoComoTexto(doc));
    }
    const conta = amostrasDeDocumento().find((a) => a.layout === 'conta');
    if (conta?.layout !== 'conta') throw new Error('sem amostra');
    const texto = documentoComoTexto(
      montarDocumento({ ...conta, cabecalho: { ...conta.cabecalho, colunas: 64 } }),
    );
    expect(texto.split('\n').some((l) => l.length === 64)).toBe(true);
  });

  it('counter (53) and delivery (55) show the period sequence; table (54) and tab (56) the sale number', () => {
    expect(numeroExibido({ tipoVenda: 53, numero: 900, sequencialPeriodo: 12 })).toBe(12);
    expect(numeroExibido({ tipoVenda: 55, numero: 900, sequencialPeriodo: 13 })).toBe(13);
    expect(numeroExibido({ tipoVenda: 54, numero: 900, sequencialPeriodo: 14 })).toBe(900);
    expect(numeroExibido({ tipoVenda: 56, numero: 901, sequencialPeriodo: 15 })).toBe(901);
    expect(destaqueVenda({ tipoVenda: 53, numero: 900, sequencialPeriodo: 12 })).toBe('BALCÃO 12');
    expect(destaqueVenda({ tipoVenda: 54, numero: 900, mesa: 7 })).toBe('MESA 7');
    const conta = layoutConta({
      cabecalho,
      venda: { tipoVenda: 55, numero: 900, sequencialPeriodo: 12 },
      itens: [],
      subTotal: '0',
      totalDesconto: '0',
      totalAcrescimo: '0',
      total: '0',
      pagamentos: [],
    });
    const texto = documentoComoTexto(conta);
    expect(texto).toContain('Pedido: 12');
    expect(texto).not.toContain('900');
    // 20:05 in São Paulo (UTC-3)
    expect(texto).toContain('21/11/26 20:05');
  });

  it('closing: total sales = receipts + bleed-offs + payments - supplies (spec 1 section 9)', () => {
    const doc = layoutFechamento({
      cabecalho,
      caixa: 'Caixa 01',
      dataAbertura: '2026-11-21T13:00:00Z',
      dataFechamento: '2026-11-21T23:00:00Z',
      recebimentos: [
        { descricao: 'Dinheiro', valor: '100.10' },
        { descricao: 'PIX', valor: '0.20' },
      ],
      sangrias: [{ valor: '50.00', motivo: '' }],
      suprimentos: [{ valor: '30.00', motivo: '' }],
      pagamentos: [{ descricao: 'Gelo', valor: '5.05' }],
    });
    // 100.30 + 50 + 5.05 - 30 = 125.35
    expect(documentoComoTexto(doc)).toMatch(/TOTAL DE VENDAS +R\$ 125,35/);
  });

  it('bill with PIX prints the QR code (GS ( k) and the HTML shows it as SVG', () => {
    const conta = amostrasDeDocumento().find((a) => a.layout === 'conta');
    if (!conta) throw new Error('sem amostra');
    const doc = montarDocumento(conta);
    const qr = doc.linhas.find((l) => l.tipo === 'qrCode');
    expect(qr).toBeDefined();
    const bytes = renderizarBytes(doc, resolverModelo(1));
    expect(contem(bytes, [0x1d, 0x28, 0x6b, 4, 0, 0x31, 0x41, 0x32, 0])).toBe(true);
    expect(documentoHtml(doc)).toContain('<svg');
    expect(documentoComoTexto(doc)).toMatch(/Dividido por 2 pessoas +R\$ 51,73/);
  });
});

describe('expedition ticket', () => {
  const entrada = {
    cabecalho: { ...cabecalho, terminal: 'Terminal Cozinha 1' },
    venda: {
      tipoVenda: 55 as const,
      numero: 900,
      sequencialPeriodo: 46,
      cliente: { nome: 'João Cliente', telefone: '(41) 98888-0002', endereco: 'Avenida Batel, 1200 - Batel' },
      observacao: 'Interfone quebrado',
    },
    itens: [
      { quantidade: '1', descricao: 'Pizza Grande', obs: 'bem assada', partes: ['1/2 Calabresa'] },
      { quantidade: '2', descricao: 'Refrigerante Lata 350ml', partes: [] },
    ],
    taxaEntrega: '8.00',
    total: '87.50',
    pagamentos: [{ descricao: 'PIX', valor: '50.00' }],
    troco: '0',
    entregador: 'Marcos Motoboy',
    tempoEntregaMinutos: 45,
  };

  it('delivery: the period sequence in expanded bold, address, contents and the balance to charge', () => {
    const doc = layoutExpedicao(entrada);
    const texto = documentoComoTexto(doc);
    const linhas = texto.split('\n');
    // Expanded line: 24 columns, centred.
    expect(linhas).toContain('      DELIVERY 46');
    expect(texto).not.toContain('900');
    expect(linhas).toContain(`21/11/26 20:05${' '.repeat(16)}Terminal Cozinha 1`);
    expect(linhas).toContain('Endereço: Avenida Batel, 1200 - Batel');
    expect(linhas).toContain('   1/2 Calabresa');
    expect(linhas).toContain('2 x Refrigerante Lata 350ml');
    expect(texto).toMatch(/Taxa de entrega +R\$ 8,00/);
    expect(texto).toMatch(/COBRAR NA ENTREGA +R\$ 37,50/);
    expect(linhas.every((l) => l.length <= 48)).toBe(true);
    expect(doc.titulo).toBe('Expedição - DELIVERY 46');

    // ESC/POS: init + code page 860, the expanded bold destination, accents in CP860, partial cut.
    const b = renderizarBytes(doc, resolverModelo(1));
    expect(hex(b.subarray(0, 5))).toBe('1b401b7403');
    expect(contem(b, [0x1d, 0x21, 0x11, ...Buffer.from('DELIVERY 46')])).toBe(true);
    expect(contem(b, [0x1b, 0x45, 1, ...Buffer.from('Endere'), 0x87, ...Buffer.from('o: Avenida')])).toBe(
      true,
    );
    expect(contem(b, [...Buffer.from('EXPEDI'), 0x80, 0x8e, ...Buffer.from('O')])).toBe(true);
    expect(hex(b.subarray(b.length - 4))).toBe('1d564200');
    expect(documentoComoTexto(lerEscPos(b))).toBe(texto);
  });

  it('a paid order says so; cash change to take is printed', () => {
    const texto = documentoComoTexto(
      layoutExpedicao({
        ...entrada,
        pagamentos: [{ descricao: 'Dinheiro', valor: '87.50' }],
        troco: '12.50',
      }),
    );
    expect(texto).toContain('PEDIDO PAGO');
    expect(texto).not.toContain('COBRAR');
    expect(texto).toMatch(/Levar troco +R\$ 12,50/);
  });

  it('a call-center order: the form agreed, the change and the note the customer pays with', () => {
    const cobranca = {
      situacao: 'cobrar' as const,
      formaPagamento: 'Dinheiro',
      valorCobrar: '87.50',
      trocoPara: '100.00',
      troco: '12.50',
      observacao: 'nota de 100',
    };
    const doc = layoutExpedicao({ ...entrada, pagamentos: [], cobranca });
    const linhas = documentoComoTexto(doc).split('\n');
    expect(linhas).toContain('Cobrar R$ 87,50 em Dinheiro');
    // 48 columns: the note goes to the next line rather than a break inside an amount.
    expect(linhas).toContain('Levar troco de R$ 12,50');
    expect(linhas).toContain('(cliente paga com R$ 100,00)');
    expect(linhas).toContain('Obs. pagamento: nota de 100');
    expect(linhas.join('\n')).not.toContain('COBRAR NA ENTREGA');
    expect(
      contem(renderizarBytes(doc, resolverModelo(1)), [0x1b, 0x45, 1, ...Buffer.from('Cobrar R$')]),
    ).toBe(true);
    const largo = documentoComoTexto(
      layoutExpedicao({
        ...entrada,
        cabecalho: { ...entrada.cabecalho, colunas: 64 },
        pagamentos: [],
        cobranca,
      }),
    );
    expect(largo.split('\n')).toContain('Levar troco de R$ 12,50 (cliente paga com R$ 100,00)');
    const pago = documentoComoTexto(
      layoutExpedicao({
        ...entrada,
        pagamentos: [{ descricao: 'PIX', valor: '87.50' }],
        cobranca: { ...cobranca, situacao: 'pago', valorCobrar: '0.00', trocoPara: null, troco: '0.00' },
      }),
    );
    expect(pago).toContain('PEDIDO PAGO');
    expect(pago).not.toMatch(/Cobrar|COBRAR|troco/);
  });

  it('a table order shows the table and the sale number', () => {
    const texto = documentoComoTexto(
      layoutExpedicao({ ...entrada, venda: { tipoVenda: 54, numero: 900, mesa: 31 } }),
    );
    expect(texto).toContain('MESA 31');
    expect(texto).toContain('Venda: 900');
  });
});

describe('printer languages (models 0-8)', () => {
  const doc = layoutProducao({
    cabecalho,
    venda: { tipoVenda: 54, numero: 5, mesa: 3 },
    setor: 'Cozinha',
    itens: [{ tipo: 'novo', quantidade: '2', descricao: 'Pão de Queijo', obs: '', partes: [] }],
  });

  it('Epson ESC/POS (1, 3, 5): init + CP860, bold, expanded, partial cut; accents in the code page', () => {
    for (const m of [1, 3, 5]) {
      const b = renderizarBytes(doc, resolverModelo(m));
      expect(hex(b.subarray(0, 5))).toBe('1b401b7403');
      expect(contem(b, [0x1b, 0x45, 1])).toBe(true);
      expect(contem(b, [0x1d, 0x21, 0x11])).toBe(true);
      expect(hex(b.subarray(b.length - 4))).toBe('1d564200');
      // "ã" is 0x84 in CP860
      expect(contem(b, [...Buffer.from('P'), 0x84, ...Buffer.from('o de Queijo')])).toBe(true);
    }
  });

  it('Bematech ESC/Bema (2): ESC E / ESC F bold, ESC W expanded, ESC m cut', () => {
    const b = renderizarBytes({ ...doc, abrirGaveta: true }, resolverModelo(2));
    expect(contem(b, [0x1b, 0x45])).toBe(true);
    expect(contem(b, [0x1b, 0x46])).toBe(true);
    expect(contem(b, [0x1b, 0x57, 1])).toBe(true);
    expect(contem(b, [0x1b, 0x6d, 0x1b, 0x76])).toBe(true);
    expect(contem(b, [0x1d, 0x21])).toBe(false);
  });

  it('Daruma (4): ESC j alignment and ESC m cut; text-only (0): no ESC or GS at all', () => {
    const d = renderizarBytes(doc, resolverModelo(4));
    expect(contem(d, [0x1b, 0x6a, 1])).toBe(true);
    expect(hex(d.subarray(d.length - 2))).toBe('1b6d');
    const t = renderizarBytes(doc, resolverModelo(0));
    expect(t.includes(0x1b)).toBe(false);
    expect(t.includes(0x1d)).toBe(false);
    expect(Buffer.from(t).toString('latin1')).toContain('2 x P');
  });

  it('label printers (6, 7, 8) refuse receipts with a clear message', () => {
    for (const m of [6, 7, 8]) {
      expect(() => resolverModelo({ id: m }, 'Etiquetas Balcão')).toThrow(ErroNegocio);
      expect(() => resolverModelo(m, 'Etiquetas Balcão')).toThrow(
        /A impressora Etiquetas Balcão é de etiquetas .* e não imprime comprovantes/,
      );
    }
  });

  it('ESC/POS bytes read back to the same lines (preview of raw jobs)', () => {
    for (const amostra of amostrasDeDocumento()) {
      const original = montarDocumento(amostra);
      const lido = lerEscPos(renderizarBytes(original, resolverModelo(1)));
      expect(documentoComoTexto(lido), amostra.layout).toBe(documentoComoTexto(original));
      expect(Boolean(lido.abrirGaveta), amostra.layout).toBe(Boolean(original.abrirGaveta));
    }
  });
});

describe('production diff (Odoo order_change)', () => {
  const linha = (chave: string, quantidade: string, extra: Partial<LinhaProducao> = {}): LinhaProducao => ({
    chave,
    descricao: `Produto ${chave}`,
    quantidade,
    obs: '',
    partes: [],
    cancelado: false,
    setores: ['cozinha'],
    ...extra,
  });

  it('first ticket prints everything, a repeat prints nothing', () => {
    const r1 = calcularProducao([linha('1', '2'), linha('2', '1', { setores: ['bar'] })], {});
    expect(r1.porSetor.get('cozinha')?.map((a) => [a.tipo, a.quantidade])).toEqual([['novo', '2.0000']]);
    expect(r1.porSetor.get('bar')?.map((a) => [a.tipo, a.quantidade])).toEqual([['novo', '1.0000']]);
    const r2 = calcularProducao([linha('1', '2'), linha('2', '1', { setores: ['bar'] })], r1.enviado);
    expect(r2.porSetor.size).toBe(0);
    expect(r2.enviado).toEqual(r1.enviado);
  });

  it('more, less, changed note, cancelled and deleted lines print only the change', () => {
    const enviado: Enviado = calcularProducao(
      [linha('1', '2'), linha('2', '3'), linha('3', '1'), linha('4', '1'), linha('5', '1')],
      {},
    ).enviado;
    const r = calcularProducao(
      [
        linha('1', '3'),
        linha('2', '1'),
        linha('3', '1', { obs: 'sem cebola' }),
        linha('4', '1', { cancelado: true }),
        linha('6', '1'),
      ],
      enviado,
    );
    expect(r.porSetor.get('cozinha')?.map((a) => [a.chave, a.tipo, a.quantidade])).toEqual([
      ['1', 'acrescimo', '1.0000'],
      ['2', 'cancelado', '2.0000'],
      ['3', 'alterado', '1.0000'],
      ['4', 'cancelado', '1.0000'],
      ['6', 'novo', '1.0000'],
      ['5', 'cancelado', '1.0000'],
    ]);
    expect(Object.keys(r.enviado).sort()).toEqual(['1', '2', '3', '6']);
  });

  it('lines without a print sector are reported, not printed', () => {
    const r = calcularProducao([linha('1', '1', { setores: [] })], {});
    expect(r.porSetor.size).toBe(0);
    expect(r.semSetor.map((a) => a.chave)).toEqual(['1']);
  });

  it('the ticket marks increments, changes and cancellations', () => {
    const doc = layoutProducao({
      cabecalho,
      venda: { tipoVenda: 53, numero: 900, sequencialPeriodo: 12 },
      setor: 'Cozinha',
      itens: [
        { tipo: 'acrescimo', quantidade: '1.0000', descricao: 'X-Burguer', obs: '', partes: [] },
        {
          tipo: 'alterado',
          quantidade: '2.0000',
          descricao: 'Pizza',
          obs: 'bem passada',
          partes: ['1/2 Calabresa'],
        },
        { tipo: 'cancelado', quantidade: '0.5000', descricao: 'Pizza Broto', obs: '', partes: [] },
      ],
    });
    const texto = documentoComoTexto(doc);
    expect(texto).toContain('BALCÃO 12');
    expect(texto).toContain('+1 x X-Burguer');
    expect(texto).toMatch(/\*\* ALTERADO \*\*\n2 x Pizza\n {3}1\/2 Calabresa\n {3}Obs: bem passada/);
    expect(texto).toContain('CANCELADO 0,5 x Pizza Broto');
  });
});

describe('from the domain sale', () => {
  const venda = vendaSchema.parse({
    _id: 'a'.repeat(24),
    empresa: 'b'.repeat(24),
    grupoEmpresarial: 'c'.repeat(24),
    tipoVenda: { id: 53 },
    numero: 900,
    sequencialPeriodo: 12,
    data: '2026-11-21T23:00:00Z',
    produtos: [
      {
        numeroItem: 1,
        data: '2026-11-21T23:00:00Z',
        produto: { _id: '1'.repeat(24), descricao: 'Pizza Grande' },
        pizza: true,
        quantidade: '1',
        precoVenda: '60.00',
        valorBruto: '60.00',
        valorLiquido: '54.00',
        produtosFilho: [
          { produto: { _id: '2'.repeat(24), descricao: 'Calabresa' }, quantidadeParte: 1 },
          { produto: { _id: '3'.repeat(24), descricao: 'Margherita' }, quantidadeParte: 1 },
        ],
      },
      {
        numeroItem: 2,
        data: '2026-11-21T23:00:00Z',
        produto: { _id: '4'.repeat(24), descricao: 'Água' },
        cancelado: true,
        precoVenda: '4.00',
        valorBruto: '4.00',
        valorLiquido: '4.00',
      },
    ],
    subTotal: '60.00',
    totalDesconto: '6.00',
    total: '54.00',
    pagamentos: [
      {
        _id: '5'.repeat(24),
        formaPagamento: { _id: '6'.repeat(24), descricao: 'PIX', tipo: 92, tipoTroco: 2 },
        valor: '20.00',
        valorPago: '20.00',
        data: '2026-11-21T23:00:00Z',
      },
    ],
  });

  it('bill: live lines, line discount, pizza fractions, payments and the remaining balance', () => {
    const texto = documentoComoTexto(layoutConta(contaDaVenda(venda, cabecalho)));
    expect(texto).toContain('Pedido: 12');
    expect(texto).toContain('   1/2 Calabresa');
    expect(texto).toMatch(/ {3}Desconto +-6,00/);
    expect(texto).not.toContain('Água');
    expect(texto).toMatch(/RESTANTE +R\$ 34,00/);
  });

  it('expedition ticket: confirmed live lines, fee, payments, change and the phone looked up apart', () => {
    const confirmada = { ...venda, produtos: venda.produtos.map((p) => ({ ...p, confirmado: true })) };
    const e = expedicaoDaVenda(confirmada, cabecalho, {
      telefone: '(41) 3333-0000',
      tempoEntregaMinutos: 40,
    });
    expect(e.itens.map((i) => [i.descricao, i.partes])).toEqual([
      ['Pizza Grande', ['1/2 Calabresa', '1/2 Margherita']],
    ]);
    expect(e.venda.cliente).toBeNull();
    expect(e.pagamentos).toEqual([{ descricao: 'PIX', valor: '20.00' }]);
    expect(documentoComoTexto(layoutExpedicao(e))).toMatch(/COBRAR NA ENTREGA +R\$ 34,00/);
    // Unconfirmed lines are not in the kitchen, so not in the bag.
    expect(expedicaoDaVenda(venda, cabecalho).itens).toEqual([]);
  });

  it('production lines keyed by numeroItem, cancelled lines included', () => {
    expect(itensProducaoDaVenda(venda).map((i) => [i.chave, i.cancelado, i.partes])).toEqual([
      ['1', false, ['1/2 Calabresa', '1/2 Margherita']],
      ['2', true, []],
    ]);
  });
});
