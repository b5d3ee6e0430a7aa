import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consultar, consultarUm } from '../src/db/consultar.ts';
import { amostrasDeDocumento } from '../src/modules/impressao/amostras.ts';
import { MAX_TENTATIVAS } from '../src/modules/impressao/impressao.service.ts';
import { documentoComoTexto } from '../src/modules/impressao/layouts/documento.ts';
import { lerEscPos } from '../src/modules/impressao/layouts/leitura.ts';
import { type AppTeste, criarAppTeste, type Registro } from './app-teste.ts';

// Print jobs (spec 1 section 7 "POST impressao"): one job per copy, status 1, atomic claims by agents,
// acknowledgement, retry with backoff, Socket.IO push, idempotent creation and previews.

let t: AppTeste;
let token: string;
let terminalCaixa: string;
let terminalCozinha: string;
let setorCaixa: string;
let impressoraCaixa: string;
const abertos: Socket[] = [];

const sangria = (valor = '50.00') => ({
  layout: 'sangria',
  cabecalho: { empresa: 'Loja Centro', terminal: 'Terminal Caixa 1', data: '2026-11-21T23:00:00Z' },
  caixa: 'Caixa 01',
  valor,
  motivo: 'Depósito',
});

async function criar(body: Record<string, unknown>, headers: Record<string, string> = {}) {
  const r = await t.post('/api/impressao', { terminal: terminalCaixa, ...body }, token, headers);
  expect(r.corpo.valido, JSON.stringify(r.corpo)).toBe(true);
  return r.lista;
}

// Each agent is a store PC with its own token (issue 14 point 5), issued once by the administrator (818).
const tokensAgente = new Map<string, string>();
async function tokenDoAgente(agente: string): Promise<string> {
  const guardado = tokensAgente.get(agente);
  if (guardado) return guardado;
  const r = await t.post(
    '/api/impressao/tokenAgente',
    { empresa: t.demo.empresas.centro, descricao: agente },
    token,
  );
  expect(r.corpo.valido, JSON.stringify(r.corpo)).toBe(true);
  const novo = r.corpo.data.token as string;
  tokensAgente.set(agente, novo);
  return novo;
}

async function reservar(agente: string, terminais = [terminalCaixa], limit = 10) {
  const r = await t.post(
    '/api/impressao/agente/reservar',
    { agente, terminais, limit },
    await tokenDoAgente(agente),
  );
  expect(r.corpo.valido, JSON.stringify(r.corpo)).toBe(true);
  return r.lista;
}

/** The agent's acknowledgement ('impresso') or failure ('falha') of a job it claimed. */
async function doAgente(agente: string, job: unknown, acao: 'impresso' | 'falha', corpo: Registro = {}) {
  return t.post(
    `/api/impressao/agente/${String(job)}/${acao}`,
    { agente, ...corpo },
    await tokenDoAgente(agente),
  );
}

async function limparFila() {
  await consultar(t.banco.db, sql`delete from impressao`);
}

beforeAll(async () => {
  t = await criarAppTeste();
  token = await t.login('admin@exemplo.com.br', 'admin123');
  const terminais = await consultar(
    t.banco.db,
    sql`select id, descricao, configuracoes from terminal where empresa_id = ${t.demo.empresas.centro} order by descricao`,
  );
  terminalCaixa = terminais.find((x) => String(x.descricao).startsWith('Terminal Caixa'))?.id as string;
  terminalCozinha = terminais.find((x) => String(x.descricao).startsWith('Terminal Cozinha'))?.id as string;
  const configuracoes = terminais.find((x) => x.id === terminalCaixa)?.configuracoes as
    | { setorImpressaoCaixa: string }
    | undefined;
  setorCaixa = configuracoes?.setorImpressaoCaixa ?? '';
  const s = await consultarUm(
    t.banco.db,
    sql`select impressora_id from setor_impressao where id = ${setorCaixa}`,
  );
  impressoraCaixa = s?.impressora_id as string;
});
afterAll(async () => {
  for (const s of abertos) s.close();
  await t.fechar();
});

