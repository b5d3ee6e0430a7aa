// Pure mapping of an ended sale (domain `Venda`) + store fiscal setup + products' tax configuration to the
// NFC-e builder input (`DadosNfce`). No I/O, no clock: the issue instant and the number are passed in.
import {
  cnpjValido,
  cpfValido,
  formatarMoeda,
  MENSAGENS_NCM,
  TIPO_VENDA,
  type Venda,
  type VendaItem,
} from '@retaguarda/domain';
import {
  type Crt,
  type Csosn,
  type CstIcms,
  type DadosNfce,
  type Decimal,
  type IbsCbsItem,
  type IcmsItem,
  type IcmsStItem,
  type ImpostoItem,
  type ItemNfce,
  MENSAGEM_DOCUMENTO_INVALIDO,
  moeda,
  montarNfce,
  ncmExiste,
  type PagamentoNfce,
  pagamentoDoTipo,
  paraEscala,
  type TipoAmbiente,
  type Uf,
  VIGENCIA_NCM,
} from '@retaguarda/fiscal';
import { ErroNegocio } from '../../lib/envelope.ts';

// Spec 5 (fiscal note issuing): these texts are contracts.
export const MENSAGENS_NFCE = {
  documentoInvalido: MENSAGEM_DOCUMENTO_INVALIDO,
  taxaEntrega: 'Produto Taxa de Entrega não encontrado ou não configurado corretamente!',
  /** designed: the spec names the rule ("a table sale with seat receiving needs a seat selected"), not the text. */
  posicaoObrigatoria: 'Venda de mesa com recebimento por posição: selecione a posição para emitir a NFC-e!',
  /** designed: spec 5 says the message names the product. */
  semImposto: (produto: string, uf: string) =>
    `Produto ${produto} sem configuração de imposto para o estado ${uf}, a nota não foi emitida!`,
  semItens: 'Venda sem itens para emitir a NFC-e!',
  /** designed (issue 15 point 7): a product without NCM, or with one the official table lacks (rejeição 778). */
  semNcm: (produto: string) =>
    `Produto ${produto} sem NCM: informe o NCM de 8 dígitos no cadastro do produto, a nota não foi emitida!`,
  ncmInexistente: (produto: string, ncm: string) =>
    `Produto ${produto}: ${MENSAGENS_NCM.inexistente(ncm, VIGENCIA_NCM)} A nota não foi emitida!`,
  produtoNaoEncontrado: (produto: string) => `Produto ${produto} não encontrado no cadastro!`,
  /** designed (decision 0009): ICMS-ST retained on top of what a consumer paid. */
  icmsStSobreVenda: (p: {
    produto: string;
    codigo: string;
    vST: string;
    vNF: string;
    cobrado: string;
    uf: string;
    simples: boolean;
  }) =>
    `Produto ${p.produto}: o ICMS-ST (${p.codigo}) somaria ${formatarMoeda(p.vST)} ao total da nota ` +
    `(${formatarMoeda(p.vNF)}), mas o cliente pagou ${formatarMoeda(p.cobrado)}. Em venda ao consumidor final não há ` +
    `retenção de ICMS-ST: no cadastro do produto, estado ${p.uf}, use ${p.simples ? 'CSOSN 500' : 'CST 60'} ` +
    '(ICMS cobrado anteriormente por substituição tributária).',
} as const;

/** Product data the note needs (produto_geral row). */
export interface ProdutoFiscal {
  _id: string;
  codigoInterno: number | string | null;
  descricao: string;
  gtin: string | null;
  ncm: string | null;
  unidade: string | null;
  tipoProduto: string | null;
  /** Per state: `{ estados: { PR: {...} } }`, `[{ uf: 'PR', ... }]`, or one flat block for every state. */
  configuracaoImposto: unknown;
  /** 'Olho no imposto' (IBPT) rates in %: { nacional, importado, estadual, municipal }. */
  impostoFederal: unknown;
}

