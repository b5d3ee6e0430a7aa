import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { consultar, consultarUm } from '../../server/src/db/consultar.ts';
import { documentoComoTexto } from '../../server/src/modules/impressao/layouts/documento.ts';
import { lerEscPos } from '../../server/src/modules/impressao/layouts/leitura.ts';
import { type AppTeste, criarAppTeste } from '../../server/test/app-teste.ts';
import {
  type AgenteFilho,
  diretorioTemporario,
  esperar,
  type ImpressoraFalsa,
  impressoraFalsa,
  iniciarAgente,
} from './apoio.ts';

// The print agent as a real child process against the real server (PGlite) and a fake TCP printer on
// 127.0.0.1 that records bytes.

let t: AppTeste;
let token: string;
/** The agent's own token (issue 14 point 5): only claim/ack/fail of Loja Centro's jobs. */
let tokenAgente: string;
let url: string;
let terminal: string;
let setorCozinha: string;
let impressoraCozinha: string;
let impressora: ImpressoraFalsa;
const produtos: Record<string, string> = {};
const agentes: AgenteFilho[] = [];

function agente(diretorio: string, extra: string[] = [], env: Record<string, string> = {}): AgenteFilho {
  const a = iniciarAgente(
    ['--servidor', url, '--token', tokenAgente, '--terminais', terminal, '--diretorio', diretorio, ...extra],
    env,
  );
  agentes.push(a);
  return a;
}

const producao = (mesa: number, itens: [number, string][]) => ({
  terminal,
  setorImpressao: setorCozinha,
  origemId: `mesa-${mesa}`,
  documento: {
    layout: 'producao',
    cabecalho: { empresa: 'Loja Centro', terminal: 'Terminal Caixa 1', data: '2026-11-21T23:40:00Z' },
    venda: { tipoVenda: 54, numero: 1000 + mesa, mesa, atendente: 'Ana Garçom' },
    setor: 'Cozinha',
    itens: itens.map(([quantidade, descricao]) => ({
      tipo: 'novo',
      quantidade: String(quantidade),
      descricao,
      obs: '',
      partes: [],
    })),
  },
});

async function criar(body: Record<string, unknown>): Promise<string[]> {
  const r = await t.post('/api/impressao', body, token);
  expect(r.corpo.valido, JSON.stringify(r.corpo)).toBe(true);
  return r.lista.map((x) => x._id as string);
}

async function statusDe(
  ids: readonly string[],
): Promise<Map<string, { status: number; erro: string | null }>> {
  const linhas = await consultar(
    t.banco.db,
    sql`select id, tipo_status, erro from impressao where id = any(${`{${ids.join(',')}}`}::text[])`,
  );
  return new Map(
    linhas.map((l) => [l.id as string, { status: Number(l.tipo_status), erro: l.erro as string | null }]),
  );
}

const todosImpressos = (ids: readonly string[]) => async () =>
  [...(await statusDe(ids)).values()].filter((s) => s.status === 3).length === ids.length;

/** Mesa of each ticket the printer got (the big "MESA n" line). */
const mesasImpressas = (trabalhos: readonly Buffer[]) =>
  trabalhos.map((b) => /MESA (\d+)/.exec(documentoComoTexto(lerEscPos(b)))?.[1]);

async function apontarImpressora(campos: { ip: string; porta: string }) {
  const r = await t.put(`/api/impressora/${impressoraCozinha}`, campos, token);
  expect(r.corpo.valido, JSON.stringify(r.corpo)).toBe(true);
}

