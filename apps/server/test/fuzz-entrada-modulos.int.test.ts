import { INTEIRO_MAXIMO, INTEIRO_MINIMO } from '@retaguarda/domain';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppTeste, criarAppTeste, type Resposta, sha256Hex } from './app-teste.ts';
import { aguardarBancoParado, fotografoDoBanco, vaza } from './entrada-apoio.ts';
import { type Loja, novoId, prepararLoja } from './vendas-apoio.ts';

// Issue 14 point 8, the routes outside the generic resources and the sale: every number, decimal and date a
// route of the fiscal, users, KDS and printing modules reads is sent bad (NaN, Infinity, hex, exponent, 30
// digits, out of its range, negative where meaningless, too many decimal places, a day that does not exist).
// Each must be refused by the route's own schema with a pt-BR message naming the field (not the database's
// last net, which cannot name it), never a 5xx, and the database must stay identical. Every target gets
// CASOS_POR_CAMPO generated values; the count is printed (docs/SEGURANCA.md keeps the table).

const CASOS_POR_CAMPO = Number(
  process.env.FUZZ_MODULOS_CASOS ?? (process.env.TEST_BACKEND === 'postgres' ? 15 : 10),
);

let t: AppTeste;
let l: Loja;
let foto: () => Promise<string>;
let tokenAgente: string;

beforeAll(async () => {
  t = await criarAppTeste();
  l = await prepararLoja(t);
  const emitido = await l.post('/api/impressao/tokenAgente', { empresa: l.empresa, descricao: 'fuzz' });
  expect(emitido.corpo.valido, JSON.stringify(emitido.corpo)).toBe(true);
  tokenAgente = emitido.corpo.data.token as string;
  foto = await fotografoDoBanco(t);
}, 120_000);
afterAll(() => t.fechar());

// ---- bad values by kind ----

const trintaDigitos = fc.bigInt({ min: 10n ** 29n, max: 10n ** 30n - 1n }).map((n) => n.toString());
const naoDecimal = fc.oneof(
  fc.integer({ min: 1, max: 1_000_000 }).map((n) => `0x${n.toString(16)}`),
  fc.integer({ min: 1, max: 1_000_000 }).map((n) => `0b${n.toString(2)}`),
  fc.integer({ min: 1, max: 300 }).map((n) => `1e${n}`),
  fc.constantFrom('NaN', 'Infinity', '-Infinity', '1_000', '12,5', 'doze', '--1', ''),
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
  fc.constantFrom(2 ** 31, 2 ** 53, 1e30, -1e30, 1e308),
);
const fracionario = fc.double({ min: 0.1, max: 1e6, noNaN: true }).filter((n) => !Number.isInteger(n));

/** Anything but an integer of [min, max] (as a JSON number, or any text). */
function inteiroRuim(min = INTEIRO_MINIMO, max = INTEIRO_MAXIMO): fc.Arbitrary<unknown> {
  return fc.oneof(
    trintaDigitos,
    naoDecimal,
    naoNumero,
    foraDoInteiro,
    fracionario,
    ...(min > INTEIRO_MINIMO ? [fc.integer({ min: INTEIRO_MINIMO, max: min - 1 })] : []),
    ...(max < INTEIRO_MAXIMO ? [fc.integer({ min: max + 1, max: INTEIRO_MAXIMO })] : []),
  );
}

/** A text of a query parameter that is no integer of [min, max] in decimal digits. */
function inteiroTextoRuim(min: number, max: number): fc.Arbitrary<string> {
  return fc.oneof(
    trintaDigitos,
    naoDecimal.filter((s) => s !== ''),
    fc.constantFrom('1.5', 'abc', ' ', '+1', '1 2'),
    fc.integer({ min: INTEIRO_MINIMO, max: min - 1 }).map(String),
    fc.integer({ min: max + 1, max: 2 ** 40 }).map(String),
  );
}

