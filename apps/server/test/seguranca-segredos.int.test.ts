import { recursos } from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { construirApp } from '../src/app.ts';
import { lerConfig } from '../src/config.ts';
import { consultar } from '../src/db/consultar.ts';
import { gerarPfxDemonstracao } from '../src/modules/fiscal/certificado-demo.ts';
import { type AppTeste, criarAppTeste } from './app-teste.ts';

// Issue 14 point 3, written as the attack: secrets are planted in every place a chain keeps one (the SMTP
// password, a store's maps key, the CSC in the fiscal setup and in the old generic NFC-e block, the A1
// certificate's password), then every route that can answer a group, a company, the fiscal setup or an
// audit trail is read, and no answer, no audit row and no log line may carry a planted value.

const SEGREDOS = {
  smtp: 'SEGREDO-SMTP-7f3a91',
  mapas: 'SEGREDO-MAPAS-9b1c22',
  cscFiscal: 'SEGREDOCSCFISCAL0123456789',
  cscGenerico: 'SEGREDO-CSC-GENERICO',
  certificado: 'SEGREDO-PFX-5d6e',
};

let t: AppTeste;
let admin: string;
let caixa: string;
let centro: string;

const semSegredo = (rotulo: string, corpo: unknown) => {
  const texto = JSON.stringify(corpo);
  for (const [nome, valor] of Object.entries(SEGREDOS))
    expect(texto, `${rotulo} mostra ${nome}`).not.toContain(valor);
};

beforeAll(async () => {
  t = await criarAppTeste();
  admin = await t.login('admin@exemplo.com.br', 'admin123');
  caixa = await t.login('caixa@exemplo.com.br', 'caixa123');
  centro = t.demo.empresas.centro;

  const grupo = await t.put(
    `/api/grupoEmpresarial/${t.demo.grupoId}`,
    {
      configuracoes: {
        configuracoesEmail: {
          emailHostSmtp: 'smtp.exemplo.com.br',
          emailUser: 'loja',
          emailPass: SEGREDOS.smtp,
        },
      },
    },
    admin,
  );
  expect(grupo.corpo.valido, JSON.stringify(grupo.corpo)).toBe(true);
  const empresa = (await t.get(`/api/empresa/${centro}`, admin)).corpo.data;
  const gravada = await t.put(
    `/api/empresa/${centro}`,
    {
      configuracoes: { ...(empresa.configuracoes as object), keyGoogleMapsApi: SEGREDOS.mapas },
      // A client that still sends the old plain CSC of the generic form.
      nfce: { ...(empresa.nfce as object), csc: SEGREDOS.cscGenerico, idCsc: '000009' },
    },
    admin,
  );
  expect(gravada.corpo.valido, JSON.stringify(gravada.corpo)).toBe(true);
  const fiscal = await t.put(
    `/api/fiscal/configuracao/${centro}`,
    { cscId: '000001', cscToken: SEGREDOS.cscFiscal },
    admin,
  );
  expect(fiscal.corpo.valido, JSON.stringify(fiscal.corpo)).toBe(true);
  const pfx = gerarPfxDemonstracao('11222333000181', 'Loja Centro', SEGREDOS.certificado);
  const cert = await t.post(
    `/api/fiscal/certificado/${centro}`,
    { pfxBase64: pfx.toString('base64'), senha: SEGREDOS.certificado },
    admin,
  );
  expect(cert.corpo.valido, JSON.stringify(cert.corpo)).toBe(true);
}, 300_000);
afterAll(() => t.fechar(), 120_000);

