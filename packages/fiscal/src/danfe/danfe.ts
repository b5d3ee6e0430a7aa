// DANFE NFC-e (Manual de Especificações Técnicas do DANFE NFC-e e QR Code): receipt of 48 columns
// (condensed 64) as a list of lines, rendered to ESC/POS bytes or to HTML.
import QRCode from 'qrcode';
import { type Decimal, formatar, moeda, paraEscala, reduzir } from '../decimal.ts';
import { type Alinhamento, ComandosEscPos } from '../escpos/comandos.ts';
import type { PaginaCodigo } from '../escpos/paginas-codigo.ts';
import type { NfceAssinada } from '../nfce/assinar.ts';
import { limparTexto } from '../texto.ts';

export type LinhaDanfe =
  | { tipo: 'texto'; texto: string; negrito?: boolean; alinhamento?: Alinhamento; expandido?: boolean }
  | { tipo: 'separador' }
  | { tipo: 'qrCode'; dados: string };

export interface EntradaDanfe {
  nota: NfceAssinada;
  /**
   * Authorisation protocol when authorised; absent for a contingency note not yet sent. `verAplic` is the
   * authoriser's application: the local simulator's ('SIMULADOR-...') is printed as such.
   */
  protocolo?: { nProt: string; dhRecbto: string; verAplic?: string | undefined };
  /** 48 (normal) or 64 (condensed font). */
  colunas?: 48 | 64;
}

// Fiscal payment means (spec 3.2; 16-19 from NT 2020.006 / 2023.004).
const MEIOS_PAGAMENTO: Record<string, string> = {
  '01': 'Dinheiro',
  '02': 'Cheque',
  '03': 'Cartão de Crédito',
  '04': 'Cartão de Débito',
  '05': 'Crédito Loja',
  '10': 'Vale Alimentação',
  '11': 'Vale Refeição',
  '12': 'Vale Presente',
  '13': 'Vale Combustível',
  '14': 'Duplicata Mercantil',
  '15': 'Boleto Bancário',
  '16': 'Depósito Bancário',
  '17': 'PIX',
  '18': 'Transferência bancária',
  '19': 'Programa de fidelidade',
  '90': 'Sem pagamento',
  '99': 'Outros',
};

const brl = (v: bigint): string => moeda(v).replace('.', ',');
const num = (v: Decimal, casas: number): bigint => paraEscala(v, casas);

/** "dd/mm/aaaa hh:mm:ss" of a TDateTimeUTC text (kept in its own offset). */
function dataHora(dh: string): string {
  return `${dh.slice(8, 10)}/${dh.slice(5, 7)}/${dh.slice(0, 4)} ${dh.slice(11, 19)}`;
}

function colunasLR(esq: string, dir: string, largura: number): string {
  const espaco = largura - dir.length;
  const e = esq.length > espaco - 1 ? esq.slice(0, Math.max(0, espaco - 1)) : esq;
  return e + ' '.repeat(Math.max(1, largura - e.length - dir.length)) + dir;
}

function quebrar(texto: string, largura: number): string[] {
  const r: string[] = [];
  let atual = '';
  for (const palavra of texto.split(' ')) {
    if (palavra.length > largura) {
      if (atual) r.push(atual);
      for (let i = 0; i < palavra.length; i += largura) r.push(palavra.slice(i, i + largura));
      atual = '';
      continue;
    }
    if (!atual) atual = palavra;
    else if (atual.length + 1 + palavra.length <= largura) atual += ` ${palavra}`;
    else {
      r.push(atual);
      atual = palavra;
    }
  }
  if (atual) r.push(atual);
  return r;
}

const txt = (
  texto: string,
  extra: Omit<Extract<LinhaDanfe, { tipo: 'texto' }>, 'tipo' | 'texto'> = {},
): LinhaDanfe => ({
  tipo: 'texto',
  texto,
  ...extra,
});

/** verAplic of the local SEFAZ simulator's answers. */
export const VER_APLIC_SIMULADOR = 'SIMULADOR';
export const AVISO_SIMULADOR = 'AUTORIZADA PELO SIMULADOR LOCAL DA SEFAZ - SEM VALOR FISCAL';

/** True when an answer (its verAplic) came from the local simulator, not from a SEFAZ. */
export function autorizadaPeloSimulador(verAplic: string | undefined | null): boolean {
  return !!verAplic?.startsWith(VER_APLIC_SIMULADOR);
}

