import { recursos } from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consultarUm } from '../src/db/consultar.ts';
import { type AppTeste, criarAppTeste } from './app-teste.ts';

// Property-based fuzzing of every route: inputs generated from each route's schema and then broken.
// Whatever arrives, the server answers without a 5xx, and an input it refuses changes no row.

let t: AppTeste;
let token: string;
let rotas: { metodo: 'GET' | 'POST' | 'PUT' | 'DELETE'; caminho: string; propriedades: string[] }[];

const TABELAS_ESTADO = [
  'auditoria',
  'email_saida',
  'senha_recuperacao',
  'idempotencia',
  ...recursos.RECURSOS.map((r) => r.tabelaSql),
];

async function impressaoDigital(): Promise<string> {
  const partes = TABELAS_ESTADO.map((tabela) =>
    tabela === 'auditoria' ||
    tabela === 'email_saida' ||
    tabela === 'senha_recuperacao' ||
    tabela === 'idempotencia'
      ? sql`(select count(*)::text from ${sql.identifier(tabela)})`
      : sql`(select count(*)::text || max(updated_at)::text || count(*) filter (where lixo) from ${sql.identifier(tabela)})`,
  );
  // A function takes at most 100 arguments and there are more tables: concat_ws of chunks of 90.
  const blocos = [];
  for (let i = 0; i < partes.length; i += 90)
    blocos.push(sql`concat_ws('|', ${sql.join(partes.slice(i, i + 90), sql`, `)})`);
  const linha = await consultarUm(t.banco.db, sql`select concat_ws('|', ${sql.join(blocos, sql`, `)}) as d`);
  return String(linha?.d);
}

beforeAll(async () => {
  t = await criarAppTeste();
  token = await t.login('admin@exemplo.com.br', 'admin123');
  const doc = (await t.app.inject({ url: '/api/docs/json' })).json() as {
    paths: Record<
      string,
      Record<string, { requestBody?: { content?: Record<string, { schema?: { properties?: object } }> } }>
    >;
  };
  rotas = Object.entries(doc.paths).flatMap(([caminho, metodos]) =>
    Object.entries(metodos).map(([metodo, op]) => ({
      metodo: metodo.toUpperCase() as 'GET' | 'POST' | 'PUT' | 'DELETE',
      caminho,
      propriedades: Object.keys(op.requestBody?.content?.['application/json']?.schema?.properties ?? {}),
    })),
  );
}, 60_000);
afterAll(() => t.fechar());

const valorQualquer = fc.oneof(
  fc.string(),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom(
    "'; drop table usuario; --",
    '$where',
    { $where: '1' },
    { $gt: '' },
    'a'.repeat(5000),
    -1,
    1e308,
  ),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue(), { maxKeys: 3 }),
);
const segmento = fc.oneof(
  fc.constantFrom(...recursos.RECURSOS.map((r) => r.tabela), 'naoExiste', '..', '%00', 'usuarios'),
  fc.string({ minLength: 1, maxLength: 30 }).map(encodeURIComponent),
  fc.stringMatching(/^[0-9a-f]{24}$/),
);

describe('fuzz over every route', () => {
  it('lists the routes from the OpenAPI document', () => {
    expect(rotas.length).toBeGreaterThan(15);
    expect(rotas.some((r) => r.caminho === '/api/{tabela}/getPopulate')).toBe(true);
  });

  it('never answers 5xx and never changes a row for an input it refuses', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 10_000 }),
        fc.array(segmento, { minLength: 2, maxLength: 2 }),
        fc.dictionary(fc.string({ maxLength: 12 }), valorQualquer, { maxKeys: 4 }),
        fc.boolean(),
        fc.oneof(fc.constant('json'), fc.constant('texto'), fc.constant('vazio')),
        async (indice, [a, b], extras, comToken, forma) => {
          const rota = rotas[indice % rotas.length]!;
          const url = rota.caminho.replace('{tabela}', a!).replace('{id}', b!).replace('{n}', b!);
          // Start from the route's own field names with broken values, plus random extra keys.
          const corpo: Record<string, unknown> = { ...extras };
          for (const p of rota.propriedades)
            if (Object.keys(extras).length % 2 === 0) corpo[p] = extras[p] ?? 'x';
          const antes = await impressaoDigital();
          const r = await t.app.inject({
            method: rota.metodo,
            url,
            headers: {
              ...(comToken ? { token } : {}),
              ...(forma === 'texto' ? { 'content-type': 'application/json' } : {}),
            },
            ...(rota.metodo === 'GET' || rota.metodo === 'DELETE' || forma === 'vazio'
              ? {}
              : {
                  payload: forma === 'texto' ? `{"quebrado": ${JSON.stringify(corpo).slice(0, 20)}` : corpo,
                }),
          });
          expect(r.statusCode, `${rota.metodo} ${url} -> ${r.body}`).toBeLessThan(500);
          const resposta = r.json() as { valido?: boolean };
          if (resposta.valido !== true && !url.endsWith('/login')) {
            expect(await impressaoDigital(), `${rota.metodo} ${url} mudou dados`).toBe(antes);
          }
        },
      ),
      { numRuns: 400 },
    );
  }, 240_000);

  it('getPopulate survives filters built from real field names, operators and broken values', async () => {
    const operadores = [
      '$eq',
      '$ne',
      '$in',
      '$nin',
      '$gt',
      '$gte',
      '$lt',
      '$lte',
      '$regex',
      '$options',
      '$exists',
      '$where',
      '$or',
    ];
    const filtro = fc.letrec((tie) => ({
      termo: fc.oneof(
        { depthSize: 'small' },
        fc.record({ campo: fc.string({ maxLength: 20 }), valor: valorQualquer }),
        fc.record({
          campo: fc.constantFrom(
            'descricao',
            'preco',
            'codigoInterno',
            'tipoProduto',
            'tipoProduto.id',
            'ativo',
            'created_at',
            'categorias',
            '_id',
            'configuracaoImposto',
          ),
          valor: fc.oneof(
            valorQualquer,
            fc.dictionary(
              fc.constantFrom(...operadores),
              fc.oneof(valorQualquer, fc.array(valorQualquer, { maxLength: 3 })),
              { maxKeys: 2 },
            ),
          ),
        }),
        fc.record({
          campo: fc.constantFrom('$or', '$and'),
          valor: fc.array(tie('filtro'), { maxLength: 3 }),
        }),
      ),
      filtro: fc
        .array(tie('termo'), { maxLength: 3 })
        .map((termos) =>
          Object.fromEntries((termos as { campo: string; valor: unknown }[]).map((x) => [x.campo, x.valor])),
        ),
    }));
    await fc.assert(
      fc.asyncProperty(
        filtro.filtro,
        fc.oneof(valorQualquer, fc.constantFrom('preco -descricao', { preco: -1 }, ['x'])),
        fc.oneof(valorQualquer, fc.integer({ min: -5, max: 2000 })),
        async (f, sort, limit) => {
          const r = await t.post('/api/produtoGeral/getPopulate', { filtro: f, sort, limit }, token);
          expect(r.status, JSON.stringify({ f, sort, limit, r: r.corpo })).toBe(200);
          expect(typeof r.corpo.valido).toBe('boolean');
        },
      ),
      { numRuns: 400 },
    );
  }, 120_000);
});