beforeAll(async () => {
  t = await criarAppTeste();
  token = await t.login('admin@exemplo.com.br', 'admin123');
  const emitido = await t.post(
    '/api/impressao/tokenAgente',
    { empresa: t.demo.empresas.centro, descricao: 'PC do caixa' },
    token,
  );
  tokenAgente = emitido.corpo.data.token as string;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  const e = t.demo.empresas.centro;
  terminal = (
    await consultarUm(
      t.banco.db,
      sql`select id from terminal where empresa_id = ${e} and descricao like 'Terminal Caixa%'`,
    )
  )?.id as string;
  const setor = await consultarUm(
    t.banco.db,
    sql`select id, impressora_id from setor_impressao where empresa_id = ${e} and descricao = 'Cozinha'`,
  );
  setorCozinha = setor?.id as string;
  impressoraCozinha = setor?.impressora_id as string;
  for (const p of await consultar(t.banco.db, sql`select id, descricao from produto_geral`))
    produtos[p.descricao as string] = p.id as string;
  for (const nome of ['X-Burguer', 'Batata Frita Porção']) {
    const m = await t.post(
      '/api/produtoGeralSetorEmpresa',
      { empresa: e, produtoGeral: produtos[nome], setoresImpressao: [setorCozinha] },
      token,
      { empresa: e },
    );
    expect(m.corpo.valido, JSON.stringify(m.corpo)).toBe(true);
  }
});

afterEach(async () => {
  for (const a of agentes.splice(0)) await a.matar();
  await impressora?.fechar();
  await consultar(t.banco.db, sql`delete from impressao`);
});

afterAll(async () => {
  await t.fechar();
});

