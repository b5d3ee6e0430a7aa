import { type DataIso, ehDataIso } from './calendario.ts';
import {
  type ColunaExtrato,
  chaveLinhaExtrato,
  type ErroExtrato,
  type ExtratoLido,
  type LinhaExtrato,
} from './extrato.ts';
import type { ProdutoCartao } from './recebiveis.ts';

// Cielo's positional "extrato eletrônico", version 14 (records 0 header, 1 RO, 2 CV, 9 trailer), files 03
// (vendas, with the payment forecast) and 04 (pagamentos). Positions are Cielo's own published tables
// (developercielo.github.io "EDI - Extrato Eletrônico", section "V14 - Tipos de Extrato Eletrônico"; see
// README.md and fixtures/SOURCES.md). Version 15 (records D/E) is refused with a clear message: its field
// positions are only in Cielo's PDF manual, not in a public text we could check, and a reader built on guessed
// positions would import wrong money silently.
//
// A CV (record 2) has no fee of its own: the fee is on its RO (record 1). Each CV gets the RO's fee in
// proportion to its value, the rounding remainder on the RO's last CV, so the lines of an RO add up to the RO.

const OPERADORA = 'Cielo';

/** Kinds of file read (header positions 48–49, Tabela I). */
const TIPOS_ARQUIVO: Record<string, string> = { '03': 'vendas (previsão)', '04': 'pagamentos' };

/** Other kinds, named in the refusal. */
const OUTROS_TIPOS: Record<string, string> = {
  '09': 'saldo em aberto',
  '10': 'antecipação Alelo',
  '12': 'vendas Alelo',
  '13': 'pagamentos Alelo',
  '14': 'saldo em aberto Alelo',
  '15': 'negociação de recebíveis',
  '16': 'transações Pix',
};

/** Header positions 71–73 ("Versão Layout"). The v14 table says "constante 013"; v14 files also carry 014. */
const VERSOES_LIDAS = new Set(['013', '014']);

/** Tabela VI - Bandeira. */
const BANDEIRAS: Record<string, string> = {
  '001': 'Visa',
  '002': 'Mastercard',
  '003': 'Amex',
  '006': 'Sorocred',
  '007': 'Elo',
  '009': 'Diners',
  '011': 'Agiplan',
  '015': 'Banescard',
  '023': 'Cabal',
  '029': 'Credsystem',
  '035': 'Esplanada',
  '040': 'Hipercard',
  '060': 'Jcb',
  '064': 'Credz',
  '072': 'Hiper',
  '075': 'Ourocard',
};

// Tabela IV - Código do Produto, only the codes that are not credit: everything else is credit (à vista, or
// parcelado when the CV has more than one instalment).
const PRODUTOS_NAO_CREDITO: Record<string, ProdutoCartao> = {
  ...Object.fromEntries(
    ['011', '041', '044', '060', '071', '094', '097', '162'].map((c) => [c, 'debito' as const]),
  ),
  ...Object.fromEntries(
    ['031', '032', '033', '035', '073', '107', '110', '111', '269', '270', '271', '282'].map((c) => [
      c,
      'prePago' as const,
    ]),
  ),
  ...Object.fromEntries(
    ['037', '045', '046', '058', '059', '065', '066', '069', '202', '203', '204', '206', '207'].map((c) => [
      c,
      'voucher' as const,
    ]),
  ),
};

/** Positions 1-based and inclusive, as in the manual's tables. */
const campo = (linha: string, inicio: number, fim: number) => linha.slice(inicio - 1, fim);

const faixa = (inicio: number, fim: number) =>
  `posições ${String(inicio).padStart(3, '0')}–${String(fim).padStart(3, '0')}`;

// Shortest record that still holds every field read: RO up to the product code (235), CV up to NSU/DOC (098),
// trailer up to the gross sum (059), header up to the layout version (073).
const TAMANHO_MINIMO: Record<string, number> = { '0': 73, '1': 235, '2': 98, '9': 59 };

interface Ro {
  linha: number;
  dataPagamento: DataIso;
  bandeira: string;
  codigoProduto: string;
  valorBruto: number;
  taxa: number;
}

interface Cv {
  linha: number;
  dataVenda: DataIso;
  valor: number;
  parcela: number;
  parcelas: number;
  autorizacao: string;
  nsu: string;
}

interface Leitura {
  erros: ErroExtrato[];
  linhas: LinhaExtrato[];
  jaVistas: Map<string, number>;
}

