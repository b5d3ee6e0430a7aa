import type { DecimalTexto } from '../dinheiro/decimal.ts';
import { type DataIso, numeroDoDia } from './calendario.ts';
import { type LinhaExtrato, normalizarIdentificador, normalizarOperadora } from './extrato.ts';
import { escreverCentavosTexto, lerCentavos } from './recebiveis.ts';

// Matching an acquirer's settlement file to the card receivables we forecast (issue 18): what was paid as
// expected, late, short or over, what we expected and never came, and what came that we never expected.
// Rule: a line matches a forecast of the same acquirer and instalment by its receipt identity first (NSU, then
// authorisation code; on a tie the one of the same sale date), then — for the lines still unmatched — by sale
// date + gross value, only when exactly one forecast and one line share that key (two equal sales without NSU
// cannot be told apart, so neither is guessed). Everything goes through hash maps: O(forecasts + lines).
// The server gives the line's `operadora` the same id its forecasts use (or the same name): the comparison is
// only trimmed, lower-cased and stripped of accents.

/** A forecast card receivable (one instalment of one card payment). */
export interface RecebivelPrevisto {
  id: string;
  operadora: string;
  dataPrevista: DataIso;
  /** Money as decimal text ('97.61'), as the database gives it. */
  valorLiquido: DecimalTexto;
  valorBruto: DecimalTexto;
  nsu?: string | null;
  autorizacao?: string | null;
  parcela: number;
  dataVenda: DataIso;
}

export type LinhaParaConciliar = Pick<
  LinhaExtrato,
  | 'linha'
  | 'operadora'
  | 'dataPagamento'
  | 'dataVenda'
  | 'nsu'
  | 'autorizacao'
  | 'parcela'
  | 'valorBruto'
  | 'valorLiquido'
  | 'chave'
>;

export type SituacaoConciliacao = 'ok' | 'atrasado' | 'aMenor' | 'aMaior';
export type CriterioConciliacao = 'nsu' | 'autorizacao' | 'vendaValor';

export interface RecebivelConciliado<
  P extends RecebivelPrevisto = RecebivelPrevisto,
  L = LinhaParaConciliar,
> {
  previsto: P;
  linha: L;
  /** Short or over wins over late: a late payment of the wrong value is reported by its value. */
  situacao: SituacaoConciliacao;
  criterio: CriterioConciliacao;
  /** Paid net − expected net, in cents (negative = short). */
  diferencaCentavos: number;
  diferenca: DecimalTexto;
  /** Days the payment came after the forecast date (0 when on time or early). */
  diasAtraso: number;
}

export interface RecebivelNaoPago<P extends RecebivelPrevisto = RecebivelPrevisto> {
  previsto: P;
  /** Days from the forecast date to the file's last payment date. */
  diasAtraso: number;
}

export interface LinhaDesconhecida<L = LinhaParaConciliar> {
  linha: L;
  /** semPrevisao: no forecast matches; ambigua: several forecasts or lines share its sale date and value. */
  motivo: 'semPrevisao' | 'ambigua';
}

export interface ResultadoConciliacao<
  P extends RecebivelPrevisto = RecebivelPrevisto,
  L = LinhaParaConciliar,
> {
  conciliados: RecebivelConciliado<P, L>[];
  /** Forecasts due up to the file's last payment date (of the file's acquirers) that no line paid. */
  naoEncontradosNoArquivo: RecebivelNaoPago<P>[];
  /** Lines no forecast accounts for. */
  desconhecidos: LinhaDesconhecida<L>[];
  resumo: {
    conciliados: number;
    ok: number;
    atrasados: number;
    aMenor: number;
    aMaior: number;
    naoEncontrados: number;
    desconhecidos: number;
    /** Σ net of the file's lines and Σ expected net of the matched forecasts, in cents. */
    recebidoCentavos: number;
    esperadoConciliadoCentavos: number;
    /** The file's last payment date (null for a file without lines). */
    dataFinal: DataIso | null;
  };
}

interface Previsao<P> {
  previsto: P;
  operadora: string;
  liquido: number;
  bruto: number;
  nsu: string;
  autorizacao: string;
  usado: boolean;
}

/** Most keys hold one forecast: it is stored bare, and only a second one makes an array (fewer allocations). */
type Grupo<T> = T | T[];

