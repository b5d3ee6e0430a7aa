import { figurasFechamento } from '@retaguarda/domain/caixa/fechamento';
import type { EntradaDocumento, VendaImpressao } from './layouts/layouts.ts';

// Sample data of every layout, for the back-office preview gallery (GET /api/impressao/amostras, then
// POST /api/impressao/preview) and for the layout tests.

const DATA = '2026-11-21T20:05:00-03:00';
const cabecalho = {
  empresa: 'Pizzaria Exemplo - Loja Centro',
  cnpj: '11.222.333/0001-81',
  endereco: 'Rua XV de Novembro, 100 - Centro - Curitiba/PR',
  terminal: 'Terminal Caixa 1',
  operador: 'Carlos Caixa',
  data: DATA,
};
const mesa: VendaImpressao = {
  numero: 1523,
  sequencialPeriodo: 41,
  tipoVenda: 54,
  mesa: 12,
  atendente: 'Ana Garçom',
};
const delivery: VendaImpressao = {
  numero: 1524,
  sequencialPeriodo: 42,
  tipoVenda: 55,
  atendente: 'Central',
  cliente: {
    nome: 'Maria Cliente Convênio',
    telefone: '(41) 99999-0001',
    endereco: 'Rua das Flores, 50 - Centro',
  },
  observacao: 'Troco para R$ 100,00',
};

