import {
  MENSAGENS_FILTRO,
  PERMISSAO,
  RESPOSTAS_RELATORIO_EVENTOS,
  type RotaRelatorioEventos,
} from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consultar } from '../src/db/consultar.ts';
import { type AppTeste, criarAppTeste, type Registro, type Resposta } from './app-teste.ts';
import { abrirPeriodo, item, type Loja, novoId, prepararLoja } from './vendas-apoio.ts';

// The four event reports (issue 19) over a day of Loja Centro made through the sale API by the cashier with the
// supervisor's releases: an item discount, a general discount, an item cancelled, a whole sale cancelled, items
// moved to another table, a whole table moved, and orders from the digital menu (QR code) and the waiter app.
// Every total below is computed by hand from the demo prices (Calabresa 54.90, Água 3.00, Lata 6.50).

let t: AppTeste;
let l: Loja;
let supervisor: string;
let calabresa: string;
let agua: string;
let lata: string;
let dinheiro: string;
const vendas: Record<string, string> = {};

/** Today in America/Sao_Paulo (the business day of the events written now). */
const hoje = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
const filtro = (extra: Record<string, unknown> = {}, pagina?: number) => ({
  filtro: { dataInicio: hoje(), dataFim: hoje(), empresasSelecionada: [l.empresa], ...extra },
  ...(pagina ? { pagina } : {}),
});
type Detalhe = { pagina: number; porPagina: number; total: number; linhas: Registro[] };
/** A valid answer; with its route, also checked against the contract's schema (packages/domain). */
const valido = (r: Resposta, rota?: RotaRelatorioEventos) => {
  expect(r.status).toBe(200);
  expect(r.corpo.valido, JSON.stringify(r.corpo)).toBe(true);
  if (rota) RESPOSTAS_RELATORIO_EVENTOS[rota].parse(r.corpo.data);
  const d = r.corpo.data as Registro & { totais: Registro; detalhe: Detalhe };
  return { ...d, linhas: d.detalhe.linhas };
};
const mensagem = (r: Resposta) => {
  expect(r.status).toBe(200);
  expect(r.corpo.valido).toBe(false);
  return r.corpo.data.message;
};

async function venda(corpo: Record<string, unknown>, produtos: unknown[]): Promise<string> {
  const r = await l.post('/api/venda', { terminal: l.terminal, ...corpo }, l.caixaToken);
  expect(r.corpo.valido, JSON.stringify(r.corpo)).toBe(true);
  const id = r.corpo.data._id as string;
  const a = await l.post(`/api/venda/${id}/itens`, { produtos }, l.caixaToken);
  expect(a.corpo.valido, JSON.stringify(a.corpo)).toBe(true);
  return id;
}
async function confirmar(id: string) {
  expect((await l.post(`/api/venda/${id}/confirmarItens`, {}, l.caixaToken)).corpo.valido).toBe(true);
}
async function encerrar(id: string, valor: string) {
  const p = await l.post(
    `/api/venda/${id}/pagamentos`,
    { _id: novoId(), formaPagamento: dinheiro, terminal: l.terminal, valorPago: valor },
    l.caixaToken,
  );
  expect(p.corpo.valido, JSON.stringify(p.corpo)).toBe(true);
  const e = await l.post(`/api/venda/${id}/encerrar`, {}, l.caixaToken);
  expect(e.corpo.data.status, JSON.stringify(e.corpo)).toMatchObject({ id: 59 });
}
const liberar = (permissao: number, venda?: string, desconto?: { modo: number; valor: string }) =>
  l.liberacao(permissao, undefined, undefined, {
    token: l.caixaToken,
    ...(venda ? { venda } : {}),
    ...(desconto ? { desconto } : {}),
  });

