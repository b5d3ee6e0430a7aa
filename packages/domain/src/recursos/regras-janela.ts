// Cross-field rules of a sale window (promotion: dataInicio/dataFim and the weekday flags, spec 3 "Promotion").
// Spec 8 says only "Weekday cut-off beyond 7 days gives an error"; our reading: a period shorter than a week
// whose checked weekdays never occur in it would make a promotion that never applies (from 7 days on every
// weekday occurs). The texts are ours.

export const DIAS_JANELA = [
  ['domingo', 'Domingo'],
  ['segunda', 'Segunda'],
  ['terca', 'Terça'],
  ['quarta', 'Quarta'],
  ['quinta', 'Quinta'],
  ['sexta', 'Sexta'],
  ['sabado', 'Sábado'],
] as const;

export const MENSAGENS_JANELA = {
  fimAntesInicio: 'A Data Fim não pode ser anterior à Data Início.',
  nenhumDia: 'Marque ao menos um dia da semana.',
  diasForaDoPeriodo: (dias: string, inicio: string, fim: string) =>
    `Os dias da semana marcados (${dias}) não ocorrem entre ${inicio} e ${fim}: a promoção nunca seria aplicada.`,
} as const;

/** Day number since the epoch of a 'YYYY-MM-DD...' or 'DD/MM/YYYY' text (calendar date, no time zone). */
function diaDe(valor: unknown): number | undefined {
  if (typeof valor !== 'string') return undefined;
  let m = /^(\d{4})-(\d{2})-(\d{2})/.exec(valor);
  if (m) return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) / 86_400_000;
  m = /^(\d{2})\/(\d{2})\/(\d{4})/.exec(valor);
  if (m) return Date.UTC(Number(m[3]), Number(m[2]) - 1, Number(m[1])) / 86_400_000;
  return undefined;
}

function br(dia: number): string {
  const d = new Date(dia * 86_400_000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getUTCDate())}/${p(d.getUTCMonth() + 1)}/${d.getUTCFullYear()}`;
}

export function validarJanelaVenda(valores: Readonly<Record<string, unknown>>): Record<string, string> {
  const erros: Record<string, string> = {};
  const marcados = DIAS_JANELA.filter(([campo]) => valores[campo] === true);
  const algumInformado = DIAS_JANELA.some(([campo]) => campo in valores);
  if (algumInformado && marcados.length === 0) erros.segunda = MENSAGENS_JANELA.nenhumDia;
  const inicio = diaDe(valores.dataInicio);
  const fim = diaDe(valores.dataFim);
  if (inicio === undefined || fim === undefined) return erros;
  if (fim < inicio) {
    erros.dataFim = MENSAGENS_JANELA.fimAntesInicio;
    return erros;
  }
  if (fim - inicio >= 6) return erros;
  const presentes = new Set<number>();
  for (let d = inicio; d <= fim; d++) presentes.add(new Date(d * 86_400_000).getUTCDay());
  const algumNoPeriodo = DIAS_JANELA.some(
    ([campo], indice) => valores[campo] === true && presentes.has(indice),
  );
  if (marcados.length > 0 && !algumNoPeriodo) {
    erros.dataFim = MENSAGENS_JANELA.diasForaDoPeriodo(
      marcados.map(([, nome]) => nome).join(', '),
      br(inicio),
      br(fim),
    );
  }
  return erros;
}