/** The store data the mapping reads (EmpresaFiscal of fiscal.service.ts satisfies it). */
export interface EmpresaNfce {
  descricao: string;
  nomeFantasia: string | null;
  razaoSocial: string | null;
  cnpj: string | null;
  endereco: Record<string, unknown>;
  uf: Uf | null;
  CRT: Crt;
  tpAmb: TipoAmbiente;
  serie: number;
  ie: string | null;
  im: string | null;
  cnae: string | null;
  codigoMunicipio: string | null;
  telefone: string | null;
  cscId: string | null;
  cscToken: string | null;
  responsavelTecnico: { CNPJ: string; xContato: string; email: string; fone: string } | null;
  ibsCbs: {
    habilitado: boolean;
    CST?: string;
    cClassTrib?: string;
    pIBSUF?: string;
    pIBSMun?: string;
    pCBS?: string;
  } | null;
  versaoQrCode: 2 | 3 | null;
  limiteSemIdentificacao: string | null;
  /** Card payments through TEF / an integrated POS: card group tpIntegra 1 (default 2, a stand-alone POS). */
  pagamentoIntegrado?: boolean;
}

export interface EntradaVendaNfce {
  venda: Venda;
  empresa: EmpresaNfce;
  produtos: ReadonlyMap<string, ProdutoFiscal>;
  /** The store's product of type 'Taxa Entrega', when the sale has a delivery fee. */
  produtoTaxaEntrega: ProdutoFiscal | null;
  /** Seat to invoice (table sale received per seat). */
  posicao?: number | null | undefined;
  /** The acquirers of the sale's card payments (operadora registry): their CNPJ goes in the card group. */
  operadoras?: ReadonlyMap<string, { cnpj: string | null }>;
  nNF: number;
  dhEmi: string | Date;
  tpEmis: 1 | 9;
  contingencia?: { dhCont: string | Date; xJust: string } | undefined;
}

type Registro = Record<string, unknown>;
const reg = (v: unknown): Registro =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Registro) : {};
const texto = (v: unknown): string | undefined =>
  typeof v === 'string' && v.trim() !== '' ? v.trim() : typeof v === 'number' ? String(v) : undefined;
const decimal = (v: unknown): Decimal | undefined =>
  typeof v === 'string' && v.trim() !== '' ? v.trim() : typeof v === 'number' ? v : undefined;
const ORIGENS = [0, 1, 2, 3, 4, 5, 6, 7, 8] as const;
const CSTS: readonly string[] = ['00', '10', '20', '30', '40', '41', '50', '60', '70', '90'];

/** ICMS-ST of the product's state block: modBCST, pMVAST, pRedBCST, pICMSST, vUnitBCST (pauta), pFCPST. */
function icmsSt(c: Registro): IcmsStItem | undefined {
  const mod = Number(c.modBCST);
  const pICMSST = decimal(c.pICMSST);
  if (c.modBCST === undefined || c.modBCST === null || pICMSST === undefined) return undefined;
  const st: IcmsStItem = { modBCST: (Number.isInteger(mod) ? mod : -1) as IcmsStItem['modBCST'], pICMSST };
  for (const k of ['pMVAST', 'pRedBCST', 'vUnitBCST', 'pFCPST'] as const) {
    const v = decimal(c[k]);
    if (v !== undefined) st[k] = v;
  }
  return st;
}
const CSOSNS: readonly string[] = ['101', '102', '103', '201', '202', '203', '300', '400', '500', '900'];

/** The product's tax block for the store's state (spec 5: "each item needs state tax configuration"). */
export function configuracaoDoEstado(cfg: unknown, uf: string): Registro | null {
  if (Array.isArray(cfg)) {
    const lista = cfg.map(reg);
    return lista.find((c) => c.uf === uf) ?? lista.find((c) => c.uf === undefined && c.CFOP) ?? null;
  }
  const c = reg(cfg);
  const porEstado = reg(c.estados ?? c.porUf);
  if (Object.keys(porEstado).length > 0) {
    const doEstado = porEstado[uf];
    return doEstado ? reg(doEstado) : null;
  }
  return texto(c.CFOP) ? c : null;
}