beforeAll(async () => {
  t = await criarAppTeste();
  l = await prepararLoja(t);
  await abrirPeriodo(l);
  supervisor = await t.login('supervisor@exemplo.com.br', 'super123');
  calabresa = await l.produto('Pizza Grande Calabresa');
  agua = await l.produto('Água Mineral 500ml');
  lata = await l.produto('Refrigerante Lata 350ml');
  dinheiro = await l.forma(77);

  // A: item discount of 4.90 on the pizza, then the water (confirmed) cancelled: Desconto 4.90 + Cancelamento 3.00.
  vendas.a = await venda({ tipoVenda: 53 }, [{ produto: calabresa }, { produto: agua }]);
  await confirmar(vendas.a);
  const d = await l.post(
    `/api/venda/${vendas.a}/descontoItem`,
    {
      numeroItem: 1,
      modo: 3,
      valor: '4.90',
      justificativa: 'cliente fiel',
      liberacao: await liberar(PERMISSAO.descontoItem, vendas.a, { modo: 3, valor: '4.90' }),
    },
    l.caixaToken,
  );
  expect(item(d, 1)).toMatchObject({ valorLiquido: '50.00' });
  const c = await l.put(
    `/api/vendaDeletarProduto/${vendas.a}`,
    {
      vendaEvento: { numeroItem: 2, motivo: 'produto errado' },
      liberacao: await liberar(PERMISSAO.excluirProdutoConfirmado),
    },
    l.caixaToken,
  );
  expect(c.corpo.valido, JSON.stringify(c.corpo)).toBe(true);

  // B: two pizzas (109.80), general discount of 9.80, paid and ended: Desconto 9.80 on the whole sale.
  vendas.b = await venda({ tipoVenda: 53 }, [{ produto: calabresa, quantidade: '2' }]);
  const g = await l.post(
    `/api/venda/${vendas.b}/descontoGeral`,
    {
      modo: 0,
      valor: '9.80',
      justificativa: 'aniversário',
      liberacao: await liberar(PERMISSAO.descontoGeral, vendas.b, { modo: 0, valor: '9.80' }),
    },
    l.caixaToken,
  );
  expect(g.corpo.data.total, JSON.stringify(g.corpo)).toBe('100.00');
  await encerrar(vendas.b, '100.00');

  // C: can + water confirmed, the whole sale cancelled: Cancelamento 9.50, vendaCompleta.
  vendas.c = await venda({ tipoVenda: 53 }, [{ produto: lata }, { produto: agua }]);
  await confirmar(vendas.c);
  const cc = await l.put(
    `/api/deletarVendaCompleta/${vendas.c}`,
    { vendaEvento: { motivo: 'cliente desistiu' }, liberacao: await liberar(PERMISSAO.cancelarVenda) },
    l.caixaToken,
  );
  expect(cc.corpo.data.status, JSON.stringify(cc.corpo)).toMatchObject({ id: 60 });

  // D: table 41 with pizza, water and can; water and can (9.50) go to table 42.
  vendas.d = await venda({ tipoVenda: 54, mesa: 41 }, [
    { produto: calabresa },
    { produto: agua },
    { produto: lata },
  ]);
  const ti = await l.post(
    '/api/vendaTransferencia',
    {
      vendaOrigem: vendas.d,
      mesaDestino: 42,
      itens: [2, 3],
      liberacao: await liberar(PERMISSAO.transferirItem),
    },
    l.caixaToken,
  );
  expect(ti.corpo.valido, JSON.stringify(ti.corpo)).toBe(true);
  vendas.d2 = (ti.corpo.data.destino as Registro)._id as string;

  // E: table 43 with a water (3.00) moved whole to the free table 44.
  vendas.e = await venda({ tipoVenda: 54, mesa: 43 }, [{ produto: agua }]);
  const tm = await l.post(
    '/api/vendaTransferencia',
    { vendaOrigem: vendas.e, mesaDestino: 44, liberacao: await liberar(PERMISSAO.transferirMesa) },
    l.caixaToken,
  );
  expect(tm.corpo.valido, JSON.stringify(tm.corpo)).toBe(true);

  // Orders by origin: digital menu (73) 54.90 and waiter app (77) 9.50 ended; a local one (68) ended and a digital
  // menu one still open are not QR-code orders of the default filter.
  vendas.f = await venda({ tipoVenda: 53, localPedido: 73 }, [{ produto: calabresa }]);
  await encerrar(vendas.f, '54.90');
  vendas.g = await venda({ tipoVenda: 53, localPedido: 77 }, [{ produto: agua }, { produto: lata }]);
  await encerrar(vendas.g, '9.50');
  vendas.h = await venda({ tipoVenda: 53, localPedido: 68 }, [{ produto: agua }]);
  await encerrar(vendas.h, '3.00');
  vendas.i = await venda({ tipoVenda: 53, localPedido: 73 }, [{ produto: lata }]);
  // ~40 sale calls and 9 supervisor releases (argon2 each) on a shared 2-core machine.
}, 300_000);
afterAll(async () => t?.fechar());