/** Anything but a plain decimal below 10^12 with at most `casas` places (and not negative when minimo 0). */
function decimalRuim(o: { casas: number; minimo?: number; maximo?: number; numero?: boolean }) {
  return fc.oneof(
    trintaDigitos,
    naoDecimal,
    naoNumero,
    fc.constantFrom('1000000000000', '-1000000000000', '1e12'),
    fc
      .tuple(fc.integer({ min: 0, max: 999 }), fc.integer({ min: o.casas + 1, max: o.casas + 8 }))
      .map(([n, casas]) => `${n}.${'3'.repeat(casas)}`),
    ...(o.minimo === 0 ? [fc.integer({ min: 1, max: 1_000_000 }).map((n) => `-${n}.5`)] : []),
    ...(o.maximo !== undefined ? [fc.integer({ min: o.maximo + 1, max: 1e9 }).map(String)] : []),
    // Sent as a JSON number: out of range (or not a number at all where only a text goes).
    o.numero ? fc.constantFrom(1e12, -1e12, 1e30, 1e308, -5) : fc.constantFrom(12, 1.5, 1e30),
  );
}

const dataRuim = fc.oneof(
  fc
    .record({
      ano: fc.integer({ min: 1, max: 9999 }),
      mes: fc.constantFrom(2, 4, 6, 9, 11),
      dia: fc.constantFrom(30, 31),
    })
    .filter(({ mes, dia }) => mes === 2 || dia === 31)
    .map(({ ano, mes, dia }) => `${String(ano).padStart(4, '0')}-${String(mes).padStart(2, '0')}-${dia}`),
  fc.integer({ min: 10_000, max: 275_760 }).map((ano) => `${ano}-01-01`),
  fc.constantFrom('0000-01-01', '2021-02-29', '2020-13-01', '2020-01-01T24:00:00Z', '31/02/2020', 'ontem'),
  fc.oneof(fc.integer(), fc.boolean(), fc.constant({})),
);

/** Anything but one of `opcoes` (a closed list of codes). */
const catalogoRuim = (opcoes: readonly number[]) =>
  fc.oneof(
    fc.integer({ min: -1000, max: 2 ** 40 }).filter((n) => !opcoes.includes(n)),
    fc.constantFrom('1', 'NaN', true, null),
    naoNumero,
  );

// ---- the routes ----

interface Alvo {
  rota: string;
  metodo: 'GET' | 'POST' | 'PUT';
  url: () => string;
  /** A body that is valid but for the field under test. */
  corpo?: () => Record<string, unknown>;
  /** Dotted path in the body, or `?name` for a query parameter. */
  campo: string;
  ruim: fc.Arbitrary<unknown>;
  /** Whose token (default the administrator's, who holds every permission). */
  token?: () => string;
}

const sangria = () => ({
  layout: 'sangria',
  cabecalho: { empresa: 'Loja Centro', data: '2026-11-21T23:00:00Z' },
  caixa: 'Caixa 01',
  numero: 1,
  valor: '50.00',
});
const conta = () => ({
  layout: 'conta',
  cabecalho: { empresa: 'Loja Centro', data: '2026-11-21T23:00:00Z' },
  venda: { tipoVenda: 54, numero: 3, mesa: 4 },
  itens: [{ quantidade: '1', descricao: 'Pizza', valorUnitario: '50.00', valorTotal: '50.00' }],
  subTotal: '50.00',
  total: '50.00',
  pessoas: 2,
});