describe('print agent', () => {
  it('gets a production ticket over Socket.IO and sends real ESC/POS at 48 columns to the TCP printer', async () => {
    impressora = await impressoraFalsa();
    await apontarImpressora({ ip: '127.0.0.1', porta: String(impressora.porta) });
    // Polling once a minute: only the socket push can bring the job in time.
    const a = agente(diretorioTemporario(), ['--intervalo', '60000']);
    await a.esperarLog(/"evento":"tempoReal","conectado":true/);
    // The sale module's call: the kitchen ticket of a table order, split by print sector.
    const r = await t.post(
      '/api/impressao/producao',
      {
        terminal,
        vendaId: 'f'.repeat(24),
        venda: { tipoVenda: 54, numero: 1012, mesa: 12, atendente: 'Ana Garçom' },
        itens: [
          { chave: '1', produto: produtos['X-Burguer'], descricao: 'X-Burguer', quantidade: '2' },
          {
            chave: '2',
            produto: produtos['Batata Frita Porção'],
            descricao: 'Batata Frita Porção',
            quantidade: '1',
          },
          // a product without a print sector is not printed
          {
            chave: '3',
            produto: produtos['Produto Genérico'],
            descricao: 'Produto Genérico',
            quantidade: '1',
          },
        ],
      },
      token,
    );
    expect(r.corpo.valido, JSON.stringify(r.corpo)).toBe(true);
    const ids = (r.corpo.data.impressoes as { _id: string }[]).map((i) => i._id);
    expect(ids).toHaveLength(1);
    await esperar(() => impressora.trabalhos.length === 1, 5_000, 20);
    const bytes = impressora.trabalhos[0] as Buffer;
    // ESC @ (init) + ESC t 3 (CP860), bold on/off, expanded, and the partial cut at the end.
    expect(bytes.subarray(0, 5).toString('hex')).toBe('1b401b7403');
    expect(bytes.includes(Buffer.from([0x1b, 0x45, 0x01]))).toBe(true);
    expect(bytes.includes(Buffer.from([0x1b, 0x45, 0x00]))).toBe(true);
    expect(bytes.includes(Buffer.from([0x1d, 0x21, 0x11]))).toBe(true);
    expect(bytes.subarray(-4).toString('hex')).toBe('1d564200');
    // "Porção": ç and ã as CP860 0x87 0x84
    expect(bytes.includes(Buffer.from([0x50, 0x6f, 0x72, 0x87, 0x84, 0x6f]))).toBe(true);
    const texto = documentoComoTexto(lerEscPos(bytes));
    const linhas = texto.split('\n');
    // date DD/MM/YY HH:mm on the left, terminal on the right: exactly 48 columns
    expect(linhas[2]).toMatch(/^\d{2}\/\d{2}\/\d{2} \d{2}:\d{2} {18}Terminal Caixa 1$/);
    expect(linhas[2]).toHaveLength(48);
    expect([...linhas.slice(0, 2), ...linhas.slice(3)]).toEqual([
      '               PRODUÇÃO - COZINHA',
      '        MESA 12',
      'Venda: 1012',
      'Atendente: Ana Garçom',
      '-'.repeat(48),
      '2 x X-Burguer',
      '1 x Batata Frita Porção',
      '-'.repeat(48),
    ]);
    for (const linha of texto.split('\n')) expect(linha.length).toBeLessThanOrEqual(48);
    await esperar(todosImpressos(ids), 5_000);
  });

  it('killed and restarted mid-queue (after claim, after send): loses no job and prints none twice', async () => {
    impressora = await impressoraFalsa();
    await apontarImpressora({ ip: '127.0.0.1', porta: String(impressora.porta) });
    const ids: string[] = [];
    for (let mesa = 1; mesa <= 10; mesa++) ids.push(...(await criar(producao(mesa, [[1, `Prato ${mesa}`]]))));
    const diretorio = diretorioTemporario();
    const rapido = ['--intervalo', '300'];

    // 1: frozen right after writing 'claimed' for the 3rd job (nothing of it sent), killed.
    const a1 = agente(diretorio, rapido, { PRINT_AGENT_PAUSAR_APOS: 'claimed:3' });
    await a1.esperarLog(/PAUSADO.*"estado":"claimed"/);
    await a1.matar();
    expect(impressora.trabalhos).toHaveLength(2);

    // 2: restarted; frozen after 'sent' of its 2nd job (printer has it, server not told), killed.
    const a2 = agente(diretorio, rapido, { PRINT_AGENT_PAUSAR_APOS: 'sent:2' });
    await a2.esperarLog(/PAUSADO.*"estado":"sent"/);
    await a2.matar();
    expect(impressora.trabalhos).toHaveLength(4);

    // 3: restarted normally: acknowledges the sent one without printing, prints the rest once.
    agente(diretorio, rapido);
    await esperar(todosImpressos(ids), 20_000);
    await new Promise((r) => setTimeout(r, 500));
    const mesas = mesasImpressas(impressora.trabalhos);
    expect(mesas).toHaveLength(10);
    expect(new Set(mesas).size).toBe(10);
    expect([...mesas].sort((x, y) => Number(x) - Number(y))).toEqual(
      Array.from({ length: 10 }, (_, i) => String(i + 1)),
    );
    // The journal kept only tombstones.
    const estados = fs
      .readdirSync(path.join(diretorio, 'trabalhos'))
      .map(
        (f) =>
          (JSON.parse(fs.readFileSync(path.join(diretorio, 'trabalhos', f), 'utf8')) as { estado: string })
            .estado,
      );
    expect(new Set(estados)).toEqual(new Set(['acked']));
  });

  it('killed while sending: never prints that job again, reports it for a person, and a reprint prints it once', async () => {
    impressora = await impressoraFalsa();
    await apontarImpressora({ ip: '127.0.0.1', porta: String(impressora.porta) });
    const ids: string[] = [];
    for (let mesa = 1; mesa <= 3; mesa++) ids.push(...(await criar(producao(mesa, [[1, `Prato ${mesa}`]]))));
    const diretorio = diretorioTemporario();
    const a1 = agente(diretorio, ['--intervalo', '300'], { PRINT_AGENT_PAUSAR_APOS: 'sending:2' });
    await a1.esperarLog(/PAUSADO.*"estado":"sending"/);
    await a1.matar();
    agente(diretorio, ['--intervalo', '300']);
    const interrompido = ids[1] as string;
    await esperar(async () =>
      [...(await statusDe(ids)).values()].every((s) => s.status === 3 || s.status === 4),
    );
    const s = await statusDe(ids);
    expect(s.get(interrompido)).toEqual({
      status: 4,
      erro: 'Agente reiniciado durante o envio à impressora: verifique se imprimiu e reimprima se necessário.',
    });
    expect(mesasImpressas(impressora.trabalhos).sort()).toEqual(['1', '3']);
    // A person reprints it: the journal does not stand in the way.
    const r = await t.post(`/api/impressao/${interrompido}/reimprimir`, {}, token);
    expect(r.corpo.valido).toBe(true);
    await esperar(todosImpressos([interrompido]), 10_000);
    expect(mesasImpressas(impressora.trabalhos).sort()).toEqual(['1', '2', '3']);
  });

  it('SIGKILLed at random moments: no job printed twice, none left behind, doubtful ones flagged', async () => {
    impressora = await impressoraFalsa();
    await apontarImpressora({ ip: '127.0.0.1', porta: String(impressora.porta) });
    const ids: string[] = [];
    for (let mesa = 1; mesa <= 20; mesa++) ids.push(...(await criar(producao(mesa, [[1, `Prato ${mesa}`]]))));
    const diretorio = diretorioTemporario();
    for (let rodada = 0; rodada < 4; rodada++) {
      const a = agente(diretorio, ['--intervalo', '200']);
      await a.esperarLog(/"evento":"iniciado"/);
      await new Promise((r) => setTimeout(r, 150 + Math.floor(Math.random() * 400)));
      await a.matar();
    }
    agente(diretorio, ['--intervalo', '200']);
    await esperar(
      async () => [...(await statusDe(ids)).values()].every((x) => x.status === 3 || x.status === 4),
      30_000,
    );
    await new Promise((r) => setTimeout(r, 300));
    const vezes = new Map<string, number>();
    for (const m of mesasImpressas(impressora.trabalhos)) vezes.set(m ?? '?', (vezes.get(m ?? '?') ?? 0) + 1);
    const status = await statusDe(ids);
    for (const [i, id] of ids.entries()) {
      const impresso = vezes.get(String(i + 1)) ?? 0;
      expect(impresso, `mesa ${i + 1}`).toBeLessThanOrEqual(1);
      const s = status.get(id);
      // Printed: exactly once. Flagged (killed mid-transfer): at most once, with the reason for a person.
      if (s?.status === 3) expect(impresso, `mesa ${i + 1}`).toBe(1);
      else expect(s?.erro).toMatch(/Agente reiniciado durante o envio/);
    }
  });

  it('printer off: marks the failure with the reason, retries with backoff and prints when it is back', async () => {
    const fora = await impressoraFalsa();
    const porta = fora.porta;
    await fora.fechar();
    await apontarImpressora({ ip: '127.0.0.1', porta: String(porta) });
    const [id] = await criar(producao(7, [[1, 'Sopa']]));
    agente(diretorioTemporario(), ['--intervalo', '300']);
    await esperar(async () => (await statusDe([id as string])).get(id as string)?.erro != null, 10_000);
    expect((await statusDe([id as string])).get(id as string)).toEqual({
      status: 1,
      erro: `127.0.0.1:${porta}: ECONNREFUSED`,
    });
    impressora = await impressoraFalsa(porta);
    await esperar(todosImpressos([id as string]), 15_000);
    expect(mesasImpressas(impressora.trabalhos)).toEqual(['7']);
  });

  it('polling only (no socket): prints to a file/device path', async () => {
    impressora = await impressoraFalsa();
    const pasta = diretorioTemporario();
    const arquivo = path.join(pasta, 'lp0.prn');
    await apontarImpressora({ ip: '', porta: arquivo });
    const [id] = await criar(producao(3, [[1, 'Café']]));
    const a = agente(diretorioTemporario(), ['--intervalo', '200', '--sem-tempo-real']);
    await esperar(todosImpressos([id as string]), 10_000);
    expect(a.saida.some((l) => l.includes('"evento":"tempoReal"'))).toBe(false);
    const job = await t.get(`/api/impressao/${id}`, token);
    expect(fs.readFileSync(arquivo).toString('base64')).toBe(job.corpo.data.conteudo);
  });

  it('refuses to start without server, token or terminals', async () => {
    const a = iniciarAgente(['--servidor', url, '--token', token]);
    agentes.push(a);
    const codigo = await new Promise<number | null>((resolve) => {
      if (a.processo.exitCode !== null) resolve(a.processo.exitCode);
      else a.processo.once('exit', (c) => resolve(c));
    });
    expect(codigo).toBe(2);
    expect(a.saida.join('\n')).toMatch(/Terminais inválidos: informe os ids separados por vírgula/);
  });
});
