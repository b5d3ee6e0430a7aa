import { z } from 'zod';
import { TIPO_PAGAMENTO } from '../catalogos/venda.ts';
import { type DecimalTexto, escreverDinheiro, lerDinheiro } from '../dinheiro/decimal.ts';
import { formatarMoeda } from '../formatacao/formatacao.ts';
import { zDecimalTexto, zInteiro } from '../validadores/entrada.ts';

// Cash closing figures (spec 1 section 3 "Cash closing", section 9), computed once here for the server's report,
// the POS screen and the printed closing slip, each with the label it is shown under. The spec names one figure,
// "total sales = receipts + bleed-offs + payments - supplies": with a count, receipts is the cash COUNTED in
// the drawer and payments the other types counted, so a shortage lowers it. It keeps the spec's formula and is
// labelled for what it is (sales as the count shows them), beside the sales the system recorded.

/** The labels, the same on the screen and on the printed slip. */
export const ROTULOS_FECHAMENTO = {
  vendasPorForma: 'Vendas por forma de pagamento',
  totalVendasRegistradas: 'Total de vendas registradas',
  gaveta: 'Dinheiro na gaveta',
  valorAbertura: 'Fundo de troco (abertura)',
  vendasDinheiro: 'Vendas em dinheiro',
  suprimentos: 'Suprimentos',
  sangrias: 'Sangrias',
  dinheiroEsperado: 'Dinheiro esperado na gaveta',
  conferencia: 'Esperado x contado por forma',
  esperado: 'Esperado',
  contado: 'Contado',
  diferenca: 'Diferença',
  diferencaTotal: 'Diferença total',
  totalVendasContagem: 'Total de vendas pela contagem',
  formulaContagem: 'dinheiro contado + sangrias + demais formas contadas - suprimentos - fundo de troco',
  semContagem: 'Fechado sem contagem: os valores contados são os esperados.',
} as const;

export interface VendaPorForma {
  tipo: number;
  descricao: string;
  quantidade: number;
  valor: DecimalTexto;
}

export interface EntradaFechamento {
  valorAbertura: DecimalTexto;
  /** Payments received in the period per payment type (not deleted). */
  vendas: VendaPorForma[];
  suprimentos: DecimalTexto[];
  sangrias: DecimalTexto[];
  /** What was counted per payment type at the closing; null when closed without a count. */
  contagem: { tipo: number; valor: DecimalTexto }[] | null;
  descricaoTipo: (tipo: number) => string;
}

// The slip's figures come back from the client to be printed (POST /api/impressao, layout 'fechamento'):
// amounts below 10^12 with at most 6 places, counts and codes within an integer column (issue 14 point 8).
const valorFigura = zDecimalTexto();
const contagemFigura = zInteiro(0);

export const linhaConferenciaSchema = z.object({
  tipo: contagemFigura,
  descricao: z.string(),
  esperado: valorFigura,
  contado: valorFigura.nullable(),
  diferenca: valorFigura.nullable(),
});
export type LinhaConferencia = z.infer<typeof linhaConferenciaSchema>;

export const figurasFechamentoSchema = z.object({
  valorAbertura: valorFigura,
  vendasPorForma: z.array(
    z.object({
      tipo: contagemFigura,
      descricao: z.string(),
      quantidade: contagemFigura,
      valor: valorFigura,
    }),
  ),
  totalVendasRegistradas: valorFigura,
  vendasDinheiro: valorFigura,
  totalSuprimentos: valorFigura,
  quantidadeSuprimentos: contagemFigura,
  totalSangrias: valorFigura,
  quantidadeSangrias: contagemFigura,
  dinheiroEsperado: valorFigura,
  conferencia: z.array(linhaConferenciaSchema),
  contado: z.boolean(),
  diferencaTotal: valorFigura.nullable(),
  /** The spec's "total sales" (receipts + bleed-offs + payments - supplies), from the count when counted. */
  totalVendasContagem: valorFigura,
});
export type FigurasFechamento = z.infer<typeof figurasFechamentoSchema>;

const somar = (valores: DecimalTexto[]) => valores.reduce((s, v) => s + lerDinheiro(v), 0);