function erro(l: Leitura, linha: number, mensagem: string, coluna?: ColunaExtrato) {
  l.erros.push(coluna ? { linha, coluna, mensagem } : { linha, mensagem });
}

/** Sign ('+'/'-') and unsigned cents; undefined when not digits. */
function valorComSinal(sinal: string, digitos: string): number | undefined {
  if (!/^\d+$/.test(digitos) || (sinal !== '+' && sinal !== '-')) return undefined;
  const v = Number(digitos);
  return sinal === '-' && v !== 0 ? -v : v;
}

function dataAaaammdd(t: string): DataIso | undefined {
  const iso = `${t.slice(0, 4)}-${t.slice(4, 6)}-${t.slice(6, 8)}`;
  return /^\d{8}$/.test(t) && ehDataIso(iso) ? iso : undefined;
}

/** RO dates are AAMMDD: the century is always 20 for a settlement file. */
function dataAammdd(t: string): DataIso | undefined {
  return /^\d{6}$/.test(t) ? dataAaaammdd(`20${t}`) : undefined;
}

function lerRo(texto: string, linha: number, l: Leitura): Ro | undefined {
  const antes = l.erros.length;
  const bruta = campo(texto, 32, 37);
  const dataPagamento = dataAammdd(bruta);
  if (!dataPagamento)
    erro(
      l,
      linha,
      `data prevista de pagamento do RO inválida ("${bruta}", ${faixa(32, 37)}): use AAMMDD.`,
      'data_pagamento',
    );
  const valorBruto = valorComSinal(campo(texto, 44, 44), campo(texto, 45, 57));
  if (valorBruto === undefined)
    erro(
      l,
      linha,
      `valor bruto do RO inválido ("${campo(texto, 44, 57)}", ${faixa(44, 57)}).`,
      'valor_bruto',
    );
  const taxa = valorComSinal(campo(texto, 58, 58), campo(texto, 59, 71));
  if (taxa === undefined)
    erro(
      l,
      linha,
      `taxa administrativa do RO inválida ("${campo(texto, 58, 71)}", ${faixa(58, 71)}).`,
      'taxa',
    );
  if (l.erros.length > antes) return undefined;
  const codigoBandeira = campo(texto, 185, 187);
  return {
    linha,
    dataPagamento: dataPagamento!,
    bandeira: BANDEIRAS[codigoBandeira] ?? codigoBandeira.trim(),
    codigoProduto: campo(texto, 233, 235),
    valorBruto: valorBruto!,
    taxa: taxa!,
  };
}

function lerCv(texto: string, linha: number, l: Leitura): Cv | undefined {
  const antes = l.erros.length;
  const brutaData = campo(texto, 38, 45);
  const dataVenda = dataAaaammdd(brutaData);
  if (!dataVenda)
    erro(l, linha, `data da venda inválida ("${brutaData}", ${faixa(38, 45)}): use AAAAMMDD.`, 'data_venda');
  const valor = valorComSinal(campo(texto, 46, 46), campo(texto, 47, 59));
  if (valor === undefined)
    erro(
      l,
      linha,
      `valor da venda inválido ("${campo(texto, 46, 59)}", ${faixa(46, 59)}): sinal + ou - e 13 dígitos em centavos.`,
      'valor_bruto',
    );
  const p = campo(texto, 60, 61);
  const t = campo(texto, 62, 63);
  if (!/^\d{2}$/.test(p) || !/^\d{2}$/.test(t) || Number(p) > Number(t)) {
    erro(l, linha, `parcela inválida ("${p}" de "${t}", ${faixa(60, 63)}).`, 'parcela');
  }
  if (l.erros.length > antes) return undefined;
  // À vista comes as 00/00.
  const parcelas = Math.max(1, Number(t));
  return {
    linha,
    dataVenda: dataVenda!,
    valor: valor!,
    parcela: Math.max(1, Number(p)),
    parcelas,
    autorizacao: campo(texto, 67, 72).trim(),
    nsu: campo(texto, 93, 98).trim(),
  };
}

