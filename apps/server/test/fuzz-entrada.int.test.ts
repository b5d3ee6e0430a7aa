import { type Campo, recursos, validarTextoSeguro } from '@retaguarda/domain';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppTeste, criarAppTeste, type Resposta } from './app-teste.ts';
import { aguardarBancoParado, fotografoDoBanco, vaza } from './entrada-apoio.ts';
import { abrirPeriodo, type Loja, novoId, prepararLoja } from './vendas-apoio.ts';

// Issue 14 point 8's proof: generated bad values sent to every field of every generic resource (create and
// change, as the administrator who registers them) and to the fields of the sale routes (as the cashier).
// Each must be refused with a pt-BR message naming the field, never a 5xx, never an internal text, and the
// database must stay identical. The count of inputs tried is printed (docs/SEGURANCA.md keeps the table).

// Runs chosen to stay under a minute on the shared 2-core machine: a case (request and fingerprint of every
// table) takes 25-50 ms on PGlite and 12-30 ms on PostgreSQL, depending on the load.
const EXECUCOES = Number(
  process.env.FUZZ_ENTRADA_EXECUCOES ?? (process.env.TEST_BACKEND === 'postgres' ? 1000 : 600),
);

let t: AppTeste;
let l: Loja;
let foto: () => Promise<string>;
/** An existing row of each resource the administrator can change (id), by table. */
const existentes = new Map<string, string>();
let venda: string;
let pizza: string;
let dinheiro: string;

beforeAll(async () => {
  t = await criarAppTeste();
  l = await prepararLoja(t);
  await abrirPeriodo(l);
  pizza = await l.produto('Pizza Grande Mussarela');
  dinheiro = await l.forma(77);
  foto = await fotografoDoBanco(t);
  const semVenda = await aguardarBancoParado(foto);
  const v = await l.post(
    '/api/venda',
    { tipoVenda: 53, terminal: l.terminal, produtos: [{ produto: pizza }] },
    l.caixaToken,
  );
  venda = v.corpo.data._id as string;
  for (const def of recursos.RECURSOS) {
    const r = await t.post(`/api/${def.tabela}/getPopulate`, { limit: 1 }, l.admin);
    const id = r.lista[0]?._id;
    if (typeof id === 'string') existentes.set(def.tabela, id);
  }
  // The fingerprint sees an accepted write (it reads every group's rows, row-level security or not).
  expect(await aguardarBancoParado(foto)).not.toBe(semVenda);
}, 120_000);
afterAll(() => t.fechar());

// Bad values by kind of field. Each one is wrong for every field of that kind (no null or blank: those
// clear an optional field).
const comNulo = fc
  .tuple(fc.string({ maxLength: 10 }), fc.string({ maxLength: 10 }))
  .map(([a, b]) => `${a}\u0000${b}`);
const comSurrogate = fc
  .tuple(fc.string({ maxLength: 10 }), fc.constantFrom('\ud800', '\udbff', '\udc00', '\udfff'))
  .map(([a, s]) => `${a}${s}`);
const textoQuebrado = fc.oneof(comNulo, comSurrogate);
const trintaDigitos = fc.bigInt({ min: 10n ** 29n, max: 10n ** 30n - 1n }).map((n) => n.toString());
const naoDecimal = fc.oneof(
  fc.integer({ min: 1, max: 1_000_000 }).map((n) => `0x${n.toString(16)}`),
  fc.integer({ min: 1, max: 1_000_000 }).map((n) => `0b${n.toString(2)}`),
  fc.integer({ min: 1, max: 1_000_000 }).map((n) => `0o${n.toString(8)}`),
  fc.integer({ min: 1, max: 300 }).map((n) => `1e${n}`),
  fc.constantFrom('NaN', 'Infinity', '-Infinity', '1_000', '12,5,3', 'doze', '--1', '+-1'),
);
const naoNumero = fc.oneof(
  fc.boolean(),
  fc.constant({}),
  fc.constant([1]),
  fc.string({ minLength: 1, maxLength: 5 }).map((s) => `x${s}`),
);
const foraDoInteiro = fc.oneof(
  fc.integer({ min: 2 ** 31, max: Number.MAX_SAFE_INTEGER }),
  fc.integer({ min: Number.MIN_SAFE_INTEGER, max: -(2 ** 31) - 1 }),
  fc.constantFrom(2 ** 31, 2 ** 53, 1e30, -1e30),
);
const dataInexistente = fc.oneof(
  fc
    .record({
      ano: fc.integer({ min: 1, max: 9999 }),
      mes: fc.constantFrom(2, 4, 6, 9, 11),
      dia: fc.constantFrom(30, 31),
    })
    .filter(({ mes, dia }) => mes === 2 || dia === 31)
    .map(({ ano, mes, dia }) => `${String(ano).padStart(4, '0')}-${String(mes).padStart(2, '0')}-${dia}`),
  fc.integer({ min: 10_000, max: 275_760 }).map((ano) => `${ano}-01-01`),
  fc
    .integer({ min: 10_000, max: 275_760 })
    .map((ano) => `+${String(ano).padStart(6, '0')}-01-01T00:00:00.000Z`),
  fc.constantFrom(
    '0000-01-01',
    '2021-02-29',
    '2020-13-01',
    '2020-01-01T24:00:00Z',
    '31/02/2020',
    '2020-02-30T10:00:00-03:00',
  ),
);
const idRuim = fc.oneof(
  fc.string({ maxLength: 30 }).filter((s) => !/^[0-9a-f]{24}$/.test(s) && s.trim() !== ''),
  fc.stringMatching(/^[0-9A-F]{24}$/).filter((s) => /[A-F]/.test(s)),
  fc.integer(),
  textoQuebrado,
);

