import type { AddressInfo } from 'node:net';
import { PERMISSAO, TIPO_PAGAMENTO } from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consultar, consultarUm } from '../src/db/consultar.ts';
import { novoId } from '../src/lib/ids.ts';
import { kdsDoApp } from '../src/modules/kds/kds.routes.ts';
import { iniciarSimuladorMapas } from '../src/simuladores/mapas.ts';
import { type AppTeste, criarAppTeste, type Registro, type Resposta } from './app-teste.ts';
import { type Loja, prepararLoja } from './vendas-apoio.ts';

// Call-center mode through the API with the maps simulator: the customer's address (geocoded by the server)
// decides the store, the fee comes from that store, the order lands on that store's expedition; the
// geocoder's rejections and the store switch give the spec's messages and change nothing.

let t: AppTeste;
let mapas: Awaited<ReturnType<typeof iniciarSimuladorMapas>>;
/** Calls from the call center's own company (the franchisor, which sells nothing itself). */
let cc: Loja;
let centro: Loja;
let shopping: Loja;
const cliente: Record<string, string> = {};

const msg = (r: Resposta) => r.corpo.data.message;
const dados = (r: Resposta) => {
  expect(r.corpo.valido, JSON.stringify(r.corpo)).toBe(true);
  return r.corpo.data;
};

async function pessoa(nome: string): Promise<string> {
  const l = await consultarUm(t.banco.db, sql`select id from pessoa where nome = ${nome}`);
  if (!l) throw new Error(nome);
  return l.id as string;
}

/** A customer of its own whose address the test chooses. */
async function clienteEm(endereco: Record<string, string>): Promise<string> {
  return dados(
    await cc.post('/api/pessoa', {
      nome: `Cliente ${novoId().slice(-6)}`,
      tiposPessoa: ['Cliente'],
      telefone: { ddd: '41', numero: '912345678', tipo: 'Celular', principal: true },
      endereco: { uf: 'PR', pais: 'Brasil', cidade: 'Curitiba', principal: true, ...endereco },
    }),
  )._id as string;
}

const rotear = (corpo: Record<string, unknown>, token?: string) =>
  cc.post('/api/callCenter/rotear', { tipoVenda: 55, ...corpo }, token);

async function naExpedicao(loja: Loja, vendaId: string): Promise<Registro | undefined> {
  await kdsDoApp(t.app)?.ocioso();
  const lista = dados(await loja.get('/api/expedicao')) as unknown as Registro[];
  return lista.find((x) => x.vendaId === vendaId);
}

beforeAll(async () => {
  mapas = await iniciarSimuladorMapas();
  t = await criarAppTeste({ mapasUrl: mapas.url, mapasChave: mapas.chave });
  cc = await prepararLoja(t, t.demo.empresas.gestor);
  centro = await prepararLoja(t, t.demo.empresas.centro);
  shopping = await prepararLoja(t, t.demo.empresas.shopping);
  cliente.maria = await pessoa('Maria Cliente Convênio'); // Rua das Flores 50: both areas, Centro nearer
  cliente.joao = await pessoa('João Cliente'); // Avenida Batel 1200: Shopping's circle and rectangle
  cliente.pedro = await pessoa('Pedro Cliente Mossunguê'); // outside every area
});
afterAll(async () => {
  await t?.fechar();
  await mapas?.fechar();
});

describe('stores served by the call center', () => {
  it('lists the stores with callCenter on, with their areas, not the franchisor', async () => {
    const lojas = dados(await cc.get('/api/callCenter/lojas')) as unknown as Registro[];
    expect(lojas.map((l) => l.descricao)).toEqual(['Loja Centro', 'Loja Shopping']);
    expect(lojas[0]?.areasAtendimento).toEqual([expect.objectContaining({ tipo: 'poligono' })]);
    expect(((lojas[1]?.areasAtendimento ?? []) as Registro[]).map((a) => a.tipo)).toEqual([
      'circulo',
      'retangulo',
    ]);
  });

  it("only the attendant company's empresasCallCenter when it lists some", async () => {
    await consultar(
      t.banco.db,
      sql`update empresa set configuracoes = configuracoes || ${JSON.stringify({ empresasCallCenter: [t.demo.empresas.shopping] })}::jsonb
          where id = ${t.demo.empresas.gestor}`,
    );
    try {
      const lojas = dados(await cc.get('/api/callCenter/lojas')) as unknown as Registro[];
      expect(lojas.map((l) => l.descricao)).toEqual(['Loja Shopping']);
    } finally {
      await consultar(
        t.banco.db,
        sql`update empresa set configuracoes = configuracoes - 'empresasCallCenter' where id = ${t.demo.empresas.gestor}`,
      );
    }
  });
});