/** Lines of the DANFE NFC-e, in the division order of the manual (I to IX). */
export function montarDanfeNfce(e: EntradaDanfe): LinhaDanfe[] {
  const L = e.colunas ?? 48;
  const n = e.nota;
  const d = n.dados;
  const emit = d.emitente;
  const end = emit.endereco;
  const linhas: LinhaDanfe[] = [];
  const centro = (t: string, negrito = false) => {
    for (const p of quebrar(t, L)) linhas.push(txt(p, { alinhamento: 'centro', negrito }));
  };

  // I - issuer
  centro(limparTexto(emit.xFant ?? emit.xNome), true);
  centro(limparTexto(emit.xNome));
  centro(`CNPJ: ${emit.CNPJ} IE: ${emit.IE}`);
  centro(`${end.xLgr}, ${end.nro}${end.xCpl ? ` ${end.xCpl}` : ''} - ${end.xBairro} - ${end.xMun}/${end.uf}`);
  linhas.push({ tipo: 'separador' });
  centro('Documento Auxiliar da Nota Fiscal de Consumidor Eletrônica', true);
  linhas.push({ tipo: 'separador' });

  // II - items
  linhas.push(txt(colunasLR('Código Descrição', 'Qtde UN x Vl.Unit = Vl.Total', L)));
  let qtdItens = 0;
  for (const [i, it] of d.itens.entries()) {
    qtdItens++;
    const q = num(it.qCom, 4);
    const vUn = num(it.vUnCom, 10);
    const vProd = it.vProd === undefined ? reduzir(q * vUn, 12) : num(it.vProd, 2);
    const descricao =
      i === 0 && d.tpAmb === 2
        ? 'NOTA FISCAL EMITIDA EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL'
        : it.xProd;
    for (const p of quebrar(`${String(i + 1).padStart(3, '0')} ${it.cProd} ${limparTexto(descricao)}`, L))
      linhas.push(txt(p));
    const qtd = formatar(q, 4, 0).replace('.', ',');
    const unit = formatar(vUn, 10, 2).replace('.', ',');
    linhas.push(txt(`${qtd} ${it.uCom} x ${unit} = ${brl(vProd)}`, { alinhamento: 'direita' }));
  }
  linhas.push({ tipo: 'separador' });

  // III - totals and payments
  const t = n.totais;
  linhas.push(txt(colunasLR('Qtde. total de itens', String(qtdItens), L)));
  linhas.push(txt(colunasLR('Valor total R$', brl(num(t.vProd, 2)), L)));
  if (t.vDesc !== '0.00') linhas.push(txt(colunasLR('Desconto R$', brl(num(t.vDesc, 2)), L)));
  if (t.vOutro !== '0.00') linhas.push(txt(colunasLR('Acréscimo R$', brl(num(t.vOutro, 2)), L)));
  linhas.push(txt(colunasLR('Valor a Pagar R$', brl(num(t.vNF, 2)), L), { negrito: true }));
  linhas.push(txt(colunasLR('FORMA PAGAMENTO', 'VALOR PAGO R$', L)));
  for (const p of d.pagamentos) {
    const nome = p.xPag ?? MEIOS_PAGAMENTO[p.tPag.padStart(2, '0')] ?? 'Outros';
    linhas.push(txt(colunasLR(nome, brl(num(p.vPag, 2)), L)));
  }
  if (t.vTroco !== '0.00') linhas.push(txt(colunasLR('Troco R$', brl(num(t.vTroco, 2)), L)));
  linhas.push({ tipo: 'separador' });

  // IV - taxes ("Olho no imposto", Lei 12.741/2012)
  if (t.vTotTrib !== '0.00') {
    for (const p of quebrar(
      `Tributos Totais Incidentes (Lei Federal 12.741/2012) R$ ${brl(num(t.vTotTrib, 2))}`,
      L,
    )) {
      linhas.push(txt(p));
    }
    linhas.push({ tipo: 'separador' });
  }

  // V - key query
  if (d.tpAmb === 2) {
    // Manual do DANFE NFC-e: 'EMITIDA EM AMBIENTE DE HOMOLOGAÇÃO - SEM VALOR FISCAL', split where it reads.
    centro('EMITIDA EM AMBIENTE DE HOMOLOGAÇÃO -', true);
    centro('SEM VALOR FISCAL', true);
  }
  if (n.tpEmis === 9) {
    centro('EMITIDA EM CONTINGÊNCIA', true);
    if (!e.protocolo) centro('Pendente de autorização', true);
  }
  centro('Consulte pela Chave de Acesso em');
  centro(n.urlChave);
  centro(n.chave.replace(/(.{4})/g, '$1 ').trim());
  linhas.push({ tipo: 'separador' });

  // VI - consumer
  // The alphanumeric CNPJ (NT 2025.001) keeps its letters.
  const doc = d.destinatario?.documento.toUpperCase().replace(/[^0-9A-Z]/g, '');
  if (!doc) centro('CONSUMIDOR NÃO IDENTIFICADO', true);
  else
    centro(
      `CONSUMIDOR - ${doc.length === 11 ? 'CPF' : 'CNPJ'} ${doc}${d.destinatario?.xNome ? ` - ${d.destinatario.xNome}` : ''}`,
      true,
    );
  linhas.push({ tipo: 'separador' });

  // VII - identification and protocol
  centro(
    `NFC-e nº ${String(d.nNF).padStart(9, '0')} Série ${String(d.serie).padStart(3, '0')} ${dataHora(n.dhEmi)}`,
    true,
  );
  if (e.protocolo) {
    centro(`Protocolo de autorização: ${e.protocolo.nProt}`);
    centro(`Data de autorização: ${dataHora(e.protocolo.dhRecbto)}`);
    // Issue 15 point 3: a protocol of the local simulator is no SEFAZ authorisation, and the paper says so.
    if (autorizadaPeloSimulador(e.protocolo.verAplic)) centro(AVISO_SIMULADOR, true);
  }

  // VIII - QR code
  linhas.push({ tipo: 'qrCode', dados: n.qrCode });

  // IX - additional information
  if (d.infCpl) {
    linhas.push({ tipo: 'separador' });
    for (const p of quebrar(limparTexto(d.infCpl), L)) linhas.push(txt(p));
  }
  return linhas;
}