function valorRuim(campo: Campo): fc.Arbitrary<unknown> {
  switch (campo.tipo) {
    case 'texto':
      return fc.oneof(textoQuebrado, fc.integer(), fc.boolean(), fc.constant({ a: 1 }));
    case 'inteiro':
      return fc.oneof(
        trintaDigitos,
        naoDecimal,
        naoNumero,
        foraDoInteiro,
        fc.double({ min: 0.1, max: 1e6, noNaN: true }).filter((n) => !Number.isInteger(n)),
      );
    case 'decimal':
      return fc.oneof(trintaDigitos, naoDecimal, naoNumero, fc.constantFrom(1e12, -1e12, 1e30, 1e308));
    case 'booleano':
      return fc.oneof(fc.constantFrom('true', 'false', 0, 1, 'sim', {}), textoQuebrado);
    case 'data':
      return fc.oneof(
        dataInexistente,
        naoNumero.filter((v) => typeof v !== 'string'),
        textoQuebrado,
      );
    case 'ref':
      return idRuim;
    case 'refs':
      return fc.oneof(fc.array(idRuim, { minLength: 1, maxLength: 3 }), idRuim);
    case 'catalogo':
      return campo.multiplo
        ? fc.array(fc.integer({ min: 100_000, max: 2 ** 40 }), { minLength: 1, maxLength: 3 })
        : fc.oneof(fc.integer({ min: 100_000, max: 2 ** 40 }), trintaDigitos, textoQuebrado);
    case 'json':
      // A block holding a text the database cannot store, at any depth, in a value or a key.
      return fc.oneof(
        textoQuebrado.map((s) => ({ a: { b: [s] } })),
        textoQuebrado.map((s) => [{ [s]: 1 }]),
        textoQuebrado.map((s) => ({ lista: [1, { x: s }] })),
        fc.oneof(
          fc.integer(),
          fc.boolean(),
          fc.string({ minLength: 1 }).map((s) => `x${s}`),
        ),
      );
  }
}

/** Fields a client may send, each with the resource it belongs to (a read-only one is ignored, not refused). */
const camposDeRecurso = recursos.RECURSOS.flatMap((def) =>
  Object.entries(def.campos)
    .filter(
      ([nome, campo]) =>
        !campo.privado && !campo.somenteLeitura && !(nome === 'empresa' && def.escopo === 'empresa'),
    )
    .map(([nome, campo]) => ({ def, nome, campo })),
);

interface AlvoVenda {
  rota: string;
  metodo: 'POST' | 'PUT';
  url: () => string;
  corpo: () => Record<string, unknown>;
  /** Dotted path in the body, or ':numeroItem' for the path parameter. */
  campo: string;
  ruim: fc.Arbitrary<unknown>;
}

const textoLongoOuQuebrado = fc.oneof(textoQuebrado, fc.constant('x'.repeat(5000)), fc.integer());
const decimalRuim = fc.oneof(trintaDigitos, naoDecimal, naoNumero, fc.constantFrom(1e12, 1e30));
const inteiroRuim = fc.oneof(trintaDigitos, naoDecimal, naoNumero, foraDoInteiro);

