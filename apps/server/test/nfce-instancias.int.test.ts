import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { SimuladorSefaz } from '@retaguarda/fiscal';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { construirApp } from '../src/app.ts';
import { consultar } from '../src/db/consultar.ts';
import { MENSAGENS_COFRE } from '../src/modules/fiscal/cofre.ts';
import { validarConfiguracaoFiscal } from '../src/modules/fiscal/fiscal.service.ts';
import { type AppTeste, criarAppTeste, type Registro } from './app-teste.ts';
import { apontarParaSimulador } from './fiscal-apoio.ts';
import { abrirPeriodo, type Loja, novoId, prepararLoja } from './vendas-apoio.ts';

// Issue 15 points 2 and 12: the certificates' key is the deployment's setting (a second server on the same
// database, with its own DATA_DIR, opens what the first stored and issues notes), and a slow SEFAZ is waited
// for once per sale end (SEFAZ_TIMEOUT_MS in total), not once per call.

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

let t: AppTeste;
let sim: SimuladorSefaz;
let l: Loja;
const outros: FastifyInstance[] = [];

beforeEach(async () => {
  t = await criarAppTeste();
  sim = await apontarParaSimulador(t);
  l = await prepararLoja(t);
  await abrirPeriodo(l);
  const cfg = await t.put(`/api/fiscal/configuracao/${l.empresa}`, { emitirNfce: true }, l.admin);
  expect(cfg.corpo.data.emitirNfce).toBe(true);
});

afterEach(async () => {
  for (const a of outros.splice(0)) await a.close();
  await t.fechar();
  await sim.fechar();
});

/** A counter sale sent whole and ended, on the given server (the first one by default). */
async function vendaEncerrada(app: FastifyInstance = t.app): Promise<Registro> {
  const r = await app.inject({
    method: 'POST',
    url: '/api/venda',
    headers: { token: l.admin, version: 'teste', empresa: l.empresa, 'idempotency-key': novoId() },
    payload: {
      _id: novoId(),
      tipoVenda: 53,
      terminal: l.terminal,
      produtos: [{ produto: await l.produto('Pizza Grande Calabresa') }],
      pagamentos: [{ _id: novoId(), formaPagamento: await l.forma(77), valorPago: '60.00' }],
      encerrar: true,
    },
  });
  const corpo = r.json() as { valido: boolean; data: Registro };
  expect(corpo.valido, JSON.stringify(corpo)).toBe(true);
  return corpo.data;
}

describe('NFC-e em várias instâncias (issue 15 ponto 2)', () => {
  it('um segundo servidor no mesmo banco, com outro DATA_DIR, abre o certificado gravado pelo primeiro e emite', async () => {
    const primeira = await vendaEncerrada();
    expect((primeira.nfce as Registro[])[0]).toMatchObject({ statusNota: 'processado', numero: 1 });
    // The first server provisioned and encrypted the store's certificate and CSC.
    const [cert] = await consultar(
      t.banco.db,
      sql`select pfx_cifrado from fiscal_certificado where empresa_id = ${l.empresa}`,
    );
    expect(cert?.pfx_cifrado).toMatch(/^v1\./);

    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'segunda-instancia-'));
    const segunda = await construirApp({
      config: { ...t.app.servicos.config, dataDir },
      banco: t.banco,
      logger: false,
    });
    outros.push(segunda);
    await segunda.ready();
    segunda.fiscal.servico.usarSefaz({
      url: sim.url,
      ca: sim.certificadoPem,
      simulador: true,
      timeoutMs: 3000,
    });
    const venda = await vendaEncerrada(segunda);
    expect(venda.avisoNfce).toBeUndefined();
    expect((venda.nfce as Registro[])[0]).toMatchObject({ statusNota: 'processado', cStat: 100, numero: 2 });
    expect(
      sim
        .notas()
        .map((n) => n.nNF)
        .sort(),
    ).toEqual([1, 2]);
    // Nothing about the key was written under either DATA_DIR.
    expect(fs.readdirSync(dataDir)).not.toContain('chave-certificados.key');
  });

  it('configuração que falta ou está errada para o servidor na partida, com a mensagem', () => {
    expect(() => validarConfiguracaoFiscal({ NODE_ENV: 'production' })).toThrow(MENSAGENS_COFRE.ausente);
    expect(() => validarConfiguracaoFiscal({ SEFAZ_URL: 'https://sefaz.exemplo' })).toThrow(
      MENSAGENS_COFRE.ausente,
    );
    expect(() => validarConfiguracaoFiscal({ NODE_ENV: 'production', CHAVE_CERTIFICADOS: 'abc' })).toThrow(
      MENSAGENS_COFRE.invalida('CHAVE_CERTIFICADOS'),
    );
    expect(() =>
      validarConfiguracaoFiscal({ NODE_ENV: 'production', CHAVE_CERTIFICADOS_ARQUIVO: '/nao/existe.key' }),
    ).toThrow(/^CHAVE_CERTIFICADOS_ARQUIVO não pôde ser lido \(\/nao\/existe.key\)/);
    const chave = 'ab'.repeat(32);
    expect(() => validarConfiguracaoFiscal({ CHAVE_CERTIFICADOS: chave, SEFAZ_TIMEOUT_MS: 'dez' })).toThrow(
      'SEFAZ_TIMEOUT_MS inválido: dez (milissegundos de espera pela SEFAZ por venda, de 100 a 600000).',
    );
    expect(() =>
      validarConfiguracaoFiscal({ CHAVE_CERTIFICADOS: chave, SEFAZ_CA: '/nao/existe.pem' }),
    ).toThrow('Arquivo da cadeia de certificados da SEFAZ (SEFAZ_CA) não encontrado: /nao/existe.pem');
    // Production with its key, and the demo (no production setting) with the development key, start.
    expect(validarConfiguracaoFiscal({ NODE_ENV: 'production', CHAVE_CERTIFICADOS: chave }).origem).toBe(
      'configuracao',
    );
    expect(validarConfiguracaoFiscal({}).origem).toBe('desenvolvimento');
  });
});

