import { z } from 'zod';
import { lerDataIso, zTexto } from '../validadores/entrada.ts';

// Stock reports over the ledger (issue 17): request and answer shapes shared by server and web.

const id = z.string().regex(/^[0-9a-f]{24}$/, 'Id inválido');

/** The period of a report: ISO instants, end exclusive, at most 366 days (spec 1 §9 default filter). */
export const periodoRelatorioEstoqueSchema = z
  .object({
    empresas: z.array(id).max(200).optional(),
    dataInicio: z
      .string()
      .max(40)
      .refine((v) => lerDataIso(v) !== undefined, 'Data inicial inválida!'),
    dataFim: z
      .string()
      .max(40)
      .refine((v) => lerDataIso(v) !== undefined, 'Data final inválida!'),
    busca: zTexto(120).optional(),
  })
  .refine(
    (p) => {
      const dias = (Date.parse(p.dataFim) - Date.parse(p.dataInicio)) / 86_400_000;
      return dias > 0 && dias <= 367;
    },
    { message: 'Período inválido: informe a data inicial antes da final (até 366 dias).', path: ['dataFim'] },
  );
export type PeriodoRelatorioEstoque = z.infer<typeof periodoRelatorioEstoqueSchema>;

/** relatorioEstoqueFluxo: per store and product, opening, entries, exits and closing of the period. */
export interface LinhaFluxoEstoque {
  empresa: { _id: string; descricao: string };
  produto: { _id: string; descricao: string; unidade: string | null };
  saldoInicial: string;
  valorInicial: string;
  entradas: string;
  valorEntradas: string;
  saidas: string;
  valorSaidas: string;
  saldoFinal: string;
  valorFinal: string;
}

export interface RelatorioFluxoEstoque {
  linhas: LinhaFluxoEstoque[];
  totais: { valorInicial: string; valorEntradas: string; valorSaidas: string; valorFinal: string };
}

/** relatorioVendaInsumos: what the sales of the period consumed, at the cost of each move (food cost). */
export interface LinhaInsumoVenda {
  produto: { _id: string; descricao: string; unidade: string | null };
  quantidade: string;
  custo: string;
  /** Share of the period's total ingredient cost, in percent (2 places). */
  participacao: string;
}

export interface RelatorioVendaInsumos {
  linhas: LinhaInsumoVenda[];
  /** Net revenue of the sales ended in the period (status 59). */
  faturamento: string;
  vendas: number;
  custoInsumos: string;
  /** custoInsumos / faturamento in percent (2 places); null without revenue. */
  cmvPercentual: string | null;
  porDia: { dia: string; faturamento: string; custoInsumos: string }[];
}
