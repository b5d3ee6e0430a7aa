import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consultarUm } from '../src/db/consultar.ts';
import { MENSAGEM_LOGIN_EXPIRADO } from '../src/lib/envelope.ts';
import { type AppTeste, criarAppTeste } from './app-teste.ts';

// Issue 14 point 5 (the print agent), written as the attack: the token of Loja Centro's print agent is
// stolen from the store PC and used on the rest of the API, on Loja Shopping's terminals and jobs, and
// after the back office revoked it.

let t: AppTeste;
let admin: string;
let caixa: string;
let centro: string;
let shopping: string;
let terminalCentro: string;
let terminalShopping: string;
let tokenAgente: string;
let agenteId: string;

const EXPIRADO = { valido: false, loginExpirado: true, data: { message: MENSAGEM_LOGIN_EXPIRADO } };

async function terminalDe(empresa: string): Promise<string> {
  const l = await consultarUm(
    t.banco.db,
    sql`select id from terminal where empresa_id = ${empresa} and lixo = false order by descricao limit 1`,
  );
  return l?.id as string;
}

async function trabalho(terminal: string): Promise<string> {
  const r = await t.post(
    '/api/impressao',
    { terminal, tipoImpressao: 5, descricao: 'teste', conteudo: Buffer.from('oi\n').toString('base64') },
    admin,
  );
  expect(r.corpo.valido, JSON.stringify(r.corpo)).toBe(true);
  return r.lista[0]?._id as string;
}

beforeAll(async () => {
  t = await criarAppTeste();
  admin = await t.login('admin@exemplo.com.br', 'admin123');
  caixa = await t.login('caixa@exemplo.com.br', 'caixa123');
  centro = t.demo.empresas.centro;
  shopping = t.demo.empresas.shopping;
  terminalCentro = await terminalDe(centro);
  terminalShopping = await terminalDe(shopping);
  const emitido = await t.post(
    '/api/impressao/tokenAgente',
    { empresa: centro, descricao: 'PC do caixa' },
    admin,
  );
  expect(emitido.corpo.valido, JSON.stringify(emitido.corpo)).toBe(true);
  tokenAgente = emitido.corpo.data.token as string;
  agenteId = (emitido.corpo.data.agente as { _id: string })._id;
}, 300_000);
afterAll(() => t.fechar(), 120_000);