function alvosDeVenda(): AlvoVenda[] {
  const criar = () => ({
    tipoVenda: 53,
    terminal: l.terminal,
    vendaDescricao: 'Balcão',
    produtos: [{ produto: pizza, quantidade: '1', obs: 'sem cebola' }],
  });
  const itens = () => ({ produtos: [{ produto: pizza, quantidade: '1', obs: 'bem passada' }] });
  const pagamento = () => ({
    _id: novoId(),
    formaPagamento: dinheiro,
    terminal: l.terminal,
    valorPago: '1.00',
    observacao: 'troco',
  });
  const busca = () => ({ filtro: { numero: 1, mesa: 1, tipoVenda: 53, _id: venda } });
  const v =
    (rota: string, metodo: 'POST' | 'PUT', url: () => string, corpo: () => Record<string, unknown>) =>
    (campo: string, ruim: fc.Arbitrary<unknown>): AlvoVenda => ({ rota, metodo, url, corpo, campo, ruim });
  const nova = v('POST /api/venda', 'POST', () => '/api/venda', criar);
  const mesa = v(
    'POST /api/venda (mesa)',
    'POST',
    () => '/api/venda',
    () => ({ ...criar(), tipoVenda: 54, mesa: 7 }),
  );
  const comanda = v(
    'POST /api/venda (comanda)',
    'POST',
    () => '/api/venda',
    () => ({ ...criar(), tipoVenda: 56, comanda: 7 }),
  );
  const add = v('POST /api/venda/:id/itens', 'POST', () => `/api/venda/${venda}/itens`, itens);
  const alt = v(
    'PUT /api/venda/:id/itens/:numeroItem',
    'PUT',
    () => `/api/venda/${venda}/itens/1`,
    () => ({ quantidade: '1', obs: 'ok' }),
  );
  const pagar = v(
    'POST /api/venda/:id/pagamentos',
    'POST',
    () => `/api/venda/${venda}/pagamentos`,
    pagamento,
  );
  const buscar = v('POST /api/venda/getPopulate', 'POST', () => '/api/venda/getPopulate', busca);
  const catalogoRuim = fc.oneof(
    fc.integer({ min: 100, max: 2 ** 40 }),
    fc.integer({ min: -1000, max: 52 }),
    textoQuebrado,
  );
  return [
    nova('tipoVenda', catalogoRuim),
    nova('localPedido', catalogoRuim),
    nova('vendaDescricao', textoLongoOuQuebrado),
    nova('cpfCnpj', textoLongoOuQuebrado),
    nova('posicaoVenda', inteiroRuim),
    nova('cliente', idRuim),
    nova('produtos.0.produto', idRuim),
    nova('produtos.0.quantidade', decimalRuim),
    nova('produtos.0.precoVenda', decimalRuim),
    nova('produtos.0.obs', textoLongoOuQuebrado),
    nova('produtos.0.numeroItem', inteiroRuim),
    mesa('mesa', fc.oneof(foraDoInteiro, naoNumero, trintaDigitos)),
    comanda('comanda', fc.oneof(foraDoInteiro, naoNumero, trintaDigitos)),
    add('produtos.0.quantidade', decimalRuim),
    add('produtos.0.obs', textoLongoOuQuebrado),
    add('produtos.0.produto', idRuim),
    // In the path: texts whose String() is no positive integer (a list [1] would be '1').
    alt(
      ':numeroItem',
      fc.oneof(trintaDigitos, naoDecimal, foraDoInteiro, comNulo, fc.constantFrom('0', '-1', '1.5', 'abc')),
    ),
    alt('quantidade', decimalRuim),
    alt('obs', textoLongoOuQuebrado),
    pagar('valorPago', decimalRuim),
    pagar('observacao', textoLongoOuQuebrado),
    pagar('posicao', inteiroRuim),
    pagar('formaPagamento', idRuim),
    buscar('filtro.numero', inteiroRuim),
    buscar(
      'filtro.mesa',
      fc.oneof(inteiroRuim, fc.record({ $in: fc.array(inteiroRuim, { minLength: 1, maxLength: 3 }) })),
    ),
    buscar(
      'filtro.tipoVenda',
      fc.oneof(fc.integer({ min: 2 ** 15, max: 2 ** 40 }), naoNumero, textoQuebrado),
    ),
    buscar('filtro._id', idRuim),
  ];
}

function comValor(corpo: Record<string, unknown>, caminho: string, valor: unknown): Record<string, unknown> {
  const copia = structuredClone(corpo);
  const partes = caminho.split('.');
  let atual: Record<string, unknown> = copia;
  for (const p of partes.slice(0, -1)) atual = atual[p] as Record<string, unknown>;
  atual[partes.at(-1) as string] = valor;
  return copia;
}

