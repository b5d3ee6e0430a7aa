import {
  type CursorVendaDetalhe,
  type DashboardVendasResposta,
  type DimensaoVenda,
  dashboardVendasPedidoSchema,
  diaLocal,
  diasDoPeriodo,
  empresasDesconhecidas,
  escreverDinheiro,
  escreverQuantidade,
  type FiltroRelatorio,
  lerDinheiro,
  lerEscalado,
  listaProdutosVendidosPedidoSchema,
  MENSAGENS_FILTRO,
  MENSAGENS_RELATORIO_VENDA,
  type MedidaVenda,
  multiplicarDividir,
  PERMISSAO,
  POR_PAGINA_RELATORIO,
  percentualDe,
  periodoComparado,
  relatorioVendaDetalhePedidoSchema,
  relatorioVendaFranquiaPedidoSchema,
  relatorioVendaNovoPedidoSchema,
  relatorioVendaPedidoSchema,
  relatorioVendaProdutosPedidoSchema,
  TIPO_EMPRESA_GESTOR_FRANQUIA,
  tiposPagamento,
  validarDimensoes,
} from '@retaguarda/domain';
import { permissoesDoRecurso, type RecursoPermissao } from '@retaguarda/domain/catalogos/permissoes';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { arrayTexto, consultar, consultarUm } from '../../db/consultar.ts';
import { ErroNegocio, ok } from '../../lib/envelope.ts';
import { sessaoDe } from '../../plugins/autenticacao.ts';
import { empresasComPermissao } from '../usuarios/permissoes.service.ts';
import { iniciarAgregadosVendas } from './agregados.ts';
import { agrupar, type Grupo, graoDe, rotulos } from './consultas.ts';
import { type Escopo, ehDimensao, filtroVendaBruta, instanteDaVenda } from './fontes.ts';
import {
  custoCentavos,
  filtrarPorMedidas,
  medidas,
  type Soma,
  somar,
  somaVazia,
  validarCampos,
} from './medidas.ts';

// The sales reports of issue 19 over the aggregates of agregados.ts (contract: packages/domain/src/relatorios).
// Every report: the user's stores where it holds the report's permission (and the store list permission 425 of
// getEmpresasUsuario); store ids outside them are refused, not silently dropped.

const tag = { tags: ['relatorios'] };