describe('POST /api/impressao', () => {
  it('creates one job per copy of the print sector, waiting (1), with the ESC/POS of the layout', async () => {
    await limparFila();
    await t.put(`/api/setorImpressao/${setorCaixa}`, { numeroVias: 2 }, token);
    const criadas = await criar({ documento: sangria(), origemId: 'mov-1' });
    expect(criadas).toHaveLength(2);
    for (const [i, c] of criadas.entries()) {
      expect(c.tipoStatus).toEqual({ id: 1, descricao: 'Aguardando Impressão' });
      expect(c.tipoImpressao).toEqual({ id: 7, descricao: 'Sangria' });
      expect(c.via).toBe(i + 1);
      expect(c.totalVias).toBe(2);
      expect(c.setorImpressao).toBe(setorCaixa);
      expect(c.origemId).toBe('mov-1');
    }
    const job = await t.get(`/api/impressao/${criadas[0]?._id}`, token);
    const bytes = Buffer.from(job.corpo.data.conteudo as string, 'base64');
    expect(bytes.subarray(0, 5).toString('hex')).toBe('1b401b7403');
    expect(bytes.includes(Buffer.from([0x1b, 0x70, 0, 25, 250]))).toBe(true);
    expect(documentoComoTexto(lerEscPos(bytes))).toMatch(/VALOR +R\$ 50,00/);
    await t.put(`/api/setorImpressao/${setorCaixa}`, { numeroVias: 1 }, token);
  });

  it('accepts raw base64 content and defaults to the terminal print sector', async () => {
    const conteudo = Buffer.from('\x1b@Teste\n').toString('base64');
    const [c] = await criar({ conteudo, tipoImpressao: 5, descricao: 'Teste' });
    expect(c?.setorImpressao).toBe(setorCaixa);
    const job = await t.get(`/api/impressao/${c?._id}`, token);
    expect(job.corpo.data.conteudo).toBe(conteudo);
  });

  it("accepts the spec's payload shape (populated sector, catalogue entries, empresa/tipoStatus ignored)", async () => {
    const conteudo = Buffer.from('\x1b@Legado\n').toString('base64');
    const [c] = await criar({
      empresa: t.demo.empresas.shopping,
      grupoEmpresarial: t.demo.grupoId,
      descricao: 'Conta mesa 3',
      conteudo,
      tipoStatus: { id: 3, descricao: 'Impresso' },
      tipoImpressao: { id: 4, descricao: 'Conta' },
      setorImpressao: { _id: setorCaixa, descricao: 'Caixa', numeroVias: 9 },
      origemId: 'venda-legado',
    });
    expect(c).toMatchObject({
      empresa: t.demo.empresas.centro,
      setorImpressao: setorCaixa,
      tipoImpressao: { id: 4, descricao: 'Conta' },
      tipoStatus: { id: 1, descricao: 'Aguardando Impressão' },
      totalVias: 1,
    });
  });

  it('an Idempotency-Key retry answers the first jobs and creates nothing', async () => {
    await limparFila();
    const h = { 'idempotency-key': 'impressao-teste-1' };
    const a = await criar({ documento: sangria('10.00') }, h);
    const b = await criar({ documento: sangria('10.00') }, h);
    expect(b.map((x) => x._id)).toEqual(a.map((x) => x._id));
    const n = await consultarUm(t.banco.db, sql`select count(*)::int as n from impressao`);
    expect(n?.n).toBe(1);
  });

  it('refuses bad input with a pt-BR message and creates nothing', async () => {
    await limparFila();
    const semNada = await t.post('/api/impressao', { terminal: terminalCaixa, tipoImpressao: 5 }, token);
    expect(semNada.corpo).toEqual({
      valido: false,
      data: { message: 'Informe o conteúdo ou o documento da impressão.' },
    });
    const terminal = await t.post(
      '/api/impressao',
      { terminal: 'a'.repeat(24), documento: sangria() },
      token,
    );
    expect(terminal.corpo.data.message).toBe('Terminal não encontrado.');
    // A label printer in the sector: receipts are refused.
    await t.put(`/api/impressora/${impressoraCaixa}`, { modelo: 6 }, token);
    const etiqueta = await t.post('/api/impressao', { terminal: terminalCaixa, documento: sangria() }, token);
    expect(etiqueta.corpo.valido).toBe(false);
    expect(etiqueta.corpo.data.message).toBe(
      'A impressora Impressora Caixa é de etiquetas (Zebra (etiqueta)) e não imprime comprovantes; configure uma impressora de cupom no setor de impressão.',
    );
    await t.put(`/api/impressora/${impressoraCaixa}`, { modelo: 1 }, token);
    const n = await consultarUm(t.banco.db, sql`select count(*)::int as n from impressao`);
    expect(n?.n).toBe(0);
  });
});

