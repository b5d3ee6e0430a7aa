import { definirCatalogo, item } from './catalogo.ts';

// Non-fiscal enumerations of spec 1 section 3-4 and spec 2 section 3.3-4. Where the spec names a group
// without its values, the values are our design (typical of Brazilian POS/back-office products).

/** Catalogue whose ids are 1..n in the order given. */
function sequencia(grupo: string, descricoes: readonly string[], siglas?: readonly string[]) {
  return descricoes.map((descricao, i) => item(grupo, i + 1, descricao, siglas?.[i] ?? null));
}

export const plataformas = definirCatalogo(
  'plataforma',
  sequencia(
    'plataforma',
    ['Loja', 'App', 'Garçom', 'Cardápio Digital', 'Totem de Autoatendimento', 'Tablet', 'Call Center'],
    ['loja', 'app', 'garcom', 'cardapioDigital', 'totemAutoAtendimento', 'tablet', 'callCenter'],
  ),
);

export const funcoesTerminal = definirCatalogo(
  'funcaoTerminal',
  sequencia(
    'funcaoTerminal',
    [
      'Lançar Venda Balcão',
      'Lançar Mesa',
      'Lançar Comanda',
      'Lançar Delivery',
      'Operar como Caixa',
      'Acessar Expedição',
      'Acessar Saída de Motoboy',
      'Cadastro de Portaria',
      'KDS',
    ],
    ['BALCAO', 'MESA', 'COMANDA', 'DELIVERY', 'CAIXA', 'EXPEDICAO', 'SAIDA_MOTOBOY', 'PORTARIA', 'KDS'],
  ),
);

// Print types 1-11 (spec 1 section 3).
export const tiposImpressao = definirCatalogo('tipoImpressao', [
  item('tipoImpressao', 1, 'NFCE', 'NFCE'),
  item('tipoImpressao', 2, 'Fechamento', 'FECHAMENTO'),
  item('tipoImpressao', 3, 'Produção', 'PRODUCAO'),
  item('tipoImpressao', 4, 'Conta', 'CONTA'),
  item('tipoImpressao', 5, 'Outros', 'OUTROS'),
  item('tipoImpressao', 6, 'Cancelamento', 'CANCELAMENTO'),
  item('tipoImpressao', 7, 'Sangria', 'SANGRIA'),
  item('tipoImpressao', 8, 'Pagamento', 'PAGAMENTO'),
  item('tipoImpressao', 9, 'Suprimento', 'SUPRIMENTO'),
  item('tipoImpressao', 10, 'Cortesia', 'CORTESIA'),
  item('tipoImpressao', 11, 'Convênio', 'CONVENIO'),
] as const);
export const TIPO_IMPRESSAO = {
  nfce: 1,
  fechamento: 2,
  producao: 3,
  conta: 4,
  outros: 5,
  cancelamento: 6,
  sangria: 7,
  pagamento: 8,
  suprimento: 9,
  cortesia: 10,
  convenio: 11,
} as const;

// Print job status: a job starts 'Aguardando Impressão' (id 1, spec 2 section 9).
export const statusImpressao = definirCatalogo('statusImpressao', [
  item('statusImpressao', 1, 'Aguardando Impressão', 'AGUARDANDO'),
  item('statusImpressao', 2, 'Imprimindo', 'IMPRIMINDO'),
  item('statusImpressao', 3, 'Impresso', 'IMPRESSO'),
  item('statusImpressao', 4, 'Erro', 'ERRO'),
] as const);

export const tiposPreco = definirCatalogo('tipoPreco', [
  item('tipoPreco', 1, 'Preço Tabela', 'TABELA'),
  item('tipoPreco', 2, 'Preço Local', 'LOCAL'),
  item('tipoPreco', 3, 'Percentual Tabela', 'PERCENTUAL_TABELA'),
] as const);

// Person types (spec 1 section 3: Cliente, Fornecedor, Funcionario, Pagamento no Caixa).
export const tiposPessoa = definirCatalogo('tipoPessoa', [
  item('tipoPessoa', 1, 'Cliente', 'CLIENTE'),
  item('tipoPessoa', 2, 'Fornecedor', 'FORNECEDOR'),
  item('tipoPessoa', 3, 'Funcionario', 'FUNCIONARIO'),
  item('tipoPessoa', 4, 'Pagamento no Caixa', 'PAGAMENTO_CAIXA'),
] as const);

