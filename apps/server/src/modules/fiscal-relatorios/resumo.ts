// Pure aggregation of the fiscal reports (relatorioVendasResumoFiscal, relatorioDFE): stored notes in,
// the accountant's totals out. No I/O, no clock. Money is summed in integer cents (never binary floats).

/** The parts of a stored `nfce` row (and its `dados_nfe`) the reports read. */
export interface NotaResumo {
  chave: string;
  numero: number;
  serie: number;
  tpEmis: number;
  statusNota: string;
  cancelado: boolean;
  cStat: number | null;
  valor: string;
  /** Business day (America/Sao_Paulo) of dhEmi, 'YYYY-MM-DD'. */
  dia: string;
  itens: {
    CFOP: string;
    qCom: string | number;
    vUnCom: string | number;
    vProd?: string | number;
    vDesc?: string | number;
    vOutro?: string | number;
    imposto?: {
      icms?: { CST?: string; CSOSN?: string; pICMS?: string | number; pRedBC?: string | number };
      vTotTrib?: string | number;
    } | null;
  }[];
  pagamentos: { tPag: string; vPag: string | number }[];
  troco?: string | number;
}

/** Spec 3.2 fiscal payment means. */
export const MEIOS_PAGAMENTO: Record<string, string> = {
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
  '90': 'Sem pagamento',
  '99': 'Outros',
};

export type SituacaoNota = 'autorizada' | 'cancelada' | 'contingencia' | 'inutilizada' | 'erro';

/** Spec 8: 102 = inutilização de número homologada. */
const CSTAT_INUTILIZADA = 102;

/**
 * Authorised and not cancelled: the only notes that are fiscal revenue. A note whose number SEFAZ voided
 * (an online attempt replaced by an offline note, ADR 0005 point 3) is 'inutilizada', not an error.
 */
export function situacaoNota(n: Pick<NotaResumo, 'statusNota' | 'cancelado' | 'cStat'>): SituacaoNota {
  if (n.cancelado) return 'cancelada';
  if (n.statusNota === 'processado') return 'autorizada';
  if (n.statusNota === 'contingencia') return 'contingencia';
  if (n.cStat === CSTAT_INUTILIZADA) return 'inutilizada';
  return 'erro';
}

/** Decimal text (or number) -> cents, exact for up to 2 decimals, half-up beyond. */
export function centavos(valor: string | number | undefined | null): number {
  if (valor === undefined || valor === null || valor === '') return 0;
  const texto = typeof valor === 'number' ? String(valor) : valor.trim();
  const m = /^(-?)(\d*)(?:\.(\d*))?$/.exec(texto);
  if (!m) return 0;
  const sinal = m[1] === '-' ? -1 : 1;
  const frac = `${m[3] ?? ''}000`;
  let c = Number(m[2] || '0') * 100 + Number(frac.slice(0, 2));
  if (Number(frac[2]) >= 5) c += 1;
  return sinal * c;
}

export const reais = (c: number): string => (c / 100).toFixed(2);

export interface LinhaDia {
  dia: string;
  quantidade: number;
  autorizadas: number;
  canceladas: number;
  contingencia: number;
  erro: number;
  valorAutorizado: string;
  valorCancelado: string;
  valorContingencia: string;
}

export interface LinhaCfopCst {
  CFOP: string;
  /** CST (regime 3) or CSOSN. */
  cst: string;
  itens: number;
  valorProdutos: string;
  descontos: string;
  valorContabil: string;
  baseIcms: string;
  valorIcms: string;
  tributosAproximados: string;
}

export interface LinhaPagamento {
  tPag: string;
  descricao: string;
  quantidade: number;
  valor: string;
}

export interface ResumoFiscal {
  dias: LinhaDia[];
  cfopCst: LinhaCfopCst[];
  pagamentos: LinhaPagamento[];
  totais: {
    notas: number;
    autorizadas: number;
    canceladas: number;
    contingencia: number;
    erro: number;
    valorAutorizado: string;
    valorCancelado: string;
    valorContingencia: string;
    troco: string;
  };
}

/**
 * Totals of the period: per day and status (every note), per CFOP/CST and payment means (only authorised,
 * not cancelled notes — what goes into the books). Offline notes still queued are shown apart: they are
 * valid documents but not yet authorised.
 */
