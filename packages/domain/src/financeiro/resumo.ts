import { z } from 'zod';

// The finance summary (issue 18, screen financeiroResumo): request and answer shared by server and web. "Hoje" is
// the server's São Paulo day; open amounts are valor − valorPago of titles aberto / pago parcial.

const id = z.string().regex(/^[0-9a-f]{24}$/, 'Id inválido');

export const resumoFinanceiroSchema = z.object({
  empresas: z.array(id).max(200).optional(),
  /** Days of the cash-flow chart before and after today (default 30). */
  dias: z.number().int().min(7, 'Dias: de 7 a 90.').max(90, 'Dias: de 7 a 90.').optional(),
});
export type ResumoFinanceiroConsulta = z.infer<typeof resumoFinanceiroSchema>;

export interface TotalTitulos {
  quantidade: number;
  valor: string;
}

export interface ResumoFinanceiro {
  hoje: string;
  contas: {
    _id: string;
    descricao: string;
    tipo: string | null;
    empresa: { _id: string; descricao: string };
    saldo: string;
  }[];
  saldoTotal: string;
  pagar: { hoje: TotalTitulos; vencidos: TotalTitulos };
  receber: { hoje: TotalTitulos; vencidos: TotalTitulos };
  /** Card receivables due from today to today + 30, per acquirer: gross open, its fee share, net. */
  recebiveisOperadora: {
    operadora: { _id: string | null; descricao: string };
    quantidade: number;
    bruto: string;
    taxa: string;
    liquido: string;
  }[];
  /**
   * One row per day from today − dias to today + dias: realised (account movements, transfers left out) and
   * forecast (open titles by due date from today on; receivables net of their fee).
   */
  fluxo: {
    dia: string;
    entradas: string;
    saidas: string;
    previstoEntradas: string;
    previstoSaidas: string;
  }[];
}
