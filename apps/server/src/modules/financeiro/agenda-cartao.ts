import {
  agendaRecebimento,
  codigoBandeira,
  lerCentavos,
  type ProdutoCartao,
  type RegraRecebimento,
  regraAplicavel,
  regraRecebimentoSchema,
  TIPO_PAGAMENTO,
} from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { consultar } from '../../db/consultar.ts';

// When and how much an acquirer pays for one card payment (issue 18 "calendarioRecebimento"): the store's rule
// of the acquirer × brand × product × instalments (resource operadoraRegraRecebimento), else the domain's
// defaults (debit D+1, credit D+30 and every 30 days per instalment, vouchers D+30, on business days, no fee).
// Real acquirers settle on business days only, so a default date on a weekend or holiday moves forward.

export interface ParcelaRecebivel {
  parcela: number;
  parcelas: number;
  vencimento: string;
  valor: string;
  taxa: string;
}

export interface PagamentoCartao {
  tipo: number;
  valor: string;
  dataVenda: string;
  parcelas: number;
  operadora: string | null;
  /** NFC-e tBand code of the card brand ('01' Visa...), null when the POS did not say. */
  bandeira: string | null;
}

export type AgendaCartao = (p: PagamentoCartao) => ParcelaRecebivel[];

/** The card product of a POS payment type: credit in several instalments is creditoParcelado. */
export function produtoDoPagamento(tipo: number, parcelas: number): ProdutoCartao {
  if (tipo === TIPO_PAGAMENTO.debito) return 'debito';
  if (tipo === TIPO_PAGAMENTO.credito) return parcelas > 1 ? 'creditoParcelado' : 'credito';
  return 'voucher';
}

/** The schedule of one payment under the given rules (the defaults when none applies). */
export function agendaComRegras(regras: readonly RegraRecebimento[]): AgendaCartao {
  return (p) => {
    const produto = produtoDoPagamento(p.tipo, p.parcelas);
    const parcelas = produto === 'creditoParcelado' || produto === 'credito' ? Math.max(1, p.parcelas) : 1;
    // A zero payment (fully discounted, a test) still leaves its line, with nothing to receive.
    if (lerCentavos(p.valor) <= 0)
      return [{ parcela: 1, parcelas: 1, vencimento: p.dataVenda, valor: p.valor, taxa: '0.00' }];
    const regra = regraAplicavel(regras, {
      operadora: p.operadora ?? '',
      bandeira: p.bandeira,
      produto,
      parcelas,
    });
    return agendaRecebimento({ valor: p.valor, dataVenda: p.dataVenda, parcelas, regra }).parcelas.map(
      (x) => ({
        parcela: x.parcela,
        parcelas,
        vencimento: x.dataPrevista,
        valor: x.valorBruto,
        taxa: x.taxa,
      }),
    );
  };
}

/** The store's registered rules, read once per posting (a rule that no longer validates is skipped). */
export async function regrasDaLoja(tx: Db, grupo: string, empresa: string): Promise<RegraRecebimento[]> {
  const linhas = await consultar(
    tx,
    sql`select r.id, r.operadora_id, r.bandeira_id, b.codigo_fiscal, b.descricao as bandeira_descricao, r.produto,
               r.parcelas_de, r.parcelas_ate, r.dias, r.intervalo_dias, r.taxa_percentual::text as taxa,
               r.taxa_antecipacao_percentual::text as antecipacao, r.dias_uteis
          from operadora_regra_recebimento r
          left join tipo_pagamento_bandeira b on b.id = r.bandeira_id and b.grupo_empresarial_id = r.grupo_empresarial_id
         where r.grupo_empresarial_id = ${grupo} and r.empresa_id = ${empresa} and r.lixo = false
         order by r.created_at, r.id`,
  );
  const regras: RegraRecebimento[] = [];
  for (const l of linhas) {
    const r = regraRecebimentoSchema.safeParse({
      id: String(l.id),
      operadora: l.operadora_id ?? undefined,
      bandeira: l.bandeira_id ?? null,
      produto: l.produto ?? undefined,
      parcelasDe: l.parcelas_de ?? undefined,
      parcelasAte: l.parcelas_ate ?? undefined,
      dias: l.dias ?? undefined,
      intervaloDias: l.intervalo_dias ?? undefined,
      taxaPercentual: l.taxa ?? '0',
      taxaAntecipacaoPercentual: l.antecipacao ?? null,
      diasUteis: l.dias_uteis ?? undefined,
    });
    if (!r.success) continue;
    if (l.bandeira_id == null) {
      regras.push(r.data);
      continue;
    }
    // The rule names a brand of the registry (tipoPagamentoBandeira); the POS payment carries the NFC-e tBand
    // code, so the rule is compared by its brand's fiscal code, else by the brand's name ('Visa' is 01). A brand
    // that is neither never matches a sale (the rule is kept out rather than applied to every brand).
    const codigo = codigoDaBandeiraCadastrada(
      l.codigo_fiscal as string | null,
      l.bandeira_descricao as string | null,
    );
    if (codigo) regras.push({ ...r.data, bandeira: codigo });
  }
  return regras;
}

/** The tBand code of a registered brand (tipoPagamentoBandeira): its fiscal code, else its name ('Visa' is 01). */
export const codigoDaBandeiraCadastrada = (
  codigoFiscal: string | null,
  descricao: string | null,
): string | null => codigoBandeira(codigoFiscal) ?? codigoBandeira(descricao);

/** tBand code -> the group's registered brand (the first one of each code), for the receivables' bandeira_id. */
export async function bandeirasDoGrupo(db: Db, grupo: string): Promise<Map<string, string>> {
  const linhas = await consultar(
    db,
    sql`select id, codigo_fiscal, descricao from tipo_pagamento_bandeira
         where grupo_empresarial_id = ${grupo} and not lixo order by created_at, id`,
  );
  const mapa = new Map<string, string>();
  for (const l of linhas) {
    const codigo = codigoDaBandeiraCadastrada(l.codigo_fiscal as string | null, l.descricao as string | null);
    if (codigo && !mapa.has(codigo)) mapa.set(codigo, String(l.id));
  }
  return mapa;
}

/** The schedule function for a group's store (its registered rules, else the defaults). */
export async function agendaDaLoja(tx: Db, grupo: string, empresa: string): Promise<AgendaCartao> {
  return agendaComRegras(await regrasDaLoja(tx, grupo, empresa));
}