function impostoDoItem(
  produto: ProdutoFiscal,
  empresa: EmpresaNfce,
  uf: string,
  base: bigint,
): { imposto: ImpostoItem; CFOP: string; CEST?: string } {
  const c = configuracaoDoEstado(produto.configuracaoImposto, uf);
  const CFOP = texto(c?.CFOP);
  const cst = texto(c?.CST ?? reg(c?.ICMS).CST);
  const csosn = texto(c?.CSOSN ?? reg(c?.ICMS).CSOSN);
  // Spec 5: regime 3 uses CST, other regimes CSOSN; the wrong one counts as missing configuration.
  const temIcms = empresa.CRT === 3 ? !!cst && CSTS.includes(cst) : !!csosn && CSOSNS.includes(csosn);
  if (!c || !CFOP || !temIcms) throw new ErroNegocio(MENSAGENS_NFCE.semImposto(produto.descricao, uf));
  const st = icmsSt(c);
  const icms: IcmsItem =
    empresa.CRT === 3
      ? {
          CST: cst as CstIcms,
          ...(decimal(c.pICMS) === undefined ? {} : { pICMS: decimal(c.pICMS) as Decimal }),
          ...(decimal(c.pRedBC) === undefined ? {} : { pRedBC: decimal(c.pRedBC) as Decimal }),
          ...(st ? { st } : {}),
        }
      : {
          CSOSN: csosn as Csosn,
          ...(decimal(c.pCredSN) === undefined ? {} : { pCredSN: decimal(c.pCredSN) as Decimal }),
          ...(decimal(c.pICMS) === undefined ? {} : { pICMS: decimal(c.pICMS) as Decimal }),
          ...(st ? { st } : {}),
        };
  const pis = reg(c.PIS);
  const cofins = reg(c.COFINS);
  const origemN = Number(c.origem ?? 0);
  const origem = ORIGENS.find((o) => o === origemN) ?? 0;
  const imposto: ImpostoItem = {
    origem,
    icms,
    pis: {
      CST: texto(pis.CST) ?? '49',
      ...(decimal(pis.aliquota) === undefined ? {} : { aliquota: decimal(pis.aliquota) as Decimal }),
    },
    cofins: {
      CST: texto(cofins.CST) ?? '49',
      ...(decimal(cofins.aliquota) === undefined ? {} : { aliquota: decimal(cofins.aliquota) as Decimal }),
    },
  };
  const vTotTrib = olhoNoImposto(produto.impostoFederal, origem, base);
  if (vTotTrib > 0n) imposto.vTotTrib = moeda(vTotTrib);
  // IBS/CBS only when the store's settings ask (NT 2025.002); the product may override CST/cClassTrib/rates.
  if (empresa.ibsCbs?.habilitado) {
    const p = reg(c.IBSCBS);
    const padrao = empresa.ibsCbs;
    const cfg: IbsCbsItem = {
      CST: texto(p.CST) ?? padrao.CST ?? '000',
      cClassTrib: texto(p.cClassTrib) ?? padrao.cClassTrib ?? '000001',
    };
    for (const k of ['pIBSUF', 'pIBSMun', 'pCBS'] as const) {
      const v = decimal(p[k]) ?? padrao[k];
      if (v !== undefined) cfg[k] = v;
    }
    imposto.ibsCbs = cfg;
  }
  const CEST = texto(c.CEST);
  return { imposto, CFOP, ...(CEST ? { CEST } : {}) };
}

