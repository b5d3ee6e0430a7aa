import {
  escreverCentavos,
  escreverEstoque,
  lerEstoque,
  type MotivoSaidaManual,
  type ProdutoEstoque,
  type SaidaManualEntrada,
  saidaManualEntradaSchema,
  valorDoMovimento,
} from '@retaguarda/domain';
import type { z } from 'zod';

// The manual exit form (estoqueSaidaManual) as pure rules: what the user typed -> the lines' figures at the
// average cost, the document the server takes (checked with the server's own schema), and the messages of what
// is missing. The server is the judge of the balance (negative stock, closed period); the form only warns.

export interface LinhaSaida {
  /** Key of the line in the form (not sent). */
  chave: string;
  produto: ProdutoEstoque | null;
  /** As typed: "1,5", "1.250,75", "2". */
  quantidade: string;
}

export interface FormularioSaida {
  /** The document's id, made when the form opened: a retry posts the same document. */
  _id: string;
  empresa: string | undefined;
  /** ISO instant, or undefined for "now" (the server's clock). */
  data: string | undefined;
  motivo: MotivoSaidaManual | undefined;
  observacao: string;
  linhas: LinhaSaida[];
}

/** "1.250,75" -> "1250.75"; "1,5" -> "1.5"; "2" -> "2"; anything else -> null. */
export function lerQuantidadeDigitada(texto: string): string | null {
  const t = texto.trim().replace(/\s/g, '');
  if (!t) return null;
  const normal = t.includes(',') ? t.replace(/\./g, '').replace(',', '.') : t;
  return /^\d+(\.\d+)?$/.test(normal) ? normal : null;
}

export interface FigurasLinha {
  /** Quantity at 6 decimals, when valid and positive. */
  quantidade: string | null;
  /** Value of the exit at the average cost (2 decimals), and in cents. */
  valor: string | null;
  centavos: bigint;
  /** Balance after this exit. */
  saldoApos: string | null;
  /** The exit leaves the balance below zero (the store may refuse it). */
  negativo: boolean;
}

export function figurasDaLinha(linha: LinhaSaida): FigurasLinha {
  const texto = lerQuantidadeDigitada(linha.quantidade);
  const q = texto === null ? null : lerEstoque(texto);
  if (!linha.produto || q === null || q <= 0n) {
    return { quantidade: null, valor: null, centavos: 0n, saldoApos: null, negativo: false };
  }
  const saldo = lerEstoque(linha.produto.quantidade) - q;
  const centavos = valorDoMovimento(q, lerEstoque(linha.produto.custoMedio));
  return {
    quantidade: escreverEstoque(q),
    valor: escreverCentavos(centavos),
    centavos,
    saldoApos: escreverEstoque(saldo),
    negativo: saldo < 0n,
  };
}

/** Σ of the lines' values at the average cost. */
export function totalDaSaida(linhas: readonly LinhaSaida[]): string {
  return escreverCentavos(linhas.reduce((total, l) => total + figurasDaLinha(l).centavos, 0n));
}

export type ResultadoDocumento = { ok: true; documento: SaidaManualEntrada } | { ok: false; erros: string[] };

/**
 * The document to post, or the messages of what is missing: the lines with a product are sent; a line with a
 * product and no valid quantity, a product twice or an empty form are refused here, and the rest by the
 * server's own schema (motivo, 'outro' without text, 6 decimals).
 */
export function montarDocumento(f: FormularioSaida): ResultadoDocumento {
  const erros: string[] = [];
  if (!f.empresa) erros.push('Escolha a empresa.');
  const linhas = f.linhas.filter((l) => l.produto);
  const vistos = new Set<string>();
  for (const l of linhas) {
    const nome = l.produto?.descricao ?? '';
    const q = lerQuantidadeDigitada(l.quantidade);
    if (q === null || Number(q) <= 0) erros.push(`Informe a quantidade de ${nome}.`);
    if (l.produto && vistos.has(l.produto._id)) {
      erros.push(`${nome} está em duas linhas: some as quantidades numa linha só.`);
    }
    if (l.produto) vistos.add(l.produto._id);
  }
  const entrada: z.input<typeof saidaManualEntradaSchema> = {
    _id: f._id,
    empresa: f.empresa ?? '',
    ...(f.data ? { data: f.data } : {}),
    // An unknown value makes the schema say 'Informe o motivo da saída.'
    motivo: (f.motivo ?? '') as MotivoSaidaManual,
    ...(f.observacao.trim() ? { observacao: f.observacao.trim() } : {}),
    itens: linhas.map((l) => ({
      produto: l.produto?._id ?? '',
      quantidade: lerQuantidadeDigitada(l.quantidade) ?? l.quantidade,
    })),
  };
  const r = saidaManualEntradaSchema.safeParse(entrada);
  if (!r.success) {
    for (const issue of r.error.issues) {
      // Quantity messages were written above with the product's name.
      if (issue.path[0] === 'itens' && issue.path.length > 1 && erros.some((e) => e.includes('quantidade'))) {
        continue;
      }
      if (issue.path[0] === 'empresa' && !f.empresa) continue;
      if (!erros.includes(issue.message)) erros.push(issue.message);
    }
  }
  if (erros.length || !r.success) return { ok: false, erros };
  return { ok: true, documento: r.data };
}
