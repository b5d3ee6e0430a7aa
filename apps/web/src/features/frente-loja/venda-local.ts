import {
  adicionarItem,
  type CatalogoVenda,
  type ConfiguracaoVenda,
  type FormaPagamentoVenda,
  lancarPagamento,
  type NovoPagamento,
  type PessoaRef,
  recalcularVenda,
  type Venda,
  vendaSchema,
} from '@retaguarda/domain';

// The sale as the POS computes it locally with the domain engine: instant totals while the server
// (the authority) answers, and the whole counter sale when the server cannot be reached.

/** 24-char lowercase hex id (DESIGN section 3), generated on the client so it doubles as idempotency key. */
export function novoId(): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export interface AmbienteVenda {
  catalogo: CatalogoVenda;
  configuracao: ConfiguracaoVenda;
  empresa: string;
  grupoEmpresarial: string;
  terminal: string;
  operador: PessoaRef;
}

export function novaVendaLocal(amb: AmbienteVenda, tipoVenda: 53 | 54 | 55 | 56, agora: string): Venda {
  return vendaSchema.parse({
    _id: novoId(),
    empresa: amb.empresa,
    grupoEmpresarial: amb.grupoEmpresarial,
    tipoVenda: { id: tipoVenda },
    status: { id: 57, descricao: 'Aberta' },
    terminal: amb.terminal,
    operador: amb.operador,
    atendente: amb.operador,
    localPedido: { id: 68 },
    data: agora,
  });
}

export interface ProdutoLancamento {
  _id: string;
  descricao: string;
  codigoInterno: number | string | null;
}

export interface FilhoLancamento {
  produto: ProdutoLancamento;
  quantidadeParte: number;
}

export function adicionarProdutoLocal(
  venda: Venda,
  amb: AmbienteVenda,
  produto: ProdutoLancamento,
  agora: string,
  opcoes: {
    quantidade?: string;
    obs?: string;
    filhos?: FilhoLancamento[];
    sugestao?: string;
    atendente?: PessoaRef;
  } = {},
): Venda {
  const filhos = opcoes.filhos ?? [];
  const com = adicionarItem(venda, {
    produto: { _id: produto._id, descricao: produto.descricao, codigoInterno: produto.codigoInterno },
    produtosFilho: filhos.map((f) => ({
      produto: { _id: f.produto._id, descricao: f.produto.descricao, codigoInterno: f.produto.codigoInterno },
      quantidadeParte: f.quantidadeParte,
    })),
    pizza: filhos.length > 0,
    quantidade: opcoes.quantidade ?? '1',
    obs: opcoes.obs ?? '',
    terminal: amb.terminal,
    atendente: opcoes.atendente ?? amb.operador,
    data: agora,
    ...(opcoes.sugestao ? { sugestao: opcoes.sugestao } : {}),
  });
  return recalcularVenda(com, amb.catalogo, amb.configuracao, agora);
}

export function pagarLocal(
  venda: Venda,
  amb: AmbienteVenda,
  forma: FormaPagamentoVenda,
  valorPago: string,
  agora: string,
  id = novoId(),
  cartao: Pick<NovoPagamento, 'parcelas' | 'operadora' | 'nsu' | 'autorizacao' | 'bandeira'> = {},
): Venda {
  const atual = recalcularVenda(venda, amb.catalogo, amb.configuracao, agora);
  const paga = lancarPagamento(atual, {
    _id: id,
    formaPagamento: forma,
    valorPago,
    operador: amb.operador,
    data: agora,
    terminal: amb.terminal,
    ...cartao,
  });
  return recalcularVenda(paga, amb.catalogo, amb.configuracao, agora);
}

/** Parses "3*" / "3x" / "0,250*" quantity prefixes typed before a search (counter habit). */
export function separarQuantidade(texto: string): { quantidade: string | undefined; busca: string } {
  const m = /^\s*(\d+(?:[.,]\d{1,4})?)\s*[*xX]\s*(.*)$/.exec(texto);
  if (!m) return { quantidade: undefined, busca: texto };
  return { quantidade: (m[1] as string).replace(',', '.'), busca: m[2] ?? '' };
}