/** Every figure of the closing from the period's movements and the count. */
export function figurasFechamento(e: EntradaFechamento): FigurasFechamento {
  const abertura = lerDinheiro(e.valorAbertura);
  const suprimentos = somar(e.suprimentos);
  const sangrias = somar(e.sangrias);
  const vendas = [...e.vendas].sort((a, b) => a.tipo - b.tipo);
  const vendaDe = (tipo: number) => lerDinheiro(vendas.find((v) => v.tipo === tipo)?.valor ?? '0');
  const dinheiro = vendaDe(TIPO_PAGAMENTO.dinheiro);
  const dinheiroEsperado = abertura + dinheiro + suprimentos - sangrias;
  const esperado = new Map<number, number>();
  for (const v of vendas) esperado.set(v.tipo, lerDinheiro(v.valor));
  esperado.set(TIPO_PAGAMENTO.dinheiro, dinheiroEsperado);
  const contado = new Map<number, number>();
  for (const c of e.contagem ?? []) contado.set(c.tipo, (contado.get(c.tipo) ?? 0) + lerDinheiro(c.valor));
  const comContagem = e.contagem !== null;
  const tipos = [...new Set([...esperado.keys(), ...contado.keys()])].sort((a, b) => a - b);
  // Without money anywhere, cash still shows (the drawer is always counted).
  const conferencia = tipos
    .filter(
      (t) => t === TIPO_PAGAMENTO.dinheiro || (esperado.get(t) ?? 0) !== 0 || (contado.get(t) ?? 0) !== 0,
    )
    .map((t) => {
      const esp = esperado.get(t) ?? 0;
      const cont = contado.get(t) ?? 0;
      return {
        tipo: t,
        descricao: e.descricaoTipo(t),
        esperado: escreverDinheiro(esp),
        contado: comContagem ? escreverDinheiro(cont) : null,
        diferenca: comContagem ? escreverDinheiro(cont - esp) : null,
      };
    });
  const base = comContagem ? contado : esperado;
  const dinheiroBase = base.get(TIPO_PAGAMENTO.dinheiro) ?? 0;
  let outros = 0;
  for (const [t, v] of base) if (t !== TIPO_PAGAMENTO.dinheiro) outros += v;
  const diferencaTotal = comContagem
    ? conferencia.reduce((s, c) => s + lerDinheiro(c.diferenca ?? '0'), 0)
    : null;
  return {
    valorAbertura: escreverDinheiro(abertura),
    vendasPorForma: vendas.map((v) => ({ ...v, valor: escreverDinheiro(lerDinheiro(v.valor)) })),
    totalVendasRegistradas: escreverDinheiro(somar(vendas.map((v) => v.valor))),
    vendasDinheiro: escreverDinheiro(dinheiro),
    totalSuprimentos: escreverDinheiro(suprimentos),
    quantidadeSuprimentos: e.suprimentos.length,
    totalSangrias: escreverDinheiro(sangrias),
    quantidadeSangrias: e.sangrias.length,
    dinheiroEsperado: escreverDinheiro(dinheiroEsperado),
    conferencia,
    contado: comContagem,
    diferencaTotal: diferencaTotal === null ? null : escreverDinheiro(diferencaTotal),
    // Spec 1 section 9: receipts + bleed-offs + payments - supplies (the opening fund is a supply).
    totalVendasContagem: escreverDinheiro(dinheiroBase + sangrias + outros - suprimentos - abertura),
  };
}

export type SentidoDiferenca = 'falta' | 'sobra' | 'confere';

/** A difference in words: counted below expected is 'falta' (shortage), above is 'sobra' (overage). */
export function descreverDiferenca(valor: DecimalTexto | null | undefined): {
  sentido: SentidoDiferenca;
  texto: string;
} {
  const c = lerDinheiro(valor ?? '0');
  if (c === 0) return { sentido: 'confere', texto: 'sem diferença' };
  const absoluto = formatarMoeda(escreverDinheiro(Math.abs(c)));
  return c < 0
    ? { sentido: 'falta', texto: `falta ${absoluto} (-${absoluto})` }
    : { sentido: 'sobra', texto: `sobra ${absoluto} (+${absoluto})` };
}
