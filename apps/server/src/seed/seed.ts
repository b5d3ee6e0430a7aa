import {
  itensDoGrupo,
  modelosImpressora,
  PERMISSAO,
  PERMISSOES,
  TIPO_PAGAMENTO,
  TIPO_TROCO,
  tiposDescontoCombo,
  tiposPagamento,
  tiposProduto,
  tiposPromocao,
  tiposTroco,
  tiposVenda,
} from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { consultarUm } from '../db/consultar.ts';
import { novoId } from '../lib/ids.ts';
import { hashSenha, sha256Hex } from '../modules/auth/auth.service.ts';
import { inserir, type Valor } from './inserir.ts';
import { semearCallCenter } from './seed-call-center.ts';
import { semearEstoque } from './seed-estoque.ts';
import { semearFinanceiro } from './seed-financeiro.ts';
import { semearKds } from './seed-kds.ts';

// Demo data of DESIGN section 4, created on the first start of an empty database and by `npm run seed`.

/** What the demo counter terminals take: cash, cards, meal vouchers, digital wallet, convênio, courtesy. */
const FORMAS_CAIXA: readonly number[] = [
  TIPO_PAGAMENTO.dinheiro,
  TIPO_PAGAMENTO.debito,
  TIPO_PAGAMENTO.credito,
  TIPO_PAGAMENTO.carteiraDigital,
  TIPO_PAGAMENTO.valeRefeicao,
  TIPO_PAGAMENTO.valeAlimentacao,
  TIPO_PAGAMENTO.convenio,
  TIPO_PAGAMENTO.cortesia,
];

export async function bancoVazio(db: Db): Promise<boolean> {
  const linha = await consultarUm(db, sql`select count(*)::int as n from grupo_empresarial`);
  return Number(linha?.n ?? 0) === 0;
}

export interface DadosDemo {
  grupoId: string;
  empresas: { centro: string; shopping: string; gestor: string };
  usuarios: {
    admin: string;
    supervisor: string;
    caixa: string;
    motoboy: string;
    garcom: string;
    cozinha: string;
    atendente: string;
    estoquista: string;
    financeiro: string;
  };
}