describe('routing by the geocoded address', () => {
  it('an address inside one store area goes to that store, with its fee', async () => {
    const r = dados(await rotear({ cliente: cliente.joao }));
    expect(r).toMatchObject({
      loja: { _id: t.demo.empresas.shopping, descricao: 'Loja Shopping' },
      lojasQueAtendem: [{ descricao: 'Loja Shopping' }],
      enderecoFormatado: expect.stringContaining('Avenida do Batel, 1200'),
      // Shopping's bands: up to 3 km 5.00 (road distance of the maps service).
      taxaEntrega: '5.00',
    });
    expect(r.distanciaMetros).toBeGreaterThan(1000);
    expect(r.distanciaMetros).toBeLessThan(3000);
  });

  it('overlapping areas: the nearest store covering the address wins', async () => {
    const r = dados(await rotear({ cliente: cliente.maria }));
    expect(r.loja).toEqual({ _id: t.demo.empresas.centro, descricao: 'Loja Centro' });
    expect((r.lojasQueAtendem as Registro[]).map((l) => l.descricao)).toEqual([
      'Loja Centro',
      'Loja Shopping',
    ]);
    // A customer nearer the mall inside the same overlap goes to the mall.
    const perto = await clienteEm({
      logradouro: 'Avenida Sete de Setembro',
      numero: '2775',
      bairro: 'Rebouças',
    });
    expect((dados(await rotear({ cliente: perto })).loja as Registro).descricao).toBe('Loja Shopping');
  });

  it("outside every area: 'Endereço fora da área de cobertura das lojas!'", async () => {
    expect(msg(await rotear({ cliente: cliente.pedro }))).toBe(
      'Endereço fora da área de cobertura das lojas!',
    );
    const sp = await clienteEm({
      logradouro: 'Avenida Paulista',
      numero: '1000',
      cidade: 'São Paulo',
      uf: 'SP',
    });
    expect(msg(await rotear({ cliente: sp }))).toBe('Endereço fora da área de cobertura das lojas!');
  });

  it('the geocoder rejects street centres (unless the group allows), approximate and unknown addresses', async () => {
    const semNumero = await clienteEm({ logradouro: 'Rua XV de Novembro', bairro: 'Centro' });
    expect(msg(await rotear({ cliente: semNumero }))).toBe('Falha ao tentar localizar o endereço no mapa...');
    await consultar(
      t.banco.db,
      sql`update grupo_empresarial set configuracoes = configuracoes || '{"permitirEnderecoCentroRua": true}'::jsonb
          where id = ${t.demo.grupoId}`,
    );
    try {
      expect((dados(await rotear({ cliente: semNumero })).loja as Registro).descricao).toBe('Loja Centro');
    } finally {
      await consultar(
        t.banco.db,
        sql`update grupo_empresarial set configuracoes = configuracoes - 'permitirEnderecoCentroRua' where id = ${t.demo.grupoId}`,
      );
    }
    const ruaDesconhecida = await clienteEm({ logradouro: 'Rua Que Não Existe', numero: '10' });
    expect(msg(await rotear({ cliente: ruaDesconhecida }))).toBe(
      'Falha ao tentar localizar o endereço no mapa...',
    );
    const numeroForaDaRua = await clienteEm({ logradouro: 'Rua XV de Novembro', numero: '99999' });
    expect(msg(await rotear({ cliente: numeroForaDaRua }))).toBe(
      'Falha ao tentar localizar o endereço no mapa...',
    );
    const lugarNenhum = await clienteEm({
      logradouro: 'Rua Que Não Existe',
      numero: '10',
      cidade: 'Lugar Nenhum',
    });
    expect(msg(await rotear({ cliente: lugarNenhum }))).toBe('Endereço não encontrado!');
  });

  it("the service's own refusals and a network cut", async () => {
    // A company key the service refuses (REQUEST_DENIED) takes precedence over the server's key.
    const novo = await clienteEm({ logradouro: 'Rua Marechal Deodoro', numero: '800', bairro: 'Centro' });
    await consultar(
      t.banco.db,
      sql`update empresa set configuracoes = configuracoes || '{"keyGoogleMapsApi": "chave-invalida"}'::jsonb
          where id = ${t.demo.empresas.gestor}`,
    );
    try {
      expect(msg(await rotear({ cliente: novo }))).toBe('Falha ao tentar localizar o endereço no mapa...');
    } finally {
      await consultar(
        t.banco.db,
        sql`update empresa set configuracoes = configuracoes - 'keyGoogleMapsApi' where id = ${t.demo.empresas.gestor}`,
      );
    }
    mapas.derrubar(true);
    try {
      expect(msg(await rotear({ cliente: novo }))).toBe('Falha de comunicação! Verifique sua internet.');
    } finally {
      mapas.derrubar(false);
    }
    expect((dados(await rotear({ cliente: novo })).loja as Registro).descricao).toBe('Loja Centro');
  });

  it('asks the geocoder once per address (cache), the distance every time', async () => {
    const novo = await clienteEm({ logradouro: 'Rua Marechal Deodoro', numero: '900', bairro: 'Centro' });
    const antes = mapas.pedidos();
    dados(await rotear({ cliente: novo }));
    expect(mapas.pedidos() - antes).toBe(2);
    dados(await rotear({ cliente: novo }));
    expect(mapas.pedidos() - antes).toBe(3);
  });

  it('refusals of the request itself', async () => {
    expect(msg(await rotear({ tipoVenda: 54, cliente: cliente.joao }))).toBe(
      'No Call Center somente vendas Balcão e Delivery!',
    );
    expect(msg(await rotear({ tipoVenda: 53 }))).toBe('Informe a loja do pedido!');
    expect(msg(await rotear({}))).toBe('Informe o cliente da entrega!');
    expect(msg(await rotear({ tipoVenda: 53, empresa: t.demo.empresas.gestor }))).toBe(
      'Loja não atendida pelo Call Center!',
    );
    const semEndereco = dados(
      await cc.post('/api/pessoa', { nome: 'Sem Endereço', tiposPessoa: ['Cliente'] }),
    )._id as string;
    expect(msg(await rotear({ cliente: semEndereco }))).toBe('Cliente sem endereço cadastrado!');
    // The cashier profile has no 'Operar em Modo Call Center'.
    expect(msg(await rotear({ cliente: cliente.joao }, cc.caixaToken))).toBe(
      'Usuário sem permissão para realizar esta operação.',
    );
  });
});

