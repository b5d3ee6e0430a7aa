import { vendaSchema } from '@retaguarda/domain';
import { montarNfce } from '@retaguarda/fiscal';
import { describe, expect, it } from 'vitest';
import { type EmpresaNfce, type ProdutoFiscal, vendaParaNfce } from './venda-para-nfce.ts';

// The pure sale -> DadosNfce mapping: regime, taxes per state, approximate taxes, IBS/CBS, seats, payments.

const id = (n: number) => n.toString(16).padStart(24, '0');
const AGORA = '2026-11-21T20:00:00-03:00';

const empresa = (over: Partial<EmpresaNfce> = {}): EmpresaNfce => ({
  descricao: 'Loja Centro',
  nomeFantasia: 'Pizzaria Centro',
  razaoSocial: 'Pizzaria Exemplo Ltda',
  cnpj: '11.222.333/0001-81',
  endereco: { logradouro: 'Rua XV', numero: '100', bairro: 'Centro', cidade: 'Curitiba', cep: '80020-000' },
  uf: 'PR',
  CRT: 1,
  tpAmb: 2,
  serie: 1,
  ie: '9044016688',
  im: null,
  cnae: null,
  codigoMunicipio: '4106902',
  telefone: null,
  cscId: '000001',
  cscToken: 'CSC-DE-TESTE-0123456789',
  responsavelTecnico: null,
  ibsCbs: null,
  versaoQrCode: null,
  limiteSemIdentificacao: null,
  ...over,
});

const produto = (n: number, cfg: unknown, extra: Partial<ProdutoFiscal> = {}): ProdutoFiscal => ({
  _id: id(n),
  codigoInterno: n,
  descricao: `Produto ${n}`,
  gtin: null,
  ncm: '21069090',
  unidade: 'UN',
  tipoProduto: 'Normal',
  configuracaoImposto: cfg,
  impostoFederal: null,
  ...extra,
});

const item = (n: number, over: Record<string, unknown> = {}) => ({
  numeroItem: n,
  produto: { _id: id(n), descricao: `Produto ${n}` },
  quantidade: '2',
  precoVenda: '10.00',
  valorBruto: '20.00',
  valorLiquido: '20.00',
  data: AGORA,
  ...over,
});

const pagamento = (valor: string, over: Record<string, unknown> = {}) => ({
  _id: id(0x900 + Number(valor.replace('.', ''))),
  formaPagamento: { _id: id(0xf1), descricao: 'Dinheiro', tipo: 77, tipoTroco: 1 },
  valor,
  valorPago: valor,
  data: AGORA,
  ...over,
});

const venda = (over: Record<string, unknown> = {}) =>
  vendaSchema.parse({
    _id: id(0xaa),
    empresa: id(0xe1),
    grupoEmpresarial: id(0x61),
    tipoVenda: { id: 53 },
    status: { id: 59 },
    data: AGORA,
    produtos: [item(1), item(2, { desconto: '2.00', valorLiquido: '18.00' })],
    pagamentos: [pagamento('38.00')],
    ...over,
  });

const SIMPLES = { origem: 0, CFOP: '5102', CSOSN: '102', PIS: { CST: '49' }, COFINS: { CST: '49' } };

function entrada(over: Partial<Parameters<typeof vendaParaNfce>[0]> = {}) {
  return {
    venda: venda(),
    empresa: empresa(),
    produtos: new Map([
      [id(1), produto(1, SIMPLES)],
      [id(2), produto(2, SIMPLES)],
    ]),
    produtoTaxaEntrega: null,
    nNF: 10,
    dhEmi: AGORA,
    tpEmis: 1 as const,
    ...over,
  };
}