/** Turns the CVs of one RO into lines, sharing the RO's fee (remainder on the last CV). */
function fecharRo(ro: Ro | undefined, cvs: Cv[], l: Leitura) {
  if (!ro) return;
  const taxaTotal = Math.abs(ro.taxa);
  const brutoTotal = cvs.reduce((s, c) => s + Math.abs(c.valor), 0);
  let taxaDada = 0;
  cvs.forEach((cv, i) => {
    const ultima = i === cvs.length - 1;
    const parte =
      brutoTotal === 0
        ? 0
        : ultima
          ? taxaTotal - taxaDada
          : Math.round((taxaTotal * Math.abs(cv.valor)) / brutoTotal);
    taxaDada += parte;
    const taxa = cv.valor < 0 && parte !== 0 ? -parte : parte;
    const produtoBase = PRODUTOS_NAO_CREDITO[ro.codigoProduto];
    const produto: ProdutoCartao = produtoBase ?? (cv.parcelas > 1 ? 'creditoParcelado' : 'credito');
    const valorLiquido = cv.valor - taxa;
    const chave = chaveLinhaExtrato({
      operadora: OPERADORA,
      nsu: cv.nsu,
      autorizacao: cv.autorizacao,
      dataVenda: cv.dataVenda,
      parcela: cv.parcela,
      dataPagamento: ro.dataPagamento,
      valorLiquido,
    });
    const repetida = l.jaVistas.get(chave);
    if (repetida !== undefined) {
      erro(
        l,
        cv.linha,
        `Linha repetida: mesma venda, NSU, autorização, parcela, pagamento e valor da linha ${repetida}.`,
      );
      return;
    }
    l.jaVistas.set(chave, cv.linha);
    l.linhas.push({
      linha: cv.linha,
      dataPagamento: ro.dataPagamento,
      operadora: OPERADORA,
      bandeira: ro.bandeira,
      produto,
      dataVenda: cv.dataVenda,
      nsu: cv.nsu,
      autorizacao: cv.autorizacao,
      parcela: cv.parcela,
      parcelas: cv.parcelas,
      valorBruto: cv.valor,
      taxa,
      valorLiquido,
      chave,
    });
  });
}

/** Header checks; a pt-BR refusal when the file is not a v14 03/04 file of Cielo. */
function conferirHeader(texto: string): string | undefined {
  if (texto.length < TAMANHO_MINIMO['0']!)
    return `Header da Cielo com ${texto.length} posições; o layout tem 250.`;
  if (campo(texto, 43, 47).trim().toUpperCase() !== 'CIELO')
    return `Header sem a constante CIELO nas ${faixa(43, 47)} ("${campo(texto, 43, 47)}").`;
  const tipo = campo(texto, 48, 49);
  if (!TIPOS_ARQUIVO[tipo]) {
    const nome = OUTROS_TIPOS[tipo];
    return `Arquivo CIELO${tipo}${nome ? ` (${nome})` : ''} não é lido: importe o extrato de pagamentos (CIELO04) ou de vendas (CIELO03).`;
  }
  const versao = campo(texto, 71, 73);
  if (!VERSOES_LIDAS.has(versao)) return mensagemVersao(versao);
  return undefined;
}

function mensagemVersao(versao: string): string {
  return (
    `Extrato eletrônico da Cielo na versão "${versao.trim()}" (${faixa(71, 73)}): só a versão 14 (registros 0, 1, 2, 9) é lida. ` +
    'A versão 15 (registros D e E) ainda não é lida; exporte o extrato no nosso layout CSV.'
  );
}