describe('store switch', () => {
  it('another store covering the address is free; one that does not needs permission 27', async () => {
    const r = dados(await rotear({ cliente: cliente.maria, empresa: t.demo.empresas.shopping }));
    expect((r.loja as Registro).descricao).toBe('Loja Shopping');
    const supervisor = await t.login('supervisor@exemplo.com.br', 'super123');
    expect(msg(await rotear({ cliente: cliente.joao, empresa: t.demo.empresas.centro }, supervisor))).toBe(
      'Supervisor não informado',
    );
    // The administrator holds 27 himself.
    expect(
      (dados(await rotear({ cliente: cliente.joao, empresa: t.demo.empresas.centro })).loja as Registro)
        .descricao,
    ).toBe('Loja Centro');
  });

  it("re-checks the products: 'Produto ... não esta ativo para a esta Loja.'", async () => {
    const burguer = await cc.produto('X-Burguer');
    const refri = await cc.produto('Refrigerante Lata 350ml');
    await consultar(
      t.banco.db,
      sql`update produto_geral_empresa set ativo = false where empresa_id = ${t.demo.empresas.shopping} and produto_geral_id = ${burguer}`,
    );
    t.app.servicos.catalogoVenda.invalidar();
    try {
      expect(
        msg(await rotear({ tipoVenda: 53, empresa: t.demo.empresas.shopping, produtos: [refri, burguer] })),
      ).toBe('Produto X-Burguer não esta ativo para a esta Loja.');
      expect(
        dados(await rotear({ tipoVenda: 53, empresa: t.demo.empresas.centro, produtos: [refri, burguer] }))
          .loja,
      ).toEqual({
        _id: t.demo.empresas.centro,
        descricao: 'Loja Centro',
      });
      // Creating the order re-checks on the server too, and creates nothing.
      const id = novoId();
      const r = await cc.post('/api/callCenter/pedido', {
        _id: id,
        tipoVenda: 55,
        cliente: cliente.joao,
        produtos: [{ produto: burguer }],
      });
      expect(msg(r)).toBe('Produto X-Burguer não esta ativo para a esta Loja.');
      expect(await consultarUm(t.banco.db, sql`select id from venda where id = ${id}`)).toBeUndefined();
    } finally {
      await consultar(
        t.banco.db,
        sql`update produto_geral_empresa set ativo = true where empresa_id = ${t.demo.empresas.shopping} and produto_geral_id = ${burguer}`,
      );
      t.app.servicos.catalogoVenda.invalidar();
    }
  });
});

