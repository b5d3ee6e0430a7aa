import {
  type CriarPedidoTransferencia,
  type CriarTransferencia,
  criarPedidoTransferenciaSchema,
  criarTransferenciaSchema,
  escreverCentavos,
  escreverEstoque,
  formatarNumero,
  type GerarPedidosReposicao,
  gerarPedidosReposicaoSchema,
  type ItemTransferencia,
  type LinhaReposicao,
  lerEstoque,
  type ProdutoEstoque,
  type ReceberTransferencia,
  receberTransferenciaSchema,
  unidadeFracionada,
  valorDoMovimento,
} from '@retaguarda/domain';
import type { z } from 'zod';

// The transfer screens' rules without React: typed quantities, the documents the server takes (checked with
// the server's own schemas, so a refusal is shown before the call), the receipt with its divergences, and the
// replenishment list turned into one request per store. The server stays the judge (stock, plan accounts).

/** "1.250,75" -> "1250.75"; "1,5" -> "1.5"; "2" -> "2"; anything else -> null. */
export function lerQuantidadeDigitada(texto: string): string | null {
  const t = texto.trim().replace(/\s/g, '');
  if (!t) return null;
  const normal = t.includes(',') ? t.replace(/\./g, '').replace(',', '.') : t;
  return /^\d+(\.\d+)?$/.test(normal) ? normal : null;
}

/** "12.500000" KG -> "12,500"; "30.000000" UN -> "30"; "0.333333" UN -> "0,3333". */
export function formatarQuantidade(valor: string | null | undefined, unidade?: string | null): string {
  if (valor === null || valor === undefined) return '';
  const significativas = (valor.split('.')[1] ?? '').replace(/0+$/, '').length;
  const casas = Math.min(4, Math.max(unidadeFracionada(unidade) ? 3 : 0, significativas));
  return formatarNumero(valor, casas);
}

/** A unit cost: R$ with 2 decimals, or up to 4 when it has them. */
export function formatarCusto(valor: string | null | undefined): string {
  if (valor === null || valor === undefined) return '';
  const significativas = (valor.split('.')[1] ?? '').replace(/0+$/, '').length;
  return `R$ ${formatarNumero(valor, Math.min(4, Math.max(2, significativas)))}`;
}

/** Brings a quantity the server wrote ('2.000000') to what a person types ('2', '1,5'). */
export function quantidadeParaDigitar(valor: string): string {
  return valor.replace(/\.?0+$/, '').replace('.', ',');
}

export interface LinhaFormulario {
  /** Key of the line in the form (not sent). */
  chave: string;
  produto: ProdutoEstoque | null;
  /** As typed. */
  quantidade: string;
  planoDeContaCredito: string;
  planoDeContaDebito: string;
}

export interface FormularioTransferencia {
  /** The document's id, made when the form opened: a retry posts the same document. */
  _id: string;
  empresaOrigem: string | undefined;
  empresaDestino: string | undefined;
  observacao: string;
  linhas: LinhaFormulario[];
}

export interface FigurasLinha {
  /** Balance of the origin after the line ships. */
  saldoApos: string | null;
  /** Value at the origin's average (what the exit will carry, before any percentage). */
  valor: string | null;
  centavos: bigint;
  negativo: boolean;
}

export function figurasDaLinha(l: LinhaFormulario): FigurasLinha {
  const texto = lerQuantidadeDigitada(l.quantidade);
  const q = texto === null ? null : lerEstoque(texto);
  if (!l.produto || q === null || q <= 0n)
    return { saldoApos: null, valor: null, centavos: 0n, negativo: false };
  const saldo = lerEstoque(l.produto.quantidade) - q;
  const centavos = valorDoMovimento(q, lerEstoque(l.produto.custoMedio));
  return {
    saldoApos: escreverEstoque(saldo),
    valor: escreverCentavos(centavos),
    centavos,
    negativo: saldo < 0n,
  };
}

export type Resultado<T> = { ok: true; documento: T } | { ok: false; erros: string[] };

function mensagensDoSchema(
  erros: string[],
  issues: readonly z.core.$ZodIssue[],
  pular: (i: z.core.$ZodIssue) => boolean,
) {
  for (const issue of issues) {
    if (pular(issue)) continue;
    if (!erros.includes(issue.message)) erros.push(issue.message);
  }
}