describe('agent queue', () => {
  it('two agents claiming at once never get the same job, and together get all of them', async () => {
    await limparFila();
    for (let i = 0; i < 8; i++) await criar({ documento: sangria(`${i + 1}.00`) });
    const [a, b, c] = await Promise.all([
      reservar('agente-aaaaaaaa', [terminalCaixa], 3),
      reservar('agente-bbbbbbbb', [terminalCaixa], 3),
      reservar('agente-cccccccc', [terminalCaixa], 3),
    ]);
    for (const lote of [a, b, c]) expect(lote?.length).toBeLessThanOrEqual(3);
    const ids = [...(a ?? []), ...(b ?? []), ...(c ?? [])].map((x) => x._id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(8);
    const reservada = a?.[0] as Registro & { destino: Registro };
    expect(reservada.tipoStatus).toEqual({ id: 2, descricao: 'Imprimindo' });
    expect(reservada.destino).toMatchObject({ ip: '127.0.0.1', porta: 9101, modelo: 1, caminho: null });
    expect(typeof reservada.conteudo).toBe('string');
    // Nobody else gets them while claimed; the agent itself gets its own back (it restarted).
    expect(await reservar('agente-dddddddd')).toHaveLength(0);
    expect((await reservar('agente-aaaaaaaa')).map((x) => x._id).sort()).toEqual(
      (a ?? []).map((x) => x._id).sort(),
    );
  });

  it('two agents draining the queue at once never share a job nor take more than their limit', async () => {
    await limparFila();
    for (let i = 0; i < 20; i++) await criar({ documento: sangria(`${i + 1}.00`) });
    const vistos = new Map<string, string>();
    const repetidos: string[] = [];
    const acimaDoLimite: number[] = [];
    await Promise.all(
      ['agente-aaaaaaaa', 'agente-bbbbbbbb'].map(async (agente) => {
        for (;;) {
          const lote = await reservar(agente, [terminalCaixa], 3);
          if (lote.length > 3) acimaDoLimite.push(lote.length);
          if (lote.length === 0) return;
          for (const j of lote) {
            const id = String(j._id);
            if (vistos.has(id)) repetidos.push(`${id}: ${vistos.get(id)} e ${agente}`);
            vistos.set(id, agente);
            const r = await doAgente(agente, id, 'impresso');
            expect(r.corpo.valido, JSON.stringify(r.corpo)).toBe(true);
          }
        }
      }),
    );
    expect(repetidos).toEqual([]);
    expect(acimaDoLimite).toEqual([]);
    expect(vistos.size).toBe(20);
    const n = await consultarUm(
      t.banco.db,
      sql`select count(*)::int as n from impressao where tipo_status = 3`,
    );
    expect(n?.n).toBe(20);
  });

  it('acknowledges once (a repeat is harmless) and refuses another agent', async () => {
    await limparFila();
    const [c] = await criar({ documento: sangria() });
    const [r] = await reservar('agente-aaaaaaaa');
    expect(r?._id).toBe(c?._id);
    const outro = await doAgente('agente-bbbbbbbb', c?._id, 'impresso');
    expect(outro.corpo.data.message).toBe('Impressão não está reservada para este agente.');
    const ok = await doAgente('agente-aaaaaaaa', c?._id, 'impresso');
    expect(ok.corpo.data.tipoStatus).toEqual({ id: 3, descricao: 'Impresso' });
    const de_novo = await doAgente('agente-aaaaaaaa', c?._id, 'impresso');
    expect(de_novo.corpo.valido).toBe(true);
    expect(await reservar('agente-aaaaaaaa')).toHaveLength(0);
  });

  it('a failure retries after a backoff, and becomes Erro after the last attempt; reprint queues it again', async () => {
    await limparFila();
    const [c] = await criar({ documento: sangria() });
    for (let tentativa = 1; tentativa <= MAX_TENTATIVAS; tentativa++) {
      const [r] = await reservar('agente-aaaaaaaa');
      expect(r?._id).toBe(c?._id);
      expect(r?.tentativas).toBe(tentativa);
      const f = await doAgente('agente-aaaaaaaa', c?._id, 'falha', { motivo: 'ECONNREFUSED 127.0.0.1:9101' });
      expect(f.corpo.data.erro).toBe('ECONNREFUSED 127.0.0.1:9101');
      if (tentativa < MAX_TENTATIVAS) {
        expect(f.corpo.data.tipoStatus).toEqual({ id: 1, descricao: 'Aguardando Impressão' });
        // waiting for its backoff: not claimable now
        expect(await reservar('agente-aaaaaaaa')).toHaveLength(0);
        const linha = await consultarUm(
          t.banco.db,
          sql`select extract(epoch from proxima_tentativa - updated_at)::float8 as espera from impressao where id = ${c?._id as string}`,
        );
        expect(Number(linha?.espera)).toBe(Math.min(60, 2 * 2 ** (tentativa - 1)));
        await consultar(
          t.banco.db,
          sql`update impressao set proxima_tentativa = now() - interval '1 second'`,
        );
      } else {
        expect(f.corpo.data.tipoStatus).toEqual({ id: 4, descricao: 'Erro' });
      }
    }
    expect(await reservar('agente-aaaaaaaa')).toHaveLength(0);
    const r = await t.post(`/api/impressao/${c?._id}/reimprimir`, {}, token);
    expect(r.corpo.data.tipoStatus).toEqual({ id: 1, descricao: 'Aguardando Impressão' });
    const [de_novo] = await reservar('agente-aaaaaaaa');
    expect(de_novo?.tentativas).toBe(1);
  });

  it('a definitive failure (the paper may have come out) is Erro at once, without retry', async () => {
    await limparFila();
    const [c] = await criar({ documento: sangria() });
    await reservar('agente-aaaaaaaa');
    const f = await doAgente('agente-aaaaaaaa', c?._id, 'falha', {
      motivo: 'conexão caiu no meio',
      definitivo: true,
    });
    expect(f.corpo.data).toMatchObject({
      tipoStatus: { id: 4, descricao: 'Erro' },
      erro: 'conexão caiu no meio',
      tentativas: 1,
    });
    expect(await reservar('agente-aaaaaaaa')).toHaveLength(0);
    // Only the agent holding the claim reports on it.
    const [d] = await criar({ documento: sangria() });
    await reservar('agente-aaaaaaaa');
    const alheia = await doAgente('agente-bbbbbbbb', d?._id, 'falha', { motivo: 'x' });
    expect(alheia.corpo).toEqual({
      valido: false,
      data: { message: 'Impressão não está reservada para este agente.' },
    });
  });

  it('reprinting an NFC-e receipt needs permission 55 (the cashier has not got it), other receipts do not', async () => {
    await limparFila();
    const caixa = await t.login('caixa@exemplo.com.br', 'caixa123');
    const conteudo = Buffer.from('\x1b@NFC-e\n').toString('base64');
    const [nfce] = await criar({ conteudo, tipoImpressao: 1 });
    const [outro] = await criar({ conteudo, tipoImpressao: 5 });
    await reservar('agente-aaaaaaaa');
    for (const j of [nfce, outro]) await doAgente('agente-aaaaaaaa', j?._id, 'impresso');
    const negado = await t.post(`/api/impressao/${nfce?._id}/reimprimir`, {}, caixa);
    expect(negado.corpo).toEqual({
      valido: false,
      data: { message: 'Usuário sem permissão para acessar esta funcionalidade.' },
    });
    const copia = await t.post(`/api/impressao/${outro?._id}/reimprimir`, {}, caixa);
    expect(copia.corpo.data.tipoStatus).toEqual({ id: 1, descricao: 'Aguardando Impressão' });
    expect(copia.corpo.data._id).not.toBe(outro?._id);
    const admin = await t.post(`/api/impressao/${nfce?._id}/reimprimir`, {}, token);
    expect(admin.corpo.valido).toBe(true);
  });

  it('an expired claim (agent died) goes to another agent', async () => {
    await limparFila();
    const [c] = await criar({ documento: sangria() });
    await reservar('agente-aaaaaaaa');
    await consultar(t.banco.db, sql`update impressao set reserva_expira = now() - interval '1 second'`);
    const [r] = await reservar('agente-bbbbbbbb');
    expect(r?._id).toBe(c?._id);
    expect(r?.tentativas).toBe(2);
  });

  it('lists the jobs of a store by status and origin', async () => {
    await limparFila();
    await criar({ documento: sangria(), origemId: 'venda-x' });
    await criar({ documento: sangria(), origemId: 'venda-y' });
    const r = await t.post(
      '/api/impressao/lista',
      { empresa: t.demo.empresas.centro, status: [1], origemId: 'venda-x' },
      token,
    );
    expect(r.lista.map((x) => x.origemId)).toEqual(['venda-x']);
    expect(r.lista[0]).not.toHaveProperty('conteudo');
  });

  it('pushes impressaoNova to the agents of the terminal over Socket.IO', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const s = io(url, {
      path: '/socket.io',
      transports: ['websocket'],
      auth: { token },
      reconnection: false,
    });
    abertos.push(s);
    const entrou = await new Promise<Registro>((resolve) =>
      s.emit('entrarImpressao', { terminais: [terminalCaixa] }, (r: Registro) => resolve(r)),
    );
    expect(entrou).toEqual({ valido: true, data: { terminais: [terminalCaixa] } });
    const recusado = await new Promise<Registro>((resolve) =>
      s.emit('entrarImpressao', { terminais: ['x'] }, (r: Registro) => resolve(r)),
    );
    expect(recusado).toEqual({ valido: false, data: { message: 'Terminais inválidos.' } });
    const chegou = new Promise<Registro>((resolve) => s.once('impressaoNova', resolve));
    const [c] = await criar({ documento: sangria() });
    expect(await chegou).toEqual({ terminal: terminalCaixa, impressoes: [c?._id] });
    const naoChega = new Promise<string>((resolve) => {
      s.once('impressaoNova', () => resolve('errado'));
      setTimeout(() => resolve('ok'), 300);
    });
    // a job of another terminal does not reach this agent
    await criar({ terminal: terminalCozinha, documento: sangria() });
    expect(await naoChega).toBe('ok');
  });
});