/** Lei 12.741/2012 approximate taxes: base x (federal rate by origin + state + municipal) / 100. */
function olhoNoImposto(cfg: unknown, origem: number, base: bigint): bigint {
  const c = reg(cfg);
  const importado = origem === 1 || origem === 2 || origem === 3 || origem === 8;
  const federal = decimal(importado ? (c.importado ?? c.nacional) : c.nacional) ?? 0;
  let soma = 0n;
  for (const v of [federal, decimal(c.estadual) ?? 0, decimal(c.municipal) ?? 0]) soma += paraEscala(v, 4);
  // base (cents) x rate (4 decimals, percent) -> cents, half up.
  return (base * soma + 500_000n) / 1_000_000n;
}

const centavos = (v: Decimal): bigint => paraEscala(v, 2);
/** value x part / whole, half up (all scaled bigints). */
const proporcao = (valor: bigint, parte: bigint, todo: bigint): bigint =>
  todo === 0n ? 0n : (valor * parte * 2n + todo) / (todo * 2n);

/** Seat receiving: a table sale whose payments were taken per seat (payment.posicao). */
export function recebimentoPorPosicao(venda: Venda): boolean {
  return venda.tipoVenda.id === TIPO_VENDA.mesa && venda.pagamentos.some((p) => !p.lixo && p.posicao != null);
}

interface Linha {
  item: VendaItem;
  qCom: string;
  vProd: bigint;
  vDesc: bigint;
  vOutro: bigint;
}

function linhasDaVenda(venda: Venda, posicao: number | null): Linha[] {
  const linhas: Linha[] = [];
  for (const item of venda.produtos) {
    if (item.cancelado) continue;
    const vProd = centavos(item.valorBruto);
    const vDesc = centavos(item.desconto);
    const vOutro = centavos(item.acrescimo);
    if (posicao === null) {
      linhas.push({ item, qCom: item.quantidade, vProd, vDesc, vOutro });
      continue;
    }
    const p = item.posicao.find((x) => x.numero === posicao);
    if (!p) continue;
    const parte = paraEscala(p.quantidade, 4);
    const todo = paraEscala(item.quantidade, 4);
    linhas.push({
      item,
      qCom: p.quantidade,
      vProd: proporcao(vProd, parte, todo),
      vDesc: proporcao(vDesc, parte, todo),
      vOutro: proporcao(vOutro, parte, todo),
    });
  }
  return linhas;
}

/** Recipient (spec 5): 11 digits CPF, 14 CNPJ, each with valid check digits. */
export function destinatarioDaVenda(venda: Venda): DadosNfce['destinatario'] {
  const bruto = venda.cpfCnpj?.trim();
  if (!bruto) return null;
  const doc = bruto.replace(/[.\-/\s]/g, '').toUpperCase();
  const ok = (doc.length === 11 && cpfValido(doc)) || (doc.length === 14 && cnpjValido(doc));
  if (!ok) throw new ErroNegocio(MENSAGENS_NFCE.documentoInvalido);
  const nome = venda.cliente && !venda.cliente.clientePadrao ? venda.cliente.nome : undefined;
  return { documento: doc, ...(nome ? { xNome: nome } : {}) };
}

/** The product's NCM, refused before a number when missing or not in the official table (SEFAZ 778). */
function ncmDoProduto(produto: ProdutoFiscal): string {
  const ncm = produto.ncm?.trim();
  if (!ncm) throw new ErroNegocio(MENSAGENS_NFCE.semNcm(produto.descricao));
  if (!ncmExiste(ncm)) throw new ErroNegocio(MENSAGENS_NFCE.ncmInexistente(produto.descricao, ncm));
  return ncm;
}

