import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { iniciarSimuladorSefaz, type SimuladorSefaz } from '@retaguarda/fiscal';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { abrirBanco, type Banco } from '../src/db/client.ts';
import { consultar, consultarUm } from '../src/db/consultar.ts';
import { novoId } from '../src/lib/ids.ts';
import { sha256Hex } from '../src/modules/auth/auth.service.ts';
import { gerarPfxDemonstracao } from '../src/modules/fiscal/certificado-demo.ts';
import { type DadosDemo, semear } from '../src/seed/seed.ts';
import { ligarNfceDemonstracao } from '../src/seed/seed-nfce-demo.ts';
import { bancoPostgresDeTeste } from './app-teste.ts';

// Issue 15 point 1, the crash test: the REAL server process (npx tsx apps/server/src/main.ts) is killed with
// SIGKILL while 50 sales with NFC-e are being ended, then started again. SEFAZ (the simulator, in this
// process so it outlives the server, with its state on file) keeps what it authorised. After the worker's
// first pass: every ended sale has exactly one valid note, no number is missing without being voided, no
// sale has two notes authorised, and retrying each sale's creation (same Idempotency-Key) reports its note.
// Runs on PGlite (DATA_DIR) and, in the server-pg project, on a fresh PostgreSQL database.

vi.setConfig({ testTimeout: 240_000, hookTimeout: 120_000 });

const RAIZ = path.resolve(import.meta.dirname, '../../..');
const POSTGRES = process.env.TEST_BACKEND === 'postgres';
const VENDAS = 50;
/** SEFAZ_TIMEOUT_MS of the server: the budget of a sale end; the hold of a sale lasts 2x + 5 s. */
const ORCAMENTO_MS = 5000;
/** The simulator authorises at once but answers late: notes are in doubt when the server dies. */
const ATRASO_SEFAZ_MS = 2500;

let dir: string;
let sim: SimuladorSefaz;
let demo: DadosDemo;
let databaseUrl: string | undefined;
let descartar: () => Promise<void> = async () => {};
let ids: { terminal: string; pizza: string; lata: string; dinheiro: string };
const CHAVE = randomBytes(32).toString('hex');
/** Every server started, killed in afterAll if a failed assertion left one running. */
const iniciados: ChildProcess[] = [];

interface Servidor {
  processo: ChildProcess;
  url: string;
  saida: string[];
  /** Resolves with the summary of the worker's first pass (its log line). */
  primeiraRodada: Promise<Record<string, number>>;
}

async function portaLivre(): Promise<number> {
  return new Promise((ok, falha) => {
    const s = net.createServer();
    s.once('error', falha);
    s.listen(0, '127.0.0.1', () => {
      const porta = (s.address() as net.AddressInfo).port;
      s.close(() => ok(porta));
    });
  });
}

async function abrirBancoDoTeste(): Promise<Banco> {
  return abrirBanco(databaseUrl ? { databaseUrl } : { dataDir: path.join(dir, 'dados') });
}