/** Legal nature of a person (the default customer is a physical person). */
export const naturezasPessoa = definirCatalogo('naturezaPessoa', [
  item('naturezaPessoa', 1, 'Física', 'F'),
  item('naturezaPessoa', 2, 'Jurídica', 'J'),
] as const);

// Linked-person types (spec 2 section 6).
export const tiposVinculoPessoa = definirCatalogo(
  'tipoVinculoPessoa',
  sequencia('tipoVinculoPessoa', [
    'Usuário',
    'Fornecedor',
    'Operador de Caixa',
    'Supervisor',
    'Vendedor',
    'Cliente',
  ]),
);

export const periodosVenda = definirCatalogo('periodoVenda', [
  item('periodoVenda', 1, 'Manha', 'MANHA'),
  item('periodoVenda', 2, 'Tarde', 'TARDE'),
  item('periodoVenda', 3, 'Noite', 'NOITE'),
  item('periodoVenda', 4, 'Integral', 'INTEGRAL'),
] as const);

// General discount modes 0 value, 1 percent; line discount modes 0-4 (spec 1 section 5).
export const tiposDescontoGeral = definirCatalogo('tipoDescontoGeral', [
  item('tipoDescontoGeral', 0, 'Valor', 'VALOR'),
  item('tipoDescontoGeral', 1, 'Percentual', 'PERCENTUAL'),
] as const);
export const modosDescontoItem = definirCatalogo('modoDescontoItem', [
  item('modoDescontoItem', 0, 'Novo valor unitário', 'NOVO_UNITARIO'),
  item('modoDescontoItem', 1, 'Desconto unitário', 'DESCONTO_UNITARIO'),
  item('modoDescontoItem', 2, 'Percentual', 'PERCENTUAL'),
  item('modoDescontoItem', 3, 'Desconto no subtotal', 'DESCONTO_SUBTOTAL'),
  item('modoDescontoItem', 4, 'Novo subtotal', 'NOVO_SUBTOTAL'),
] as const);

export const tiposDescontoCombo = definirCatalogo('tipoDescontoCombo', [
  item('tipoDescontoCombo', 1, 'Percentual', 'percentual'),
  item('tipoDescontoCombo', 2, 'Valor', 'valor'),
  item('tipoDescontoCombo', 3, 'Preço do menor produto', 'precoDoMenorProduto'),
] as const);

export const tiposPromocao = definirCatalogo('tipoPromocao', [
  item('tipoPromocao', 1, 'Novo valor', 'novoValor'),
  item('tipoPromocao', 2, 'Desconto em valor', 'descontoValor'),
  item('tipoPromocao', 3, 'Desconto percentual', 'descontoPercentual'),
] as const);

export const abrangenciasVoucher = definirCatalogo('abrangenciaVoucher', [
  item('abrangenciaVoucher', 1, 'Todos os clientes', 'TODOS'),
  item('abrangenciaVoucher', 2, 'Área demarcada', 'AREA'),
  item('abrangenciaVoucher', 3, 'Por pessoa', 'PESSOA'),
  item('abrangenciaVoucher', 4, 'Ambos (área demarcada e por pessoa)', 'AMBOS'),
] as const);

const impressora = (id: number, descricao: string, sigla: string, etiqueta: boolean) => ({
  ...item('modeloImpressora', id, descricao, sigla),
  etiqueta,
});
// Printer models 0-8 (spec 1 section 3: some are label printers). sigla = command language.
export const modelosImpressora = definirCatalogo('modeloImpressora', [
  impressora(0, 'Genérica (somente texto)', 'TEXTO', false),
  impressora(1, 'Epson (ESC/POS)', 'ESCPOS', false),
  impressora(2, 'Bematech', 'ESCBEMA', false),
  impressora(3, 'Elgin', 'ESCPOS', false),
  impressora(4, 'Daruma', 'ESCDARUMA', false),
  impressora(5, 'Sweda', 'ESCPOS', false),
  impressora(6, 'Zebra (etiqueta)', 'ZPL', true),
  impressora(7, 'Argox (etiqueta)', 'PPLA', true),
  impressora(8, 'Elgin L42 (etiqueta)', 'PPLB', true),
]);