export function vendaParaNfce(e: EntradaVendaNfce): DadosNfce {
  const { venda, empresa } = e;
  const uf = empresa.uf;
  if (!uf) throw new ErroNegocio('UF da empresa não informada.');
  let posicao: number | null = null;
  if (recebimentoPorPosicao(venda)) {
    if (!e.posicao) throw new ErroNegocio(MENSAGENS_NFCE.posicaoObrigatoria);
    posicao = e.posicao;
  }
  const destinatario = destinatarioDaVenda(venda);
  const itens: ItemNfce[] = [];
  for (const l of linhasDaVenda(venda, posicao)) {
    const produto = e.produtos.get(l.item.produto._id);
    if (!produto) throw new ErroNegocio(MENSAGENS_NFCE.produtoNaoEncontrado(l.item.produto.descricao));
    const base = l.vProd - l.vDesc + l.vOutro;
    const NCM = ncmDoProduto(produto);
    const { imposto, CFOP, CEST } = impostoDoItem(produto, empresa, uf, base);
    itens.push({
      cProd: String(produto.codigoInterno ?? produto._id),
      ...(produto.gtin ? { cEAN: produto.gtin } : {}),
      xProd: l.item.produto.descricao || produto.descricao,
      NCM,
      ...(CEST ? { CEST } : {}),
      CFOP,
      uCom: produto.unidade ?? 'UN',
      qCom: l.qCom,
      vUnCom: l.item.precoVenda,
      vProd: moeda(l.vProd),
      ...(l.vDesc > 0n ? { vDesc: moeda(l.vDesc) } : {}),
      ...(l.vOutro > 0n ? { vOutro: moeda(l.vOutro) } : {}),
      imposto,
      ...(l.item.obs ? { infAdProd: l.item.obs } : {}),
    });
  }
  // Delivery fee: a line of the store's 'Taxa Entrega' product (not on a per-seat note).
  const taxa = posicao === null ? centavos(venda.taxaEntrega) : 0n;
  if (taxa > 0n) {
    const p = e.produtoTaxaEntrega;
    if (!p || !configuracaoDoEstado(p.configuracaoImposto, uf))
      throw new ErroNegocio(MENSAGENS_NFCE.taxaEntrega);
    const NCM = ncmDoProduto(p);
    const { imposto, CFOP } = impostoDoItem(p, empresa, uf, taxa);
    itens.push({
      cProd: String(p.codigoInterno ?? p._id),
      xProd: p.descricao,
      NCM,
      CFOP,
      uCom: p.unidade ?? 'UN',
      qCom: '1',
      vUnCom: moeda(taxa),
      vProd: moeda(taxa),
      imposto,
    });
  }
  if (itens.length === 0) throw new ErroNegocio(MENSAGENS_NFCE.semItens);

  const pagas = venda.pagamentos.filter((p) => !p.lixo && (posicao === null || p.posicao === posicao));
  // Decision 0009: vPag is what the customer handed over and vTroco the change the cashier gave; the builder
  // checks sum(vPag) - vTroco = vNF (rejeição 767) instead of inventing the change.
  const troco = pagas.reduce((s, p) => s + centavos(p.valorTroco), 0n);
  const pagamentos: PagamentoNfce[] = pagas.map((p) => {
    const pag = pagamentoDoTipo(
      p.formaPagamento.tipo,
      p.valorPago,
      p.formaPagamento.descricao ? { xPag: p.formaPagamento.descricao } : {},
    );
    // Card group of a credit or debit card (MOC 4.00, grupo YA04): the payment's brand and authorisation as the
    // cashier typed them and the acquirer's CNPJ from its registry; what is missing is left out.
    if (pag.tPag === '03' || pag.tPag === '04') {
      // The layout's CNPJ here is numeric (TCnpj of PL_010b): an alphanumeric one is left out.
      const cnpj = (p.operadora ? (e.operadoras?.get(p.operadora._id)?.cnpj ?? '') : '').replace(
        /[.\-/\s]/g,
        '',
      );
      pag.cartao = {
        tpIntegra: empresa.pagamentoIntegrado ? 1 : 2,
        ...(/^\d{14}$/.test(cnpj) && cnpjValido(cnpj) ? { CNPJ: cnpj } : {}),
        ...(p.bandeira ? { tBand: p.bandeira } : {}),
        ...(p.autorizacao?.trim() ? { cAut: p.autorizacao.trim() } : {}),
      };
    }
    return pag;
  });
  // A sale with nothing to pay (courtesy) is "90 sem pagamento" (NT 2016.002).
  if (pagamentos.length === 0) pagamentos.push({ tPag: '90', vPag: '0.00' });
  for (const p of pagamentos) if (p.tPag !== '99') delete p.xPag;

  const totalTrib = itens.reduce((s, i) => s + paraEscala(i.imposto?.vTotTrib ?? '0', 2), 0n);
  const end = empresa.endereco;
  const cscToken = empresa.cscToken;
  if (!empresa.cscId || !cscToken)
    throw new ErroNegocio('CSC (id e token) da empresa não informado na configuração fiscal.');
  if (!empresa.ie)
    throw new ErroNegocio('Inscrição estadual da empresa não informada na configuração fiscal.');
  if (!empresa.codigoMunicipio)
    throw new ErroNegocio('Código IBGE do município da empresa não informado na configuração fiscal.');
  if (!empresa.cnpj) throw new ErroNegocio('CNPJ da empresa não informado.');
  const dados: DadosNfce = {
    emitente: {
      CNPJ: empresa.cnpj.replace(/[^0-9A-Za-z]/g, '').toUpperCase(),
      xNome: empresa.razaoSocial ?? empresa.descricao,
      ...(empresa.nomeFantasia ? { xFant: empresa.nomeFantasia } : {}),
      IE: empresa.ie,
      ...(empresa.im ? { IM: empresa.im } : {}),
      ...(empresa.im && empresa.cnae ? { CNAE: empresa.cnae } : {}),
      CRT: empresa.CRT,
      endereco: {
        xLgr: texto(end.logradouro) ?? 'SEM LOGRADOURO',
        nro: texto(end.numero) ?? 'SN',
        ...(texto(end.complemento) ? { xCpl: texto(end.complemento) as string } : {}),
        xBairro: texto(end.bairro) ?? 'CENTRO',
        cMun: empresa.codigoMunicipio,
        xMun: texto(end.cidade) ?? '',
        uf,
        CEP: texto(end.cep) ?? '',
        ...(empresa.telefone ? { fone: empresa.telefone } : {}),
      },
    },
    destinatario,
    itens,
    pagamentos,
    ...(pagamentos[0]?.tPag === '90' ? {} : { troco: moeda(troco) }),
    tpAmb: empresa.tpAmb,
    serie: empresa.serie,
    nNF: e.nNF,
    dhEmi: e.dhEmi,
    tpEmis: e.tpEmis,
    csc: { id: empresa.cscId, token: cscToken },
    ...(e.tpEmis === 9 && e.contingencia ? { contingencia: e.contingencia } : {}),
    ...(empresa.responsavelTecnico ? { responsavelTecnico: empresa.responsavelTecnico } : {}),
    ...(empresa.versaoQrCode ? { versaoQrCode: empresa.versaoQrCode } : {}),
    ...(empresa.limiteSemIdentificacao ? { limiteSemIdentificacao: empresa.limiteSemIdentificacao } : {}),
    ...(totalTrib > 0n
      ? {
          infCpl: `Tributos totais incidentes (Lei Federal 12.741/2012): R$ ${moeda(totalTrib).replace('.', ',')} - Fonte: IBPT`,
        }
      : {}),
  };
  recusarIcmsStSobreVenda(dados);
  return dados;
}

