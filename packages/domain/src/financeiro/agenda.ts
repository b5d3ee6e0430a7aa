import { escreverDinheiro, lerDinheiro } from '../dinheiro/decimal.ts';
import type { StatusTitulo, TipoTitulo } from './titulos.ts';

// The finance agenda (issue 18, financeiroAgenda and relatorioFinanceiroAgenda): the answer of
// POST /api/financeiroAgenda, shared by server and web, and its totals computed here in integer cents.

/** A title as the agenda shows it (the server's `tituloJson` plus the store's name and whether it is overdue). */
export interface TituloAgenda {
  _id: string;
  empresa: string;
  empresaDescricao: string;
  tipo: TipoTitulo;
  descricao: string;
  documento: string | null;
  pessoa: { _id: string; nome: string } | null;
  operadora: { _id: string; descricao: string } | null;
  planoConta: { _id: string; descricao: string };
  conta: string | null;
  valor: string;
  taxa: string;
  valorPago: string;
  valorAberto: string;
  competencia: string;
  vencimento: string;
  parcela: number;
  parcelas: number;
  status: { id: StatusTitulo; descricao: string };
  origem: string;
  nsu: string | null;
  observacao: string | null;
  /** Open (or partly paid) and due before today. */
  vencido: boolean;
}

export interface SomaAgenda {
  /** Still open (valor − valorPago of titles aberto / pago parcial). */
  aberto: string;
  /** Principal settled (valorPago of titles not cancelled). */
  pago: string;
  /** Open and due before today. */
  vencido: string;
}

export interface DiaAgenda {
  dia: string;
  pagar: SomaAgenda;
  receber: SomaAgenda;
}

export interface TotaisAgenda {
  pagar: SomaAgenda;
  receber: SomaAgenda;
  /** Receivables open − payables open. */
  saldoPrevisto: string;
  porDia: DiaAgenda[];
}

export interface RespostaAgenda {
  titulos: TituloAgenda[];
  /** More titles matched than were sent (`limite`); the totals always count them all. */
  truncado: boolean;
  totais: TotaisAgenda;
  /** Stores whose payables were left out: the user lacks "Agenda Protegida" (223) there. */
  protegidas: string[];
}

/** An account a settlement may move (POST /api/financeiroAgenda/contas), with its balance. */
export interface ContaAgenda {
  _id: string;
  descricao: string;
  tipo: string;
  saldo: string;
}

/** One row of the per-day sums, as the server's grouped query gives it. */
export interface SomaDiaTipo {
  dia: string;
  tipo: TipoTitulo;
  aberto: string;
  pago: string;
}

/** Folds the per-day, per-type sums into the agenda's totals; days before `hoje` with open values are overdue. */
export function totaisAgenda(linhas: readonly SomaDiaTipo[], hoje: string): TotaisAgenda {
  type Soma = { aberto: number; pago: number; vencido: number };
  const zero = (): Soma => ({ aberto: 0, pago: 0, vencido: 0 });
  const geral = { pagar: zero(), receber: zero() };
  const dias = new Map<string, { pagar: Soma; receber: Soma }>();
  for (const l of linhas) {
    const aberto = lerDinheiro(l.aberto);
    const pago = lerDinheiro(l.pago);
    const vencido = l.dia < hoje ? aberto : 0;
    let d = dias.get(l.dia);
    if (!d) {
      d = { pagar: zero(), receber: zero() };
      dias.set(l.dia, d);
    }
    for (const s of [d[l.tipo], geral[l.tipo]]) {
      s.aberto += aberto;
      s.pago += pago;
      s.vencido += vencido;
    }
  }
  const texto = (s: Soma): SomaAgenda => ({
    aberto: escreverDinheiro(s.aberto),
    pago: escreverDinheiro(s.pago),
    vencido: escreverDinheiro(s.vencido),
  });
  return {
    pagar: texto(geral.pagar),
    receber: texto(geral.receber),
    saldoPrevisto: escreverDinheiro(geral.receber.aberto - geral.pagar.aberto),
    porDia: [...dias.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([dia, s]) => ({ dia, pagar: texto(s.pagar), receber: texto(s.receber) })),
  };
}

/** What a settlement of many titles moves in the account, in cents: receipts in, payments out. */
export function saldoDaBaixa(itens: readonly { tipo: TipoTitulo; movido: number }[]): {
  entra: number;
  sai: number;
  liquido: number;
} {
  let entra = 0;
  let sai = 0;
  for (const i of itens) {
    if (i.tipo === 'receber') entra += i.movido;
    else sai += i.movido;
  }
  return { entra, sai, liquido: entra - sai };
}