function alvos(): Alvo[] {
  const id = novoId();
  const empresa = () => l.empresa;
  const a =
    (rota: string, metodo: Alvo['metodo'], url: () => string, corpo?: () => Record<string, unknown>) =>
    (campo: string, ruim: fc.Arbitrary<unknown>, token?: () => string): Alvo => ({
      rota,
      metodo,
      url,
      ...(corpo ? { corpo } : {}),
      campo,
      ruim,
      ...(token ? { token } : {}),
    });

  // fiscal
  const configuracao = a(
    'PUT /api/fiscal/configuracao/:empresa',
    'PUT',
    () => `/api/fiscal/configuracao/${empresa()}`,
    () => ({
      ibsCbs: { habilitado: false },
    }),
  );
  const numeracao = a(
    'PUT /api/fiscal/numeracao/:empresa',
    'PUT',
    () => `/api/fiscal/numeracao/${empresa()}`,
    () => ({
      serie: 1,
      ultimoNumero: 10,
    }),
  );
  const sequenciais = [
    ['GET', '/api/getSequencialNota'],
    ['PUT', '/api/gerarNovoSequencialNota'],
    ['GET', '/api/getSequencialBnf'],
    ['GET', '/api/gerarNovoSequencialBnf'],
  ] as const;
  const envia = a(
    'POST /api/enviaNFCE',
    'POST',
    () => '/api/enviaNFCE',
    () => ({ venda: id }),
  );
  const cancelar = a(
    'POST /api/cancelar',
    'POST',
    () => '/api/cancelar',
    () => ({
      chave: '4'.repeat(44),
      motivo: 'Cancelamento de teste da nota',
    }),
  );
  const inutilizar = a(
    'POST /api/fiscal/inutilizar',
    'POST',
    () => '/api/fiscal/inutilizar',
    () => ({
      serie: 1,
      numeroInicial: 5,
      numeroFinal: 6,
      justificativa: 'Numeração pulada por falha do sistema',
    }),
  );
  const nfces = a(
    'POST /api/nfce/getPopulate',
    'POST',
    () => '/api/nfce/getPopulate',
    () => ({ filtro: {} }),
  );
  const danfes = [
    a('GET /api/nfce/:id/danfe.escpos', 'GET', () => `/api/nfce/${id}/danfe.escpos`),
    a('GET /api/nfce/:id/danfe', 'GET', () => `/api/nfce/${id}/danfe`),
  ];
  const periodo = () => ({ dataInicial: '2026-01-01', dataFinal: '2026-02-01' });
  const baixar = a('POST /api/baixarNotas', 'POST', () => '/api/baixarNotas', periodo);
  const exportar = a('POST /api/exportarDados', 'POST', () => '/api/exportarDados', periodo);
  const entradas = a(
    'POST /api/notaEntrada/getPopulate',
    'POST',
    () => '/api/notaEntrada/getPopulate',
    () => ({
      filtro: {},
    }),
  );
  const itensEntrada = a(
    'PUT /api/notaEntrada/:id/itens',
    'PUT',
    () => `/api/notaEntrada/${id}/itens`,
    () => ({
      itens: [{ _id: novoId(), produtoGeral: null, fatorConversao: '1' }],
    }),
  );

  // users
  const empresasUsuario = a(
    'POST /api/getEmpresasUsuario',
    'POST',
    () => '/api/getEmpresasUsuario',
    () => ({}),
  );
  const validaPermissao = a(
    'POST /api/validaPermissaoAcessoRetaguarda',
    'POST',
    () => '/api/validaPermissaoAcessoRetaguarda',
    () => ({ empresaId: empresa(), permissaoId: 29 }),
  );
  const liberacao = a(
    'POST /api/liberacaoSupervisor',
    'POST',
    () => '/api/liberacaoSupervisor',
    () => ({
      login: 'supervisor@exemplo.com.br',
      permissao: 13,
      empresa: empresa(),
      desconto: { modo: 1, valor: '5.00' },
    }),
  );

  // KDS
  const status = a(
    'PUT /api/expedicao/:id/status',
    'PUT',
    () => `/api/expedicao/${id}/status`,
    () => ({ status: 2 }),
  );
  const taxa = a(
    'PUT /api/entrega/:id/taxa',
    'PUT',
    () => `/api/entrega/${id}/taxa`,
    () => ({ taxaEntrega: '5.00' }),
  );
  const tempo = a(
    'PUT /api/entrega/:id/tempo',
    'PUT',
    () => `/api/entrega/${id}/tempo`,
    () => ({ minutos: 30 }),
  );
  const portaria = a(
    'POST /api/portaria',
    'POST',
    () => '/api/portaria',
    () => ({ nome: 'Fulano', empresa: empresa() }),
  );

  // printing
  const imprimir = a(
    'POST /api/impressao',
    'POST',
    () => '/api/impressao',
    () => ({
      terminal: l.terminal,
      documento: sangria(),
    }),
  );
  const imprimirConta = a(
    'POST /api/impressao (conta)',
    'POST',
    () => '/api/impressao',
    () => ({
      terminal: l.terminal,
      documento: conta(),
    }),
  );
  const producao = a(
    'POST /api/impressao/producao',
    'POST',
    () => '/api/impressao/producao',
    () => ({
      terminal: l.terminal,
      vendaId: id,
      venda: { tipoVenda: 54, numero: 1, mesa: 4 },
      itens: [{ chave: 'a', produto: id, descricao: 'Pizza', quantidade: '1' }],
    }),
  );
  const lista = a(
    'POST /api/impressao/lista',
    'POST',
    () => '/api/impressao/lista',
    () => ({ empresa: empresa(), status: [1] }),
  );
  const preview = a(
    'POST /api/impressao/preview',
    'POST',
    () => '/api/impressao/preview',
    () => ({
      documento: conta(),
    }),
  );
  const reservar = a(
    'POST /api/impressao/agente/reservar',
    'POST',
    () => '/api/impressao/agente/reservar',
    () => ({
      agente: 'pc-fuzz-1',
      terminais: [l.terminal],
    }),
  );
  const doAgente = () => tokenAgente;

  const dinheiro = decimalRuim({ casas: 6, minimo: 0 });
  return [
    configuracao('serie', inteiroRuim(0, 899)),
    configuracao('formatoDANFE', inteiroRuim(0, 5)),
    configuracao('CRT', catalogoRuim([1, 2, 3])),
    configuracao('ambiente', catalogoRuim([1, 2])),
    configuracao('tipoEmissao', catalogoRuim([1, 9])),
    configuracao('consumidorFinal', catalogoRuim([1, 2])),
    configuracao(
      'versaoQrCode',
      catalogoRuim([2, 3]).filter((v) => v !== null),
    ),
    configuracao('limiteSemIdentificacao', decimalRuim({ casas: 2, minimo: 0 })),
    configuracao('ibsCbs.pIBSUF', decimalRuim({ casas: 4, minimo: 0, maximo: 100 })),
    configuracao('ibsCbs.pIBSMun', decimalRuim({ casas: 4, minimo: 0, maximo: 100 })),
    configuracao('ibsCbs.pCBS', decimalRuim({ casas: 4, minimo: 0, maximo: 100 })),
    numeracao('serie', inteiroRuim(0, 999)),
    numeracao('ultimoNumero', inteiroRuim(0, 999_999_999)),
    ...sequenciais.map(([metodo, caminho]) =>
      a(
        `${metodo} ${caminho}/:id`,
        metodo,
        () => `${caminho}/${empresa()}`,
      )('?serie', inteiroTextoRuim(0, 999)),
    ),
    envia('posicao', inteiroRuim(1)),
    cancelar('tipo', fc.oneof(foraDoInteiro, fracionario, fc.integer({ min: INTEIRO_MINIMO, max: -1 }))),
    inutilizar('serie', inteiroRuim(0, 999)),
    inutilizar('numeroInicial', inteiroRuim(1, 999_999_999)),
    inutilizar('numeroFinal', inteiroRuim(1, 999_999_999)),
    inutilizar('ano', inteiroRuim(1000, 9999)),
    nfces('filtro.serie', inteiroRuim(0, 999)),
    nfces('filtro.numero', inteiroRuim(1, 999_999_999)),
    nfces('filtro.dataInicial', dataRuim),
    nfces('filtro.dataFinal', dataRuim),
    nfces('limit', inteiroRuim(1, 1000)),
    nfces('skip', inteiroRuim(0)),
    ...danfes.map((d) =>
      d(
        '?colunas',
        fc.oneof(inteiroTextoRuim(48, 64), fc.constantFrom('0x30', '48.0', '4.8e1', '50', '63', '')),
      ),
    ),
    baixar('dataInicial', dataRuim),
    baixar('dataFinal', dataRuim),
    exportar('dataInicial', dataRuim),
    exportar('dataFinal', dataRuim),
    entradas('filtro.dataInicial', dataRuim),
    entradas('filtro.dataFinal', dataRuim),
    entradas('limit', inteiroRuim(1, 1000)),
    itensEntrada(
      'itens.0.fatorConversao',
      fc.oneof(decimalRuim({ casas: 6, minimo: 0 }), fc.constantFrom('0', '0.000000', '-0')),
    ),
    empresasUsuario('permissao', inteiroRuim(1)),
    validaPermissao('permissaoId', inteiroRuim(1)),
    liberacao('permissao', inteiroRuim(1)),
    liberacao('login', fc.oneof(foraDoInteiro, fracionario, fc.integer({ min: INTEIRO_MINIMO, max: -1 }))),
    liberacao('desconto.modo', inteiroRuim(0, 4)),
    liberacao('desconto.valor', decimalRuim({ casas: 4, minimo: 0 })),
    status('status', inteiroRuim(0, 7)),
    taxa('taxaEntrega', decimalRuim({ casas: 2, minimo: 0, numero: true })),
    tempo('minutos', inteiroRuim(1, 600)),
    portaria('comanda', inteiroRuim(1, 99999)),
    portaria('pessoas', inteiroRuim(1, 500)),
    imprimir('tipoImpressao', inteiroRuim(1, 11)),
    imprimir('documento.valor', dinheiro),
    imprimir('documento.numero', inteiroRuim(0)),
    imprimir(
      'documento.cabecalho.colunas',
      catalogoRuim([48, 64]).filter((v) => v !== null),
    ),
    imprimirConta('documento.itens.0.quantidade', dinheiro),
    imprimirConta('documento.itens.0.valorTotal', dinheiro),
    imprimirConta('documento.total', dinheiro),
    imprimirConta('documento.pessoas', inteiroRuim(1, 50)),
    imprimirConta('documento.venda.mesa', inteiroRuim(0)),
    producao('venda.numero', inteiroRuim(0)),
    producao('venda.sequencialPeriodo', inteiroRuim(0)),
    producao('venda.mesa', inteiroRuim(0)),
    producao('venda.comanda', inteiroRuim(0)),
    producao('venda.tipoVenda', catalogoRuim([53, 54, 55, 56])),
    producao('itens.0.quantidade', dinheiro),
    lista('status.0', inteiroRuim(1, 4)),
    lista('limit', inteiroRuim(1, 500)),
    preview('modelo', inteiroRuim(0, 8)),
    preview('documento.subTotal', dinheiro),
    preview('documento.itens.0.valorUnitario', dinheiro),
    preview('documento.venda.numero', inteiroRuim(0)),
    reservar('limit', inteiroRuim(1, 100), doAgente),
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

/** The agent's token records its last use on each request (agente_impressao), refused or not: not a change. */
const semUsoDoAgente = (foto: string) =>
  foto
    .split(' ')
    .filter((parte) => !parte.startsWith('agente_impressao:'))
    .join(' ');

const escapar = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('fuzz of bad numbers and dates on the fiscal, users, KDS and printing routes (issue 14 point 8)', () => {
  it('each is refused by its own schema with a pt-BR message naming the field; no 5xx; nothing changes', async () => {
    const lista = alvos();
    const placar = { entradas: 0, erros5xx: 0, vazamentos: 0, aceitas: 0, semCampo: 0, mudancas: 0 };
    const falhas = new Map<string, string>();
    let antes = await aguardarBancoParado(foto);
    for (const alvo of lista) {
      let ultima = '';
      await fc
        .assert(
          fc.asyncProperty(alvo.ruim, async (valor) => {
            const consulta = alvo.campo.startsWith('?') ? alvo.campo.slice(1) : undefined;
            const url = consulta
              ? `${alvo.url()}?${consulta}=${encodeURIComponent(String(valor))}`
              : alvo.url();
            const corpo = consulta ? alvo.corpo?.() : comValor(alvo.corpo?.() ?? {}, alvo.campo, valor);
            const token = alvo.token?.() ?? l.admin;
            const r: Resposta =
              alvo.metodo === 'GET'
                ? await l.get(url, token)
                : alvo.metodo === 'PUT'
                  ? await l.put(url, corpo, token)
                  : await l.post(url, corpo, token);
            const mensagem = r.corpo?.data?.message;
            const nome = consulta ?? alvo.campo;
            placar.entradas++;
            const depois = await foto();
            const mudou = semUsoDoAgente(depois) !== semUsoDoAgente(antes);
            antes = depois;
            const descricao = `${alvo.rota} ${alvo.campo} = ${JSON.stringify(valor)} -> ${r.status} ${JSON.stringify(r.corpo).slice(0, 300)}`;
            ultima = descricao;
            if (r.status >= 500) placar.erros5xx++;
            else if (r.corpo?.valido !== false) placar.aceitas++;
            else if (vaza(mensagem)) placar.vazamentos++;
            else if (!new RegExp(`\\b${escapar(nome)}: `).test(String(mensagem))) placar.semCampo++;
            if (mudou) placar.mudancas++;
            expect(r.status, descricao).toBe(200);
            expect(r.corpo.valido, descricao).toBe(false);
            expect(vaza(mensagem), descricao).toBe(false);
            // Named by its path, as the schema's refusal says it: 'Dados inválidos. filtro.serie: ...'.
            expect(mensagem, descricao).toMatch(new RegExp(`^Dados inválidos\\..*\\b${escapar(nome)}: `));
            expect(mudou, `${descricao} mudou o banco`).toBe(false);
          }),
          { numRuns: CASOS_POR_CAMPO },
        )
        .catch((erro: unknown) => {
          // The counterexample and the answer it got, not the whole report.
          falhas.set(`${alvo.rota} ${alvo.campo}`, ultima || String(erro).split('\n')[0] || '');
        });
    }
    const rotas = new Set(lista.map((x) => x.rota.replace(/ \(.*\)$/, ''))).size;
    console.log(
      `fuzz de entrada (fiscal, usuários, KDS, impressão): ${placar.entradas} entradas em ${lista.length} campos de ${rotas} rotas, 5xx: ${placar.erros5xx}, vazamentos: ${placar.vazamentos}, aceitas: ${placar.aceitas}, sem o campo: ${placar.semCampo}, mudanças: ${placar.mudancas}`,
    );
    expect([...falhas.entries()]).toEqual([]);
    expect(placar).toMatchObject({ erros5xx: 0, vazamentos: 0, aceitas: 0, semCampo: 0, mudancas: 0 });
  }, 300_000);

  it('a login typed as an internal code past the integer column is nobody: the wrong-password answer', async () => {
    const antes = await aguardarBancoParado(foto);
    const senha = sha256Hex('errada123');
    const longe = await t.post('/api/login', {
      email: '99999999999',
      senha,
      grupoEmpresarial: t.demo.grupoId,
    });
    const inexistente = await t.post('/api/login', {
      email: '98765',
      senha,
      grupoEmpresarial: t.demo.grupoId,
    });
    expect(longe.status).toBe(200);
    expect(longe.corpo).toEqual(inexistente.corpo);
    expect(longe.corpo.data.message).toBe('Usuário ou senha inválidos.');
    const liberacao = await l.post('/api/liberacaoSupervisor', {
      login: '99999999999',
      senha,
      permissao: 13,
      empresa: l.empresa,
      desconto: { modo: 1, valor: '5.00' },
    });
    expect(liberacao.corpo).toEqual({ valido: false, data: { message: 'Usuário ou senha inválidos.' } });
    expect(semUsoDoAgente(await aguardarBancoParado(foto))).toBe(semUsoDoAgente(antes));
  });
});