describe('secrets never leave the server (issue 14 point 3)', () => {
  it('the secrets really are stored (the CSC encrypted, the plain generic one dropped)', async () => {
    const [g] = await consultar(
      t.banco.db,
      sql`select configuracoes::text as c from grupo_empresarial where id = ${t.demo.grupoId}`,
    );
    expect(g?.c).toContain(SEGREDOS.smtp);
    const [e] = await consultar(
      t.banco.db,
      sql`select configuracoes::text as c, nfce::text as n from empresa where id = ${centro}`,
    );
    expect(e?.c).toContain(SEGREDOS.mapas);
    expect(e?.n ?? '').not.toContain(SEGREDOS.cscGenerico);
    expect(JSON.parse(String(e?.n ?? '{}'))).not.toHaveProperty('idCsc');
  });

  it('no route that answers a group, a company, the fiscal setup or an audit trail carries a secret', async () => {
    const ids: Record<string, string> = { grupoEmpresarial: t.demo.grupoId, empresa: centro };
    const lidas: string[] = [];
    const ler = async (rotulo: string, r: Promise<{ corpo: unknown }>) => {
      const { corpo } = await r;
      expect(
        (corpo as { valido?: boolean }).valido,
        `${rotulo}: ${JSON.stringify(corpo).slice(0, 200)}`,
      ).toBe(true);
      semSegredo(rotulo, corpo);
      lidas.push(rotulo);
    };
    for (const [tabela, id] of Object.entries(ids)) {
      await ler(`GET ${tabela}`, t.get(`/api/${tabela}/${id}`, admin));
      await ler(`getPopulate ${tabela}`, t.post(`/api/${tabela}/getPopulate`, {}, admin));
      await ler(`auditoria ${tabela}`, t.get(`/api/auditoria/${tabela}/${id}`, admin));
    }
    // Every resource that references a company or the group, with the reference expanded (populateObj).
    for (const def of recursos.RECURSOS) {
      for (const [campo, c] of Object.entries(def.campos)) {
        if (
          (c.tipo === 'ref' || c.tipo === 'refs') &&
          (c.tabela === 'empresa' || c.tabela === 'grupoEmpresarial')
        ) {
          await ler(
            `${def.tabela}.${campo}`,
            t.post(`/api/${def.tabela}/getPopulate`, { populateObj: campo, limit: 5 }, admin),
          );
        }
      }
    }
    await ler('fiscal/configuracao', t.get(`/api/fiscal/configuracao/${centro}`, admin));
    await ler('frenteLoja/empresa', t.post('/api/frenteLoja/empresa', { empresa: centro }, caixa));
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: {
        email: 'admin@exemplo.com.br',
        senha: (await import('./app-teste.ts')).sha256Hex('admin123'),
        grupoEmpresarial: t.demo.grupoId,
      },
    });
    semSegredo('login', login.json());
    await ler('getGrupoEmpresarialLista', t.post('/api/getGrupoEmpresarialLista', {}));
    // Every GET route without parameters (lists, catalogues, the outbox...).
    for (const rota of t.app.printRoutes({ commonPrefix: false }).split('\n')) {
      const m = /(\/api\/[^\s(]*) \(([A-Z, ]+)\)/.exec(rota.replace(/^[│├└─\s]+/, ''));
      if (!m?.[1] || m[1].includes(':') || m[1].includes('*') || !m[2]?.includes('GET')) continue;
      const r = await t.app.inject({ method: 'GET', url: m[1], headers: { token: admin } });
      semSegredo(`GET ${m[1]}`, r.body);
    }
    expect(lidas.length).toBeGreaterThan(8);
  });

  it('the audit trail stores the secrets masked', async () => {
    const linhas = await consultar(
      t.banco.db,
      sql`select tabela, antes::text as antes, depois::text as depois from auditoria where grupo_empresarial_id = ${t.demo.grupoId}`,
    );
    expect(linhas.some((l) => l.tabela === 'grupoEmpresarial')).toBe(true);
    expect(linhas.some((l) => l.tabela === 'empresa')).toBe(true);
    for (const l of linhas) semSegredo(`auditoria ${String(l.tabela)}`, l);
    const grupo = linhas.find((l) => l.tabela === 'grupoEmpresarial');
    expect(JSON.parse(String(grupo?.depois)).configuracoes.configuracoesEmail.emailPass).toBe('********');
  });

  it('a cashier reads neither the group nor its audit trail', async () => {
    for (const url of [
      `/api/grupoEmpresarial/${t.demo.grupoId}`,
      `/api/auditoria/grupoEmpresarial/${t.demo.grupoId}`,
    ]) {
      const r = await t.get(url, caixa);
      expect(r.corpo, url).toEqual({
        valido: false,
        data: { message: 'Usuário sem permissão para esta operação.' },
      });
    }
  });
});

describe('an error with SQL never reaches the client nor the log (issue 14 point 3)', () => {
  let app: FastifyInstance;
  const linhasDeLog: string[] = [];
  beforeAll(async () => {
    // A second server on the same database, logging into memory as production logs to stdout.
    app = await construirApp({
      config: { ...lerConfig({}), webDist: '/nao-existe' },
      banco: t.banco,
      logger: { level: 'info', stream: { write: (l: string) => linhasDeLog.push(l) } },
    });
    await app.ready();
  }, 120_000);
  afterAll(() => app.close());

  it('a failing statement answers "Erro Não Catalogado." and the log has no statement nor value', async () => {
    // Break the table under the server so the next list fails inside the database.
    await t.banco.db.execute(sql`alter table desconto_motivo rename column descricao to descricao_quebrada`);
    try {
      const r = await app.inject({
        method: 'POST',
        url: '/api/descontoMotivo/getPopulate',
        headers: { token: admin },
        payload: { filtro: { descricao: 'VALOR-DO-PARAMETRO-42' } },
      });
      expect(r.statusCode).toBe(500);
      expect(r.json()).toEqual({ valido: false, data: { message: 'Erro Não Catalogado.' } });
    } finally {
      await t.banco.db.execute(
        sql`alter table desconto_motivo rename column descricao_quebrada to descricao`,
      );
    }
    const log = linhasDeLog.join('\n');
    expect(log).toContain('erro não tratado');
    expect(log).toContain('42703'); // SQLSTATE undefined_column: the log still says what went wrong
    for (const proibido of ['VALOR-DO-PARAMETRO-42', 'select', 'desconto_motivo"', 'Failed query', 'params:'])
      expect(log.toLowerCase(), proibido).not.toContain(proibido.toLowerCase());
  });
});