describe('sale events recorded for the reports', () => {
  it('marks the general discount as the whole sale and the transfer origin apart from its destination', async () => {
    const linhas = await consultar(
      t.banco.db,
      sql`select venda_id, tipo, venda_completa, motivo from venda_evento
          where tipo in ('Desconto', 'Transferencia', 'TransferenciaRecebida') order by data_hora, tipo`,
    );
    const de = (id: string | undefined) =>
      linhas.filter((x) => x.venda_id === id).map((x) => [x.tipo, x.venda_completa]);
    expect(de(vendas.a)).toEqual([['Desconto', false]]);
    expect(de(vendas.b)).toEqual([['Desconto', true]]);
    expect(de(vendas.d)).toEqual([['Transferencia', false]]);
    expect(de(vendas.d2)).toEqual([['TransferenciaRecebida', false]]);
    expect(de(vendas.e)).toEqual([['Transferencia', true]]);
  });
});

describe('relatorioVendaCancelamentos', () => {
  it('totals the day by hand and pages the rows with who, supervisor, reason and value', async () => {
    const r = valido(
      await l.post('/api/relatorioVendaCancelamentos', filtro(), supervisor),
      'relatorioVendaCancelamentos',
    );
    // Water of A (3.00, item) + can and water of C (9.50, whole sale).
    expect(r.totais).toEqual({
      quantidade: 2,
      quantidadeVendaCompleta: 1,
      quantidadeItem: 1,
      itens: '3.0000',
      valor: '12.50',
      valorVendaCompleta: '9.50',
      valorItem: '3.00',
    });
    expect(r.detalhe).toMatchObject({ pagina: 1, porPagina: 50, total: 2 });
    const completa = r.linhas.find((x) => x.vendaId === vendas.c);
    expect(completa).toMatchObject({
      operador: 'Carlos Caixa',
      supervisor: 'Sandra Supervisora',
      motivo: 'cliente desistiu',
      vendaCompleta: true,
      valor: '9.50',
      empresa: 'Loja Centro',
    });
    expect(r.linhas.find((x) => x.vendaId === vendas.a)).toMatchObject({
      motivo: 'produto errado',
      vendaCompleta: false,
      valor: '3.00',
      produtos: [{ descricao: 'Água Mineral 500ml', quantidade: '1.0000', valor: '3.00' }],
    });
    // The dynamic filter narrows the totals and the rows alike.
    const so = valido(
      await l.post(
        '/api/relatorioVendaCancelamentos',
        filtro({
          filtroDinamico: [
            { campo: 'vendaCompleta', operador: 'igual', valor: true },
            { campo: 'valor', operador: 'maiorIgual', valor: '5' },
          ],
        }),
        supervisor,
      ),
    );
    expect(so.totais).toMatchObject({ quantidade: 1, valor: '9.50' });
    expect(so.linhas.map((x) => x.vendaId)).toEqual([vendas.c]);
    // A page past the end is empty, the totals stay.
    const alem = valido(
      await l.post('/api/relatorioVendaCancelamentos', filtro({}, 2), supervisor),
      'relatorioVendaCancelamentos',
    );
    expect(alem.linhas).toEqual([]);
    expect(alem.totais).toMatchObject({ quantidade: 2 });
  });
});