describe('vendaParaNfce', () => {
  it('Simples Nacional: CSOSN, desconto do item, dinheiro 77 -> 01; o XML monta com os totais', () => {
    const d = vendaParaNfce(entrada());
    expect(d.emitente).toMatchObject({ CNPJ: '11222333000181', CRT: 1, IE: '9044016688' });
    expect(d.itens[1]).toMatchObject({ cProd: '2', vProd: '20.00', vDesc: '2.00', CFOP: '5102' });
    expect(d.itens[0]?.imposto?.icms).toEqual({ CSOSN: '102' });
    expect(d.pagamentos).toEqual([{ tPag: '01', vPag: '38.00' }]);
    const m = montarNfce(d);
    expect(m.totais).toMatchObject({ vProd: '40.00', vDesc: '2.00', vNF: '38.00' });
  });

  it('regime normal (CRT 3) exige CST por estado; CSOSN no lugar conta como sem configuração', () => {
    const normal = {
      estados: {
        PR: {
          origem: 1,
          CFOP: '5102',
          CST: '00',
          pICMS: '18',
          PIS: { CST: '01', aliquota: '1.65' },
          COFINS: { CST: '01', aliquota: '7.6' },
        },
      },
    };
    const d = vendaParaNfce(
      entrada({
        empresa: empresa({ CRT: 3 }),
        produtos: new Map([
          [id(1), produto(1, normal)],
          [id(2), produto(2, normal)],
        ]),
      }),
    );
    expect(d.itens[0]?.imposto).toMatchObject({
      origem: 1,
      icms: { CST: '00', pICMS: '18' },
      pis: { CST: '01', aliquota: '1.65' },
    });
    expect(montarNfce(d).totais.vICMS).toBe('6.84');
    expect(() => vendaParaNfce(entrada({ empresa: empresa({ CRT: 3 }) }))).toThrow(
      'Produto Produto 1 sem configuração de imposto para o estado PR, a nota não foi emitida!',
    );
  });

  it('ICMS-ST da configuração do produto (modBCST, pMVAST, pICMSST, CEST): CST 10 e CSOSN 202 chegam ao XML', () => {
    const normal = (pMVAST: string) => ({
      origem: 0,
      CFOP: '5405',
      CST: '10',
      pICMS: '18',
      modBCST: 4,
      pMVAST,
      pICMSST: '18',
      CEST: '0300700',
      PIS: { CST: '49' },
      COFINS: { CST: '49' },
    });
    const comSt = (cfg: unknown, crt: 1 | 3) =>
      entrada({
        empresa: empresa({ CRT: crt }),
        produtos: new Map([
          [id(1), produto(1, cfg)],
          [id(2), produto(2, cfg)],
        ]),
      });
    // Decision 0009: the ST would go on top of what was charged (38,00): refused with the fix, before any number.
    // item 1: 20 x 1.4 = 28.00 x 18% = 5.04 - 3.60 = 1.44; item 2: 18 x 1.4 = 25.20 x 18% = 4.54 - 3.24 = 1.30
    expect(() => vendaParaNfce(comSt(normal('40'), 3))).toThrow(
      'Produto Produto 1: o ICMS-ST (CST 10) somaria R$ 2,74 ao total da nota (R$ 40,74), mas o cliente pagou ' +
        'R$ 38,00. Em venda ao consumidor final não há retenção de ICMS-ST: no cadastro do produto, estado PR, use ' +
        'CST 60 (ICMS cobrado anteriormente por substituição tributária).',
    );
    // An ST group whose retained value is zero (own ICMS covers it) changes nothing: mapped and accepted.
    const d = vendaParaNfce(comSt(normal('0'), 3));
    expect(d.itens[0]).toMatchObject({
      CEST: '0300700',
      imposto: { icms: { CST: '10', pICMS: '18', st: { modBCST: 4, pMVAST: '0', pICMSST: '18' } } },
    });
    expect(montarNfce(d).totais).toMatchObject({ vBCST: '38.00', vST: '0.00', vNF: '38.00' });
    const simples = (pMVAST: string) => ({
      ...normal(pMVAST),
      CSOSN: '202',
      CST: undefined,
    });
    expect(() => vendaParaNfce(comSt(simples('40'), 1))).toThrow(
      'o ICMS-ST (CSOSN 202) somaria R$ 2,74 ao total da nota (R$ 40,74), mas o cliente pagou R$ 38,00. Em venda ao ' +
        'consumidor final não há retenção de ICMS-ST: no cadastro do produto, estado PR, use CSOSN 500',
    );
    expect(vendaParaNfce(comSt(simples('0'), 1)).itens[0]?.imposto?.icms).toEqual({
      CSOSN: '202',
      pICMS: '18',
      st: { modBCST: 4, pMVAST: '0', pICMSST: '18' },
    });
    // The ST paid earlier (CST 60) adds nothing: the note is what the customer paid.
    const cst60 = {
      origem: 0,
      CFOP: '5405',
      CST: '60',
      CEST: '0300700',
      PIS: { CST: '49' },
      COFINS: { CST: '49' },
    };
    expect(montarNfce(vendaParaNfce(comSt(cst60, 3))).totais).toMatchObject({ vNF: '38.00', vTroco: '0.00' });
  });

  it('troco: vPag é o que o cliente entregou e vTroco o que o caixa devolveu; a nota fecha com o cobrado', () => {
    // 89,32 charged, 100,00 handed over, 10,68 given back (issue 15 point 5).
    const v = venda({
      produtos: [
        item(1, { quantidade: '1', precoVenda: '89.32', valorBruto: '89.32', valorLiquido: '89.32' }),
      ],
      pagamentos: [pagamento('89.32', { valorPago: '100.00', valorTroco: '10.68' })],
      total: '89.32',
    });
    const d = vendaParaNfce(entrada({ venda: v }));
    expect(d.pagamentos).toEqual([{ tPag: '01', vPag: '100.00' }]);
    expect(d.troco).toBe('10.68');
    const m = montarNfce(d);
    expect(m.totais).toMatchObject({ vNF: '89.32', vPag: '100.00', vTroco: '10.68' });
    expect(m.infNFe).toContain('<vPag>100.00</vPag></detPag><vTroco>10.68</vTroco>');
    // A copy whose change does not close with the note (the old builder recomputed it) is refused.
    expect(() => montarNfce({ ...d, troco: '10.46' })).toThrow(
      'Pagamentos (R$ 100,00) menos troco (R$ 10,46) diferem do valor da nota (R$ 89,32)',
    );
  });

  it("'Olho no imposto': federal (nacional ou importado pela origem) + estadual + municipal, e infCpl", () => {
    const ibpt = { nacional: '13.45', importado: '20.00', estadual: '12.00', municipal: '0' };
    const d = vendaParaNfce(
      entrada({
        produtos: new Map([
          [id(1), produto(1, SIMPLES, { impostoFederal: ibpt })],
          [id(2), produto(2, { ...SIMPLES, origem: 1 }, { impostoFederal: ibpt })],
        ]),
      }),
    );
    // 20.00 x 25.45% = 5.09; 18.00 x 32% = 5.76
    expect(d.itens.map((i) => i.imposto?.vTotTrib)).toEqual(['5.09', '5.76']);
    expect(d.infCpl).toBe('Tributos totais incidentes (Lei Federal 12.741/2012): R$ 10,85 - Fonte: IBPT');
    expect(montarNfce(d).totais.vTotTrib).toBe('10.85');
  });

  it('IBS/CBS só quando a empresa pede: padrão da empresa, produto pode sobrescrever', () => {
    expect(vendaParaNfce(entrada()).itens[0]?.imposto?.ibsCbs).toBeUndefined();
    const d = vendaParaNfce(
      entrada({
        empresa: empresa({
          ibsCbs: { habilitado: true, CST: '000', cClassTrib: '000001', pIBSUF: '0.1', pCBS: '0.9' },
        }),
        produtos: new Map([
          [id(1), produto(1, SIMPLES)],
          [id(2), produto(2, { ...SIMPLES, IBSCBS: { CST: '200', cClassTrib: '200001' } })],
        ]),
      }),
    );
    expect(d.itens[0]?.imposto?.ibsCbs).toEqual({
      CST: '000',
      cClassTrib: '000001',
      pIBSUF: '0.1',
      pCBS: '0.9',
    });
    expect(d.itens[1]?.imposto?.ibsCbs).toMatchObject({ CST: '200', cClassTrib: '200001' });
    const m = montarNfce(d);
    expect(m.infNFe).toContain('<IBSCBSTot>');
    expect(m.totais.vCBS).toBe('0.34');
  });

  it('mesa com recebimento por posição: a nota da posição leva a sua parte dos itens e os seus pagamentos', () => {
    const v = venda({
      tipoVenda: { id: 54 },
      posicaoVenda: 2,
      produtos: [
        item(1, {
          posicao: [
            { numero: 1, quantidade: '1' },
            { numero: 2, quantidade: '1' },
          ],
        }),
        item(2, {
          quantidade: '1',
          precoVenda: '8.00',
          valorBruto: '8.00',
          posicao: [{ numero: 2, quantidade: '1' }],
        }),
      ],
      pagamentos: [pagamento('10.00', { posicao: 1 }), pagamento('18.00', { posicao: 2 })],
    });
    expect(() => vendaParaNfce(entrada({ venda: v }))).toThrow(
      'Venda de mesa com recebimento por posição: selecione a posição para emitir a NFC-e!',
    );
    const p2 = vendaParaNfce(entrada({ venda: v, posicao: 2 }));
    expect(p2.itens.map((i) => [i.cProd, i.qCom, i.vProd])).toEqual([
      ['1', '1', '10.00'],
      ['2', '1', '8.00'],
    ]);
    expect(p2.pagamentos).toEqual([{ tPag: '01', vPag: '18.00' }]);
    expect(montarNfce(p2).totais.vNF).toBe('18.00');
  });

  it('cartão: grupo card com a bandeira, a autorização e o CNPJ da operadora do cadastro; tpIntegra 2, ou 1 se integrado', () => {
    const cielo = { _id: id(0x51), descricao: 'Cielo' };
    const stone = { _id: id(0x52), descricao: 'Stone' };
    const credito = { _id: id(0xf3), descricao: 'Cartão de Crédito', tipo: 80, tipoTroco: 2 };
    const debito = { _id: id(0xf4), descricao: 'Cartão de Débito', tipo: 79, tipoTroco: 2 };
    const v = venda({
      pagamentos: [
        pagamento('20.00', {
          formaPagamento: credito,
          operadora: cielo,
          bandeira: '01',
          autorizacao: ' A1B2C3 ',
        }),
        pagamento('10.00', { formaPagamento: debito, operadora: stone, bandeira: null, autorizacao: '' }),
        pagamento('8.00'),
      ],
    });
    const operadoras = new Map([
      [cielo._id, { cnpj: '01.027.058/0001-91' }],
      [stone._id, { cnpj: null }],
    ]);
    const d = vendaParaNfce(entrada({ venda: v, operadoras }));
    expect(d.pagamentos).toEqual([
      {
        tPag: '03',
        vPag: '20.00',
        cartao: { tpIntegra: 2, CNPJ: '01027058000191', tBand: '01', cAut: 'A1B2C3' },
      },
      { tPag: '04', vPag: '10.00', cartao: { tpIntegra: 2 } },
      { tPag: '01', vPag: '8.00' },
    ]);
    expect(montarNfce(d).infNFe).toContain(
      '<card><tpIntegra>2</tpIntegra><CNPJ>01027058000191</CNPJ><tBand>01</tBand><cAut>A1B2C3</cAut></card>',
    );
    const integrado = vendaParaNfce(
      entrada({ venda: v, operadoras, empresa: empresa({ pagamentoIntegrado: true }) }),
    );
    expect(integrado.pagamentos.map((p) => p.cartao?.tpIntegra)).toEqual([1, 1, undefined]);
  });

  it('CNPJ válido do consumidor vira destinatário; pagamento 86 (convênio) vai como 99 com descrição', () => {
    const d = vendaParaNfce(
      entrada({
        venda: venda({
          cpfCnpj: '11.444.777/0001-61',
          pagamentos: [
            pagamento('38.00', {
              formaPagamento: { _id: id(0xf4), descricao: 'Convênio', tipo: 86, tipoTroco: 2 },
            }),
          ],
        }),
      }),
    );
    expect(d.destinatario).toEqual({ documento: '11444777000161' });
    expect(d.pagamentos).toEqual([{ tPag: '99', vPag: '38.00', xPag: 'Convênio' }]);
    expect(() => vendaParaNfce(entrada({ venda: venda({ cpfCnpj: '11444777000162' }) }))).toThrow(
      'CPF ou CNPJ Inválido, favor preencher corretamente',
    );
  });
});
