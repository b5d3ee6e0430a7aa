// What a closed-list code or a catalogue description reads like on screen (pt-BR). The stored value stays
// the spec's code ('producao', 'Generico', 'Funcionario', 'valorDesconto'); lists, filters, forms and
// exports show the label, never the raw code.

const ROTULOS: Readonly<Record<string, string>> = {
  // product, person and user kinds (spec texts without accents)
  Generico: 'Genérico',
  Funcionario: 'Funcionário',
  Servico: 'Serviço',
  Rodizio: 'Rodízio',
  Garcon: 'Garçom',
  // store settings
  valorDesconto: 'Valor do desconto',
  quantidadeAgrupador: 'Quantidade de itens do combo',
  danfe: 'DANFE',
  naoFiscal: 'Não fiscal',
  perguntar: 'Perguntar',
  custoMedio: 'Custo médio',
  ultimoCusto: 'Último custo',
  custoReposicao: 'Custo de reposição',
  categoria: 'Categoria',
  familia: 'Família',
  // sale modes and terminal functions
  balcao: 'Balcão',
  mesa: 'Mesa',
  comanda: 'Comanda',
  delivery: 'Delivery',
  caixa: 'Caixa',
  expedicao: 'Expedição',
  saidaMotoboy: 'Saída do motoboy',
  portaria: 'Portaria',
  kds: 'KDS',
  // KDS stations, statuses and keys
  producao: 'Produção',
  montagem: 'Montagem',
  pendente: 'Pendente',
  pronto: 'Pronto',
  despachado: 'Despachado',
  proximo: 'Próximo',
  anterior: 'Anterior',
  iniciar: 'Iniciar',
  finalizar: 'Finalizar',
  despachar: 'Despachar',
  recall: 'Rechamar',
  telaCheia: 'Tela cheia',
  // discounts and promotions
  percentual: 'Percentual',
  valor: 'Valor',
  precoDoMenorProduto: 'Preço do menor produto',
  novoValor: 'Novo valor',
  descontoValor: 'Desconto em valor',
  descontoPercentual: 'Desconto percentual',
  desconto: 'Desconto',
  acrescimo: 'Acréscimo',
};

/**
 * The label of a code: the known ones from the table; any other camelCase or lower-case code split into
 * words with a capital first letter ('precoLocal' -> 'Preco local'); words already written for people
 * ('Cliente', 'Pagamento no Caixa') unchanged.
 */
export function rotuloDoCodigo(codigo: string): string {
  const conhecido = ROTULOS[codigo];
  if (conhecido) return conhecido;
  if (!/^[a-z][A-Za-z0-9]*$/.test(codigo)) return codigo;
  const palavras = codigo.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return palavras.charAt(0).toUpperCase() + palavras.slice(1);
}