describe('relatorioVendaDescontos', () => {
  it('separates the item discount from the general one and sums by supervisor', async () => {
    const r = valido(
      await l.post('/api/relatorioVendaDescontos', filtro(), supervisor),
      'relatorioVendaDescontos',
    );
    expect(r.totais).toEqual({
      quantidade: 2,
      quantidadeVendaCompleta: 1,
      quantidadeItem: 1,
      valor: '14.70',
      valorVendaCompleta: '9.80',
      valorItem: '4.90',
      supervisores: [{ supervisor: 'Sandra Supervisora', quantidade: 2, valor: '14.70' }],
    });
    expect(r.linhas.find((x) => x.vendaId === vendas.b)).toMatchObject({
      motivo: 'aniversário',
      vendaCompleta: true,
      valor: '9.80',
      operador: 'Carlos Caixa',
    });
    const porMotivo = valido(
      await l.post(
        '/api/relatorioVendaDescontos',
        filtro({ filtroDinamico: [{ campo: 'motivo', operador: 'contem', valor: 'FIEL' }] }),
        supervisor,
      ),
    );
    expect(porMotivo.totais).toMatchObject({ quantidade: 1, valor: '4.90' });
  });
});

describe('relatorioVendaTransferencias', () => {
  it('counts each transfer once, by its origin, with the tables and the other sale', async () => {
    const r = valido(
      await l.post('/api/relatorioVendaTransferencias', filtro(), supervisor),
      'relatorioVendaTransferencias',
    );
    // Items of table 41: water 3.00 + can 5.85 (6.50 less the 10% of the 'Pizza + Refri' combo it was in with the
    // pizza: the line's value when it moved), 2 lines; and the whole table 43 (water, 1 line, 3.00).
    expect(r.totais).toEqual({
      quantidade: 2,
      quantidadeMesaInteira: 1,
      quantidadeItens: 1,
      linhas: 3,
      valor: '11.85',
    });
    const itens = r.linhas.find((x) => x.vendaId === vendas.d);
    expect(itens).toMatchObject({
      mesaOrigem: 41,
      mesaDestino: 42,
      vendaDestino: vendas.d2,
      vendaCompleta: false,
      valor: '8.85',
      supervisor: 'Sandra Supervisora',
    });
    expect(r.linhas.find((x) => x.vendaId === vendas.e)).toMatchObject({
      mesaOrigem: 43,
      mesaDestino: 44,
      vendaCompleta: true,
      valor: '3.00',
    });
  });
});

describe('relatorioQrCode', () => {
  it('sums the ended device orders by origin; other origins and open sales only when asked', async () => {
    const r = valido(await l.post('/api/relatorioQrCode', filtro(), supervisor), 'relatorioQrCode');
    expect(r.totais).toEqual({
      quantidade: 2,
      total: '64.40',
      ticketMedio: '32.20',
      porOrigem: [
        { localPedido: 73, descricao: 'Cardápio digital', quantidade: 1, total: '54.90' },
        { localPedido: 77, descricao: 'App do garçom', quantidade: 1, total: '9.50' },
      ],
    });
    expect(r.linhas.map((x) => x._id).sort()).toEqual([vendas.f, vendas.g].sort());
    expect(r.linhas.find((x) => x._id === vendas.g)).toMatchObject({
      itens: 2,
      total: '9.50',
      localPedido: 77,
    });
    // Sales without an origin are local (68): B 100.00 and H 3.00 ended; with the digital menu's F 54.90.
    const todas = valido(
      await l.post('/api/relatorioQrCode', filtro({ localPedido: [68, 73], statusVenda: [59] }), supervisor),
      'relatorioQrCode',
    );
    expect(todas.totais).toMatchObject({ quantidade: 3, total: '157.90', ticketMedio: '52.63' });
    const abertas = valido(
      await l.post('/api/relatorioQrCode', filtro({ localPedido: [73], statusVenda: [57] }), supervisor),
    );
    expect(abertas.linhas.map((x) => x._id)).toEqual([vendas.i]);
    expect(abertas.totais).toMatchObject({ quantidade: 1, total: '6.50' });
  });
});

