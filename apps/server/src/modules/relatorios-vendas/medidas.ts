import {
  type CondicaoFiltro,
  escreverDinheiro,
  escreverQuantidade,
  lerDinheiro,
  lerMicros,
  lerQuantidade,
  MEDIDAS_VENDA,
  MENSAGENS_FILTRO,
  type MedidasVenda,
  type MedidaVenda,
  multiplicarDividir,
} from '@retaguarda/domain';
import type { Linha } from '../../db/consultar.ts';
import { ErroNegocio } from '../../lib/envelope.ts';

// Sums read from SQL (decimal text) kept as integers (cents, 4-decimal quantities, 6-decimal cost) so that rows
// and totals add exactly; the derived measures (margem, ticketMedio, descontoComum) are computed from the sums.

export interface Soma {
  vendas: number;
  itens: number;
  bruto: number;
  descontos: number;
  descontoCombo: number;
  descontoHappyHour: number;
  descontoSugestao: number;
  descontoPersonalizado: number;
  descontoGeral: number;
  acrescimos: number;
  taxaServico: number;
  taxaEntrega: number;
  liquido: number;
  /** Micros (6 decimals), rounded to cents only when shown. */
  custo: number;
}

export const somaVazia = (): Soma => ({
  vendas: 0,
  itens: 0,
  bruto: 0,
  descontos: 0,
  descontoCombo: 0,
  descontoHappyHour: 0,
  descontoSugestao: 0,
  descontoPersonalizado: 0,
  descontoGeral: 0,
  acrescimos: 0,
  taxaServico: 0,
  taxaEntrega: 0,
  liquido: 0,
  custo: 0,
});

export function lerSoma(l: Linha): Soma {
  const d = (k: string) => lerDinheiro(String(l[k] ?? '0'));
  return {
    vendas: Number(l.vendas ?? 0),
    itens: lerQuantidade(String(l.itens ?? '0')),
    bruto: d('bruto'),
    descontos: d('descontos'),
    descontoCombo: d('desconto_combo'),
    descontoHappyHour: d('desconto_happy_hour'),
    descontoSugestao: d('desconto_sugestao'),
    descontoPersonalizado: d('desconto_personalizado'),
    descontoGeral: d('desconto_geral'),
    acrescimos: d('acrescimos'),
    taxaServico: d('taxa_servico'),
    taxaEntrega: d('taxa_entrega'),
    liquido: d('liquido'),
    custo: lerMicros(String(l.custo ?? '0')),
  };
}

export function somar(a: Soma, b: Soma): Soma {
  const r = somaVazia();
  for (const k of Object.keys(r) as (keyof Soma)[]) r[k] = a[k] + b[k];
  return r;
}

/** Cost in cents (half up). */
export const custoCentavos = (s: Soma) => multiplicarDividir(s.custo, 1, 10_000, 'arredondar');

export function medidas(s: Soma): MedidasVenda {
  const custo = custoCentavos(s);
  return {
    vendas: s.vendas,
    itens: escreverQuantidade(s.itens),
    bruto: escreverDinheiro(s.bruto),
    // Spec 1 §3 totalDescontoComum: the operator's discounts (item and general).
    descontoComum: escreverDinheiro(s.descontoPersonalizado + s.descontoGeral),
    descontoCombo: escreverDinheiro(s.descontoCombo),
    descontoHappyHour: escreverDinheiro(s.descontoHappyHour),
    descontoSugestao: escreverDinheiro(s.descontoSugestao),
    descontoPersonalizado: escreverDinheiro(s.descontoPersonalizado),
    descontoGeral: escreverDinheiro(s.descontoGeral),
    descontos: escreverDinheiro(s.descontos),
    acrescimos: escreverDinheiro(s.acrescimos),
    taxaServico: escreverDinheiro(s.taxaServico),
    taxaEntrega: escreverDinheiro(s.taxaEntrega),
    liquido: escreverDinheiro(s.liquido),
    custo: escreverDinheiro(custo),
    margem: escreverDinheiro(s.liquido - s.taxaServico - s.taxaEntrega - custo),
    ticketMedio: escreverDinheiro(
      s.vendas > 0 ? multiplicarDividir(s.liquido, 1, s.vendas, 'arredondar') : 0,
    ),
  };
}

const ehMedida = (campo: string): campo is MedidaVenda =>
  (MEDIDAS_VENDA as readonly string[]).includes(campo);

/** The `filtroDinamico` conditions on measures, applied to grouped rows (fields outside both lists refused). */
export function filtrarPorMedidas<T extends { m: MedidasVenda }>(
  linhas: T[],
  condicoes: CondicaoFiltro[],
): T[] {
  const deMedida = condicoes.filter((c) => ehMedida(c.campo));
  if (!deMedida.length) return linhas;
  return linhas.filter((l) =>
    deMedida.every((c) => {
      const valor = Number(l.m[c.campo as MedidaVenda]);
      const alvo = (Array.isArray(c.valor) ? c.valor : [c.valor]).map(Number);
      if (alvo.some((n) => !Number.isFinite(n))) throw new ErroNegocio(MENSAGENS_FILTRO.valorFiltro(c.campo));
      const [a = 0, b = 0] = alvo;
      switch (c.operador) {
        case 'igual':
          return valor === a;
        case 'diferente':
          return valor !== a;
        case 'maior':
          return valor > a;
        case 'maiorIgual':
          return valor >= a;
        case 'menor':
          return valor < a;
        case 'menorIgual':
          return valor <= a;
        case 'entre':
          return valor >= a && valor <= b;
        case 'em':
          return alvo.includes(valor);
        case 'naoEm':
          return !alvo.includes(valor);
        default:
          throw new ErroNegocio(MENSAGENS_FILTRO.operadorNaoPermitido(c.operador));
      }
    }),
  );
}

/** Refuses a `filtroDinamico` field that is neither a dimension nor a measure. */
export function validarCampos(condicoes: CondicaoFiltro[], ehDimensao: (c: string) => boolean): void {
  for (const c of condicoes)
    if (!ehMedida(c.campo) && !ehDimensao(c.campo))
      throw new ErroNegocio(MENSAGENS_FILTRO.campoNaoPermitido(c.campo));
}
