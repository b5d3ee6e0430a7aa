import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codigoErroPg, consultar, consultarUm } from '../src/db/consultar.ts';
import { comGrupo, PAPEL_APP } from '../src/db/inquilino.ts';
import { COLUNA_GRUPO, POLITICA_GRUPO } from '../src/db/rls.ts';
import { ok } from '../src/lib/envelope.ts';
import { novoId } from '../src/lib/ids.ts';
import { type AppTeste, criarAppTeste } from './app-teste.ts';

// Issue 14 point 10, written as the attack: code that forgets `where grupo_empresarial_id` (here test routes
// that run unfiltered SQL through the app's own database handle) must see and touch only the group of the
// request's token. The connecting user of the tests is a superuser on PostgreSQL and on PGlite, which would
// see everything: the system-side reads below prove the rows are there.

const GRUPO_B = novoId();

/**
 * The tables that are not a business group's data; any other table must carry the group and RLS. A new entry
 * here is a decision: `fiscal_emissao_trava` holds only an issuer's lease on a sale id (sale, seat, holder,
 * expiry), no business data.
 */
const TABELAS_SEM_GRUPO = [
  'fiscal_emissao_trava',
  'limite_tentativa',
  'sessao_usuario',
  'sistema_config',
  'token_revogado',
];

function rotasDoAtaque(app: FastifyInstance): void {
  const db = app.servicos.banco.db;
  const porGrupo = async () =>
    consultar(
      db,
      sql`select grupo_empresarial_id as grupo, count(*)::int as n from produto_geral group by 1 order by 1`,
    );
  app.post('/api/teste-rls/ler', async () => ok({ linhas: await porGrupo() }));
  app.post('/api/teste-rls/ler-em-transacao', async () =>
    ok({
      linhas: await db.transaction(async (tx) =>
        consultar(
          tx,
          sql`select grupo_empresarial_id as grupo, count(*)::int as n from produto_geral group by 1 order by 1`,
        ),
      ),
    }),
  );
  app.post('/api/teste-rls/ler-publico', { config: { publico: true } }, async () =>
    ok({ linhas: await porGrupo(), usuarios: await consultar(db, sql`select id from usuario`) }),
  );
  app.post('/api/teste-rls/alterar-tudo', async () => {
    const linhas = await consultar(
      db,
      sql`update produto_geral set descricao = 'alterado' returning grupo_empresarial_id`,
    );
    return ok({ alteradas: linhas.length, grupos: [...new Set(linhas.map((l) => l.grupo_empresarial_id))] });
  });
  app.post('/api/teste-rls/apagar-de-b', async () => {
    const linhas = await consultar(
      db,
      sql`delete from produto_geral where grupo_empresarial_id = ${GRUPO_B} returning id`,
    );
    return ok({ apagadas: linhas.length });
  });
  app.post('/api/teste-rls/inserir-em-b', async () => {
    try {
      await consultar(
        db,
        sql`insert into produto_geral (id, grupo_empresarial_id, descricao) values (${novoId()}, ${GRUPO_B}, 'Intruso')`,
      );
      return ok({ codigo: 'inserido' });
    } catch (erro) {
      return ok({ codigo: codigoErroPg(erro) ?? String(erro) });
    }
  });
}