describe('nota em dúvida (issue 15 ponto 1)', () => {
  it('repetir a criação da venda relata a nota em dúvida com o aviso; livre, a chave é consultada antes de reenviar', async () => {
    const chave = `venda-${novoId()}`;
    const corpo = {
      _id: novoId(),
      tipoVenda: 53,
      terminal: l.terminal,
      produtos: [{ produto: await l.produto('Pizza Grande Calabresa') }],
      pagamentos: [{ _id: novoId(), formaPagamento: await l.forma(77), valorPago: '60.00' }],
      encerrar: true,
    };
    const criar = () => l.post('/api/venda', corpo, l.admin, { 'idempotency-key': chave });
    const primeira = await criar();
    const nota = (primeira.corpo.data.nfce as Registro[])[0];
    expect(nota).toMatchObject({ statusNota: 'processado', numero: 1 });
    // As a server killed after SEFAZ authorised but before the answer was stored leaves it, while another
    // server holds the sale (its issue is under way).
    await consultar(
      t.banco.db,
      sql`update nfce set status_nota = 'erro', c_stat = null, x_motivo = 'Aguardando retorno da SEFAZ',
            protocolo_recebimento = null, xml_proc = null, aguardando_retorno = true
          where id = ${String(nota?._id)}`,
    );
    await consultar(
      t.banco.db,
      sql`insert into fiscal_emissao_trava (venda_id, posicao, dono, ate)
          values (${corpo._id}, 0, 'outro-servidor', now() + interval '1 minute')`,
    );
    const pendente = await criar();
    expect(pendente.corpo.valido).toBe(true);
    expect(pendente.corpo.data.status).toMatchObject({ id: 59 });
    expect(pendente.corpo.data.nfce).toMatchObject([
      { _id: nota?._id, statusNota: 'erro', xMotivo: 'Aguardando retorno da SEFAZ' },
    ]);
    expect(pendente.corpo.data.avisoNfce).toContain(
      'NFC-e nº 1 aguardando retorno da SEFAZ: a situação será confirmada automaticamente pela consulta da chave',
    );

    // The other server is gone (its hold expired): the retry queries the key and stores the authorisation,
    // without sending the note again nor taking another number.
    await consultar(t.banco.db, sql`update fiscal_emissao_trava set ate = now() - interval '1 second'`);
    const desde = sim.requisicoes.length;
    const resolvida = await criar();
    expect(resolvida.corpo.data.avisoNfce).toBeUndefined();
    expect(resolvida.corpo.data.nfce).toMatchObject([
      { _id: nota?._id, statusNota: 'processado', cStat: 100, numero: 1 },
    ]);
    expect(sim.requisicoes.slice(desde).map((r) => r.operacao)).toEqual(['consultaProtocolo']);
    const seq = await t.get(`/api/getSequencialNota/${l.empresa}`, l.admin);
    expect(seq.corpo.data).toMatchObject({ ultimoNumero: 1 });
  });
});

describe('SEFAZ lenta (issue 15 ponto 12)', () => {
  it('o encerramento espera a SEFAZ uma vez só (orçamento total), e sai com a nota off-line', async () => {
    const orcamento = 2000;
    t.app.fiscal.servico.usarSefaz({
      url: sim.url,
      ca: sim.certificadoPem,
      simulador: true,
      timeoutMs: orcamento,
    });
    // A first sale makes the demo certificate (the budget counts waiting for SEFAZ only).
    expect((await vendaEncerrada()).nfce).toMatchObject([{ statusNota: 'processado', numero: 1 }]);
    // Every call answers after 6 s: with one timeout per call (send, then the key query) the sale end took
    // 2 x 2 s or more; with one budget it takes 2 s and the offline note.
    await sim.definirCenario({ modo: 'lento', atrasoMs: 6000 });
    const inicio = Date.now();
    const venda = await vendaEncerrada();
    const decorrido = Date.now() - inicio;
    expect(decorrido).toBeGreaterThanOrEqual(orcamento);
    expect(decorrido).toBeLessThan(orcamento + 1500);
    const nfce = venda.nfce as Registro[];
    expect(nfce.find((n) => n.statusNota === 'contingencia')).toMatchObject({ tpEmis: 9, numero: 3 });
    // Only the send went out: no key query or resend after the budget was spent.
    const chamadas = sim.requisicoes.filter((r) => r.instante >= inicio).map((r) => r.operacao);
    expect(chamadas).toEqual(['autorizacao']);
  });
});