describe("the print agent's own token (issue 14 point 5)", () => {
  it('only someone who manages the printers of the store issues one', async () => {
    const r = await t.post('/api/impressao/tokenAgente', { empresa: centro }, caixa);
    expect(r.corpo.data.message).toBe('Usuário sem permissão para acessar esta funcionalidade.');
  });

  it('claims, prints and fails the jobs of its store', async () => {
    const id = await trabalho(terminalCentro);
    const reservados = await t.post(
      '/api/impressao/agente/reservar',
      { agente: 'pc-caixa-1', terminais: [terminalCentro] },
      tokenAgente,
    );
    expect(reservados.corpo.valido, JSON.stringify(reservados.corpo)).toBe(true);
    expect(reservados.lista.map((j) => j._id)).toContain(id);
    const impresso = await t.post(
      `/api/impressao/agente/${id}/impresso`,
      { agente: 'pc-caixa-1' },
      tokenAgente,
    );
    expect(impresso.corpo.valido, JSON.stringify(impresso.corpo)).toBe(true);
    const outro = await trabalho(terminalCentro);
    await t.post(
      '/api/impressao/agente/reservar',
      { agente: 'pc-caixa-1', terminais: [terminalCentro] },
      tokenAgente,
    );
    const falha = await t.post(
      `/api/impressao/agente/${outro}/falha`,
      { agente: 'pc-caixa-1', motivo: 'sem papel' },
      tokenAgente,
    );
    expect(falha.corpo.valido, JSON.stringify(falha.corpo)).toBe(true);
  });

  it('is refused on every other route of the API', async () => {
    const job = await trabalho(terminalCentro);
    const tentativas = [
      t.get('/api/usuarios/getPopulate', tokenAgente),
      t.post('/api/usuarios/getPopulate', {}, tokenAgente),
      t.post('/api/produtoGeral/getPopulate', {}, tokenAgente),
      t.get(`/api/impressao/${job}`, tokenAgente),
      t.post('/api/impressao/lista', { empresa: centro }, tokenAgente),
      t.post('/api/impressao', { terminal: terminalCentro, tipoImpressao: 5, conteudo: 'AA==' }, tokenAgente),
      t.post('/api/impressao/tokenAgente', { empresa: centro }, tokenAgente),
      t.post('/api/impressao/agentes', { empresa: centro }, tokenAgente),
      t.post(`/api/impressao/agentes/${agenteId}/revogar`, {}, tokenAgente),
      t.get(`/api/grupoEmpresarial/${t.demo.grupoId}`, tokenAgente),
      t.post('/api/venda/getPopulate', {}, tokenAgente),
    ];
    for (const r of await Promise.all(tentativas)) expect(r.corpo).toEqual(EXPIRADO);
  });

  it('the old user-token queue routes are gone: not found, whoever asks', async () => {
    const job = await trabalho(terminalCentro);
    const antigas = [
      ['/api/impressao/reservar', { agente: 'pc-caixa-1', terminais: [terminalCentro] }],
      [`/api/impressao/${job}/impresso`, { agente: 'pc-caixa-1' }],
      [`/api/impressao/${job}/falha`, { agente: 'pc-caixa-1', motivo: 'x' }],
    ] as const;
    for (const [url, corpo] of antigas) {
      for (const quem of [admin, tokenAgente, undefined]) {
        const r = await t.post(url, corpo, quem);
        expect(r.status, url).toBe(404);
        expect(r.corpo).toEqual({ valido: false, data: { message: `Rota não encontrada: POST ${url}` } });
      }
    }
    const l = await consultarUm(t.banco.db, sql`select tipo_status from impressao where id = ${job}`);
    expect(Number(l?.tipo_status)).toBe(1);
  });

  it("neither claims another store's terminal nor acknowledges another store's job", async () => {
    const r = await t.post(
      '/api/impressao/agente/reservar',
      { agente: 'pc-caixa-1', terminais: [terminalCentro, terminalShopping] },
      tokenAgente,
    );
    expect(r.corpo.valido).toBe(false);
    expect(r.corpo.data.message).toMatch(/é de outra loja: este agente imprime só na sua\.$/);
    const alheio = await trabalho(terminalShopping);
    for (const rota of ['impresso', 'falha']) {
      const x = await t.post(
        `/api/impressao/agente/${alheio}/${rota}`,
        { agente: 'pc-caixa-1', motivo: 'x' },
        tokenAgente,
      );
      expect(x.corpo).toEqual({ valido: false, data: { message: 'Impressão não encontrada.' } });
    }
    const l = await consultarUm(t.banco.db, sql`select tipo_status from impressao where id = ${alheio}`);
    expect(Number(l?.tipo_status)).toBe(1);
  });

  it("a user's token is refused on the agent's routes", async () => {
    const r = await t.post(
      '/api/impressao/agente/reservar',
      { agente: 'x'.repeat(8), terminais: [terminalCentro] },
      admin,
    );
    expect(r.corpo).toEqual(EXPIRADO);
  });

  it('is listed in the back office and, once revoked there, refused at once', async () => {
    const lista = await t.post('/api/impressao/agentes', { empresa: centro }, admin);
    expect(lista.lista).toContainEqual(
      expect.objectContaining({
        _id: agenteId,
        descricao: 'PC do caixa',
        revogadoEm: null,
        ultimoUsoEm: expect.any(String),
      }),
    );
    expect((await t.post('/api/impressao/agentes', { empresa: centro }, caixa)).corpo.valido).toBe(false);
    expect((await t.post(`/api/impressao/agentes/${agenteId}/revogar`, {}, caixa)).corpo.valido).toBe(false);
    const revogado = await t.post(`/api/impressao/agentes/${agenteId}/revogar`, {}, admin);
    expect(revogado.corpo.data.revogadoEm).toEqual(expect.any(String));
    const depois = await t.post(
      '/api/impressao/agente/reservar',
      { agente: 'pc-caixa-1', terminais: [terminalCentro] },
      tokenAgente,
    );
    expect(depois.corpo).toEqual(EXPIRADO);
    // Another agent of the store keeps working.
    const novo = await t.post(
      '/api/impressao/tokenAgente',
      { empresa: centro, descricao: 'PC da cozinha' },
      admin,
    );
    const r = await t.post(
      '/api/impressao/agente/reservar',
      { agente: 'pc-cozinha', terminais: [terminalCentro] },
      novo.corpo.data.token as string,
    );
    expect(r.corpo.valido).toBe(true);
  });
});