describe('the order', () => {
  it("a delivery routed by address is created in that store and lands on its expedition, not the other's", async () => {
    // No combo and no promotion on these two for delivery: the totals are the plain prices plus the fee.
    const burguer = await cc.produto('X-Burguer');
    const agua = await cc.produto('Água Mineral 500ml');
    const id = novoId();
    const corpo = {
      _id: id,
      tipoVenda: 55,
      cliente: cliente.joao,
      // The client may send an empresa of its liking: without one the server routes.
      produtos: [{ produto: burguer }, { produto: agua, quantidade: '2', obs: 'gelada' }],
    };
    const v = dados(await cc.post('/api/callCenter/pedido', corpo));
    expect(v).toMatchObject({
      _id: id,
      empresa: t.demo.empresas.shopping,
      tipoVenda: { id: 55 },
      localPedido: { id: 69 },
      cliente: { _id: cliente.joao, endereco: { localizacao: { lat: expect.any(Number) } } },
      taxaEntrega: '5.00',
      subTotal: '32.90',
      total: '37.90',
      roteamento: { loja: { descricao: 'Loja Shopping' }, taxaEntrega: '5.00' },
    });
    expect((v.produtos as Registro[]).every((i) => i.confirmado === true)).toBe(true);
    expect(v.distanciaEntregaMetros).toBe((v.roteamento as Registro).distanciaMetros);
    expect(await naExpedicao(shopping, id)).toMatchObject({
      statusExpedicao: 0,
      cliente: 'João Cliente',
      endereco: expect.stringContaining('Avenida Batel'),
      taxaEntrega: '5.00',
    });
    expect(await naExpedicao(centro, id)).toBeUndefined();
    // The geocoded location is kept with the customer's address.
    const p = await consultarUm(t.banco.db, sql`select endereco from pessoa where id = ${cliente.joao}`);
    expect((p?.endereco as Registro | undefined)?.localizacao).toEqual(
      expect.objectContaining({ lat: expect.any(Number) }),
    );

    // A retry of the same order answers it again and creates nothing more.
    const repetida = dados(await cc.post('/api/callCenter/pedido', corpo));
    expect([repetida._id, repetida.numero]).toEqual([id, v.numero]);
    const n = await consultarUm(t.banco.db, sql`select count(*)::int as n from venda where id = ${id}`);
    expect(n?.n).toBe(1);
  });

  it('a counter order goes to the store the attendant chose, without fee', async () => {
    const refri = await cc.produto('Refrigerante Lata 350ml');
    const v = dados(
      await cc.post('/api/callCenter/pedido', {
        tipoVenda: 53,
        empresa: t.demo.empresas.centro,
        cliente: cliente.pedro,
        produtos: [{ produto: refri }],
      }),
    );
    expect(v).toMatchObject({ empresa: t.demo.empresas.centro, tipoVenda: { id: 53 }, taxaEntrega: '0.00' });
    expect(await naExpedicao(centro, v._id as string)).toMatchObject({ tipoVenda: 53 });
    expect(await naExpedicao(shopping, v._id as string)).toBeUndefined();
  });

  it('refuses an empty order and one outside every area, creating nothing', async () => {
    expect(
      msg(await cc.post('/api/callCenter/pedido', { tipoVenda: 55, cliente: cliente.joao, produtos: [] })),
    ).toBe('Item não informado');
    const antes = await consultarUm(t.banco.db, sql`select count(*)::int as n from venda`);
    const refri = await cc.produto('Refrigerante Lata 350ml');
    expect(
      msg(
        await cc.post('/api/callCenter/pedido', {
          tipoVenda: 55,
          cliente: cliente.pedro,
          produtos: [{ produto: refri }],
        }),
      ),
    ).toBe('Endereço fora da área de cobertura das lojas!');
    const depois = await consultarUm(t.banco.db, sql`select count(*)::int as n from venda`);
    expect(depois?.n).toBe(antes?.n);
  });

  it('permission 27 is the one of the delivery company change', () => {
    expect(PERMISSAO.alterarEmpresaEntrega).toBe(27);
  });
});