/** Quantity messages with the product's name (the schema's say only "itens.0.quantidade"). */
function conferirLinhas(linhas: readonly LinhaFormulario[], erros: string[]): void {
  const vistos = new Set<string>();
  for (const l of linhas) {
    if (!l.produto) continue;
    const q = lerQuantidadeDigitada(l.quantidade);
    if (q === null || Number(q) <= 0) erros.push(`Informe a quantidade de ${l.produto.descricao}.`);
    if (vistos.has(l.produto._id)) {
      erros.push(`${l.produto.descricao} está em duas linhas: some as quantidades numa linha só.`);
    }
    vistos.add(l.produto._id);
  }
}

/** The transfer to post (a draft, or shipped at once with `enviar`), or what is missing. */
export function montarTransferencia(
  f: FormularioTransferencia,
  enviar: boolean,
): Resultado<CriarTransferencia> {
  const erros: string[] = [];
  if (!f.empresaOrigem) erros.push('Escolha a loja de origem.');
  if (!f.empresaDestino) erros.push('Escolha a loja de destino.');
  const linhas = f.linhas.filter((l) => l.produto);
  conferirLinhas(linhas, erros);
  const entrada: z.input<typeof criarTransferenciaSchema> = {
    _id: f._id,
    empresaOrigem: f.empresaOrigem ?? '',
    empresaDestino: f.empresaDestino ?? '',
    ...(f.observacao.trim() ? { observacao: f.observacao.trim() } : {}),
    enviar,
    itens: linhas.map((l) => ({
      produto: l.produto?._id ?? '',
      quantidade: lerQuantidadeDigitada(l.quantidade) ?? l.quantidade,
      ...(l.planoDeContaCredito.trim() ? { planoDeContaCredito: l.planoDeContaCredito.trim() } : {}),
      ...(l.planoDeContaDebito.trim() ? { planoDeContaDebito: l.planoDeContaDebito.trim() } : {}),
    })),
  };
  const r = criarTransferenciaSchema.safeParse(entrada);
  if (!r.success) {
    mensagensDoSchema(
      erros,
      r.error.issues,
      (i) =>
        (i.path[0] === 'itens' && i.path.length > 1) ||
        (i.path[0] === 'empresaOrigem' && !f.empresaOrigem) ||
        (i.path[0] === 'empresaDestino' && !f.empresaDestino),
    );
  }
  if (erros.length || !r.success) return { ok: false, erros };
  return { ok: true, documento: r.data };
}

export interface LinhaRecebimento {
  produto: string;
  descricao: string;
  enviada: string;
  /** As typed (starts as the shipped quantity). */
  recebida: string;
  motivo: string;
}

export const linhasParaReceber = (itens: readonly ItemTransferencia[]): LinhaRecebimento[] =>
  itens.map((i) => ({
    produto: i.produto._id,
    descricao: i.produto.descricao,
    enviada: i.quantidade,
    recebida: quantidadeParaDigitar(i.quantidade),
    motivo: '',
  }));

/** Shipped − received of a line as typed (null when the typed quantity is not a number). */
export function divergenciaDigitada(l: LinhaRecebimento): string | null {
  const r = lerQuantidadeDigitada(l.recebida);
  return r === null ? null : escreverEstoque(lerEstoque(l.enviada) - lerEstoque(r));
}