const etiqueta = (id: number, larguraMm: number, alturaMm: number, colunas: number, uso: string) => ({
  ...item(
    'formatoEtiqueta',
    id,
    `${larguraMm}x${alturaMm} mm - ${colunas} coluna${colunas > 1 ? 's' : ''} (${uso})`,
  ),
  larguraMm,
  alturaMm,
  colunas,
});
// About 25 label formats (spec 1 section 3); widths and heights of common thermal label rolls.
export const formatosEtiqueta = definirCatalogo('formatoEtiqueta', [
  etiqueta(1, 30, 15, 3, 'Gôndola'),
  etiqueta(2, 30, 20, 3, 'Gôndola'),
  etiqueta(3, 30, 25, 3, 'Gôndola'),
  etiqueta(4, 33, 17, 3, 'Joia/pequena'),
  etiqueta(5, 33, 21, 3, 'Produto'),
  etiqueta(6, 34, 23, 3, 'Produto'),
  etiqueta(7, 35, 22, 3, 'Produto'),
  etiqueta(8, 40, 25, 2, 'Produto'),
  etiqueta(9, 40, 40, 2, 'Produto'),
  etiqueta(10, 50, 25, 2, 'Produto'),
  etiqueta(11, 50, 30, 2, 'Produto'),
  etiqueta(12, 50, 50, 2, 'Validade'),
  etiqueta(13, 60, 30, 1, 'Produto'),
  etiqueta(14, 60, 40, 1, 'Validade'),
  etiqueta(15, 60, 60, 1, 'Validade'),
  etiqueta(16, 70, 30, 1, 'Produto'),
  etiqueta(17, 80, 40, 1, 'Balança'),
  etiqueta(18, 80, 60, 1, 'Balança'),
  etiqueta(19, 100, 30, 1, 'Gôndola'),
  etiqueta(20, 100, 50, 1, 'Expedição'),
  etiqueta(21, 100, 100, 1, 'Expedição'),
  etiqueta(22, 100, 150, 1, 'Envio'),
  etiqueta(23, 58, 40, 1, 'Delivery (bobina 58 mm)'),
  etiqueta(24, 80, 80, 1, 'Delivery (bobina 80 mm)'),
  etiqueta(25, 95, 12, 1, 'Pulseira/preço'),
]);

// Serial port settings (spec 1 section 9).
export const velocidadesSerial = definirCatalogo(
  'velocidadeSerial',
  [1200, 2400, 4800, 9600, 19200, 38400, 57600, 115200].map((v) => item('velocidadeSerial', v, String(v))),
);
export const bitsParadaSerial = definirCatalogo('bitsParadaSerial', [
  item('bitsParadaSerial', 1, '1', '1'),
  item('bitsParadaSerial', 2, '1.5', '1.5'),
  item('bitsParadaSerial', 3, '2', '2'),
] as const);
export const bitsDadosSerial = definirCatalogo(
  'bitsDadosSerial',
  [4, 5, 6, 7, 8].map((v) => item('bitsDadosSerial', v, String(v))),
);
export const controlesFluxoSerial = definirCatalogo('controleFluxoSerial', [
  item('controleFluxoSerial', 1, 'None', 'NONE'),
  item('controleFluxoSerial', 2, 'Hardware', 'HARDWARE'),
  item('controleFluxoSerial', 3, 'Xon-Xoff', 'XONXOFF'),
] as const);
export const paridadesSerial = definirCatalogo('paridadeSerial', [
  item('paridadeSerial', 1, 'None', 'N'),
  item('paridadeSerial', 2, 'Odd', 'O'),
  item('paridadeSerial', 3, 'Even', 'E'),
  item('paridadeSerial', 4, 'Mark', 'M'),
  item('paridadeSerial', 5, 'Space', 'S'),
] as const);
export const portasSerial = definirCatalogo(
  'portaSerial',
  Array.from({ length: 12 }, (_, i) => item('portaSerial', i + 1, `COM${i + 1}`, `COM${i + 1}`)),
);

export const marcasBalanca = definirCatalogo('marcaBalanca', [
  item('marcaBalanca', 1, 'Toledo', 'TOLEDO'),
  item('marcaBalanca', 2, 'Urano POP-S', 'URANO_POP_S'),
  item('marcaBalanca', 3, 'Urano POP-Z', 'URANO_POP_Z'),
  item('marcaBalanca', 4, 'Elgin DP-20', 'ELGIN_DP20'),
  item('marcaBalanca', 5, 'Wind C3', 'WIND_C3'),
] as const);