export async function semear(db: Db): Promise<DadosDemo> {
  const grupoId = novoId();
  await inserir(db, 'grupo_empresarial', {
    id: grupoId,
    grupo_empresarial_id: grupoId,
    descricao: 'Grupo Exemplo',
    configuracoes: { controleDeFranquia: true, vincularEstoqueFornecedorPorEmpresa: false },
  });
  const g = { grupo_empresarial_id: grupoId };

  const enderecoCuritiba = (
    logradouro: string,
    numero: string,
    bairro: string,
    lat: number,
    lng: number,
  ) => ({
    logradouro,
    numero,
    bairro,
    cidade: 'Curitiba',
    uf: 'PR',
    pais: 'Brasil',
    cep: '80020-000',
    localizacao: { lat, lng },
  });
  const configuracoesLoja = {
    callCenter: true,
    comboOrdemDesconto: 'valorDesconto',
    taxaKm: [
      { km: 3, taxaEntrega: '5.00' },
      { km: 6, taxaEntrega: '8.00' },
      { km: 10, taxaEntrega: '12.00' },
    ],
    taxaBairro: [{ cidade: 'Curitiba', bairros: [{ bairro: 'Centro', taxaEntrega: '4.00' }] }],
    taxaEntregaPadrao: '10.00',
  };
  const fiscal = { CRT: 1, nfe: { ambiente: 2 } };
  const nfce = {
    serie: 1,
    tipoEmissao: 1,
    formatoDANFE: 4,
    consumidorFinal: 2,
    contingenciaNfce: { habilitado: false, dataHora: null, numeroNota: null, xJust: null },
  };
  const centro = await inserir(db, 'empresa', {
    ...g,
    codigo_interno: 1,
    descricao: 'Loja Centro',
    nome_fantasia: 'Pizzaria Exemplo Centro',
    cnpj: '11222333000181',
    tipo_empresa: 'Franquia',
    endereco: enderecoCuritiba('Rua XV de Novembro', '100', 'Centro', -25.4296, -49.2713),
    // The Centro has a deli scale printing Toledo's usual label (2 CCCCC 0 PPPPP D, weight in grams): its POS
    // reads the cheese weighed at the counter (issue 20 "Scales").
    configuracoes: {
      ...configuracoesLoja,
      balanca: { habilitado: true, tamanhoCodigo: 5, tipoValor: 'peso', tamanhoValor: 5, casasDecimais: 3 },
    },
    fiscal,
    nfce,
  });
  const shopping = await inserir(db, 'empresa', {
    ...g,
    codigo_interno: 2,
    descricao: 'Loja Shopping',
    nome_fantasia: 'Pizzaria Exemplo Shopping',
    cnpj: '11444777000161',
    tipo_empresa: 'Franquia',
    endereco: enderecoCuritiba('Avenida Sete de Setembro', '2775', 'Rebouças', -25.4398, -49.2776),
    configuracoes: configuracoesLoja,
    fiscal,
    nfce,
  });
  const gestor = await inserir(db, 'empresa', {
    ...g,
    codigo_interno: 3,
    descricao: 'Franqueadora Exemplo',
    nome_fantasia: 'Exemplo Franchising',
    cnpj: '11222333000262',
    tipo_empresa: 'Gestor Franquia',
    endereco: enderecoCuritiba('Rua Marechal Deodoro', '500', 'Centro', -25.4312, -49.2689),
    configuracoes: { callCenter: false },
    fiscal,
    nfce,
  });
  const lojas = [centro, shopping];

  // Profiles per job (docs/PERMISSOES.md): the administrator holds every permission; each staff profile only
  // what its screens need (the POS, the table map, the KDS, the expedition, the rider departure).
  const perfilAdmin = await inserir(db, 'acesso_sistema', {
    ...g,
    descricao: 'Administrador',
    permissoes: PERMISSOES.map((p) => p.id),
  });
  const operacaoLoja = [
    PERMISSAO.listarEmpresasUsuario,
    PERMISSAO.acessarFrenteLoja,
    PERMISSAO.lancarVendaBalcao,
    PERMISSAO.lancarMesa,
    PERMISSAO.lancarComanda,
    PERMISSAO.lancarDelivery,
    PERMISSAO.operarCaixa,
    PERMISSAO.receberConta,
    PERMISSAO.abrirCaixa,
    PERMISSAO.fecharCaixa,
    PERMISSAO.abrirGaveta,
    PERMISSAO.sangria,
    PERMISSAO.suprimento,
    PERMISSAO.excluirProdutoNaoConfirmado,
    PERMISSAO.excluirPagamentoNaoConfirmado,
    PERMISSAO.reimprimirConta,
    PERMISSAO.emitirNfce,
  ];
  const perfilSupervisor = await inserir(db, 'acesso_sistema', {
    ...g,
    descricao: 'Supervisor de Caixa',
    permissoes: [
      ...operacaoLoja,
      PERMISSAO.acessoRetaguarda,
      PERMISSAO.descontoCadastrado,
      PERMISSAO.descontoCliente,
      PERMISSAO.descontoItem,
      PERMISSAO.descontoGeral,
      PERMISSAO.cancelarVenda,
      PERMISSAO.excluirVendaNaoConfirmada,
      PERMISSAO.excluirProdutoConfirmado,
      PERMISSAO.excluirPagamentoConfirmado,
      PERMISSAO.fecharContaSemServico,
      PERMISSAO.fecharContaComServico,
      PERMISSAO.reabrirVenda,
      PERMISSAO.liberarCortesia,
      PERMISSAO.transferirItem,
      PERMISSAO.transferirMesa,
      PERMISSAO.alterarTaxaEntrega,
      PERMISSAO.alterarTempoEntrega,
      PERMISSAO.cancelarNfce,
      // Reprinting a customer's DANFE is released by the supervisor (the cashier has not got 55).
      PERMISSAO.reimprimirNfce,
      PERMISSAO.fecharCaixaComDiferenca,
      PERMISSAO.desbloquearMesa,
      // The supervisor runs the floor: also the dispatch screens (not the kitchen's KDS).
      PERMISSAO.acessarExpedicao,
      PERMISSAO.acessarSaidaMotoboy,
      // ...and reads back what was released on it: the event reports (issue 19) and the device orders.
      PERMISSAO.relatorioVendaCancelamentosAcessar,
      PERMISSAO.relatorioVendaDescontosAcessar,
      PERMISSAO.relatorioVendaTransferenciasAcessar,
      PERMISSAO.relatorioQrCodeAcessar,
      // ...and follows the stores' sales: both dashboards and the home page's "today" (issue 19); dashboardDefault2's
      // per-day line and type/origin split come from the sales report.
      PERMISSAO.dashboardDefaultAcessar,
      PERMISSAO.dashboardDefault2Acessar,
      PERMISSAO.relatorioVendaAcessar,
      // ...and closes the shift with the sales reports: the pivot, per product (margins) and the product list.
      PERMISSAO.relatorioVendaNovoAcessar,
      PERMISSAO.relatorioVendaProdutosAcessar,
      PERMISSAO.listaProdutosVendidosAcessar,
      // ...and keeps the ones she reads every week in Relatórios Criados.
      PERMISSAO.relatoriosCriadosAcessar,
      PERMISSAO.relatoriosCriadosIncluir,
      PERMISSAO.relatoriosCriadosAlterar,
      PERMISSAO.relatoriosCriadosExcluir,
      // ...and loads the deli scale with its item file and sets how the POS reads its labels.
      PERMISSAO.balancaAcessar,
      PERMISSAO.balancaManter,
      // ...and works the delivery apps' order desk (appIntegracaoDelivery, 868): she runs the floor and the
      // expedition, so she accepts or refuses the app orders and answers the customers' cancellations.
      PERMISSAO.appIntegracaoDeliveryAcessar,
    ],
  });
  const perfilCaixa = await inserir(db, 'acesso_sistema', {
    ...g,
    descricao: 'Caixa',
    permissoes: operacaoLoja,
  });
  // The waiter: tables and tabs, launching and sending to the kitchen; no counter, delivery or cash operation.
  const perfilGarcom = await inserir(db, 'acesso_sistema', {
    ...g,
    descricao: 'Garçom',
    permissoes: [
      PERMISSAO.listarEmpresasUsuario,
      PERMISSAO.acessarFrenteLoja,
      PERMISSAO.lancarMesa,
      PERMISSAO.lancarComanda,
      PERMISSAO.excluirProdutoNaoConfirmado,
      PERMISSAO.reimprimirConta,
    ],
  });
  // The kitchen: the KDS stations and the expedition board.
  const perfilCozinha = await inserir(db, 'acesso_sistema', {
    ...g,
    descricao: 'Cozinha',
    permissoes: [PERMISSAO.listarEmpresasUsuario, PERMISSAO.acessarKds, PERMISSAO.acessarExpedicao],
  });
  const perfilEntregador = await inserir(db, 'acesso_sistema', {
    ...g,
    descricao: 'Entregador',
    permissoes: [PERMISSAO.listarEmpresasUsuario, PERMISSAO.acessarSaidaMotoboy],
  });
  // The call-center attendant: takes counter and delivery orders for the stores (prepaid ones are received),
  // with the POS's product and customer lists; no cash register, tables or discounts.
  const perfilCallCenter = await inserir(db, 'acesso_sistema', {
    ...g,
    descricao: 'Atendente Call Center',
    permissoes: [
      PERMISSAO.listarEmpresasUsuario,
      PERMISSAO.acessarFrenteLoja,
      PERMISSAO.modoCallCenter,
      PERMISSAO.lancarVendaBalcao,
      PERMISSAO.lancarDelivery,
      PERMISSAO.receberConta,
    ],
  });

  const usuario = async (
    codigo: number,
    nome: string,
    email: string,
    senha: string,
    perfil: string,
    atribuicoes: string[],
    empresas: string[],
  ) =>
    inserir(db, 'usuario', {
      ...g,
      codigo_interno: codigo,
      nome,
      email,
      ativo: true,
      atribuicoes,
      acessos: empresas.map((empresa) => ({ empresa, acessoSistema: perfil })),
      permissoes_extras: [],
      senha_hash: await hashSenha(sha256Hex(senha)),
      senha_operacional_hash: await hashSenha(sha256Hex(String(1000 + codigo))),
    });
  const usuarios = {
    admin: await usuario(
      1,
      'Administrador',
      'admin@exemplo.com.br',
      'admin123',
      perfilAdmin,
      ['Financeiro'],
      [centro, shopping, gestor],
    ),
    supervisor: await usuario(
      2,
      'Sandra Supervisora',
      'supervisor@exemplo.com.br',
      'super123',
      perfilSupervisor,
      ['Supervisor Caixa'],
      lojas,
    ),
    caixa: await usuario(
      3,
      'Carlos Caixa',
      'caixa@exemplo.com.br',
      'caixa123',
      perfilCaixa,
      ['Caixa'],
      lojas,
    ),
    motoboy: await usuario(
      4,
      'Marcos Motoboy',
      'motoboy@exemplo.com.br',
      'moto123',
      perfilEntregador,
      ['Motoboy'],
      lojas,
    ),
    garcom: await usuario(
      5,
      'Gabriel Garçom',
      'garcom@exemplo.com.br',
      'garcom123',
      perfilGarcom,
      ['Garcon'],
      lojas,
    ),
    cozinha: await usuario(
      6,
      'Cida Cozinha',
      'cozinha@exemplo.com.br',
      'cozinha123',
      perfilCozinha,
      [],
      lojas,
    ),
    // The call center's desk is at the franchisor; its orders go to the stores.
    atendente: await usuario(
      7,
      'Ana Atendente',
      'atendente@exemplo.com.br',
      'atende123',
      perfilCallCenter,
      [],
      [centro, shopping, gestor],
    ),
  };

  // Units, groupers and products of every type.
  const un = await inserir(db, 'unidade_medida', { ...g, sigla: 'UN', descricao: 'Unidade' });
  const kg = await inserir(db, 'unidade_medida', { ...g, sigla: 'KG', descricao: 'Quilograma' });
  await inserir(db, 'unidade_medida', { ...g, sigla: 'LT', descricao: 'Litro' });
  await inserir(db, 'unidade_medida', { ...g, sigla: 'CX', descricao: 'Caixa' });
  const catPizzas = await inserir(db, 'agrupador', { ...g, descricao: 'Pizzas', tipo: 'categoria' });
  const catBebidas = await inserir(db, 'agrupador', { ...g, descricao: 'Bebidas', tipo: 'categoria' });
  const catLanches = await inserir(db, 'agrupador', { ...g, descricao: 'Lanches', tipo: 'categoria' });
  const catOutros = await inserir(db, 'agrupador', { ...g, descricao: 'Outros', tipo: 'categoria' });
  const famPizzaGrande = await inserir(db, 'agrupador', {
    ...g,
    descricao: 'Pizza Grande',
    tipo: 'familia',
    agrupador_pai_id: catPizzas,
    maximo_fracao: 4,
  });
  const famRefrigerantes = await inserir(db, 'agrupador', {
    ...g,
    descricao: 'Refrigerantes',
    tipo: 'familia',
    agrupador_pai_id: catBebidas,
  });
  const imposto = {
    origem: 0,
    CFOP: '5102',
    CSOSN: '102',
    PIS: { CST: '49' },
    COFINS: { CST: '49' },
  };
  let codigo = 1;
  const produto = async (
    descricao: string,
    tipo: string,
    preco: string,
    extra: Record<string, Valor> = {},
  ): Promise<string> =>
    inserir(db, 'produto_geral', {
      ...g,
      codigo_interno: codigo++,
      descricao,
      tipo_produto: tiposProduto.itens.find((t) => t.sigla === tipo) ?? null,
      unidade_id: un,
      preco,
      custo: (Number(preco) * 0.35).toFixed(6),
      ncm: '21069090',
      configuracao_imposto: imposto,
      ativo: true,
      ...extra,
    });
  const pizza = { categorias_ids: [catPizzas], familias_ids: [famPizzaGrande] };
  const produtos = [
    await produto('Pizza Grande Mussarela', 'Normal', '49.90', { ...pizza, pizza_mestra_familia: true }),
    await produto('Pizza Grande Calabresa', 'Normal', '54.90', pizza),
    await produto('Pizza Grande Portuguesa', 'Normal', '59.90', pizza),
    await produto('Pizza Grande Quatro Queijos', 'Normal', '62.90', pizza),
    await produto('Pizza Grande Frango com Catupiry', 'Normal', '59.90', pizza),
    await produto('Refrigerante Lata 350ml', 'Normal', '6.50', {
      categorias_ids: [catBebidas],
      familias_ids: [famRefrigerantes],
      gtin: '7894900011517',
      ncm: '22021000',
    }),
    await produto('Refrigerante 2L', 'Normal', '14.90', {
      categorias_ids: [catBebidas],
      familias_ids: [famRefrigerantes],
      gtin: '7894900027013',
      ncm: '22021000',
    }),
    await produto('Água Mineral 500ml', 'Normal', '4.00', { categorias_ids: [catBebidas], ncm: '22011000' }),
    await produto('X-Burguer', 'Normal', '24.90', { categorias_ids: [catLanches] }),
    await produto('Batata Frita Porção', 'Normal', '22.00', { categorias_ids: [catLanches] }),
    await produto('Queijo Extra', 'Adicional', '5.00', { categorias_ids: [catLanches] }),
    await produto('Borda Recheada', 'Complemento Consumo', '9.90', { categorias_ids: [catPizzas] }),
    await produto('Taxa de Serviço (Gorjeta)', 'Gorjeta', '0.00', { categorias_ids: [catOutros] }),
    await produto('Taxa de Entrega', 'Taxa Entrega', '0.00', { categorias_ids: [catOutros] }),
    await produto('Rodízio de Pizza', 'Rodizio', '69.90', { categorias_ids: [catPizzas] }),
    await produto('Ingresso Show', 'Ingresso', '30.00', { categorias_ids: [catOutros] }),
    await produto('Serviço de Decoração', 'Servico', '80.00', { categorias_ids: [catOutros] }),
    await produto('Produto Genérico', 'Generico', '1.00', { categorias_ids: [catOutros] }),
    await produto('Queijo Mussarela (kg)', 'Normal', '45.00', {
      unidade_id: kg,
      categorias_ids: [catOutros],
    }),
  ];
  for (const empresa of lojas) {
    for (const produtoId of produtos) {
      await inserir(db, 'produto_geral_empresa', {
        ...g,
        empresa_id: empresa,
        produto_geral_id: produtoId,
        ativo: true,
        modos_venda: ['balcao', 'mesa', 'comanda', 'delivery'],
      });
    }
  }

  // Sale-engine registrations: a combo with its colour, a promotion and a happy hour (late night, so the
  // demo shows it without disturbing daytime prices).
  const [mussarela, calabresa, portuguesa, quatroQueijos, frango, lata, doisLitros, agua, , batata] =
    produtos;
  const tipo = (id: number) => tiposVenda.porId(id as 53) ?? null;
  await inserir(db, 'produto_combo', {
    ...g,
    descricao: 'Pizza + Refri',
    desconto: '10',
    tipo_desconto: tiposDescontoCombo.itens.find((t) => t.sigla === 'percentual') ?? null,
    cor_predominante_combo: '#F2711C',
    empresa_ids: lojas,
    agrupadores: [
      {
        _id: novoId(),
        descricao: 'Pizza',
        quantidade: 1,
        produtos: [mussarela, calabresa, portuguesa, quatroQueijos, frango],
      },
      { _id: novoId(), descricao: 'Refrigerante', quantidade: 1, produtos: [lata, doisLitros] },
    ],
    tipo_venda: [],
    habilitado: true,
  });
  await inserir(db, 'produto_promocao', {
    ...g,
    descricao: 'Água em promoção',
    tipo_promocao: tiposPromocao.itens.find((t) => t.sigla === 'novoValor') ?? null,
    valor: '3.00',
    produto_id: agua ?? null,
    tipo_venda: [tipo(53), tipo(54), tipo(56)],
    habilitado: true,
  });
  await inserir(db, 'periodo_por_hora', {
    ...g,
    descricao: 'Happy Hour da Batata',
    tipo: 'desconto',
    percentual: '20',
    produtos_ids: [batata ?? ''],
    empresa_ids: lojas,
    tipo_venda: [],
    hora_inicio: '23:00',
    hora_fim: '23:59',
    // The POS browser tests turn windows off in their own setup (apoio.ts desligarHappyHours), so their
    // prices do not depend on the time of day.
    habilitado: true,
  });
  // A product suggestion: launching the X-Burguer offers the fries with 10% off (vendaSugestaoProduto; the
  // discount applies only to fries launched from the suggestion).
  await inserir(db, 'venda_sugestao_produto', {
    ...g,
    descricao: 'Batata com o X-Burguer',
    produtos_origem_ids: [produtos[8] ?? ''],
    produto_id: batata ?? null,
    tipo: 'desconto',
    modo: 'percentual',
    valor: '10',
    habilitado: true,
  });

  // Per store: every payment type, acquirers, registers, printers, print sectors and terminals.
  for (const [indice, empresa] of lojas.entries()) {
    const e = { ...g, empresa_id: empresa };
    // The counter till offers only what a counter takes (terminal configuracoes.formasPagamento).
    const formasCaixa: string[] = [];
    for (const tipo of tiposPagamento.itens) {
      const tipoTroco =
        tipo.id === TIPO_PAGAMENTO.dinheiro
          ? TIPO_TROCO.permite
          : tipo.id === TIPO_PAGAMENTO.valeCompra
            ? TIPO_TROCO.valeCompra
            : TIPO_TROCO.naoPermite;
      const forma = await inserir(db, 'forma_pagamento', {
        ...e,
        descricao: tipo.descricao,
        tipo,
        tipo_troco: tiposTroco.porId(tipoTroco) ?? null,
        ativo: true,
      });
      if (FORMAS_CAIXA.includes(tipo.id)) formasCaixa.push(forma);
    }
    await inserir(db, 'operadora', { ...e, descricao: 'Cielo', cnpj: '01027058000191' });
    await inserir(db, 'operadora', { ...e, descricao: 'Stone', cnpj: '16501555000157' });
    const caixaId = await inserir(db, 'caixa', { ...e, descricao: 'Caixa 01', ativo: true });
    const cozinhaImp = await inserir(db, 'impressora', {
      ...e,
      descricao: 'Impressora Cozinha',
      modelo: modelosImpressora.porId(1) ?? null,
      ip: '127.0.0.1',
      porta: '9100',
    });
    const caixaImp = await inserir(db, 'impressora', {
      ...e,
      descricao: 'Impressora Caixa',
      modelo: modelosImpressora.porId(1) ?? null,
      ip: '127.0.0.1',
      porta: '9101',
    });
    const setorCozinha = await inserir(db, 'setor_impressao', {
      ...e,
      descricao: 'Cozinha',
      impressora_id: cozinhaImp,
      numero_vias: 1,
    });
    const setorBar = await inserir(db, 'setor_impressao', {
      ...e,
      descricao: 'Bar',
      impressora_id: cozinhaImp,
      numero_vias: 1,
    });
    const setorCaixa = await inserir(db, 'setor_impressao', {
      ...e,
      descricao: 'Caixa',
      impressora_id: caixaImp,
      numero_vias: 1,
    });
    // Production tickets (print module): drinks print in the Bar, pizzas and snacks in the Cozinha.
    for (const [descricao, agrupadores, setor] of [
      ['Bebidas no Bar', [catBebidas], setorBar],
      ['Pizzas e lanches na Cozinha', [catPizzas, catLanches], setorCozinha],
    ] as const) {
      await inserir(db, 'setor_impressao_producao', {
        ...e,
        descricao,
        agrupadores_ids: [...agrupadores],
        setores_impressao_ids: [setor],
        tipos_venda: [],
        ativo: true,
      });
    }
    await inserir(db, 'terminal', {
      ...e,
      descricao: `Terminal Caixa ${indice + 1}`,
      funcoes: ['balcao', 'mesa', 'comanda', 'delivery', 'caixa'],
      configuracoes: {
        caixa: caixaId,
        setorImpressaoCaixa: setorCaixa,
        setorImpressaoNfce: setorCaixa,
        formasPagamento: formasCaixa,
      },
      ativo: true,
    });
    await inserir(db, 'terminal', {
      ...e,
      descricao: `Terminal Cozinha ${indice + 1}`,
      funcoes: ['kds', 'expedicao'],
      configuracoes: { setorImpressaoCaixa: setorCozinha },
      ativo: true,
    });
  }

  await semearKds(db, grupoId, lojas);
  await semearCallCenter(db, grupoId, { centro, shopping });

  // Customers, one with convênio in both stores.
  await inserir(db, 'pessoa', {
    ...g,
    nome: 'Maria Cliente Convênio',
    tipos_pessoa: ['Cliente'],
    cpf_cnpj: '52998224725',
    email: 'maria@exemplo.com.br',
    telefone: { ddd: '41', numero: '999990001', tipo: 'Celular', principal: true },
    endereco: {
      ...enderecoCuritiba('Rua das Flores', '50', 'Centro', -25.4302, -49.2701),
      tipo: 'Residencial',
      principal: true,
    },
    convenio: lojas.map((empresa) => ({ empresa, bloqueado: false, limite: '500.00' })),
    cliente_padrao: false,
  });
  await inserir(db, 'pessoa', {
    ...g,
    nome: 'João Cliente',
    tipos_pessoa: ['Cliente'],
    cpf_cnpj: '11144477735',
    telefone: { ddd: '41', numero: '988880002', tipo: 'Celular', principal: true },
    endereco: {
      ...enderecoCuritiba('Avenida Batel', '1200', 'Batel', -25.4418, -49.2895),
      tipo: 'Residencial',
      principal: true,
    },
    cliente_padrao: false,
  });
  await inserir(db, 'pessoa', {
    ...g,
    nome: 'Distribuidora de Bebidas Exemplo',
    tipos_pessoa: ['Fornecedor'],
    cpf_cnpj: '11222333000181',
    cliente_padrao: false,
  });
  await inserir(db, 'desconto_motivo', { ...g, descricao: 'Cliente fidelidade', ativo: true });
  await inserir(db, 'desconto_motivo', { ...g, descricao: 'Produto com defeito', ativo: true });

  // Back-office registrations of issue 4: tax rules, convênio group, a coupon and a delivery menu.
  const itemDe = (grupo: string, id: number) => itensDoGrupo(grupo)?.find((i) => i.id === id) ?? null;
  await inserir(db, 'configuracao_imposto', {
    ...g,
    descricao: 'ICMS Simples Nacional - PR',
    uf: 'PR',
    origem: 0,
    cfop: '5102',
    csosn: '102',
    ncm: '21069090',
  });
  await inserir(db, 'configuracao_imposto', {
    ...g,
    descricao: 'ICMS Regime Normal 19% - PR',
    uf: 'PR',
    origem: 0,
    cfop: '5102',
    cst: '00',
    aliquota_icms: '19.0000',
    modalidade_bc: 3,
  });
  await inserir(db, 'configuracao_imposto_federal', {
    ...g,
    descricao: 'PIS/COFINS Simples Nacional',
    pis: { CST: '49', tipoCalculo: 0, aliquota: '0' },
    cofins: { CST: '49', tipoCalculo: 0, aliquota: '0' },
  });
  await inserir(db, 'configuracao_imposto_ipi', {
    ...g,
    descricao: 'IPI saída não tributada',
    cst: '53',
    codigo_enquadramento: '999',
  });
  await inserir(db, 'pessoa_convenio', {
    ...g,
    descricao: 'Convênio Empresa Parceira',
    empresas_ids: lojas,
    limite_padrao: '500.00',
    dia_fechamento: 25,
    dia_vencimento: 10,
    bloqueado: false,
  });
  await inserir(db, 'voucher_e_cupom_desconto', {
    ...g,
    codigo: 'BEMVINDO10',
    descricao: 'Boas-vindas: 10% na primeira compra',
    tipo_desconto: itemDe('tipoDescontoGeral', 1),
    valor: '10.00',
    valor_minimo_pedido: '40.00',
    abrangencia: itemDe('abrangenciaVoucher', 1),
    empresas_ids: lojas,
    data_inicio: '2026-01-01',
    data_fim: '2026-12-31',
    usos_por_cliente: 1,
    habilitado: true,
  });
  await inserir(db, 'cardapio', {
    ...g,
    descricao: 'Cardápio Delivery',
    plataformas: [itemDe('plataforma', 2), itemDe('plataforma', 4)].filter(Boolean),
    empresas_ids: lojas,
    secoes: [],
    ativo: true,
  });

  const { estoquista } = await semearEstoque(db, grupoId, { centro, shopping, gestor });
  const { financeiro } = await semearFinanceiro(db, grupoId, { centro, shopping, gestor });

  return {
    grupoId,
    empresas: { centro, shopping, gestor },
    usuarios: { ...usuarios, estoquista, financeiro },
  };
}