describe('filter, stores and permissions', () => {
  it('refuses bad input with a pt-BR message and never a 500', async () => {
    const rotas = [
      '/api/relatorioVendaCancelamentos',
      '/api/relatorioVendaDescontos',
      '/api/relatorioVendaTransferencias',
      '/api/relatorioQrCode',
    ];
    const m = MENSAGENS_FILTRO;
    for (const rota of rotas) {
      const recusa = async (extra: Record<string, unknown>) =>
        mensagem(await l.post(rota, filtro(extra), supervisor));
      expect(await recusa({ dataInicio: '2026-11-10', dataFim: '2026-11-09' })).toBe(m.dataFimAntesInicio);
      expect(await recusa({ empresasSelecionada: [novoId()] })).toBe(m.empresaDesconhecida);
      expect(await recusa({ empresasSelecionada: [l.empresa, t.demo.empresas.gestor] })).toBe(
        m.empresaDesconhecida,
      );
      expect(
        await recusa({ filtroDinamico: [{ campo: 'numero', operador: '$where', valor: 'sleep(1)' }] }),
      ).toBe(m.operadorNaoPermitido('$where'));
      expect(await recusa({ filtroDinamico: [{ campo: 'senha', operador: 'igual', valor: 'x' }] })).toBe(
        m.campoNaoPermitido('senha'),
      );
      expect(
        await recusa({
          filtroDinamico: [{ campo: 'numero', operador: 'maior', valor: "1'; drop table venda" }],
        }),
      ).toBe(m.valorFiltro('numero'));
      expect(await recusa({ dataInicio: '2026-02-30' })).toBe(m.dataInvalida);
      expect(await recusa({ dataInicio: '2025-01-01', dataFim: '2026-11-26' })).toBe(m.periodoLongo);
      expect(await recusa({ horaInicio: '25:00' })).toBe(m.horaInvalida);
      expect(await recusa({ localPedido: [99] })).toMatch(/^Filtro, campo localPedido: /);
      const semCorpo = await l.post(rota, {}, supervisor);
      expect(semCorpo.status).toBe(200);
      expect(semCorpo.corpo.valido).toBe(false);
    }
  });

  it('asks for the report permission in the store: the cashier is refused, naming it', async () => {
    const r = await l.post('/api/relatorioVendaDescontos', filtro(), l.caixaToken);
    expect(mensagem(r)).toContain('Relatório de Descontos - Acessar');
    // Without stores asked for: every store where the user holds the report (the admin: all of them; the
    // discounts are all at Loja Centro).
    const admin = valido(
      await l.post('/api/relatorioVendaDescontos', { filtro: { dataInicio: hoje(), dataFim: hoje() } }),
    );
    expect(admin.totais).toMatchObject({ quantidade: 2, valor: '14.70' });
  });

  it('reads only the period and the time window asked for', async () => {
    const ontem = new Date(Date.now() - 86_400_000 * 2).toISOString().slice(0, 10);
    const vazio = valido(
      await l.post(
        '/api/relatorioVendaCancelamentos',
        filtro({ dataInicio: ontem, dataFim: ontem }),
        supervisor,
      ),
    );
    expect(vazio.totais).toMatchObject({ quantidade: 0, valor: '0.00' });
    expect(vazio.linhas).toEqual([]);
    const agora = new Intl.DateTimeFormat('pt-BR', {
      timeZone: 'America/Sao_Paulo',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(new Date());
    // A one-hour window two hours ahead holds none of the events written minutes ago; today's whole day holds them.
    const outra = String((Number(agora.slice(0, 2)) + 2) % 24).padStart(2, '0');
    const fora = valido(
      await l.post(
        '/api/relatorioVendaDescontos',
        filtro({ horaInicio: `${outra}:00`, horaFim: `${outra}:59` }),
        supervisor,
      ),
    );
    expect(fora.totais).toMatchObject({ quantidade: 0, valor: '0.00' });
    const dia = valido(
      await l.post(
        '/api/relatorioVendaDescontos',
        filtro({ horaInicio: '00:00', horaFim: '23:59' }),
        supervisor,
      ),
    );
    expect(dia.totais).toMatchObject({ quantidade: 2 });
  });
});