export const codificacoesArquivo = definirCatalogo('codificacaoArquivo', [
  item('codificacaoArquivo', 1, 'UTF-8', 'utf-8'),
  item('codificacaoArquivo', 2, 'ISO-8859-1 (Latin-1)', 'latin1'),
  item('codificacaoArquivo', 3, 'Windows-1252', 'windows-1252'),
  item('codificacaoArquivo', 4, 'ASCII', 'ascii'),
] as const);

// Payment brand types (spec 1 section 3); referencia = fiscal payment code (tPag) the brand carries.
export const tiposBandeiraPagamento = definirCatalogo('tipoBandeiraPagamento', [
  item('tipoBandeiraPagamento', 1, 'Dinheiro', 'DINHEIRO', 1),
  item('tipoBandeiraPagamento', 2, 'Débito', 'DEBITO', 4),
  item('tipoBandeiraPagamento', 3, 'Crédito', 'CREDITO', 3),
  item('tipoBandeiraPagamento', 4, 'Vale Refeição', 'VALE_REFEICAO', 11),
  item('tipoBandeiraPagamento', 5, 'Vale Alimentação', 'VALE_ALIMENTACAO', 10),
  item('tipoBandeiraPagamento', 6, 'App Online', 'APP_ONLINE', 99),
  item('tipoBandeiraPagamento', 7, 'Cheque', 'CHEQUE', 2),
  item('tipoBandeiraPagamento', 8, 'Pix', 'PIX', 17),
] as const);

export const tiposEmpresa = definirCatalogo('tipoEmpresa', [
  item('tipoEmpresa', 1, 'Matriz', 'MATRIZ'),
  item('tipoEmpresa', 2, 'Filial', 'FILIAL'),
  item('tipoEmpresa', 3, 'Franquia', 'FRANQUIA'),
  item('tipoEmpresa', 4, 'Representante', 'REPRESENTANTE'),
  // The franchise manager company: sees the 'especial' permissions (spec 1 section 6).
  item('tipoEmpresa', 5, 'Gestor Franquia', 'GESTOR_FRANQUIA'),
] as const);

// Product types (spec 1 section 3 and spec 2 section 3.3): the specs spell some differently; descricao takes
// the accented label of spec 2, sigla the stored value of spec 1.
export const tiposProduto = definirCatalogo('tipoProduto', [
  item('tipoProduto', 1, 'Normal', 'Normal'),
  item('tipoProduto', 2, 'Serviço', 'Servico'),
  item('tipoProduto', 3, 'Gorjeta', 'Gorjeta'),
  item('tipoProduto', 4, 'Taxa Entrega', 'Taxa Entrega'),
  item('tipoProduto', 5, 'Adicional', 'Adicional'),
  item('tipoProduto', 6, 'Ingresso', 'Ingresso'),
  item('tipoProduto', 7, 'Rodizio', 'Rodizio'),
  item('tipoProduto', 8, 'Complemento Consumação', 'Complemento Consumo'),
  item('tipoProduto', 9, 'Generico', 'Generico'),
] as const);
/** Product types offered by the stock screens. */
export const tiposProdutoEstoque = definirCatalogo('tipoProdutoEstoque', [
  item('tipoProdutoEstoque', 1, 'Normal', 'Normal'),
  item('tipoProdutoEstoque', 2, 'Ingrediente', 'Ingrediente'),
  item('tipoProdutoEstoque', 3, 'Adicional', 'Adicional'),
] as const);

// Cash operation statuses (spec 1 section 4).
export const statusOperacaoCaixa = definirCatalogo('statusOperacaoCaixa', [
  item('statusOperacaoCaixa', 1, 'Aberto Ocioso', 'ABERTO_OCIOSO'),
  item('statusOperacaoCaixa', 2, 'Aberto Operando', 'ABERTO_OPERANDO'),
  item('statusOperacaoCaixa', 3, 'Fechado Não Conferido', 'FECHADO_NAO_CONFERIDO'),
  item('statusOperacaoCaixa', 4, 'Fechado Conferido', 'FECHADO_CONFERIDO'),
  item('statusOperacaoCaixa', 5, 'Fechado Conciliado', 'FECHADO_CONCILIADO'),
  item('statusOperacaoCaixa', 6, 'Fechado com Divergência', 'FECHADO_DIVERGENCIA'),
] as const);