function acrescentar<T extends object>(mapa: Map<string, Grupo<T>>, chave: string, valor: T): void {
  const atual = mapa.get(chave);
  if (atual === undefined) mapa.set(chave, valor);
  else if (Array.isArray(atual)) atual.push(valor);
  else mapa.set(chave, [atual, valor]);
}

/**
 * Among the unused forecasts of an NSU (or authorisation) of the line's acquirer and instalment: the one of the
 * line's sale date, or the only one left.
 */
function escolher<P extends RecebivelPrevisto>(
  grupo: Grupo<Previsao<P>> | undefined,
  operadora: string,
  parcela: number,
  dataVenda: DataIso,
): Previsao<P> | undefined {
  if (grupo === undefined) return undefined;
  const serve = (c: Previsao<P>) => !c.usado && c.operadora === operadora && c.previsto.parcela === parcela;
  if (!Array.isArray(grupo)) return serve(grupo) ? grupo : undefined;
  let livre: Previsao<P> | undefined;
  let livres = 0;
  for (const c of grupo) {
    if (!serve(c)) continue;
    if (c.previsto.dataVenda === dataVenda) return c;
    livre = c;
    livres++;
  }
  return livres === 1 ? livre : undefined;
}

/** Matches a settlement file's lines to the forecast receivables. Pure; never throws on well-typed input. */
export function conciliarRecebiveis<P extends RecebivelPrevisto, L extends LinhaParaConciliar>(
  previstos: readonly P[],
  linhas: readonly L[],
): ResultadoConciliacao<P, L> {
  // A file has few distinct acquirers and dates: normalise and count each once.
  const operadoras = new Map<string, string>();
  const operadoraDe = (texto: string) => {
    let o = operadoras.get(texto);
    if (o === undefined) {
      o = normalizarOperadora(texto);
      operadoras.set(texto, o);
    }
    return o;
  };
  const numeros = new Map<string, number>();
  const dia = (data: DataIso) => {
    let n = numeros.get(data);
    if (n === undefined) {
      n = numeroDoDia(data);
      numeros.set(data, n);
    }
    return n;
  };

  const porNsu = new Map<string, Grupo<Previsao<P>>>();
  const porAutorizacao = new Map<string, Grupo<Previsao<P>>>();
  const previsoes: Previsao<P>[] = [];
  for (const previsto of previstos) {
    const operadora = operadoraDe(previsto.operadora);
    const nsu = normalizarIdentificador(previsto.nsu);
    const autorizacao = normalizarIdentificador(previsto.autorizacao);
    const p: Previsao<P> = {
      previsto,
      operadora,
      liquido: lerCentavos(previsto.valorLiquido, 'Valor líquido previsto'),
      bruto: lerCentavos(previsto.valorBruto, 'Valor bruto previsto'),
      nsu,
      autorizacao,
      usado: false,
    };
    previsoes.push(p);
    // Keyed by the identifier alone (no string building per forecast); acquirer and instalment are checked
    // when choosing.
    if (nsu) acrescentar(porNsu, nsu, p);
    if (autorizacao) acrescentar(porAutorizacao, autorizacao, p);
  }

  const conciliados: RecebivelConciliado<P, L>[] = [];
  const casar = (p: Previsao<P>, linha: L, criterio: CriterioConciliacao) => {
    p.usado = true;
    const diferencaCentavos = linha.valorLiquido - p.liquido;
    const diasAtraso = Math.max(0, dia(linha.dataPagamento) - dia(p.previsto.dataPrevista));
    const situacao: SituacaoConciliacao =
      diferencaCentavos < 0
        ? 'aMenor'
        : diferencaCentavos > 0
          ? 'aMaior'
          : diasAtraso > 0
            ? 'atrasado'
            : 'ok';
    conciliados.push({
      previsto: p.previsto,
      linha,
      situacao,
      criterio,
      diferencaCentavos,
      diferenca: escreverCentavosTexto(diferencaCentavos),
      diasAtraso,
    });
  };

  // Pass 1: receipt identity.
  const restantes: { linha: L; nsu: string; autorizacao: string; chaveVenda: string }[] = [];
  const operadorasDoArquivo = new Set<string>();
  let dataFinal: DataIso | null = null;
  let recebidoCentavos = 0;
  for (const linha of linhas) {
    const operadora = operadoraDe(linha.operadora);
    operadorasDoArquivo.add(operadora);
    recebidoCentavos += linha.valorLiquido;
    if (dataFinal === null || linha.dataPagamento > dataFinal) dataFinal = linha.dataPagamento;
    const nsu = normalizarIdentificador(linha.nsu);
    const autorizacao = normalizarIdentificador(linha.autorizacao);
    const peloNsu = nsu ? escolher(porNsu.get(nsu), operadora, linha.parcela, linha.dataVenda) : undefined;
    if (peloNsu) {
      casar(peloNsu, linha, 'nsu');
      continue;
    }
    const pelaAutorizacao = autorizacao
      ? escolher(porAutorizacao.get(autorizacao), operadora, linha.parcela, linha.dataVenda)
      : undefined;
    if (pelaAutorizacao) {
      casar(pelaAutorizacao, linha, 'autorizacao');
      continue;
    }
    restantes.push({
      linha,
      nsu,
      autorizacao,
      chaveVenda: `${operadora}|${linha.dataVenda}|${linha.valorBruto}|${linha.parcela}`,
    });
  }

  // Pass 2: sale date + gross value + instalment, only one-to-one, never against a different NSU or
  // authorisation (both known and unequal = another sale of the same value).
  // Only the forecasts pass 1 left go into this map.
  const porVendaValor = new Map<string, Grupo<Previsao<P>>>();
  if (restantes.length > 0) {
    for (const p of previsoes) {
      if (p.usado) continue;
      const chave = `${p.operadora}|${p.previsto.dataVenda}|${p.bruto}|${p.previsto.parcela}`;
      acrescentar(porVendaValor, chave, p);
    }
  }
  const linhasPorChave = new Map<string, number>();
  for (const r of restantes) linhasPorChave.set(r.chaveVenda, (linhasPorChave.get(r.chaveVenda) ?? 0) + 1);
  const desconhecidos: LinhaDesconhecida<L>[] = [];
  for (const r of restantes) {
    const grupo = porVendaValor.get(r.chaveVenda);
    const livres = (grupo === undefined ? [] : Array.isArray(grupo) ? grupo : [grupo]).filter(
      (p) =>
        !p.usado &&
        !(p.nsu && r.nsu && p.nsu !== r.nsu) &&
        !(p.autorizacao && r.autorizacao && p.autorizacao !== r.autorizacao),
    );
    if (livres.length === 1 && linhasPorChave.get(r.chaveVenda) === 1) {
      casar(livres[0]!, r.linha, 'vendaValor');
    } else {
      desconhecidos.push({ linha: r.linha, motivo: livres.length > 1 ? 'ambigua' : 'semPrevisao' });
    }
  }

  const naoEncontradosNoArquivo: RecebivelNaoPago<P>[] = [];
  if (dataFinal !== null) {
    for (const p of previsoes) {
      if (p.usado || !operadorasDoArquivo.has(p.operadora) || p.previsto.dataPrevista > dataFinal) continue;
      naoEncontradosNoArquivo.push({
        previsto: p.previsto,
        diasAtraso: dia(dataFinal) - dia(p.previsto.dataPrevista),
      });
    }
  }

  let ok = 0;
  let atrasados = 0;
  let aMenor = 0;
  let aMaior = 0;
  let esperadoConciliadoCentavos = 0;
  for (const c of conciliados) {
    if (c.situacao === 'ok') ok++;
    else if (c.situacao === 'atrasado') atrasados++;
    else if (c.situacao === 'aMenor') aMenor++;
    else aMaior++;
    esperadoConciliadoCentavos += c.linha.valorLiquido - c.diferencaCentavos;
  }
  return {
    conciliados,
    naoEncontradosNoArquivo,
    desconhecidos,
    resumo: {
      conciliados: conciliados.length,
      ok,
      atrasados,
      aMenor,
      aMaior,
      naoEncontrados: naoEncontradosNoArquivo.length,
      desconhecidos: desconhecidos.length,
      recebidoCentavos,
      esperadoConciliadoCentavos,
      dataFinal,
    },
  };
}