export function amostrasDeDocumento(): EntradaDocumento[] {
  return [
    {
      layout: 'producao',
      cabecalho,
      venda: mesa,
      setor: 'Cozinha',
      itens: [
        { tipo: 'novo', quantidade: '2', descricao: 'X-Burguer', obs: 'sem cebola', partes: [] },
        {
          tipo: 'novo',
          quantidade: '1',
          descricao: 'Pizza Grande',
          obs: '',
          partes: ['1/2 Calabresa', '1/2 Margherita', '+ Borda Recheada'],
        },
        { tipo: 'acrescimo', quantidade: '1', descricao: 'Batata Frita Porção', obs: '', partes: [] },
        { tipo: 'cancelado', quantidade: '1', descricao: 'Água Mineral 500ml', obs: '', partes: [] },
      ],
    },
    {
      layout: 'conta',
      cabecalho,
      venda: mesa,
      itens: [
        { quantidade: '2', descricao: 'X-Burguer', valorUnitario: '24.90', valorTotal: '49.80', partes: [] },
        {
          quantidade: '1',
          descricao: 'Pizza Grande',
          valorUnitario: '59.90',
          valorTotal: '59.90',
          partes: ['1/2 Calabresa', '1/2 Margherita'],
        },
        {
          quantidade: '2',
          descricao: 'Refrigerante 2L',
          valorUnitario: '14.90',
          valorTotal: '29.80',
          partes: [],
        },
      ],
      subTotal: '139.50',
      totalDesconto: '0',
      totalAcrescimo: '0',
      taxaServico: '13.95',
      total: '153.45',
      pagamentos: [{ descricao: 'Dinheiro', valor: '50.00' }],
      pessoas: 2,
      pix: {
        qrCode:
          '00020126360014BR.GOV.BCB.PIX0114+5541999990001520400005303986540552.005802BR5916PIZZARIA EXEMPLO6008CURITIBA62070503***6304ABCD',
        chave: '+5541999990001',
      },
    },
    {
      layout: 'fechamento',
      cabecalho,
      caixa: 'Caixa 01',
      dataAbertura: '2026-11-21T10:00:00-03:00',
      dataFechamento: DATA,
      recebimentos: [],
      sangrias: [],
      suprimentos: [],
      pagamentos: [],
      contagem: null,
      figuras: figurasFechamento({
        valorAbertura: '100.00',
        vendas: [
          { tipo: 77, descricao: 'Dinheiro', quantidade: 3, valor: '100.00' },
          { tipo: 80, descricao: 'Cartão de Crédito', quantidade: 2, valor: '346.00' },
        ],
        suprimentos: ['20.00'],
        sangrias: ['50.00'],
        contagem: [
          { tipo: 77, valor: '160.00' },
          { tipo: 80, valor: '346.00' },
        ],
        descricaoTipo: (t) => (t === 77 ? 'Dinheiro' : 'Cartão de Crédito'),
      }),
    },
    {
      layout: 'recibo',
      cabecalho,
      venda: { numero: 1530, sequencialPeriodo: 45, tipoVenda: 53 },
      itens: [
        { quantidade: '2', descricao: 'X-Burguer', valorUnitario: '24.90', valorTotal: '49.80', partes: [] },
      ],
      subTotal: '49.80',
      totalDesconto: '0',
      totalAcrescimo: '0',
      total: '49.80',
      pagamentos: [{ descricao: 'Dinheiro', valor: '49.80' }],
      troco: '0.20',
    },
    {
      layout: 'cancelamento',
      cabecalho,
      venda: mesa,
      itens: [{ quantidade: '1', descricao: 'Água Mineral 500ml', valor: '4.00' }],
      vendaCompleta: false,
      motivo: 'Cliente desistiu',
      supervisor: 'Sandra Supervisora',
    },
    {
      layout: 'sangria',
      cabecalho,
      caixa: 'Caixa 01',
      numero: 3,
      valor: '500.00',
      motivo: 'Depósito bancário',
      supervisor: 'Sandra Supervisora',
    },
    {
      layout: 'pagamento',
      cabecalho,
      venda: delivery,
      formaPagamento: 'Dinheiro',
      valor: '87.50',
      valorPago: '100.00',
      troco: '12.50',
      abrirGaveta: true,
    },
    {
      layout: 'suprimento',
      cabecalho,
      caixa: 'Caixa 01',
      numero: 1,
      valor: '100.00',
      motivo: 'Troco inicial',
    },
    {
      layout: 'cortesia',
      cabecalho,
      venda: mesa,
      itens: [{ quantidade: '1', descricao: 'Petit Gâteau', valor: '18.90' }],
      motivo: 'Aniversário do cliente',
      supervisor: 'Sandra Supervisora',
    },
    {
      layout: 'convenio',
      cabecalho,
      venda: delivery,
      cliente: { nome: 'Maria Cliente Convênio', cpfCnpj: '529.982.247-25' },
      valor: '87.50',
      limite: '500.00',
      saldoDisponivel: '412.50',
    },
    {
      layout: 'expedicao',
      cabecalho: { ...cabecalho, terminal: 'Terminal Cozinha 1' },
      venda: {
        ...delivery,
        cliente: {
          nome: 'João Cliente',
          telefone: '(41) 98888-0002',
          endereco: 'Avenida Batel, 1200 - Batel',
        },
      },
      itens: [
        {
          quantidade: '1',
          descricao: 'Pizza Grande',
          obs: 'bem assada',
          partes: ['1/2 Calabresa', '1/2 Portuguesa'],
        },
        { quantidade: '2', descricao: 'Refrigerante Lata 350ml', partes: [] },
      ],
      taxaEntrega: '8.00',
      total: '87.50',
      pagamentos: [{ descricao: 'Dinheiro', valor: '100.00' }],
      troco: '12.50',
      entregador: 'Marcos Motoboy',
      tempoEntregaMinutos: 45,
    },
    {
      layout: 'outros',
      cabecalho,
      titulo: 'Aviso',
      linhas: ['Teste de impressão: acentuação ÁÉÍÓÚ ÂÊÔ ÃÕ Ç àèìòù'],
    },
    {
      layout: 'nfce',
      nota: {
        chave: '41261111222333000181650010000012341000012345',
        qrCode:
          'https://www.fazenda.pr.gov.br/nfce/qrcode?p=41261111222333000181650010000012341000012345|2|2|1|ABCDEF0123456789',
        urlChave: 'http://www.fazenda.pr.gov.br/nfce/consulta',
        tpEmis: 1,
        dhEmi: '2026-11-21T20:05:00-03:00',
        totais: {
          vProd: '87.50',
          vDesc: '0.00',
          vOutro: '0.00',
          vNF: '87.50',
          vTotTrib: '12.30',
          vTroco: '12.50',
        },
        dados: {
          emitente: {
            CNPJ: '11222333000181',
            xNome: 'Pizzaria Exemplo Ltda',
            xFant: 'Pizzaria Exemplo - Loja Centro',
            IE: '9012345678',
            endereco: {
              xLgr: 'Rua XV de Novembro',
              nro: '100',
              xBairro: 'Centro',
              xMun: 'Curitiba',
              uf: 'PR',
            },
          },
          itens: [
            { cProd: '1', xProd: 'Pizza Grande Calabresa', uCom: 'UN', qCom: '1', vUnCom: '59.90' },
            { cProd: '2', xProd: 'Refrigerante 2L', uCom: 'UN', qCom: '2', vUnCom: '13.80' },
          ],
          pagamentos: [{ tPag: '01', vPag: '100.00' }],
          tpAmb: 2,
          serie: 1,
          nNF: 1234,
        },
      },
      protocolo: { nProt: '141260000012345', dhRecbto: '2026-11-21T20:05:03-03:00' },
    },
  ];
}
