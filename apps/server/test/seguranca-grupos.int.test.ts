import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consultar, consultarUm } from '../src/db/consultar.ts';
import { novoId } from '../src/lib/ids.ts';
import { type AppTeste, criarAppTeste, type Resposta, sha256Hex } from './app-teste.ts';

// Issue 14 point 11, written as the attack: an anonymous client enumerates the business groups of a
// deployment that serves many chains. With LISTA_GRUPOS_PUBLICA=false the list answers nothing useful,
// config.json tells the login page to ask for the group's code, the short code (6 digits, given by the server)
// logs in and resets passwords, and a code of no group is answered exactly as a wrong password.

let t: AppTeste;
let admin: string;
let codigoOutro = 0;
beforeAll(async () => {
  t = await criarAppTeste();
  admin = await t.login('admin@exemplo.com.br', 'admin123');
}, 300_000);
afterAll(() => t.fechar(), 120_000);

/** A login from its own address (the per-address slowdown of one attempt must not time another). */
let endereco = 0;
async function entrar(grupoEmpresarial: string, email: string, senha: string): Promise<Resposta> {
  const bruta = await t.app.inject({
    method: 'POST',
    url: '/api/login',
    remoteAddress: `10.9.${Math.floor(++endereco / 250)}.${endereco % 250}`,
    payload: { email, senha: sha256Hex(senha), grupoEmpresarial },
  });
  const corpo = bruta.json() as Resposta['corpo'];
  return { status: bruta.statusCode, corpo, lista: [], bruta };
}

const mediana = (valores: number[]) =>
  [...valores].sort((a, b) => a - b)[Math.floor(valores.length / 2)] ?? 0;

describe('the public list of business groups can be turned off (issue 14 point 11)', () => {
  it('listed by default (a single-chain deployment)', async () => {
    const r = await t.post('/api/getGrupoEmpresarialLista', {});
    expect(r.lista.map((g) => g._id)).toContain(t.demo.grupoId);
    expect((await t.app.inject({ url: '/config.json' })).json()).toMatchObject({ listaGrupos: true });
  });

  it('each group has a short code the server gives (the demo 100001, the next group after it), never written by a client', async () => {
    const lido = await t.get(`/api/grupoEmpresarial/${t.demo.grupoId}`, admin);
    expect(lido.corpo.data.codigo).toBe(100001);
    // Support creates groups (no API route): the database numbers the new one.
    const outro = novoId();
    await consultar(
      t.banco.db,
      sql`insert into grupo_empresarial (id, grupo_empresarial_id, descricao) values (${outro}, ${outro}, 'Outra Rede')`,
    );
    const linha = await consultarUm(
      t.banco.db,
      sql`select codigo from grupo_empresarial where id = ${outro}`,
    );
    // The next number of the sequence: PostgreSQL logs sequences 32 values ahead, so a database copied from the
    // tests' seeded model (or recovered after a crash) may skip some — codes are unique, not gapless.
    codigoOutro = Number(linha?.codigo);
    expect(codigoOutro).toBeGreaterThan(100001);
    expect(codigoOutro).toBeLessThan(100100);
    // The administrator's form sends it back or changes it: ignored, the rest is saved.
    const alterado = await t.put(
      `/api/grupoEmpresarial/${t.demo.grupoId}`,
      { codigo: codigoOutro, descricao: 'Grupo Exemplo' },
      admin,
    );
    expect(alterado.corpo.valido, JSON.stringify(alterado.corpo)).toBe(true);
    expect(alterado.corpo.data.codigo).toBe(100001);
    const repetido = await consultar(
      t.banco.db,
      sql`select id from grupo_empresarial where codigo = ${codigoOutro}`,
    );
    expect(repetido.map((l) => l.id)).toEqual([outro]);
  });

  it('with the setting off: an empty list, config.json says so, and the code (or the id) logs in', async () => {
    t.app.servicos.config.listaGruposPublica = false;
    try {
      const r = await t.post('/api/getGrupoEmpresarialLista', {});
      expect(r.corpo).toEqual({ valido: true, data: [] });
      expect(JSON.stringify(r.corpo)).not.toContain('Grupo Exemplo');
      expect((await t.app.inject({ url: '/config.json' })).json()).toMatchObject({ listaGrupos: false });
      const porCodigo = await entrar(' 100001 ', 'caixa@exemplo.com.br', 'caixa123');
      expect(porCodigo.corpo.valido, JSON.stringify(porCodigo.corpo)).toBe(true);
      // The device remembers the code from the answer.
      expect(porCodigo.corpo.data.grupoEmpresarial).toMatchObject({ _id: t.demo.grupoId, codigo: 100001 });
      // A device that remembered the id before the codes existed still logs in.
      expect((await entrar(t.demo.grupoId, 'caixa@exemplo.com.br', 'caixa123')).corpo.valido).toBe(true);
    } finally {
      t.app.servicos.config.listaGruposPublica = true;
    }
  });

  it('a code of no group answers exactly as a wrong password, in the same time', async () => {
    const senhaErrada = { valido: false, data: { message: 'Usuário ou senha inválidos.' } };
    expect((await entrar('100001', 'admin@exemplo.com.br', 'errada')).corpo).toEqual(senhaErrada);
    for (const codigo of ['999999', String(codigoOutro + 1), 'nao-existe', 'f'.repeat(24), '1'.repeat(30)]) {
      expect((await entrar(codigo, 'admin@exemplo.com.br', 'admin123')).corpo, codigo).toEqual(senhaErrada);
    }
    // The other group exists, but the demo's administrator is not in it: the same answer.
    expect((await entrar(String(codigoOutro), 'admin@exemplo.com.br', 'admin123')).corpo).toEqual(
      senhaErrada,
    );
    // Time: a real password check (argon2) against a missing group's lookup. Without the decoy check the
    // missing code answered in a fraction of it. Three wrong passwords per account (five would lock it).
    const errada: number[] = [];
    const inexistente: number[] = [];
    for (const email of ['supervisor@exemplo.com.br', 'garcom@exemplo.com.br']) {
      for (let i = 0; i < 3; i++) {
        let inicio = performance.now();
        await entrar('100001', email, 'errada');
        errada.push(performance.now() - inicio);
        inicio = performance.now();
        await entrar(String(200000 + i), email, 'errada');
        inexistente.push(performance.now() - inicio);
      }
    }
    expect(mediana(inexistente)).toBeGreaterThan(mediana(errada) * 0.5);
  });

  it('the password reset takes the code too, with the same answer for a code of no group', async () => {
    const contar = async () =>
      Number((await consultarUm(t.banco.db, sql`select count(*)::int as n from senha_recuperacao`))?.n);
    const antes = await contar();
    const pedir = (grupoEmpresarial: string) =>
      t.post('/api/recuperarSenha', { email: 'caixa@exemplo.com.br', grupoEmpresarial });
    const certo = await pedir('100001');
    expect(certo.corpo.valido).toBe(true);
    expect(await contar()).toBe(antes + 1);
    const errado = await pedir('999999');
    expect(errado.corpo).toEqual(certo.corpo);
    expect(await contar()).toBe(antes + 1);
  });
});