interface OperacaoOpenApi {
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, { type?: string }> } }> };
  parameters?: { in: string; name: string; schema?: { type?: string } }[];
}

const placar = { entradas: 0, erros5xx: 0, vazamentos: 0, aceitas: 0, mudancas: 0 };

/** The database's fingerprint after the last request. */
let antes = '';

/** Checks one answer; the fingerprint moves on before any assertion, so a shrinking run compares to its own. */
async function verificar(r: Resposta, campo: RegExp, descricao: string): Promise<void> {
  placar.entradas++;
  const mensagem = r.corpo?.data?.message;
  if (r.status >= 500) placar.erros5xx++;
  if (r.corpo?.valido !== false) placar.aceitas++;
  else if (vaza(mensagem)) placar.vazamentos++;
  const depois = await foto();
  const mudadas = depois.split(' ').filter((parte) => !antes.split(' ').includes(parte));
  antes = depois;
  if (mudadas.length > 0) placar.mudancas++;
  expect(r.status, descricao).toBeLessThan(500);
  expect(r.corpo.valido, descricao).toBe(false);
  expect(vaza(mensagem), descricao).toBe(false);
  expect(mensagem, descricao).toMatch(campo);
  expect(mudadas, `${descricao} mudou o banco`).toEqual([]);
}