/** The receipt to post: every line with what arrived; a shortage needs its reason, more than shipped is refused. */
export function montarRecebimento(
  linhas: readonly LinhaRecebimento[],
  data: string | undefined,
  observacao: string,
): Resultado<ReceberTransferencia> {
  const erros: string[] = [];
  for (const l of linhas) {
    const r = lerQuantidadeDigitada(l.recebida);
    if (r === null) {
      erros.push(`Informe quanto chegou de ${l.descricao} (zero se nada chegou).`);
      continue;
    }
    const dif = lerEstoque(l.enviada) - lerEstoque(r);
    if (dif < 0n)
      erros.push(`Chegou mais ${l.descricao} do que foi enviado: lance o excedente como entrada.`);
    if (dif > 0n && !l.motivo.trim()) erros.push(`Informe o motivo da divergência de ${l.descricao}.`);
  }
  const r = receberTransferenciaSchema.safeParse({
    ...(data ? { data } : {}),
    ...(observacao.trim() ? { observacao: observacao.trim() } : {}),
    itens: linhas.map((l) => ({
      produto: l.produto,
      quantidadeRecebida: lerQuantidadeDigitada(l.recebida) ?? l.recebida,
      ...(l.motivo.trim() ? { motivoDivergencia: l.motivo.trim() } : {}),
    })),
  });
  if (!r.success) mensagensDoSchema(erros, r.error.issues, (i) => i.path[0] === 'itens' && erros.length > 0);
  if (erros.length || !r.success) return { ok: false, erros };
  return { ok: true, documento: r.data };
}

export interface FormularioPedido {
  _id: string;
  empresaSolicitante: string | undefined;
  empresaFornecedora: string | undefined;
  dataNecessidade: string | undefined;
  observacao: string;
  linhas: LinhaFormulario[];
}

export function montarPedido(f: FormularioPedido): Resultado<CriarPedidoTransferencia> {
  const erros: string[] = [];
  if (!f.empresaSolicitante) erros.push('Escolha a loja que pede.');
  if (!f.empresaFornecedora) erros.push('Escolha a loja fornecedora.');
  const linhas = f.linhas.filter((l) => l.produto);
  conferirLinhas(linhas, erros);
  const r = criarPedidoTransferenciaSchema.safeParse({
    _id: f._id,
    empresaSolicitante: f.empresaSolicitante ?? '',
    empresaFornecedora: f.empresaFornecedora ?? '',
    ...(f.dataNecessidade ? { dataNecessidade: f.dataNecessidade } : {}),
    ...(f.observacao.trim() ? { observacao: f.observacao.trim() } : {}),
    itens: linhas.map((l) => ({
      produto: l.produto?._id ?? '',
      quantidade: lerQuantidadeDigitada(l.quantidade) ?? l.quantidade,
    })),
  });
  if (!r.success) {
    mensagensDoSchema(
      erros,
      r.error.issues,
      (i) =>
        (i.path[0] === 'itens' && i.path.length > 1) ||
        (i.path[0] === 'empresaSolicitante' && !f.empresaSolicitante) ||
        (i.path[0] === 'empresaFornecedora' && !f.empresaFornecedora),
    );
  }
  if (erros.length || !r.success) return { ok: false, erros };
  return { ok: true, documento: r.data };
}

/** A line of the replenishment list with the quantity the user may change before generating. */
export interface LinhaReposicaoEditavel extends LinhaReposicao {
  /** As typed (starts as the suggestion); zero or empty leaves the product out. */
  quantidade: string;
}

/**
 * One request per client store with its lines of a positive quantity. `ids` keeps each store's request id
 * from when the list was computed, so a second click posts the same requests.
 */
export function montarPedidosReposicao(
  fornecedora: string,
  linhas: readonly LinhaReposicaoEditavel[],
  ids: ReadonlyMap<string, string>,
): Resultado<GerarPedidosReposicao> {
  const erros: string[] = [];
  const porLoja = new Map<string, { produto: string; quantidade: string }[]>();
  for (const l of linhas) {
    const texto = l.quantidade.trim();
    if (!texto) continue;
    const q = lerQuantidadeDigitada(texto);
    if (q === null) {
      erros.push(`Quantidade inválida de ${l.produto.descricao} para ${l.empresa.descricao}.`);
      continue;
    }
    if (Number(q) <= 0) continue;
    const lista = porLoja.get(l.empresa._id) ?? [];
    lista.push({ produto: l.produto._id, quantidade: q });
    porLoja.set(l.empresa._id, lista);
  }
  const pedidos = [...porLoja].map(([empresa, itens]) => ({ _id: ids.get(empresa) ?? '', empresa, itens }));
  const r = gerarPedidosReposicaoSchema.safeParse({ empresaFornecedora: fornecedora, pedidos });
  if (!r.success) mensagensDoSchema(erros, r.error.issues, () => false);
  if (erros.length || !r.success) return { ok: false, erros };
  return { ok: true, documento: r.data };
}