export async function rotasRelatoriosVendas(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.servicos.banco.db;
  iniciarAgregadosVendas(app);

  async function escopo(
    request: FastifyRequest,
    filtro: FiltroRelatorio,
    permissoes: number[],
  ): Promise<Escopo> {
    const s = sessaoDe(request);
    const p = await app.servicos.permissoes.doUsuario(s.grupoEmpresarialId, s.usuarioId);
    const lista = new Set(empresasComPermissao(p, PERMISSAO.listarEmpresasUsuario));
    const permitidas = [...new Set(permissoes.flatMap((x) => empresasComPermissao(p, x)))].filter((e) =>
      lista.has(e),
    );
    if (!permitidas.length) throw new ErroNegocio(MENSAGENS_RELATORIO_VENDA.semPermissao);
    if (empresasDesconhecidas(filtro.empresasSelecionada, permitidas).length)
      throw new ErroNegocio(MENSAGENS_FILTRO.empresaDesconhecida);
    validarCampos(filtro.filtroDinamico, ehDimensao);
    return {
      grupo: s.grupoEmpresarialId,
      empresas: filtro.empresasSelecionada.length ? filtro.empresasSelecionada : permitidas,
      filtro,
    };
  }
  const permissao = (rota: RecursoPermissao) => permissoesDoRecurso(rota).acessar;

  r.post('/api/relatorioVenda', { schema: { ...tag, body: relatorioVendaPedidoSchema } }, async (request) => {
    const { filtro, agrupar: dim } = request.body;
    const s = await escopo(request, filtro, [permissao('relatorioVenda')]);
    const erro = validarDimensoes([dim]);
    if (erro) throw new ErroNegocio(erro);
    const grupos = await agrupar(db, s, [dim]);
    const nomes = await rotulos(
      db,
      s.grupo,
      dim,
      grupos.map((g) => g.chaves[0] ?? ''),
    );
    const linhas = filtrarPorMedidas(
      grupos.map((g) => ({ chave: g.chaves[0] ?? '', m: medidas(g.soma) })),
      filtro.filtroDinamico,
    ).map((l) => ({ chave: l.chave, rotulo: nomes[l.chave] ?? l.chave, ...l.m }));
    // Totals are the sales' own (sale grain), whatever the grouping.
    const [total] =
      graoDe([dim]) === 'venda'
        ? [{ soma: grupos.reduce((a, g) => somar(a, g.soma), somaVazia()) }]
        : await agrupar(db, s, [], 'venda');
    return ok({ agrupar: dim, linhas, totais: medidas(total?.soma ?? somaVazia()) });
  });

  // The raw sales of relatorioVenda's filter, 50 a page, apart from the summary (which reads only the aggregates):
  // a keyset on (instant, id) read in order through venda_relatorio_instante_idx (grupo, instant, id), so a page
  // costs the same on the first day of a month as on the last, and no page counts the period's sales (the summary's
  // totals say how many there are).
  r.post(
    '/api/relatorioVendaDetalhe',
    { schema: { ...tag, body: relatorioVendaDetalhePedidoSchema } },
    async (request) => {
      const { filtro, apos } = request.body;
      const s = await escopo(request, filtro, [permissao('relatorioVenda')]);
      return ok(await detalheVendas(s, apos));
    },
  );

  async function detalheVendas(s: Escopo, apos: CursorVendaDetalhe | null) {
    const onde = filtroVendaBruta(s);
    const instante = instanteDaVenda('v');
    // (instant, id) > cursor, written so the leakproof half (instant >= the cursor's) is an index condition.
    const depois = apos
      ? sql`and ${instante} >= ${apos.instante}::timestamptz
            and (${instante} > ${apos.instante}::timestamptz or v.id > ${apos.id})`
      : sql``;
    const linhas = await consultar(
      db,
      sql`select v.id, v.numero, v.empresa_id, coalesce(e.nome_fantasia, e.descricao) as empresa, v.data, v.encerrada_em,
                 v.status, v.tipo_venda, v.local_pedido, t.descricao as terminal, v.operador->>'nome' as operador,
                 v.atendente->>'nome' as atendente, coalesce(v.cliente->>'nome', v.venda_descricao) as cliente,
                 v.sub_total::text, v.total_desconto::text, v.total_desconto_comum::text, v.total_desconto_combo::text,
                 v.total_desconto_happy_hour::text, v.total_desconto_sugestao::text, v.total_acrescimo::text,
                 v.taxa_entrega::text, v.total::text, v.total_pago::text, v.troco::text,
                 ${instante}::text as instante
            from venda v left join empresa e on e.id = v.empresa_id left join terminal t on t.id = v.terminal_id
           where ${onde} ${depois}
           order by ${instante}, v.id
           limit ${POR_PAGINA_RELATORIO + 1}`,
    );
    const iso = (v: unknown) => (v === null || v === undefined ? null : new Date(String(v)).toISOString());
    const pagina = linhas.slice(0, POR_PAGINA_RELATORIO);
    const ultima = pagina.at(-1);
    return {
      porPagina: POR_PAGINA_RELATORIO,
      proxima:
        linhas.length > POR_PAGINA_RELATORIO && ultima
          ? { instante: String(ultima.instante), id: String(ultima.id) }
          : null,
      vendas: pagina.map((l) => ({
        _id: String(l.id),
        numero: Number(l.numero),
        empresa: { _id: String(l.empresa_id), descricao: String(l.empresa ?? '') },
        data: iso(l.data) ?? '',
        encerradaEm: iso(l.encerrada_em),
        status: Number(l.status),
        tipoVenda: Number(l.tipo_venda),
        localPedido: l.local_pedido === null ? null : Number(l.local_pedido),
        terminal: (l.terminal as string | null) ?? null,
        operador: String(l.operador ?? ''),
        atendente: String(l.atendente ?? ''),
        cliente: String(l.cliente ?? ''),
        subTotal: String(l.sub_total),
        totalDesconto: String(l.total_desconto),
        totalDescontoComum: String(l.total_desconto_comum),
        totalDescontoCombo: String(l.total_desconto_combo),
        totalDescontoHappyHour: String(l.total_desconto_happy_hour),
        totalDescontoSugestao: String(l.total_desconto_sugestao),
        totalAcrescimo: String(l.total_acrescimo),
        taxaEntrega: String(l.taxa_entrega),
        total: String(l.total),
        totalPago: String(l.total_pago),
        troco: String(l.troco),
      })),
    };
  }

  r.post(
    '/api/relatorioVendaNovo',
    { schema: { ...tag, body: relatorioVendaNovoPedidoSchema } },
    async (request) => {
      const { filtro, linhas: dimsLinha, coluna, medidas: escolhidas } = request.body;
      const s = await escopo(request, filtro, [permissao('relatorioVendaNovo')]);
      const dims: DimensaoVenda[] = coluna ? [...dimsLinha, coluna] : [...dimsLinha];
      const erro = validarDimensoes(dims, escolhidas);
      if (erro) throw new ErroNegocio(erro);
      const grupos = await agrupar(db, s, dims);
      const nomes: Record<string, Record<string, string>> = {};
      for (const [i, d] of dims.entries())
        nomes[d] = await rotulos(
          db,
          s.grupo,
          d,
          grupos.map((g) => g.chaves[i] ?? ''),
        );
      const escolher = (soma: Soma) => {
        const m = medidas(soma);
        return Object.fromEntries(escolhidas.map((k: MedidaVenda) => [k, m[k]]));
      };
      const nLinha = dimsLinha.length;
      const colunas: string[] = [];
      const porLinha = new Map<string, { chaves: string[]; celulas: Map<string, Soma>; total: Soma }>();
      const totalColunas = new Map<string, Soma>();
      let totalGeral = somaVazia();
      for (const g of grupos) {
        const chaves = g.chaves.slice(0, nLinha);
        const col = coluna ? (g.chaves[nLinha] ?? '') : '';
        if (coluna && !colunas.includes(col)) colunas.push(col);
        const k = JSON.stringify(chaves);
        const linha = porLinha.get(k) ?? { chaves, celulas: new Map<string, Soma>(), total: somaVazia() };
        linha.celulas.set(col, somar(linha.celulas.get(col) ?? somaVazia(), g.soma));
        linha.total = somar(linha.total, g.soma);
        porLinha.set(k, linha);
        totalColunas.set(col, somar(totalColunas.get(col) ?? somaVazia(), g.soma));
        totalGeral = somar(totalGeral, g.soma);
      }
      colunas.sort();
      const celulas = filtrarPorMedidas(
        [...porLinha.values()].map((l) => ({ ...l, m: medidas(l.total) })),
        filtro.filtroDinamico,
      ).map((l) => ({
        chaves: l.chaves,
        valores: Object.fromEntries([...l.celulas].map(([c, soma]) => [c, escolher(soma)])),
        total: escolher(l.total),
      }));
      return ok({
        linhas: dimsLinha,
        coluna,
        medidas: escolhidas,
        rotulos: nomes,
        colunas,
        celulas,
        totalColunas: Object.fromEntries([...totalColunas].map(([c, soma]) => [c, escolher(soma)])),
        totalGeral: escolher(totalGeral),
      });
    },
  );

  r.post(
    '/api/relatorioVendaProdutos',
    { schema: { ...tag, body: relatorioVendaProdutosPedidoSchema } },
    async (request) => {
      const { filtro, agrupar: dim } = request.body;
      const s = await escopo(request, filtro, [permissao('relatorioVendaProdutos')]);
      const grupos = await agrupar(db, s, [dim], 'produto');
      const chaves = grupos.map((g) => g.chaves[0] ?? '');
      const nomes = await rotulos(db, s.grupo, dim, chaves);
      const codigos =
        dim === 'produto'
          ? new Map(
              (
                await consultar(
                  db,
                  sql`select id, codigo_interno from produto_geral where id = any(${arrayTexto(chaves)}::text[])`,
                )
              ).map((l) => [String(l.id), l.codigo_interno === null ? null : String(l.codigo_interno)]),
            )
          : new Map<string, string | null>();
      const linhaDe = (soma: Soma) => {
        const m = medidas(soma);
        const liquido = soma.liquido;
        const margem = liquido - custoCentavos(soma);
        return {
          vendas: m.vendas,
          quantidade: m.itens,
          bruto: m.bruto,
          descontoComum: m.descontoComum,
          descontoCombo: m.descontoCombo,
          descontoHappyHour: m.descontoHappyHour,
          descontoSugestao: m.descontoSugestao,
          descontoPersonalizado: m.descontoPersonalizado,
          descontoGeral: m.descontoGeral,
          descontos: m.descontos,
          acrescimos: m.acrescimos,
          liquido: m.liquido,
          custo: m.custo,
          margem: escreverDinheiro(margem),
          margemPercentual: escreverDinheiro(
            liquido !== 0 ? multiplicarDividir(margem, 10_000, liquido, 'arredondar') : 0,
          ),
          m,
        };
      };
      const linhas = filtrarPorMedidas(
        grupos.map((g) => ({ chave: g.chaves[0] ?? '', ...linhaDe(g.soma) })),
        filtro.filtroDinamico,
      )
        .map(({ m: _m, ...l }) => ({
          ...l,
          rotulo: nomes[l.chave] ?? l.chave,
          codigoInterno: codigos.get(l.chave) ?? null,
        }))
        .sort((a, b) => lerDinheiro(b.liquido) - lerDinheiro(a.liquido) || a.rotulo.localeCompare(b.rotulo));
      const { m: _t, ...totais } = linhaDe(grupos.reduce((a, g) => somar(a, g.soma), somaVazia()));
      return ok({ agrupar: dim, linhas, totais });
    },
  );

  r.post(
    '/api/listaProdutosVendidos',
    { schema: { ...tag, body: listaProdutosVendidosPedidoSchema } },
    async (request) => {
      const s = await escopo(request, request.body.filtro, [permissao('listaProdutosVendidos')]);
      const grupos = await agrupar(db, s, ['produto'], 'produto');
      const ids = grupos.map((g) => g.chaves[0] ?? '');
      const produtos = new Map(
        (
          await consultar(
            db,
            sql`select p.id, p.codigo_interno, p.descricao, u.sigla as unidade from produto_geral p
                  left join unidade_medida u on u.id = p.unidade_id
                 where p.grupo_empresarial_id = ${s.grupo} and p.id = any(${arrayTexto(ids)}::text[])`,
          )
        ).map((l) => [String(l.id), l]),
      );
      const lista = filtrarPorMedidas(
        grupos.map((g) => ({ g, m: medidas(g.soma) })),
        request.body.filtro.filtroDinamico,
      ).map(({ g, m }) => {
        const p = produtos.get(g.chaves[0] ?? '');
        return {
          _id: g.chaves[0] ?? '',
          codigoInterno:
            p?.codigo_interno === null || p?.codigo_interno === undefined ? null : String(p.codigo_interno),
          descricao: String(p?.descricao ?? g.chaves[0] ?? ''),
          unidade: (p?.unidade as string | null | undefined) ?? null,
          quantidade: m.itens,
          liquido: m.liquido,
          q: g.soma.itens,
          c: g.soma.liquido,
        };
      });
      lista.sort((a, b) => b.q - a.q || a.descricao.localeCompare(b.descricao));
      return ok({
        produtos: lista.map(({ q: _q, c: _c, ...p }) => p),
        totais: {
          quantidade: escreverQuantidade(lista.reduce((a, p) => a + p.q, 0)),
          liquido: escreverDinheiro(lista.reduce((a, p) => a + p.c, 0)),
        },
      });
    },
  );

  r.post(
    '/api/relatorioVendaFranquia',
    { schema: { ...tag, body: relatorioVendaFranquiaPedidoSchema } },
    async (request) => {
      const { filtro } = request.body;
      const sessao = sessaoDe(request);
      const p = await app.servicos.permissoes.doUsuario(sessao.grupoEmpresarialId, sessao.usuarioId);
      // Franchise data only for the franchise manager company: the permission (especial) held in a
      // 'Gestor Franquia' store of the user.
      const gestoras = new Set(
        p.empresas.filter((e) => e.tipoEmpresa === TIPO_EMPRESA_GESTOR_FRANQUIA).map((e) => e._id),
      );
      const temNaGestora = empresasComPermissao(p, permissao('relatorioVendaFranquia')).some((e) =>
        gestoras.has(e),
      );
      if (!temNaGestora) throw new ErroNegocio(MENSAGENS_RELATORIO_VENDA.franquiaSoGestor);
      const lojas = await consultar(
        db,
        sql`select id, coalesce(nome_fantasia, descricao) as descricao, configuracoes->'franquia' as franquia from empresa
             where grupo_empresarial_id = ${sessao.grupoEmpresarialId} and tipo_empresa = 'Franquia' and not lixo
             order by descricao`,
      );
      const franquias = lojas.map((l) => String(l.id));
      if (empresasDesconhecidas(filtro.empresasSelecionada, franquias).length)
        throw new ErroNegocio(MENSAGENS_FILTRO.empresaDesconhecida);
      validarCampos(filtro.filtroDinamico, ehDimensao);
      const empresas = filtro.empresasSelecionada.length ? filtro.empresasSelecionada : franquias;
      const grupo = await consultarUm(
        db,
        sql`select configuracoes->'franquia' as franquia from grupo_empresarial where id = ${sessao.grupoEmpresarialId}`,
      );
      const padrao = (grupo?.franquia ?? {}) as Record<string, unknown>;
      const grupos = empresas.length
        ? await agrupar(db, { grupo: sessao.grupoEmpresarialId, empresas, filtro }, ['empresa'], 'venda')
        : [];
      const somaDe = new Map(grupos.map((g) => [g.chaves[0] ?? '', g.soma]));
      const pct = (v: unknown) => {
        const texto = typeof v === 'number' ? String(v) : typeof v === 'string' ? v : '0';
        return /^\d+(\.\d{1,2})?$/.test(texto) ? lerEscalado(texto, 2, 'arredondar') : 0;
      };
      let totais = { vendas: 0, liquido: 0, royalties: 0, fundoPropaganda: 0 };
      const linhas = lojas
        .filter((l) => empresas.includes(String(l.id)))
        .map((l) => {
          const soma = somaDe.get(String(l.id)) ?? somaVazia();
          // Per-store percentages (empresa.configuracoes.franquia) over the group's (grupoEmpresarial.configuracoes.franquia).
          const propria = (l.franquia ?? {}) as Record<string, unknown>;
          const pr = pct(propria.percentualRoyalties ?? padrao.percentualRoyalties);
          const pf = pct(propria.percentualFundoPropaganda ?? padrao.percentualFundoPropaganda);
          const royalties = percentualDe(soma.liquido as never, pr, 2);
          const fundo = percentualDe(soma.liquido as never, pf, 2);
          totais = {
            vendas: totais.vendas + soma.vendas,
            liquido: totais.liquido + soma.liquido,
            royalties: totais.royalties + royalties,
            fundoPropaganda: totais.fundoPropaganda + fundo,
          };
          return {
            empresa: { _id: String(l.id), descricao: String(l.descricao ?? '') },
            vendas: soma.vendas,
            liquido: escreverDinheiro(soma.liquido),
            ticketMedio: medidas(soma).ticketMedio,
            percentualRoyalties: escreverDinheiro(pr),
            royalties: escreverDinheiro(royalties),
            percentualFundoPropaganda: escreverDinheiro(pf),
            fundoPropaganda: escreverDinheiro(fundo),
          };
        });
      return ok({
        lojas: linhas,
        totais: {
          vendas: totais.vendas,
          liquido: escreverDinheiro(totais.liquido),
          royalties: escreverDinheiro(totais.royalties),
          fundoPropaganda: escreverDinheiro(totais.fundoPropaganda),
        },
      });
    },
  );

  r.post(
    '/api/dashboardVendas',
    { schema: { ...tag, body: dashboardVendasPedidoSchema } },
    async (request) => {
      const { filtro, topProdutos } = request.body;
      const s = await escopo(request, filtro, [
        permissao('dashboardDefault'),
        permissao('dashboardDefault2'),
      ]);
      const hoje = request.body.hoje ?? diaLocal(new Date());
      const indicadores = (soma: Soma) => {
        const m = medidas(soma);
        return { faturamento: m.liquido, vendas: m.vendas, ticketMedio: m.ticketMedio };
      };
      const divisao = (g: Grupo, descricao: string) => ({ descricao, ...indicadores(g.soma) });
      const total = async (f: FiltroRelatorio) =>
        (await agrupar(db, { ...s, filtro: f }, [], 'venda'))[0]?.soma ?? somaVazia();
      // The period and each comparison period by day: their totals are the sums of their days.
      const porDiaDe = (f: FiltroRelatorio) => agrupar(db, { ...s, filtro: f }, ['dia'], 'venda');
      const comparados = {
        semanaAnterior: periodoComparado(filtro, 'semanaAnterior'),
        mesAnterior: periodoComparado(filtro, 'mesAnterior'),
        anoAnterior: periodoComparado(filtro, 'anoAnterior'),
      };
      const [doDia, dias, semana, mes, ano, porHora, mapa, porEmpresa, porTipo, porOrigem, top] =
        await Promise.all([
          total({ ...filtro, dataInicio: hoje, dataFim: hoje }),
          porDiaDe(filtro),
          porDiaDe(comparados.semanaAnterior),
          porDiaDe(comparados.mesAnterior),
          porDiaDe(comparados.anoAnterior),
          agrupar(db, s, ['hora'], 'venda'),
          agrupar(db, s, ['diaSemana', 'hora'], 'venda'),
          agrupar(db, s, ['empresa'], 'venda'),
          agrupar(db, s, ['tipoVenda'], 'venda'),
          agrupar(db, s, ['origem'], 'venda'),
          agrupar(db, s, ['produto'], 'produto'),
        ]);
      const somaDe = (gs: Grupo[]) => gs.reduce((a, g) => somar(a, g.soma), somaVazia());
      const doDiaDe = (gs: Grupo[]) => {
        const por = new Map(gs.map((g) => [g.chaves[0] ?? '', g.soma]));
        return (dia: string) => {
          const soma = por.get(dia) ?? somaVazia();
          return { dia, faturamento: escreverDinheiro(soma.liquido), vendas: soma.vendas };
        };
      };
      /** Day i of a comparison period (its first day + i), null past its end. */
      const alinhado = (p: FiltroRelatorio, gs: Grupo[]) => {
        const lista = diasDoPeriodo(p);
        const de = doDiaDe(gs);
        return (i: number) => {
          const dia = lista[i];
          return dia === undefined ? null : de(dia);
        };
      };
      const doPeriodo = doDiaDe(dias);
      const [daSemana, doMes, doAno] = [
        alinhado(comparados.semanaAnterior, semana),
        alinhado(comparados.mesAnterior, mes),
        alinhado(comparados.anoAnterior, ano),
      ];
      const porDia = diasDoPeriodo(filtro).map((dia, i) => ({
        ...doPeriodo(dia),
        comparacao: { semanaAnterior: daSemana(i), mesAnterior: doMes(i), anoAnterior: doAno(i) },
      }));
      const porFaturamento = (a: Grupo, b: Grupo) => b.soma.liquido - a.soma.liquido;
      const nomesTipo = await rotulos(
        db,
        s.grupo,
        'tipoVenda',
        porTipo.map((g) => g.chaves[0] ?? ''),
      );
      const nomesOrigem = await rotulos(
        db,
        s.grupo,
        'origem',
        porOrigem.map((g) => g.chaves[0] ?? ''),
      );
      const nomesEmpresa = await rotulos(
        db,
        s.grupo,
        'empresa',
        porEmpresa.map((g) => g.chaves[0] ?? ''),
      );
      const melhores = top.sort((a, b) => b.soma.liquido - a.soma.liquido).slice(0, topProdutos);
      const nomesProduto = await rotulos(
        db,
        s.grupo,
        'produto',
        melhores.map((g) => g.chaves[0] ?? ''),
      );
      const pagamentos = await consultar(
        db,
        sql`select f.tipo_pagamento, sum(f.valor)::text as valor from relatorio_venda_pagamento_dia f
           where f.grupo_empresarial_id = ${s.grupo} and f.empresa_id = any(${arrayTexto(s.empresas)}::text[])
             and f.dia between ${filtro.dataInicio}::date and ${filtro.dataFim}::date
             and f.status = any(${`{${filtro.statusVenda.join(',')}}`}::int[])
           group by 1 order by 2 desc`,
      );
      const resposta: DashboardVendasResposta = {
        hoje: indicadores(doDia),
        periodo: indicadores(somaDe(dias)),
        comparacao: {
          semanaAnterior: indicadores(somaDe(semana)),
          mesAnterior: indicadores(somaDe(mes)),
          anoAnterior: indicadores(somaDe(ano)),
        },
        porDia,
        porHora: porHora.map((g) => ({
          hora: Number(g.chaves[0]),
          faturamento: escreverDinheiro(g.soma.liquido),
          vendas: g.soma.vendas,
        })),
        mapaCalor: mapa.map((g) => ({
          diaSemana: Number(g.chaves[0]),
          hora: Number(g.chaves[1]),
          faturamento: escreverDinheiro(g.soma.liquido),
          vendas: g.soma.vendas,
        })),
        porEmpresa: porEmpresa.map((g) => ({
          _id: g.chaves[0] ?? '',
          descricao: nomesEmpresa[g.chaves[0] ?? ''] ?? '',
          ...{
            faturamento: medidas(g.soma).liquido,
            vendas: g.soma.vendas,
            ticketMedio: medidas(g.soma).ticketMedio,
          },
        })),
        porTipoPagamento: pagamentos.map((l) => ({
          tipo: Number(l.tipo_pagamento),
          descricao:
            tiposPagamento.porId(Number(l.tipo_pagamento) as 77)?.descricao ?? String(l.tipo_pagamento),
          valor: escreverDinheiro(lerDinheiro(String(l.valor))),
        })),
        porTipoVenda: porTipo.sort(porFaturamento).map((g) => ({
          tipoVenda: Number(g.chaves[0]),
          ...divisao(g, nomesTipo[g.chaves[0] ?? ''] ?? ''),
        })),
        porOrigem: porOrigem
          .sort(porFaturamento)
          .map((g) => ({ origem: Number(g.chaves[0]), ...divisao(g, nomesOrigem[g.chaves[0] ?? ''] ?? '') })),
        topProdutos: melhores.map((g) => ({
          _id: g.chaves[0] ?? '',
          descricao: nomesProduto[g.chaves[0] ?? ''] ?? '',
          quantidade: escreverQuantidade(g.soma.itens),
          liquido: escreverDinheiro(g.soma.liquido),
        })),
      };
      return ok(resposta);
    },
  );
}