const escapar = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('fuzz of bad values (issue 14 point 8)', () => {
  it('every field of every resource and of the sale routes: a pt-BR refusal naming it, no 5xx, nothing changed', async () => {
    const vendas = alvosDeVenda();
    // Generated cases carry indexes, not the targets, so a counterexample prints short.
    const alvoRecurso = fc.nat(camposDeRecurso.length - 1).chain((i) =>
      fc.record({
        tipo: fc.constant('recurso' as const),
        i: fc.constant(i),
        valor: valorRuim((camposDeRecurso[i] as (typeof camposDeRecurso)[number]).campo),
        alterar: fc.boolean(),
      }),
    );
    const alvoVenda = fc.nat(vendas.length - 1).chain((i) =>
      fc.record({
        tipo: fc.constant('venda' as const),
        i: fc.constant(i),
        valor: (vendas[i] as AlvoVenda).ruim,
      }),
    );
    antes = await aguardarBancoParado(foto);
    await fc.assert(
      fc.asyncProperty(
        fc.oneof({ arbitrary: alvoRecurso, weight: 3 }, { arbitrary: alvoVenda, weight: 2 }),
        async (caso) => {
          if (caso.tipo === 'recurso') {
            const { def, nome, campo } = camposDeRecurso[caso.i] as (typeof camposDeRecurso)[number];
            const id = existentes.get(def.tabela);
            const alterar = (caso.alterar && id !== undefined) || def.tabela === 'grupoEmpresarial';
            const corpo = { [nome]: caso.valor };
            const r =
              alterar && id
                ? await t.put(`/api/${def.tabela}/${id}`, corpo, l.admin)
                : await t.post(`/api/${def.tabela}`, corpo, l.admin);
            await verificar(
              r,
              new RegExp(escapar(campo.rotulo)),
              `${alterar ? 'PUT' : 'POST'} ${def.tabela}.${nome} = ${JSON.stringify(caso.valor)}`,
            );
          } else {
            const a = vendas[caso.i] as AlvoVenda;
            const valor = caso.valor;
            const url =
              a.campo === ':numeroItem'
                ? a.url().replace(/\/1$/, `/${encodeURIComponent(String(valor))}`)
                : a.url();
            const corpo = a.campo === ':numeroItem' ? a.corpo() : comValor(a.corpo(), a.campo, valor);
            const r =
              a.metodo === 'POST'
                ? await l.post(url, corpo, l.caixaToken)
                : await l.put(url, corpo, l.caixaToken);
            const nome = a.campo === ':numeroItem' ? 'numeroItem' : a.campo;
            await verificar(r, new RegExp(escapar(nome)), `${a.rota} ${a.campo} = ${JSON.stringify(valor)}`);
          }
        },
      ),
      { numRuns: EXECUCOES },
    );
    const resultado = `fuzz de entrada: ${placar.entradas} entradas (${camposDeRecurso.length} campos de ${recursos.RECURSOS.length} recursos, ${vendas.length} campos de rotas de venda), 5xx: ${placar.erros5xx}, vazamentos: ${placar.vazamentos}, aceitas: ${placar.aceitas}, mudanças: ${placar.mudancas}`;
    console.log(resultado);
    expect(placar.entradas).toBeGreaterThanOrEqual(EXECUCOES);
    expect(placar).toMatchObject({ erros5xx: 0, vazamentos: 0, aceitas: 0, mudancas: 0 });
  }, 240_000);
  it('a broken text or an out-of-range number in any property of any route: no 5xx, no leak, refused changes nothing', async () => {
    // Every route of the OpenAPI document with its body properties and query parameters, typed as declared.
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, OperacaoOpenApi>>;
    };
    const alvos = Object.entries(doc.paths)
      .flatMap(([caminho, metodos]) =>
        Object.entries(metodos).flatMap(([metodo, op]) => {
          const corpo = Object.entries(
            op.requestBody?.content?.['application/json']?.schema?.properties ?? {},
          );
          const consulta = (op.parameters ?? []).filter((p) => p.in === 'query');
          return [
            ...corpo.map(([nome, esquema]) => ({
              metodo,
              caminho,
              nome,
              ondeFica: 'corpo' as const,
              tipo: esquema.type,
            })),
            ...consulta.map((p) => ({
              metodo,
              caminho,
              nome: p.name,
              ondeFica: 'consulta' as const,
              tipo: p.schema?.type,
            })),
          ];
        }),
      )
      .filter((a) => !/login|logout|senha|Senha/.test(a.caminho));
    const preencher = (caminho: string) =>
      caminho
        .replace(/\{(id|vendaId)\}/g, venda)
        .replace('{tabela}', 'produtoGeral')
        .replace('{empresa}', l.empresa)
        .replace(/\{(numeroItem|n)\}/g, '1')
        .replace('{cep}', '80010000');
    const numeroRuim = fc.oneof(foraDoInteiro, naoDecimal, trintaDigitos);
    const local = { entradas: 0, erros5xx: 0, vazamentos: 0, recusasQueMudaram: 0 };
    antes = await aguardarBancoParado(foto);
    await fc.assert(
      fc.asyncProperty(
        fc.nat(alvos.length - 1),
        fc.boolean(),
        textoQuebrado,
        comNulo,
        numeroRuim,
        async (i, quebrado, texto, textoUrl, numero) => {
          const a = alvos[i] as (typeof alvos)[number];
          const numerico = a.tipo === 'integer' || a.tipo === 'number';
          // Texts the database cannot store must be refused anywhere; a bad number only where a number goes.
          // In a URL only the NUL byte (a lone surrogate cannot be percent-encoded).
          const valor: unknown =
            a.ondeFica === 'consulta' ? textoUrl : numerico && !quebrado ? numero : texto;
          const url = preencher(a.caminho);
          const r =
            a.ondeFica === 'consulta'
              ? await l.get(`${url}?${a.nome}=${encodeURIComponent(String(valor))}`)
              : a.metodo === 'put'
                ? await l.put(url, { [a.nome]: valor })
                : a.metodo === 'post'
                  ? await l.post(url, { [a.nome]: valor })
                  : await l.get(url);
          local.entradas++;
          const mensagem = r.corpo?.data?.message;
          const depois = await foto();
          const mudou = depois !== antes;
          antes = depois;
          if (r.status >= 500) local.erros5xx++;
          if (r.corpo?.valido === false && vaza(mensagem)) local.vazamentos++;
          if (r.corpo?.valido === false && mudou) local.recusasQueMudaram++;
          const descricao = `${a.metodo.toUpperCase()} ${url} ${a.nome} = ${JSON.stringify(valor)} -> ${r.status} ${JSON.stringify(r.corpo)}`;
          expect(r.status, descricao).toBeLessThan(500);
          if (r.corpo.valido === false) {
            expect(vaza(mensagem), descricao).toBe(false);
            expect(mudou, `${descricao} mudou o banco`).toBe(false);
          }
          // (The token check comes first: a route of the print agent's own token answers loginExpirado.)
          if (typeof valor === 'string' && validarTextoSeguro(valor) !== true && !r.corpo.loginExpirado) {
            expect(r.corpo.valido, descricao).toBe(false);
            expect(mensagem, descricao).toContain(a.nome);
          }
        },
      ),
      { numRuns: Math.round(EXECUCOES / 2) },
    );
    console.log(
      `fuzz de entrada (todas as rotas): ${local.entradas} entradas em ${alvos.length} propriedades, 5xx: ${local.erros5xx}, vazamentos: ${local.vazamentos}, recusas que mudaram o banco: ${local.recusasQueMudaram}`,
    );
    expect(local).toMatchObject({ erros5xx: 0, vazamentos: 0, recusasQueMudaram: 0 });
  }, 240_000);
});