describe('previews', () => {
  it('POST /api/impressao/preview renders every sample layout as HTML, text and bytes', async () => {
    const amostras = await t.get('/api/impressao/amostras', token);
    expect(amostras.lista.map((a) => a.layout)).toEqual(amostrasDeDocumento().map((a) => a.layout));
    for (const documento of amostras.lista) {
      const r = await t.post('/api/impressao/preview', { documento, modelo: 1 }, token);
      expect(r.corpo.valido, JSON.stringify(r.corpo)).toBe(true);
      expect(r.corpo.data.html).toContain('<!doctype html>');
      expect(
        Buffer.from(r.corpo.data.conteudo as string, 'base64')
          .subarray(0, 2)
          .toString('hex'),
      ).toBe('1b40');
    }
    const etiqueta = await t.post('/api/impressao/preview', { documento: sangria(), modelo: 7 }, token);
    expect(etiqueta.corpo.data.message).toMatch(/é de etiquetas/);
  });

  it('a text-only printer (model 0): plain paper without bold or double size, no condensed font', async () => {
    const epson = await t.post('/api/impressao/preview', { documento: sangria(), modelo: 1 }, token);
    expect(epson.corpo.data).toMatchObject({ linguagem: 'ESCPOS', colunas: 48 });
    expect(epson.corpo.data.html).toMatch(/class="c b x"/);
    const texto = await t.post('/api/impressao/preview', { documento: sangria(), modelo: 0 }, token);
    expect(texto.corpo.data).toMatchObject({ linguagem: 'TEXTO', texto: epson.corpo.data.texto });
    expect(texto.corpo.data.html).not.toMatch(/class="[^"]*\b[bx]\b/);
    expect(texto.corpo.data.html).toContain('SANGRIA');
    const bytes = Buffer.from(texto.corpo.data.conteudo as string, 'base64');
    expect(bytes.includes(0x1b) || bytes.includes(0x1d)).toBe(false);
    expect(texto.corpo.data.tamanho).toBe(bytes.length);
    const doc = sangria();
    const condensado = await t.post(
      '/api/impressao/preview',
      { documento: { ...doc, cabecalho: { ...doc.cabecalho, colunas: 64 } }, modelo: 0 },
      token,
    );
    expect(condensado.corpo.data.message).toBe(
      'A impressora Genérica (somente texto) não tem fonte condensada: use 48 colunas.',
    );
  });

  it('GET /api/impressao/:id/preview.html shows a stored job, also one sent as raw bytes', async () => {
    const [c] = await criar({ documento: sangria('77.00') });
    const r = await t.app.inject({
      method: 'GET',
      url: `/api/impressao/${c?._id}/preview.html`,
      headers: { token },
    });
    expect(r.headers['content-type']).toMatch(/text\/html/);
    expect(r.body).toContain('R$ 77,00');
    const bruto = Buffer.from('\x1b@\x1b\x61\x01Ol\x87 mundo\n\x1dV\x42\x00', 'latin1').toString('base64');
    const [d] = await criar({ conteudo: bruto, tipoImpressao: 5 });
    const rb = await t.app.inject({
      method: 'GET',
      url: `/api/impressao/${d?._id}/preview.html`,
      headers: { token },
    });
    expect(rb.body).toContain('<div class="c">Olç mundo</div>');
  });
});