function iniciarServidor(porta: number, extra: Record<string, string> = {}): Servidor {
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    PORT: String(porta),
    HOST: '127.0.0.1',
    DATA_DIR: path.join(dir, 'dados'),
    SEFAZ_URL: sim.url,
    SEFAZ_CA: path.join(dir, 'sefaz-ca.pem'),
    CHAVE_CERTIFICADOS: CHAVE,
    SEFAZ_TIMEOUT_MS: String(ORCAMENTO_MS),
    // Only the start pass runs during the test: its result is what is asserted.
    FISCAL_FILA_INTERVALO_MS: '3600000',
    LOG_LEVEL: 'info',
    WEB_DIST: path.join(dir, 'sem-web'),
    SEED_ON_EMPTY: 'false',
    ...extra,
  };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  delete env.TEST_BACKEND;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  const processo = spawn('npx', ['tsx', 'apps/server/src/main.ts'], {
    cwd: RAIZ,
    env,
    // Its own process group: SIGKILL to the group reaches the server itself, not only npx.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  iniciados.push(processo);
  const saida: string[] = [];
  let avisar: (r: Record<string, number>) => void = () => {};
  const primeiraRodada = new Promise<Record<string, number>>((ok) => {
    avisar = ok;
  });
  let resto = '';
  const ler = (b: Buffer) => {
    resto += b.toString('utf8');
    const linhas = resto.split('\n');
    resto = linhas.pop() ?? '';
    for (const linha of linhas) {
      saida.push(linha);
      if (linha.includes('fila NFC-e: rodada concluída')) {
        const j = JSON.parse(linha) as { rodada: number; resumo: Record<string, number> };
        if (j.rodada === 1) avisar(j.resumo);
      }
    }
  };
  processo.stdout?.on('data', ler);
  processo.stderr?.on('data', ler);
  return { processo, url: `http://127.0.0.1:${porta}`, saida, primeiraRodada };
}

async function pronto(s: Servidor): Promise<void> {
  const limite = Date.now() + 90_000;
  while (Date.now() < limite) {
    if (s.processo.exitCode !== null) throw new Error(`servidor saiu:\n${s.saida.slice(-30).join('\n')}`);
    try {
      const r = await fetch(`${s.url}/api/docs/json`);
      if (r.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((ok) => setTimeout(ok, 200));
  }
  throw new Error(`servidor não respondeu:\n${s.saida.slice(-30).join('\n')}`);
}

function matar(s: Servidor, sinal: NodeJS.Signals): Promise<void> {
  return new Promise((ok) => {
    if (s.processo.exitCode !== null || s.processo.signalCode !== null) return ok();
    s.processo.once('exit', () => ok());
    if (s.processo.pid) process.kill(-s.processo.pid, sinal);
  });
}

type Corpo = { valido: boolean; data: Record<string, unknown> & { message?: string } };

async function pedir(
  s: Servidor,
  metodo: string,
  url: string,
  corpo: unknown,
  headers: Record<string, string> = {},
): Promise<Corpo> {
  const r = await fetch(`${s.url}${url}`, {
    method: metodo,
    headers: { 'content-type': 'application/json', version: 'teste', ...headers },
    ...(corpo === undefined ? {} : { body: JSON.stringify(corpo) }),
  });
  return (await r.json()) as Corpo;
}

async function login(s: Servidor): Promise<string> {
  const r = await pedir(s, 'POST', '/api/login', {
    email: 'admin@exemplo.com.br',
    senha: sha256Hex('admin123'),
    grupoEmpresarial: demo.grupoId,
  });
  if (!r.valido) throw new Error(JSON.stringify(r));
  return r.data.token as string;
}

interface VendaDoTeste {
  _id: string;
  chave: string;
  corpo: Record<string, unknown>;
}

function novaVenda(): VendaDoTeste {
  const _id = novoId();
  return {
    _id,
    chave: `venda-${_id}`,
    corpo: {
      _id,
      tipoVenda: 53,
      terminal: ids.terminal,
      produtos: [{ produto: ids.pizza }, { produto: ids.lata }],
      pagamentos: [{ _id: novoId(), formaPagamento: ids.dinheiro, valorPago: '100.00' }],
      encerrar: true,
    },
  };
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nfce-queda-'));
  sim = await iniciarSimuladorSefaz({ porta: 0, arquivo: path.join(dir, 'sefaz.json') });
  fs.writeFileSync(path.join(dir, 'sefaz-ca.pem'), sim.certificadoPem);
  if (POSTGRES) {
    const pgTeste = await bancoPostgresDeTeste('teste_queda');
    databaseUrl = pgTeste.url;
    descartar = pgTeste.descartar;
  }
  // The demo data, as `npm start` leaves it (Loja Centro issues its NFC-e at every sale end).
  const banco = await abrirBancoDoTeste();
  demo = await semear(banco.db);
  await ligarNfceDemonstracao(banco.db, demo);
  const um = async (q: ReturnType<typeof sql>) => String((await consultarUm(banco.db, q))?.id);
  ids = {
    terminal: await um(
      sql`select id from terminal where empresa_id = ${demo.empresas.centro} and configuracoes ? 'caixa'`,
    ),
    pizza: await um(sql`select id from produto_geral where descricao = 'Pizza Grande Calabresa'`),
    lata: await um(sql`select id from produto_geral where descricao = 'Refrigerante Lata 350ml'`),
    dinheiro: await um(
      sql`select id from forma_pagamento where empresa_id = ${demo.empresas.centro} and (tipo->>'id')::int = 77`,
    ),
  };
  await banco.fechar();
});

afterAll(async () => {
  for (const p of iniciados) {
    // The whole group: npx may be gone while the server it started still runs.
    if (p.pid) {
      try {
        process.kill(-p.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  }
  await sim?.fechar();
  await descartar();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe(`NFC-e: servidor morto (kill -9) no meio de ${VENDAS} vendas (${POSTGRES ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('sem a chave dos certificados, a partida em produção falha com a mensagem', async () => {
    const s = iniciarServidor(await portaLivre(), {
      NODE_ENV: 'production',
      CHAVE_CERTIFICADOS: '',
      // Its own embedded database: the crash test's is not touched.
      DATA_DIR: path.join(dir, 'sem-chave'),
    });
    await new Promise((ok) => s.processo.once('exit', ok));
    expect(s.processo.exitCode).not.toBe(0);
    expect(s.saida.join('\n')).toContain('CHAVE_CERTIFICADOS não definida');
  });

  it('depois da primeira rodada do worker: toda venda encerrada com uma nota válida, sem buraco, sem nota autorizada duas vezes', async () => {
    const porta = await portaLivre();
    let s = iniciarServidor(porta);
    await pronto(s);
    let token = await login(s);
    const h = () => ({ token, empresa: demo.empresas.centro });
    // Store setup through the API, as the manager does it: the A1 certificate, issuing data, the register.
    const cfg = await pedir(s, 'GET', `/api/fiscal/configuracao/${demo.empresas.centro}`, undefined, h());
    const senha = 'senha-do-a1';
    const pfx = gerarPfxDemonstracao(String(cfg.data.cnpj), 'PIZZARIA CENTRO LTDA', senha);
    const cert = await pedir(
      s,
      'POST',
      `/api/fiscal/certificado/${demo.empresas.centro}`,
      { pfxBase64: pfx.toString('base64'), senha },
      h(),
    );
    expect(cert.valido, JSON.stringify(cert)).toBe(true);
    const conf = await pedir(
      s,
      'PUT',
      `/api/fiscal/configuracao/${demo.empresas.centro}`,
      {
        razaoSocial: 'PIZZARIA CENTRO LTDA',
        ie: '9044016688',
        codigoMunicipio: '4106902',
        cscId: '000001',
        cscToken: 'CSC-TESTE-QUEDA-0001',
        emitirNfce: true,
      },
      h(),
    );
    expect(conf.valido, JSON.stringify(conf)).toBe(true);
    const periodo = await pedir(
      s,
      'POST',
      '/api/periodo/abrir',
      { terminal: ids.terminal, valorAbertura: '100.00' },
      h(),
    );
    expect(periodo.valido, JSON.stringify(periodo)).toBe(true);

    // 50 concurrent sales; SEFAZ authorises at once and answers 2.5 s later. The server dies (SIGKILL) once
    // at least 5 authorisations arrived within the last 2 s (after 20 s, at least one): those notes are surely in
    // flight.
    await sim.definirCenario({ modo: 'lento', atrasoMs: ATRASO_SEFAZ_MS, operacoes: ['autorizacao'] });
    const vendas = Array.from({ length: VENDAS }, novaVenda);
    const respostas = vendas.map((v) =>
      pedir(s, 'POST', '/api/venda', v.corpo, { ...h(), 'idempotency-key': v.chave }).catch(
        (erro: Error) => erro,
      ),
    );
    const enviadas = Date.now();
    const limite = enviadas + 90_000;
    let primeira: unknown;
    void respostas[0]?.then((r) => {
      primeira = r;
    });
    for (;;) {
      const agora = Date.now();
      const emVoo = sim.requisicoes.filter(
        (r) => r.operacao === 'autorizacao' && agora - r.instante < ATRASO_SEFAZ_MS - 500,
      ).length;
      // On a busy machine (two test files at a time) the 50 sales reach SEFAZ slowly: after 20 s, one note surely
      // in flight is enough for the crash under test.
      if (emVoo >= 5 || (emVoo >= 1 && agora - enviadas > 20_000)) break;
      if (agora > limite)
        throw new Error(
          `as autorizações não chegaram à SEFAZ (${sim.requisicoes.length} chamadas; 1ª venda: ${JSON.stringify(primeira)?.slice(0, 400)})`,
        );
      await new Promise((ok) => setTimeout(ok, 20));
    }
    await matar(s, 'SIGKILL');
    // SEFAZ answers at once again (it kept what it authorised): the restart is what is under test.
    await sim.definirCenario({ modo: 'autorizar' });
    const antes = await Promise.all(respostas);
    const respondidas = antes.filter((r) => !(r instanceof Error)).length;
    expect(respondidas).toBeLessThan(VENDAS);

    // Restart: the worker's first pass runs once the dead server's holds expired.
    const inicio = Date.now();
    s = iniciarServidor(porta);
    await pronto(s);
    token = await login(s);

    // The worker's first pass (once the dead server's holds expired), then the state it left.
    const resumo = await s.primeiraRodada;
    // The notes the server died with (at least 5 were in flight at SEFAZ) were settled by it.
    expect(resumo.duvidas ?? 0, JSON.stringify(resumo)).toBeGreaterThanOrEqual(1);
    const lista = (
      await pedir(
        s,
        'POST',
        '/api/nfce/getPopulate',
        { filtro: { empresa: demo.empresas.centro }, limit: 1000 },
        h(),
      )
    ).data as unknown as Record<string, unknown>[];

    // Every sale again with its Idempotency-Key: a sale the server had stored answers with its note; one it
    // never stored is made now (and gets its note now).
    const depois = await Promise.all(
      vendas.map((v) => pedir(s, 'POST', '/api/venda', v.corpo, { ...h(), 'idempotency-key': v.chave })),
    );
    const guardadasAntes = new Set<string>();
    for (const [i, r] of depois.entries()) {
      expect(r.valido, JSON.stringify(r)).toBe(true);
      expect(r.data.status).toMatchObject({ id: 59 });
      expect(r.data.avisoNfce, JSON.stringify(r.data.avisoNfce)).toBeUndefined();
      const validas = (r.data.nfce as Record<string, unknown>[]).filter(
        (n) => !n.cancelado && (n.statusNota === 'processado' || n.statusNota === 'contingencia'),
      );
      expect(validas, `venda ${i}`).toHaveLength(1);
      if (new Date(String(r.data.data)).getTime() < inicio) guardadasAntes.add(String(r.data._id));
    }
    // A sale stored before the crash had its valid note after the worker's first pass (not made by the retry).
    expect(guardadasAntes.size).toBeGreaterThanOrEqual(respondidas);
    for (const id of guardadasAntes) {
      const dela = lista.filter(
        (n) =>
          n.venda === id &&
          !n.cancelado &&
          (n.statusNota === 'processado' || n.statusNota === 'contingencia'),
      );
      expect(dela, `venda ${id} após a primeira rodada`).toHaveLength(1);
      expect(lista.some((n) => n.venda === id && n.xMotivo === 'Aguardando retorno da SEFAZ')).toBe(false);
    }
    await matar(s, 'SIGTERM');

    // The books: database and SEFAZ (the simulator's file) agree. npx may exit before the server it started
    // has closed the embedded database: wait for its lock.
    let banco: Banco | undefined;
    for (let i = 0; !banco; i++) {
      try {
        banco = await abrirBancoDoTeste();
      } catch (erro) {
        if (i > 100 || !String((erro as Error).message).includes('Outro servidor')) throw erro;
        await new Promise((ok) => setTimeout(ok, 200));
      }
    }
    try {
      const notas = await consultar(
        banco.db,
        sql`select id, venda_id, numero, chave, status_nota, cancelado, aguardando_retorno, verificar_envio
            from nfce where empresa_id = ${demo.empresas.centro} and serie = 1`,
      );
      const ultimo = Number(
        (
          await consultarUm(
            banco.db,
            sql`select ultimo_numero from fiscal_numeracao where empresa_id = ${demo.empresas.centro} and modelo = '65' and serie = 1`,
          )
        )?.ultimo_numero,
      );
      const sefaz = JSON.parse(fs.readFileSync(path.join(dir, 'sefaz.json'), 'utf8')) as {
        notas: Record<string, { nNF: number; cancelada?: unknown }>;
        inutilizados: { serie: number; ini: number; fim: number }[];
      };
      const autorizadas = Object.values(sefaz.notas);
      const inutilizado = (n: number) =>
        sefaz.inutilizados.some((i) => i.serie === 1 && n >= i.ini && n <= i.fim);
      // No note authorised twice: a number once at SEFAZ; per sale, one authorised note not cancelled.
      expect(new Set(autorizadas.map((n) => n.nNF)).size).toBe(autorizadas.length);
      const vendaDoNumero = new Map(notas.map((n) => [Number(n.numero), String(n.venda_id)]));
      const porVenda = new Map<string, number>();
      for (const a of autorizadas) {
        if (a.cancelada) continue;
        const v = vendaDoNumero.get(a.nNF);
        expect(v, `número ${a.nNF} autorizado na SEFAZ sem registro no banco`).toBeDefined();
        porVenda.set(String(v), (porVenda.get(String(v)) ?? 0) + 1);
      }
      for (const v of vendas) expect(porVenda.get(v._id) ?? 0, `venda ${v._id}`).toBe(1);
      // No gap: every number handed out is a note SEFAZ has, or a voided number.
      for (let n = 1; n <= ultimo; n++) {
        const nota = autorizadas.find((a) => a.nNF === n);
        expect(nota !== undefined || inutilizado(n), `número ${n} nem autorizado nem inutilizado`).toBe(true);
      }
      // Nothing left in doubt, and the database says what SEFAZ says.
      expect(notas.filter((n) => n.aguardando_retorno === true)).toEqual([]);
      for (const n of notas) {
        const a = autorizadas.find((x) => x.nNF === Number(n.numero));
        if (n.status_nota === 'processado') expect(a, `nota ${String(n.numero)}`).toBeDefined();
        if (a && !a.cancelada && n.status_nota !== 'processado')
          expect(n.verificar_envio, `nota ${String(n.numero)} autorizada na SEFAZ`).toBe(true);
      }
      expect(
        await consultar(banco.db, sql`select numero from fiscal_numero_reservado`),
        'números reservados sem nota',
      ).toEqual([]);
    } finally {
      await banco.fechar();
    }
  });
});
