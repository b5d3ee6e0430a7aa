import { PERMISSAO } from '@retaguarda/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { semear } from '../src/seed/seed.ts';
import { type AppTeste, criarAppTeste, type Registro, type Resposta } from './app-teste.ts';

// The screens of each job load for the staff whose profile holds the screen's permission, through the
// routes made for them (/api/frenteLoja/*, the KDS, expedition and rider boards), and a refusal names the
// missing permission and who grants it.

let t: AppTeste;
const token: Record<string, string> = {};
let centro: string;

const ROTAS_FRENTE_LOJA = [
  'empresa',
  'terminais',
  'formasPagamento',
  'operadoras',
  'setoresImpressao',
  'olhoNoImposto',
  'versionamento',
] as const;

beforeAll(async () => {
  t = await criarAppTeste();
  centro = t.demo.empresas.centro;
  for (const [nome, senha] of [
    ['caixa', 'caixa123'],
    ['garcom', 'garcom123'],
    ['supervisor', 'super123'],
    ['cozinha', 'cozinha123'],
    ['motoboy', 'moto123'],
  ] as const)
    token[nome] = await t.login(`${nome}@exemplo.com.br`, senha);
});
afterAll(() => t.fechar());

const frenteLoja = (rota: string, quem: string, empresa = centro) =>
  t.post(`/api/frenteLoja/${rota}`, { empresa }, token[quem]);

async function tela(url: string, quem: string, empresa = centro): Promise<Resposta> {
  const bruta = await t.app.inject({
    method: 'GET',
    url,
    headers: { token: token[quem] ?? '', version: 'teste', empresa },
  });
  const corpo = bruta.json() as Resposta['corpo'];
  return { status: bruta.statusCode, corpo, lista: Array.isArray(corpo.data) ? corpo.data : [], bruta };
}

function recusa(r: Resposta) {
  expect(r.corpo.valido).toBe(false);
  return r.corpo.data as Registro & {
    permissaoNegada?: { id: number; permissao: string; grupoEmpresarial: string | null; perfis: string[] };
  };
}

describe('POS reference lists (/api/frenteLoja/*)', () => {
  it.each(['caixa', 'garcom', 'supervisor'])('the %s gets every list of Loja Centro', async (quem) => {
    const empresa = await frenteLoja('empresa', quem);
    expect(empresa.corpo.data).toMatchObject({ _id: centro, descricao: 'Loja Centro' });
    const terminais = (await frenteLoja('terminais', quem)).lista;
    expect(terminais.map((x) => x.descricao)).toEqual(['Terminal Caixa 1', 'Terminal Cozinha 1']);
    const caixa1 = terminais.find((x) => x.descricao === 'Terminal Caixa 1');
    expect(caixa1).toMatchObject({ funcoes: expect.arrayContaining(['mesa', 'caixa']) });
    expect((caixa1?.configuracoes as Registro | undefined)?.caixa).toMatch(/^[0-9a-f]{24}$/);
    const formas = (await frenteLoja('formasPagamento', quem)).lista;
    expect(formas.map((f) => f.descricao)).toContain('Dinheiro');
    expect(formas.every((f) => typeof f.ativo === 'boolean')).toBe(true);
    expect((await frenteLoja('operadoras', quem)).lista.map((o) => o.descricao)).toEqual(['Cielo', 'Stone']);
    expect((await frenteLoja('setoresImpressao', quem)).lista.length).toBeGreaterThan(0);
    const ibpt = await frenteLoja('olhoNoImposto', quem);
    expect(ibpt.corpo.valido).toBe(true);
    expect(ibpt.lista.every((l) => l.uf === 'PR')).toBe(true);
    const versao = (await frenteLoja('versionamento', quem)).lista;
    expect(versao).toEqual([{ empresa: centro, versao: expect.any(Number) }]);
  });

  it('answers only what the screen reads: no fiscal certificate, CSC or map key', async () => {
    await t.banco.db.execute(
      // A store with every secret filled in: none may reach a cashier.
      (await import('drizzle-orm')).sql`update empresa set
          configuracoes = coalesce(configuracoes, '{}'::jsonb) || '{"keyGoogleMapsApi": "CHAVE-MAPAS-SECRETA"}'::jsonb,
          nfce = coalesce(nfce, '{}'::jsonb) || '{"csc": "CSC-SECRETO-123", "idCsc": "000001"}'::jsonb
        where id = ${centro}`,
    );
    const r = await frenteLoja('empresa', 'caixa');
    const texto = JSON.stringify(r.corpo.data);
    const permitidas = [
      '_id',
      'cnpj',
      'codigoInterno',
      'configuracoes',
      'descricao',
      'endereco',
      'localizacao',
      'nomeFantasia',
    ];
    expect(Object.keys(r.corpo.data).filter((k) => !permitidas.includes(k))).toEqual([]);
    // The scale's label setting (the demo Centro reads Toledo labels) is how the POS reads a barcode, not a secret.
    expect(Object.keys(r.corpo.data.configuracoes as object).sort()).toEqual([
      'balanca',
      'callCenter',
      'comprovanteVenda',
    ]);
    for (const segredo of ['CSC-SECRETO-123', 'CHAVE-MAPAS-SECRETA', 'certificado', 'fiscal', 'nfce'])
      expect(texto).not.toContain(segredo);
    for (const rota of ROTAS_FRENTE_LOJA) {
      const corpo = JSON.stringify((await frenteLoja(rota, 'caixa')).corpo);
      expect(corpo).not.toContain('CSC-SECRETO-123');
      expect(corpo).not.toContain('CHAVE-MAPAS-SECRETA');
    }
  });

  it.each(ROTAS_FRENTE_LOJA)(
    '%s refuses the rider and the kitchen naming permission 53 and who grants it',
    async (rota) => {
      for (const [quem, perfil] of [
        ['motoboy', 'Entregador'],
        ['cozinha', 'Cozinha'],
      ] as const) {
        const d = recusa(await frenteLoja(rota, quem));
        expect(d.permissaoNegada).toEqual({
          id: PERMISSAO.acessarFrenteLoja,
          permissao: 'Acessar Frente Loja',
          grupoEmpresarial: 'Grupo Exemplo',
          perfis: [perfil],
        });
        expect(d.message).toBe(
          'Usuário sem permissão para esta operação. Falta a permissão 53 - Acessar Frente Loja. ' +
            `Peça ao administrador do grupo Grupo Exemplo para incluir a permissão 'Acessar Frente Loja' no perfil de acesso '${perfil}'.`,
        );
      }
    },
  );

  it("refuses another group's store, and a store id that is no store, changing nothing", async () => {
    const b = await semear(t.banco.db);
    const caixaB = await t.login('caixa@exemplo.com.br', 'caixa123', b.grupoId);
    for (const rota of ROTAS_FRENTE_LOJA) {
      const r = await t.post(`/api/frenteLoja/${rota}`, { empresa: centro }, caixaB);
      expect(r.corpo).toEqual({
        valido: false,
        data: { message: 'Usuário sem permissão para acessar essa empresa.' },
      });
      const nenhuma = await frenteLoja(rota, 'caixa', 'a'.repeat(24));
      expect(nenhuma.corpo.data.message).toBe('Usuário sem permissão para acessar essa empresa.');
    }
    // The other group's own cashier still gets its own store.
    const propria = await t.post('/api/frenteLoja/empresa', { empresa: b.empresas.centro }, caixaB);
    expect(propria.corpo.data).toMatchObject({ _id: b.empresas.centro });
  });

  it('refuses a bad body with a clear message and no session', async () => {
    const r = await t.post('/api/frenteLoja/empresa', { empresa: 'x' }, token.caixa);
    expect(r.status).toBe(200);
    expect(r.corpo.valido).toBe(false);
    expect(r.corpo.data.message).toContain('Id inválido');
    const sem = await t.post('/api/frenteLoja/empresa', { empresa: centro });
    expect(sem.corpo.loginExpirado).toBe(true);
  });
});