describe('order lines, payment and tracking', () => {
  const pedido = (corpo: Record<string, unknown>, token?: string) =>
    cc.post('/api/callCenter/pedido', { tipoVenda: 55, cliente: cliente.joao, ...corpo }, token);

  it('pizza fractions, notes, quantities and additions reach the store and its kitchen', async () => {
    const [mussarela, calabresa, burguer, queijo] = await Promise.all(
      ['Pizza Grande Mussarela', 'Pizza Grande Calabresa', 'X-Burguer', 'Queijo Extra'].map((d) =>
        cc.produto(d),
      ),
    );
    const v = dados(
      await pedido({
        _id: novoId(),
        produtos: [
          {
            produto: mussarela,
            pizza: true,
            produtosFilho: [
              { produto: mussarela, quantidadeParte: 1 },
              { produto: calabresa, quantidadeParte: 1 },
            ],
            obs: 'bem assada',
          },
          { produto: burguer, quantidade: '2', obs: 'sem cebola' },
          // An addition hangs on the line before it (KDS rule).
          { produto: queijo },
        ],
      }),
    );
    const linhas = v.produtos as Registro[];
    expect(
      linhas.map((i) => [
        (i.produto as Registro).descricao,
        i.quantidade,
        i.obs,
        (i.produtosFilho as Registro[]).map(
          (f) => `${f.quantidadeParte} ${(f.produto as Registro).descricao}`,
        ),
      ]),
    ).toEqual([
      [
        'Pizza Grande Mussarela',
        '1.0000',
        'bem assada',
        ['1 Pizza Grande Mussarela', '1 Pizza Grande Calabresa'],
      ],
      ['X-Burguer', '2.0000', 'sem cebola', []],
      ['Queijo Extra', '1.0000', '', []],
    ]);
    expect(linhas.every((i) => i.confirmado === true)).toBe(true);
    // Half-and-half priced by the engine (the average of 49.90 and 54.90 in this group: 52.40) + 2 x 24.90
    // + 5.00, plus the 5.00 fee.
    expect([v.subTotal, v.taxaEntrega, v.total]).toEqual(['107.20', '5.00', '112.20']);
    await kdsDoApp(t.app)?.ocioso();
    const cozinha = await consultar(
      t.banco.db,
      sql`select descricao, partes, adicionais, obs from kds_item where venda_id = ${v._id as string} order by numero_item`,
    );
    expect(cozinha.find((k) => k.descricao === 'X-Burguer')).toMatchObject({
      adicionais: ['1x Queijo Extra'],
      obs: 'sem cebola',
    });
    expect(cozinha.find((k) => String(k.descricao).startsWith('Pizza'))?.partes).toHaveLength(2);
  });

  it('prepaid: the payment is on the sale (no register, no period), once even when retried', async () => {
    const burguer = await cc.produto('X-Burguer');
    const corpo = {
      _id: novoId(),
      produtos: [{ produto: burguer }],
      pagamento: {
        modo: 'prepago',
        formaPagamento: await shopping.forma(TIPO_PAGAMENTO.credito),
        observacao: 'NSU 123',
      },
    };
    const v = dados(await pedido(corpo));
    expect([v.total, v.totalPago]).toEqual(['29.90', '29.90']);
    expect(v.pagamentos).toEqual([
      expect.objectContaining({
        valor: '29.90',
        terminal: null,
        caixa: null,
        periodo: null,
        observacao: 'Pré-pago no Call Center: NSU 123',
        formaPagamento: expect.objectContaining({ descricao: 'Cartão de Crédito' }),
      }),
    ]);
    expect(v.pagamentoCallCenter).toMatchObject({ modo: 'prepago', valorCobrar: '0.00' });
    const repetida = dados(await pedido(corpo));
    expect((repetida.pagamentos as Registro[]).length).toBe(1);
    // The store ends it as any paid delivery.
    await kdsDoApp(t.app)?.ocioso();
    expect(
      (dados(await shopping.post(`/api/venda/${v._id as string}/encerrar`, {})).status as Registro).id,
    ).toBe(59);
  });

  it('to collect: the amount and the change are kept with the order; bad payments create nothing', async () => {
    const burguer = await cc.produto('X-Burguer');
    const agua = await cc.produto('Água Mineral 500ml');
    const produtos = [{ produto: burguer }, { produto: agua, quantidade: '2' }];
    const dinheiro = await shopping.forma(TIPO_PAGAMENTO.dinheiro);
    const antes = await consultarUm(t.banco.db, sql`select count(*)::int as n from venda`);
    const recusas = [
      [
        { modo: 'naEntrega', formaPagamento: dinheiro, trocoPara: '20' },
        'O valor para troco (R$ 20,00) é menor que o valor a cobrar (R$ 37,90)!',
      ],
      [
        { modo: 'naEntrega', formaPagamento: await shopping.forma(TIPO_PAGAMENTO.credito), trocoPara: '50' },
        'A forma de pagamento Cartão de Crédito não permite troco',
      ],
      [
        { modo: 'prepago', formaPagamento: dinheiro },
        'A forma de pagamento Dinheiro não pode ser pré-paga no Call Center!',
      ],
      // A form of another store than the one the address routes to.
      [
        { modo: 'naEntrega', formaPagamento: await centro.forma(TIPO_PAGAMENTO.dinheiro) },
        'Forma de pagamento não encontrada!',
      ],
    ] as const;
    for (const [pagamento, mensagem] of recusas)
      expect(msg(await pedido({ produtos, pagamento }))).toBe(mensagem);
    const depois = await consultarUm(t.banco.db, sql`select count(*)::int as n from venda`);
    expect(depois?.n).toBe(antes?.n);

    const v = dados(
      await pedido({ produtos, pagamento: { modo: 'naEntrega', formaPagamento: dinheiro, trocoPara: '50' } }),
    );
    expect([v.total, v.totalPago]).toEqual(['37.90', '0.00']);
    const esperado = { modo: 'naEntrega', valorCobrar: '37.90', trocoPara: '50.00', troco: '12.10' };
    expect(v.pagamentoCallCenter).toMatchObject({ ...esperado, formaPagamento: { descricao: 'Dinheiro' } });
    const aberto = dados(await cc.get(`/api/callCenter/pedido/${v._id as string}`));
    expect(aberto).toMatchObject({ _id: v._id, total: '37.90', pagamentoCallCenter: esperado });
    expect((aberto.produtos as Registro[]).map((i) => (i.produto as Registro).descricao)).toEqual([
      'X-Burguer',
      'Água Mineral 500ml',
    ]);
    expect(msg(await cc.get(`/api/callCenter/pedido/${novoId()}`))).toBe('Venda não encontrada!');
  });

  it("lists today's orders of the attendant with their expedition status, heard live by the call center", async () => {
    const refri = await cc.produto('Refrigerante Lata 350ml');
    const v = dados(await pedido({ produtos: [{ produto: refri }] }));
    const lista = dados(await cc.get('/api/callCenter/pedidos')) as unknown as Registro[];
    expect(lista[0]).toMatchObject({
      vendaId: v._id,
      empresa: { _id: t.demo.empresas.shopping, descricao: 'Loja Shopping' },
      tipoVenda: 55,
      statusExpedicao: 0,
      cliente: 'João Cliente',
      total: v.total,
      identificacao: expect.stringMatching(/^Delivery \d+$/),
      itens: 1,
    });
    // Newest first; the earlier orders of this file are there too, in both stores.
    expect(lista.length).toBeGreaterThan(3);
    expect(new Set(lista.map((p) => (p.empresa as Registro).descricao))).toEqual(
      new Set(['Loja Centro', 'Loja Shopping']),
    );
    // Another attendant does not see them; another day is empty.
    const supervisor = await t.login('supervisor@exemplo.com.br', 'super123');
    expect(dados(await cc.get('/api/callCenter/pedidos', supervisor))).toEqual([]);
    expect(dados(await cc.get('/api/callCenter/pedidos?dia=2020-01-01'))).toEqual([]);
    expect(msg(await cc.get('/api/callCenter/pedidos?dia=ontem'))).toBe(
      'Dados inválidos. dia: Data Inválida',
    );

    // The call center's socket (its own company) hears the store's expedition change of the order.
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const s = io(`http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`, {
      path: '/socket.io',
      transports: ['websocket'],
      auth: { token: cc.admin },
      reconnection: false,
    });
    try {
      await new Promise<void>((resolve, reject) => {
        s.once('connect', () => resolve());
        s.once('connect_error', reject);
      });
      const ouvido = new Promise<Registro>((resolve) =>
        s.on('expedicaoAlterada', (d: Registro) => d.vendaId === v._id && resolve(d)),
      );
      dados(await shopping.put(`/api/expedicao/${v._id as string}/status`, { status: 1 }));
      expect(await ouvido).toMatchObject({ empresa: t.demo.empresas.shopping, statusExpedicao: 1 });
    } finally {
      s.close();
    }
    const depois = dados(await cc.get('/api/callCenter/pedidos')) as unknown as Registro[];
    expect(depois.find((p) => p.vendaId === v._id)?.statusExpedicao).toBe(1);
  });
});