export const statusReposicaoEstoque = definirCatalogo('statusReposicaoEstoque', [
  item('statusReposicaoEstoque', 1, 'Solicitação', 'SOLICITACAO'),
  item('statusReposicaoEstoque', 2, 'Reservado', 'RESERVADO'),
  item('statusReposicaoEstoque', 3, 'Finalizado', 'FINALIZADO'),
  item('statusReposicaoEstoque', 4, 'Cancelado', 'CANCELADO'),
] as const);
export const statusProducao = definirCatalogo('statusProducao', [
  item('statusProducao', 1, 'Solicitação', 'SOLICITACAO'),
  item('statusProducao', 2, 'Finalizado', 'FINALIZADO'),
  item('statusProducao', 3, 'Cancelado', 'CANCELADO'),
] as const);
export const tiposSolicitacaoProducao = definirCatalogo('tipoSolicitacaoProducao', [
  item('tipoSolicitacaoProducao', 1, 'Receita', 'RECEITA'),
  item('tipoSolicitacaoProducao', 2, 'Unidade de Rendimento', 'UNIDADE_RENDIMENTO'),
] as const);

// Stock transfer types with the ids of spec 2 section 3.3.
export const tiposTransferencia = definirCatalogo('tipoTransferencia', [
  item('tipoTransferencia', 3, 'Estoque', 'ESTOQUE'),
  item('tipoTransferencia', 7, 'Consignação', 'CONSIGNACAO'),
  item('tipoTransferencia', 22, 'Bonificação', 'BONIFICACAO'),
  item('tipoTransferencia', 24, 'Entrada Online', 'ENTRADA_ONLINE'),
  item('tipoTransferencia', 25, 'Entrada Manual', 'ENTRADA_MANUAL'),
] as const);

// Communication ports of printers, scales and pinpads (spec 2 section 3.3).
export const portasComunicacao = definirCatalogo(
  'portaComunicacao',
  [
    ...Array.from({ length: 8 }, (_, i) => `COM${i + 1}`),
    ...Array.from({ length: 4 }, (_, i) => `LPT${i + 1}`),
    'USB',
    'Teclado AT',
    ...Array.from({ length: 8 }, (_, i) => `ttyS${i}`),
    'ttyACM0',
    'ip',
  ].map((porta, i) => item('portaComunicacao', i + 1, porta, porta)),
);

export const diasSemana = definirCatalogo('diaSemana', [
  item('diaSemana', 0, 'Domingo', 'DOM'),
  item('diaSemana', 1, 'Segunda-feira', 'SEG'),
  item('diaSemana', 2, 'Terça-feira', 'TER'),
  item('diaSemana', 3, 'Quarta-feira', 'QUA'),
  item('diaSemana', 4, 'Quinta-feira', 'QUI'),
  item('diaSemana', 5, 'Sexta-feira', 'SEX'),
  item('diaSemana', 6, 'Sábado', 'SAB'),
] as const);

// Title recurrence 0 (none) to 7 (annual); referencia = months between occurrences (null for days).
export const recorrenciasTitulo = definirCatalogo('recorrenciaTitulo', [
  item('recorrenciaTitulo', 0, 'Nenhuma', 'NENHUMA'),
  item('recorrenciaTitulo', 1, 'Diária', 'DIARIA'),
  item('recorrenciaTitulo', 2, 'Semanal', 'SEMANAL'),
  item('recorrenciaTitulo', 3, 'Quinzenal', 'QUINZENAL'),
  item('recorrenciaTitulo', 4, 'Mensal', 'MENSAL', 1),
  item('recorrenciaTitulo', 5, 'Trimestral', 'TRIMESTRAL', 3),
  item('recorrenciaTitulo', 6, 'Semestral', 'SEMESTRAL', 6),
  item('recorrenciaTitulo', 7, 'Anual', 'ANUAL', 12),
] as const);

