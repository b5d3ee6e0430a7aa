import {
  DESCRICAO_MOTIVO_SAIDA,
  diaComercial,
  escreverDinheiro,
  lerDinheiro,
  MOTIVOS_SAIDA_MANUAL,
  type MotivoSaidaManual,
  type SaidaManualDocumento,
} from '@retaguarda/domain';

// relatorioEstoqueSaidaManual (issue 17), its rules without React: the manual exit documents of each chosen store
// (GET /api/estoque/saidaManual) become one row per document line, grouped by reason in the order of
// MOTIVOS_SAIDA_MANUAL; the totals per reason and overall count only the lines still standing — a reversed line
// stays on the report, marked, with its value apart (valorEstornado), so the report matches the ledger.

/** A document whose stored text names no known reason (older data) is grouped apart. */
export type MotivoRelatorio = MotivoSaidaManual | 'semMotivo';

export const DESCRICAO_MOTIVO_RELATORIO: Record<MotivoRelatorio, string> = {
  ...DESCRICAO_MOTIVO_SAIDA,
  semMotivo: 'Sem motivo',
};

const ORDEM: readonly MotivoRelatorio[] = [...MOTIVOS_SAIDA_MANUAL, 'semMotivo'];

export interface SaidasDaEmpresa {
  empresa: { _id: string; descricao: string };
  documentos: readonly SaidaManualDocumento[];
}

export interface LinhaRelatorioSaida {
  /** The move's id. */
  chave: string;
  documento: string;
  empresa: string;
  data: string;
  motivo: MotivoRelatorio;
  motivoDescricao: string | null;
  observacao: string | null;
  usuario: string | null;
  produto: { descricao: string; codigoInterno: number | null; unidade: string | null };
  quantidade: string;
  custoUnitario: string;
  valor: string;
  /** Reversed lines stay on the report but out of every total. */
  estornada: boolean;
}

export interface GrupoMotivo {
  motivo: MotivoRelatorio;
  descricao: string;
  linhas: LinhaRelatorioSaida[];
  documentos: number;
  /** Lines still standing (not reversed). */
  itens: number;
  /** Σ value of the lines still standing, 2 decimals. */
  valor: string;
  /** Σ value of the reversed lines (shown apart, never in `valor`). */
  valorEstornado: string;
}

export interface RelatorioSaidaManual {
  grupos: GrupoMotivo[];
  totais: { documentos: number; itens: number; valor: string; valorEstornado: string; estornadas: number };
}

export function montarRelatorioSaida(porEmpresa: readonly SaidasDaEmpresa[]): RelatorioSaidaManual {
  const acumulado = new Map<
    MotivoRelatorio,
    { linhas: LinhaRelatorioSaida[]; docs: Set<string>; itens: number; valor: number; estornado: number }
  >();
  for (const { empresa, documentos } of porEmpresa) {
    for (const d of documentos) {
      const motivo: MotivoRelatorio = d.motivo ?? 'semMotivo';
      let g = acumulado.get(motivo);
      if (!g) {
        g = { linhas: [], docs: new Set(), itens: 0, valor: 0, estornado: 0 };
        acumulado.set(motivo, g);
      }
      for (const i of d.itens) {
        const estornada = i.estorno !== null;
        const centavos = lerDinheiro(i.valor);
        if (estornada) g.estornado += centavos;
        else {
          g.valor += centavos;
          g.itens += 1;
          g.docs.add(d._id);
        }
        g.linhas.push({
          chave: i._id,
          documento: d._id,
          empresa: empresa.descricao,
          data: d.data,
          motivo,
          motivoDescricao: d.motivoDescricao,
          observacao: d.observacao,
          usuario: d.usuario?.nome ?? null,
          produto: {
            descricao: i.produto.descricao,
            codigoInterno: i.produto.codigoInterno,
            unidade: i.produto.unidade,
          },
          quantidade: i.quantidade,
          custoUnitario: i.custoUnitario,
          valor: i.valor,
          estornada,
        });
      }
    }
  }
  const grupos: GrupoMotivo[] = ORDEM.flatMap((motivo) => {
    const g = acumulado.get(motivo);
    if (!g || g.linhas.length === 0) return [];
    // Oldest first inside a reason, then by store and document (the report reads like a journal).
    const linhas = [...g.linhas].sort(
      (a, b) =>
        a.data.localeCompare(b.data) ||
        a.empresa.localeCompare(b.empresa) ||
        a.documento.localeCompare(b.documento),
    );
    return [
      {
        motivo,
        descricao: DESCRICAO_MOTIVO_RELATORIO[motivo],
        linhas,
        documentos: g.docs.size,
        itens: g.itens,
        valor: escreverDinheiro(g.valor),
        valorEstornado: escreverDinheiro(g.estornado),
      },
    ];
  });
  let valor = 0;
  let estornado = 0;
  let itens = 0;
  let estornadas = 0;
  let documentos = 0;
  for (const g of grupos) {
    valor += lerDinheiro(g.valor);
    estornado += lerDinheiro(g.valorEstornado);
    itens += g.itens;
    documentos += g.documentos;
    estornadas += g.linhas.filter((l) => l.estornada).length;
  }
  return {
    grupos,
    totais: {
      documentos,
      itens,
      valor: escreverDinheiro(valor),
      valorEstornado: escreverDinheiro(estornado),
      estornadas,
    },
  };
}

/** Share of each reason in the total (0-100), for the bars; 0 when nothing stands. */
export function participacao(grupo: GrupoMotivo, total: string): number {
  const t = lerDinheiro(total);
  return t > 0 ? (lerDinheiro(grupo.valor) / t) * 100 : 0;
}

const p2 = (n: number) => String(n).padStart(2, '0');

/** Spec 1 §9 default: first day of the previous month to the last day of the current one (São Paulo days). */
export function periodoPadraoSaida(hoje: string = diaComercial(Date.now())): { inicio: string; fim: string } {
  const [ano, mes] = hoje.split('-').map(Number) as [number, number];
  const anterior = mes === 1 ? { ano: ano - 1, mes: 12 } : { ano, mes: mes - 1 };
  const ultimo = new Date(Date.UTC(ano, mes, 0)).getUTCDate();
  return { inicio: `${anterior.ano}-${p2(anterior.mes)}-01`, fim: `${ano}-${p2(mes)}-${p2(ultimo)}` };
}