describe('geocoding and distance calls', () => {
  it('POST /api/enderecos/geocodificar answers the location or the refusal', async () => {
    const r = dados(
      await cc.post('/api/enderecos/geocodificar', {
        endereco: { logradouro: 'Rua XV de Novembro', numero: '100', cidade: 'Curitiba', uf: 'PR' },
      }),
    );
    expect(r).toEqual({
      localizacao: { lat: -25.4296, lng: -49.2713 },
      enderecoFormatado: 'Rua XV de Novembro, 100 - Centro, Curitiba - PR, 80020-000, Brasil',
      tipoLocalizacao: 'ROOFTOP',
    });
    expect(msg(await cc.post('/api/enderecos/geocodificar', { endereco: { cidade: 'Curitiba' } }))).toBe(
      'Não foi encontrado a localização do endereço, favor refazer o processo.',
    );
  });

  it('POST /api/distanciaGoogle answers rows/elements with the distance text and value', async () => {
    const r = dados(
      await cc.post('/api/distanciaGoogle', {
        localizacaoA: { lat: -25.4296, lng: -49.2713 },
        localizacaoB: { lat: -25.4398, lng: -49.2776 },
      }),
    );
    expect(r).toMatchObject({
      status: 'OK',
      rows: [
        {
          elements: [
            { status: 'OK', distance: { value: expect.any(Number), text: expect.stringMatching(/km$/) } },
          ],
        },
      ],
    });
    const negado = dados(
      await cc.post('/api/distanciaGoogle', {
        localizacaoA: { lat: -25.4296, lng: -49.2713 },
        localizacaoB: { lat: -25.4398, lng: -49.2776 },
        keyApi: 'chave-invalida',
      }),
    );
    expect(negado.status).toBe('ZERO_RESULTS');
  });
});