export const tiposEndereco = definirCatalogo('tipoEndereco', [
  item('tipoEndereco', 1, 'Residencial', 'RESIDENCIAL'),
  item('tipoEndereco', 2, 'Comercial', 'COMERCIAL'),
  item('tipoEndereco', 3, 'Entrega', 'ENTREGA'),
] as const);
export const tiposTelefone = definirCatalogo('tipoTelefone', [
  item('tipoTelefone', 1, 'Residencial', 'RESIDENCIAL'),
  item('tipoTelefone', 2, 'Comercial', 'COMERCIAL'),
  item('tipoTelefone', 3, 'Celular', 'CELULAR'),
] as const);
export const tiposEnderecoEletronico = definirCatalogo('tipoEnderecoEletronico', [
  item('tipoEnderecoEletronico', 1, 'E-mail', 'EMAIL'),
  item('tipoEnderecoEletronico', 2, 'E-mail para NF-e', 'EMAIL_NFE'),
  item('tipoEnderecoEletronico', 3, 'Site', 'SITE'),
  item('tipoEnderecoEletronico', 4, 'Rede Social', 'REDE_SOCIAL'),
] as const);
export const sexos = definirCatalogo('sexo', [
  item('sexo', 1, 'Masculino', 'M'),
  item('sexo', 2, 'Feminino', 'F'),
  item('sexo', 3, 'Não Informado', 'N'),
] as const);

// Status sets of spec 2 section 4 whose values the spec names.
export const statusCheque = definirCatalogo(
  'statusCheque',
  sequencia('statusCheque', [
    'Borderô',
    'Sustado',
    'Aberto',
    'Repassado',
    'Depositado',
    'Devolvido',
    'Reapresentado',
    'Sem Fundo',
  ]),
);
export const statusDfe = definirCatalogo(
  'statusDfe',
  sequencia('statusDfe', [
    'Criado',
    'Utilizado',
    'Cancelado',
    'Inutilizado',
    'Falha na Importação',
    'Resumo',
    'Outro',
  ]),
);
export const statusFila = definirCatalogo(
  'statusFila',
  sequencia('statusFila', ['Pausado', 'Falhou', 'Aguardando', 'Concluído']),
);
export const statusNotaEntrada = definirCatalogo(
  'statusNotaEntrada',
  sequencia('statusNotaEntrada', ['Pré-cadastro', 'Pendente', 'Confirmada', 'Em Cadastro']),
);
export const statusEmbalagem = definirCatalogo(
  'statusEmbalagem',
  sequencia('statusEmbalagem', ['Utilizada', 'Parcialmente Utilizada', 'Pendente']),
);
export const statusTitulo = definirCatalogo(
  'statusTitulo',
  sequencia('statusTitulo', [
    'Aberto',
    'Pago',
    'Pago Parcialmente',
    'Recebido',
    'Recebido Parcialmente',
    'Recebido Acordo',
    'Protestado',
    'Bloqueado',
    'Excluído',
    'Cancelado',
    'Perda',
    'Não Confirmado',
  ]),
);
export const statusPedidoCompra = definirCatalogo(
  'statusPedidoCompra',
  sequencia('statusPedidoCompra', ['Em Cadastro', 'Enviado', 'Recebido', 'Cancelado']),
);
export const statusPedidoExterno = definirCatalogo(
  'statusPedidoExterno',
  sequencia('statusPedidoExterno', ['Pendente', 'Aceito', 'Concluído', 'Rejeitado', 'Cancelado']),
);
export const statusEntrega = definirCatalogo(
  'statusEntrega',
  sequencia('statusEntrega', [
    'Em Produção',
    'Produzido',
    'Em Entrega',
    'Concluída',
    'Entregue',
    'Agendada',
    'Cancelada',
  ]),
);
export const statusTarefa = definirCatalogo(
  'statusTarefa',
  sequencia('statusTarefa', ['To Do', 'Doing', 'Test', 'Done']),
);

// Payment status (reference list 10; values not in the spec).
export const statusPagamento = definirCatalogo(
  'statusPagamento',
  sequencia('statusPagamento', [
    'Pendente',
    'Confirmado',
    'Pago',
    'Pago Parcialmente',
    'Cancelado',
    'Estornado',
  ]),
);

export const tiposEventoVenda = definirCatalogo('tipoEventoVenda', [
  item('tipoEventoVenda', 1, 'Desconto', 'Desconto'),
  item('tipoEventoVenda', 2, 'Cancelamento', 'Cancelamento'),
] as const);

export const tiposVeiculo = definirCatalogo(
  'tipoVeiculo',
  sequencia('tipoVeiculo', ['Motocicleta', 'Carro', 'Caminhão', 'Ônibus']),
);

export const tiposNotificacao = definirCatalogo('tipoNotificacao', [
  item('tipoNotificacao', 1, 'Alerta', 'warn'),
  item('tipoNotificacao', 2, 'Sucesso', 'success'),
  item('tipoNotificacao', 3, 'Info', 'info'),
  item('tipoNotificacao', 4, 'Erro', 'error'),
] as const);