export function resumoFiscal(notas: readonly NotaResumo[]): ResumoFiscal {
  const dias = new Map<string, { l: LinhaDia; aut: number; can: number; cont: number }>();
  const cfop = new Map<
    string,
    {
      l: Omit<
        LinhaCfopCst,
        'valorProdutos' | 'descontos' | 'valorContabil' | 'baseIcms' | 'valorIcms' | 'tributosAproximados'
      >;
      prod: number;
      desc: number;
      cont: number;
      bc: number;
      icms: number;
      trib: number;
    }
  >();
  const pag = new Map<string, { quantidade: number; valor: number }>();
  const t = {
    notas: 0,
    autorizadas: 0,
    canceladas: 0,
    contingencia: 0,
    erro: 0,
    aut: 0,
    can: 0,
    cont: 0,
    troco: 0,
  };

  for (const n of notas) {
    const s = situacaoNota(n);
    // A voided number is no sale document (the DF-e report lists it among the inutilizações).
    if (s === 'inutilizada') continue;
    const valor = centavos(n.valor);
    let d = dias.get(n.dia);
    if (!d) {
      d = {
        l: {
          dia: n.dia,
          quantidade: 0,
          autorizadas: 0,
          canceladas: 0,
          contingencia: 0,
          erro: 0,
          valorAutorizado: '0.00',
          valorCancelado: '0.00',
          valorContingencia: '0.00',
        },
        aut: 0,
        can: 0,
        cont: 0,
      };
      dias.set(n.dia, d);
    }
    d.l.quantidade += 1;
    t.notas += 1;
    if (s === 'autorizada') {
      d.l.autorizadas += 1;
      d.aut += valor;
      t.autorizadas += 1;
      t.aut += valor;
    } else if (s === 'cancelada') {
      d.l.canceladas += 1;
      d.can += valor;
      t.canceladas += 1;
      t.can += valor;
    } else if (s === 'contingencia') {
      d.l.contingencia += 1;
      d.cont += valor;
      t.contingencia += 1;
      t.cont += valor;
    } else {
      d.l.erro += 1;
      t.erro += 1;
    }
    if (s !== 'autorizada') continue;

    for (const i of n.itens) {
      const icms = i.imposto?.icms;
      const cst = icms?.CST ?? icms?.CSOSN ?? '';
      const k = `${i.CFOP}|${cst}`;
      let c = cfop.get(k);
      if (!c) {
        c = { l: { CFOP: i.CFOP, cst, itens: 0 }, prod: 0, desc: 0, cont: 0, bc: 0, icms: 0, trib: 0 };
        cfop.set(k, c);
      }
      const prod =
        i.vProd !== undefined ? centavos(i.vProd) : Math.round(Number(i.qCom) * Number(i.vUnCom) * 100);
      const desc = centavos(i.vDesc);
      const contabil = prod - desc + centavos(i.vOutro);
      c.l.itens += 1;
      c.prod += prod;
      c.desc += desc;
      c.cont += contabil;
      // ICMS own operation (CST 00/20 with a rate): base reduced by pRedBC, value at pICMS (MOC 4.00 N02/N04).
      if (icms?.CST && (icms.CST === '00' || icms.CST === '20') && icms.pICMS !== undefined) {
        const red = Number(icms.pRedBC ?? 0);
        const bc = Math.round(contabil * (1 - red / 100));
        c.bc += bc;
        c.icms += Math.round((bc * Number(icms.pICMS)) / 100);
      }
      c.trib += centavos(i.imposto?.vTotTrib);
    }
    const pagos = n.pagamentos.reduce((soma, p) => soma + centavos(p.vPag), 0);
    // The change leaves the drawer in cash: the book value per means is the payment minus the change,
    // taken from the cash (01) payment first (MOC: vTroco).
    let troco = n.troco !== undefined ? centavos(n.troco) : Math.max(0, pagos - valor);
    t.troco += troco;
    const ordenados = [...n.pagamentos].sort((a, b) => (a.tPag === '01' ? -1 : b.tPag === '01' ? 1 : 0));
    for (const p of ordenados) {
      let v = centavos(p.vPag);
      const abate = Math.min(troco, v);
      v -= abate;
      troco -= abate;
      const a = pag.get(p.tPag) ?? { quantidade: 0, valor: 0 };
      a.quantidade += 1;
      a.valor += v;
      pag.set(p.tPag, a);
    }
  }

  return {
    dias: [...dias.values()]
      .map((d) => ({
        ...d.l,
        valorAutorizado: reais(d.aut),
        valorCancelado: reais(d.can),
        valorContingencia: reais(d.cont),
      }))
      .sort((a, b) => a.dia.localeCompare(b.dia)),
    cfopCst: [...cfop.values()]
      .map((c) => ({
        ...c.l,
        valorProdutos: reais(c.prod),
        descontos: reais(c.desc),
        valorContabil: reais(c.cont),
        baseIcms: reais(c.bc),
        valorIcms: reais(c.icms),
        tributosAproximados: reais(c.trib),
      }))
      .sort((a, b) => a.CFOP.localeCompare(b.CFOP) || a.cst.localeCompare(b.cst)),
    pagamentos: [...pag.entries()]
      .map(([tPag, a]) => ({
        tPag,
        descricao: MEIOS_PAGAMENTO[tPag] ?? 'Outros',
        quantidade: a.quantidade,
        valor: reais(a.valor),
      }))
      .sort((a, b) => a.tPag.localeCompare(b.tPag)),
    totais: {
      notas: t.notas,
      autorizadas: t.autorizadas,
      canceladas: t.canceladas,
      contingencia: t.contingencia,
      erro: t.erro,
      valorAutorizado: reais(t.aut),
      valorCancelado: reais(t.can),
      valorContingencia: reais(t.cont),
      troco: reais(t.troco),
    },
  };
}