/** Reads a Cielo "extrato eletrônico" v14 (CIELO03/CIELO04). Never throws. */
export function lerExtratoCielo(texto: string): ExtratoLido {
  const brutas = (texto.charCodeAt(0) === 0xfeff ? texto.slice(1) : texto).split(/\r?\n/);
  const l: Leitura = { erros: [], linhas: [], jaVistas: new Map() };
  const resultado = (): ExtratoLido => {
    let dataInicial: DataIso | null = null;
    let dataFinal: DataIso | null = null;
    for (const x of l.linhas) {
      if (dataInicial === null || x.dataPagamento < dataInicial) dataInicial = x.dataPagamento;
      if (dataFinal === null || x.dataPagamento > dataFinal) dataFinal = x.dataPagamento;
    }
    return { formato: 'cieloEletronico', linhas: l.linhas, erros: l.erros, dataInicial, dataFinal };
  };
  const iHeader = brutas.findIndex((b) => b.trim() !== '');
  if (iHeader < 0 || !brutas[iHeader]!.startsWith('0')) {
    erro(l, iHeader + 1 || 1, 'Arquivo da Cielo sem o header (registro 0) na primeira linha.');
    return resultado();
  }
  const recusa = conferirHeader(brutas[iHeader]!);
  if (recusa) {
    erro(l, iHeader + 1, recusa);
    return resultado();
  }

  let ro: Ro | undefined;
  let roInvalido = false;
  let cvs: Cv[] = [];
  let registros = 0;
  let quantidadeCvs = 0;
  let somaBrutoRos: number | undefined = 0;
  let trailer: { linha: number; texto: string } | undefined;

  for (let i = iHeader + 1; i < brutas.length; i++) {
    const texto = brutas[i]!;
    if (texto.trim() === '') continue;
    const numero = i + 1;
    if (trailer) {
      erro(l, numero, 'Registro depois do trailer (registro 9).');
      continue;
    }
    const tipo = texto[0]!;
    if (tipo === 'D' || tipo === 'E') {
      erro(l, numero, mensagemVersao('15'));
      return resultado();
    }
    const minimo = TAMANHO_MINIMO[tipo];
    if (minimo !== undefined && texto.length < minimo) {
      erro(l, numero, `Registro ${tipo} cortado: ${texto.length} posições, o layout tem 250.`);
      if (tipo === '1') {
        fecharRo(ro, cvs, l);
        somaBrutoRos = undefined;
        ro = undefined;
        roInvalido = true;
        cvs = [];
      }
      if (tipo !== '9') registros++;
      if (tipo === '2') quantidadeCvs++;
      continue;
    }
    if (tipo === '9') {
      trailer = { linha: numero, texto };
      continue;
    }
    registros++;
    if (tipo === '1') {
      fecharRo(ro, cvs, l);
      cvs = [];
      ro = lerRo(texto, numero, l);
      roInvalido = !ro;
      // The trailer's gross sum is checked while every RO's gross is readable (a bad date does not stop it).
      const bruto = valorComSinal(campo(texto, 44, 44), campo(texto, 45, 57));
      somaBrutoRos = somaBrutoRos === undefined || bruto === undefined ? undefined : somaBrutoRos + bruto;
    } else if (tipo === '2') {
      quantidadeCvs++;
      const cv = lerCv(texto, numero, l);
      if (!cv) continue;
      if (!ro) {
        if (!roInvalido) erro(l, numero, 'Registro 2 (CV) sem um registro 1 (RO) antes dele.');
        continue;
      }
      cvs.push(cv);
    }
    // Records 3, 5, 6, 7, 8, A, B, C (operations, Alelo, Pix, negotiations) carry no card sale to match.
  }
  fecharRo(ro, cvs, l);

  if (!trailer) {
    erro(l, brutas.length, 'Arquivo sem o trailer (registro 9): pode estar incompleto.');
    return resultado();
  }
  conferirTrailer(trailer, registros, quantidadeCvs, somaBrutoRos, l);
  return resultado();
}

function conferirTrailer(
  trailer: { linha: number; texto: string },
  registros: number,
  quantidadeCvs: number,
  somaBrutoRos: number | undefined,
  l: Leitura,
) {
  const { linha, texto } = trailer;
  const total = campo(texto, 2, 12);
  if (!/^\d{11}$/.test(total) || Number(total) !== registros)
    erro(
      l,
      linha,
      `Trailer informa ${Number(total) || `"${total}"`} registros (${faixa(2, 12)}), o arquivo tem ${registros}: pode estar incompleto.`,
    );
  const cvs = campo(texto, 31, 41);
  if (!/^\d{11}$/.test(cvs) || Number(cvs) !== quantidadeCvs)
    erro(
      l,
      linha,
      `Trailer informa ${Number(cvs) || `"${cvs}"`} CVs (${faixa(31, 41)}), o arquivo tem ${quantidadeCvs}.`,
    );
  const bruto = valorComSinal(campo(texto, 42, 42), campo(texto, 43, 59));
  if (somaBrutoRos !== undefined && bruto !== somaBrutoRos) {
    const reais = (c: number) => (c / 100).toFixed(2).replace('.', ',');
    erro(
      l,
      linha,
      `Trailer informa valor bruto dos ROs ${bruto === undefined ? `"${campo(texto, 42, 59)}"` : reais(bruto)} (${faixa(42, 59)}), a soma dos ROs é ${reais(somaBrutoRos)}.`,
      'valor_bruto',
    );
  }
}