/**
 * Decision 0009: no ICMS-ST on top of a consumer sale (the menu price is final). Builds the note once without its
 * payments and refuses, naming the product and the fix, when an item's vICMSST would raise vNF above what the
 * customer was charged. Other refusals are left to the real build.
 */
export function recusarIcmsStSobreVenda(dados: DadosNfce): void {
  const { troco: _troco, ...semTroco } = dados;
  let xml: string;
  let totais: { vNF: string; vST?: string; vFCPST?: string };
  try {
    const n = montarNfce({
      ...semTroco,
      pagamentos: [{ tPag: '90', vPag: '0.00' }],
      limiteSemIdentificacao: '999999999.99',
    });
    xml = n.infNFe;
    totais = n.totais;
  } catch {
    return;
  }
  const acrescimo = centavos(totais.vST ?? '0') + centavos(totais.vFCPST ?? '0');
  if (acrescimo <= 0n) return;
  for (const m of xml.matchAll(/<det nItem="(\d+)">(.*?)<\/det>/g)) {
    const vItem = /<vICMSST>([\d.]+)<\/vICMSST>/.exec(m[2] ?? '')?.[1];
    if (!vItem || centavos(vItem) <= 0n) continue;
    const item = dados.itens[Number(m[1]) - 1];
    const cst = /<(CST|CSOSN)>(\d+)<\/(?:CST|CSOSN)>/.exec(m[2] ?? '');
    throw new ErroNegocio(
      MENSAGENS_NFCE.icmsStSobreVenda({
        produto: item?.xProd ?? `item ${m[1]}`,
        codigo: cst ? `${cst[1]} ${cst[2]}` : 'ICMS-ST',
        vST: moeda(acrescimo),
        vNF: totais.vNF,
        cobrado: moeda(centavos(totais.vNF) - acrescimo),
        uf: dados.emitente.endereco.uf,
        simples: dados.emitente.CRT !== 3,
      }),
    );
  }
}