describe('row-level security: a query without the group filter sees only the request group (issue 14 point 10)', () => {
  let t: AppTeste;
  let token: string;

  beforeAll(async () => {
    t = await criarAppTeste({ antesDePronto: rotasDoAtaque });
    token = await t.login('admin@exemplo.com.br', 'admin123');
    // Another business group's products, written as system work (outside any request).
    for (let i = 0; i < 3; i++) {
      await consultar(
        t.banco.db,
        sql`insert into produto_geral (id, grupo_empresarial_id, descricao, preco) values (${novoId()}, ${GRUPO_B}, ${`Produto do grupo B ${i}`}, '9.90')`,
      );
    }
  });
  afterAll(async () => t?.fechar());

  const contagemB = async () =>
    Number(
      (
        await consultarUm(
          t.banco.db,
          sql`select count(*)::int as n from produto_geral where grupo_empresarial_id = ${GRUPO_B} and descricao like 'Produto do grupo B%'`,
        )
      )?.n,
    );

  it('system work (outside a request) sees both groups: the rows are there to be stolen', async () => {
    const grupos = await consultar(
      t.banco.db,
      sql`select distinct grupo_empresarial_id as g from produto_geral`,
    );
    expect(grupos.map((l) => l.g).sort()).toEqual([t.demo.grupoId, GRUPO_B].sort());
  });

  it("an unfiltered select in group A's request returns only group A's rows, in and out of a transaction", async () => {
    for (const rota of ['/api/teste-rls/ler', '/api/teste-rls/ler-em-transacao']) {
      const r = await t.post(rota, {}, token);
      const linhas = (r.corpo.data as { linhas: { grupo: string; n: number }[] }).linhas;
      expect(linhas.map((l) => l.grupo)).toEqual([t.demo.grupoId]);
      expect(linhas[0]?.n).toBeGreaterThan(0);
    }
  });

  it('a route without a token sees no tenant row at all (its code must say comoSistema to cross groups)', async () => {
    const r = await t.post('/api/teste-rls/ler-publico', {});
    expect(r.corpo.data).toEqual({ linhas: [], usuarios: [] });
  });

  it("group A's request cannot write into, change or delete group B's rows", async () => {
    const inserir = await t.post('/api/teste-rls/inserir-em-b', {}, token);
    // 42501: new row violates row-level security policy.
    expect(inserir.corpo.data).toEqual({ codigo: '42501' });

    const apagar = await t.post('/api/teste-rls/apagar-de-b', {}, token);
    expect(apagar.corpo.data).toEqual({ apagadas: 0 });

    const alterar = await t.post('/api/teste-rls/alterar-tudo', {}, token);
    const dados = alterar.corpo.data as { alteradas: number; grupos: string[] };
    expect(dados.grupos).toEqual([t.demo.grupoId]);
    expect(dados.alteradas).toBeGreaterThan(0);
    expect(await contagemB()).toBe(3);
  });

  it('requests of two groups interleaved on the same handle each see their own rows', async () => {
    const leituras = Array.from({ length: 20 }, (_, i) =>
      i % 2 === 0
        ? t
            .post('/api/teste-rls/ler', {}, token)
            .then((r) => (r.corpo.data as { linhas: { grupo: string }[] }).linhas)
        : comGrupo(GRUPO_B, () =>
            consultar(t.banco.db, sql`select distinct grupo_empresarial_id as grupo from produto_geral`),
          ),
    );
    const resultados = await Promise.all(leituras);
    for (const [i, linhas] of resultados.entries())
      expect(linhas.map((l) => l.grupo)).toEqual([i % 2 === 0 ? t.demo.grupoId : GRUPO_B]);
  });

  it('every table of the schema carries the group and has row-level security enabled and forced', async () => {
    const tabelas = await consultar(
      t.banco.db,
      sql`select c.relname as tabela, c.relrowsecurity as rls, c.relforcerowsecurity as forcada,
                 exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = ${COLUNA_GRUPO}
                          and not a.attisdropped) as tem_grupo,
                 exists (select 1 from pg_policy p where p.polrelid = c.oid and p.polname = ${POLITICA_GRUPO}) as politica,
                 pg_get_userbyid(c.relowner) as dono
            from pg_class c join pg_namespace n on n.oid = c.relnamespace
           where n.nspname = 'public' and c.relkind in ('r', 'p')
           order by 1`,
    );
    expect(tabelas.length).toBeGreaterThan(50);
    const semGrupo = tabelas.filter((l) => !l.tem_grupo).map((l) => l.tabela);
    expect(semGrupo).toEqual(TABELAS_SEM_GRUPO);
    const desprotegidas = tabelas
      .filter((l) => l.tem_grupo && !(l.rls && l.forcada && l.politica))
      .map((l) => l.tabela);
    expect(desprotegidas).toEqual([]);
    // The application's role owns nothing and cannot bypass the policies.
    expect(tabelas.filter((l) => l.dono === PAPEL_APP)).toEqual([]);
    const papel = await consultarUm(
      t.banco.db,
      sql`select rolsuper, rolbypassrls from pg_roles where rolname = ${PAPEL_APP}`,
    );
    expect(papel).toEqual({ rolsuper: false, rolbypassrls: false });
  });
});