describe('kitchen and dispatch screens by job', () => {
  it('the kitchen user sees the KDS stations and the expedition board; not the rider departure', async () => {
    const estacoes = await tela('/api/kds/estacoes', 'cozinha');
    expect(estacoes.lista.map((e) => e.descricao)).toEqual(['Bar', 'Cozinha Quente', 'Montagem']);
    expect((await tela('/api/expedicao', 'cozinha')).corpo.valido).toBe(true);
    const d = recusa(await tela('/api/saidaMotoboy', 'cozinha'));
    expect(d.permissaoNegada).toMatchObject({ id: 50, permissao: 'Acessar Saída de Motoboy' });
  });

  it('the rider sees the rider departure only', async () => {
    const painel = await tela('/api/saidaMotoboy', 'motoboy');
    expect(painel.corpo.valido).toBe(true);
    expect(JSON.stringify(painel.corpo.data)).toContain('Marcos Motoboy');
    expect(recusa(await tela('/api/kds/estacoes', 'motoboy')).permissaoNegada?.id).toBe(52);
    expect(recusa(await tela('/api/expedicao', 'motoboy')).permissaoNegada?.id).toBe(49);
  });

  it('the cashier and the waiter are refused the kitchen screens with the permission named', async () => {
    for (const quem of ['caixa', 'garcom']) {
      const kds = recusa(await tela('/api/kds/estacoes', quem));
      expect(kds.permissaoNegada).toMatchObject({ id: 52, permissao: 'Acessar KDS' });
      expect(kds.message).toContain(
        "Peça ao administrador do grupo Grupo Exemplo para incluir a permissão 'Acessar KDS'",
      );
      expect(recusa(await tela('/api/expedicao', quem)).permissaoNegada?.id).toBe(49);
    }
  });

  it('the supervisor runs the dispatch (expedition, rider departure) but not the KDS', async () => {
    expect((await tela('/api/expedicao', 'supervisor')).corpo.valido).toBe(true);
    expect((await tela('/api/saidaMotoboy', 'supervisor')).corpo.valido).toBe(true);
    expect(recusa(await tela('/api/kds/estacoes', 'supervisor')).permissaoNegada?.id).toBe(52);
  });

  it("refuses another group's store on the kitchen screens", async () => {
    const r = await tela('/api/kds/estacoes', 'cozinha', 'b'.repeat(24));
    expect(r.corpo.data).toEqual({ message: 'Usuário sem permissão para acessar essa empresa.' });
  });
});