/** Plain text (for logs, tests and e-mail): the QR line shows its URL. */
export function danfeComoTexto(linhas: LinhaDanfe[], colunas: 48 | 64 = 48): string {
  return linhas
    .map((l) => {
      if (l.tipo === 'separador') return '-'.repeat(colunas);
      if (l.tipo === 'qrCode') return `[QR] ${l.dados}`;
      const t = l.texto.slice(0, colunas);
      if (l.alinhamento === 'centro') return ' '.repeat(Math.floor((colunas - t.length) / 2)) + t;
      if (l.alinhamento === 'direita') return t.padStart(colunas);
      return t;
    })
    .join('\n');
}

/** ESC/POS job of the DANFE: init, code page, bold, align, QR (GS ( k) and cut. */
export function danfeParaEscPos(
  linhas: LinhaDanfe[],
  opcoes: { colunas?: 48 | 64; paginaCodigo?: PaginaCodigo; tamanhoQr?: number; abrirGaveta?: boolean } = {},
): Uint8Array {
  const colunas = opcoes.colunas ?? 48;
  const c = new ComandosEscPos({ paginaCodigo: opcoes.paginaCodigo ?? 'CP860' }).inicializar();
  if (colunas === 64) c.condensado(true);
  for (const l of linhas) {
    if (l.tipo === 'separador') {
      c.alinhar('esquerda').linha('-'.repeat(colunas));
    } else if (l.tipo === 'qrCode') {
      c.alinhar('centro')
        .qrCode(l.dados, { tamanho: opcoes.tamanhoQr ?? 4, correcao: 'M' })
        .linha();
    } else {
      c.alinhar(l.alinhamento ?? 'esquerda');
      if (l.negrito) c.negrito(true);
      if (l.expandido) c.expandido(true);
      c.linha(l.texto.slice(0, l.expandido ? colunas / 2 : colunas));
      if (l.expandido) c.expandido(false);
      if (l.negrito) c.negrito(false);
    }
  }
  c.alinhar('esquerda').avancar(3).cortar();
  if (opcoes.abrirGaveta) c.abrirGaveta();
  return c.bytes();
}

const escapeHtml = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** QR code as an inline SVG (drawn from the qrcode package's module matrix, synchronously). */
export function qrCodeSvg(dados: string, modulo = 3): string {
  const qr = QRCode.create(dados, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  const margem = 4;
  const lado = (n + margem * 2) * modulo;
  let caminho = '';
  for (let y = 0; y < n; y++) {
    for (let x = 0; x < n; x++) {
      if (qr.modules.get(x, y))
        caminho += `M${(x + margem) * modulo} ${(y + margem) * modulo}h${modulo}v${modulo}h-${modulo}z`;
    }
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${lado}" height="${lado}" viewBox="0 0 ${lado} ${lado}"><rect width="100%" height="100%" fill="#fff"/><path d="${caminho}" fill="#000"/></svg>`;
}

/** Self-contained HTML (80 mm receipt) for browser printing or PDF. */
export function danfeHtml(linhas: LinhaDanfe[]): string {
  const corpo = linhas
    .map((l) => {
      if (l.tipo === 'separador') return '<hr>';
      if (l.tipo === 'qrCode') return `<div class="qr">${qrCodeSvg(l.dados)}</div>`;
      const estilo = [
        l.alinhamento
          ? `text-align:${l.alinhamento === 'esquerda' ? 'left' : l.alinhamento === 'centro' ? 'center' : 'right'}`
          : '',
        l.negrito ? 'font-weight:bold' : '',
        l.expandido ? 'font-size:2em' : '',
      ]
        .filter(Boolean)
        .join(';');
      return `<div${estilo ? ` style="${estilo}"` : ''}>${escapeHtml(l.texto)}</div>`;
    })
    .join('\n');
  return (
    '<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>DANFE NFC-e</title><style>' +
    'body{width:80mm;margin:0 auto;font-family:"Courier New",monospace;font-size:11px;white-space:pre-wrap}' +
    'hr{border:0;border-top:1px dashed #000}.qr{text-align:center}@media print{@page{size:80mm auto;margin:2mm}}' +
    `</style></head><body>\n${corpo}\n</body></html>`
  );
}