// ---- enviaNFCE with dadosNfe: the note always comes from the stored sale -----------------------------------

/** designed: the refusal of a client copy of the sale that differs from the recorded one. */
export const mensagemVendaDivergente = (diferencas: string[]) =>
  `A venda enviada difere da venda registrada (${diferencas.join('; ')}): a NFC-e é emitida somente com os dados ` +
  'registrados no servidor. Atualize a venda e tente novamente.';

const obj = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
const escalar = (v: unknown, escala: number): bigint | null => {
  if (typeof v !== 'string' && typeof v !== 'number') return null;
  try {
    return paraEscala(v, escala);
  } catch {
    return null;
  }
};
const idRef = (v: unknown): string => (typeof v === 'string' ? v : String(obj(v)._id ?? ''));
const soDocumento = (v: unknown): string =>
  typeof v === 'string' ? v.replace(/[^0-9A-Za-z]/g, '').toUpperCase() : '';

/** Active lines as "product x quantity" keys, sorted (the order of lines is not a difference). */
function chavesItens(itens: unknown[]): string[] {
  return itens
    .map(obj)
    .filter((i) => i.cancelado !== true)
    .map((i) => `${idRef(i.produto)}x${escalar(i.quantidade ?? '1', 4) ?? 'invalida'}`)
    .sort();
}

/**
 * What differs between a client's copy of a sale (enviaNFCE `dadosNfe`) and the stored sale: total, active
 * items (product and quantity) and the consumer document. Only the fields the client sent are compared.
 */
export function diferencasDaVendaEnviada(enviada: unknown, registrada: Venda): string[] {
  const e = obj(enviada);
  const d: string[] = [];
  if (e.total !== undefined) {
    const t = escalar(e.total, 2);
    if (t === null || t !== paraEscala(registrada.total, 2)) {
      d.push(
        `total ${t === null ? String(e.total) : formatarMoeda(moeda(t))} enviado, ${formatarMoeda(registrada.total)} registrado`,
      );
    }
  }
  if (Array.isArray(e.produtos)) {
    const a = chavesItens(e.produtos);
    const b = chavesItens(registrada.produtos);
    if (a.length !== b.length || a.some((k, i) => k !== b[i])) d.push('itens diferentes');
  }
  if (typeof e.cpfCnpj === 'string' && soDocumento(e.cpfCnpj) !== soDocumento(registrada.cpfCnpj ?? '')) {
    d.push('CPF/CNPJ do consumidor diferente');
  }
  return d;
}
