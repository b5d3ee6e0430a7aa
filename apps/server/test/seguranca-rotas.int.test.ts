import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENSAGEM_LOGIN_EXPIRADO } from '../src/lib/envelope.ts';
import { type AppTeste, criarAppTeste } from './app-teste.ts';

// Issue 14 point 4, written as the attack: every registered route is called without a token, with the
// ordinary target and with the absolute-form one (`GET http://x/api/... HTTP/1.1`), and must answer like
// a missing token. The routes come from Fastify's own route tree (printRoutes), not from our guard, so a
// route registered past the guard would show up here unguarded.

let t: AppTeste;
let porta = 0;
beforeAll(async () => {
  t = await criarAppTeste();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const endereco = t.app.server.address();
  porta = typeof endereco === 'object' && endereco ? endereco.port : 0;
}, 300_000);
afterAll(() => t.fechar(), 120_000);

/** Routes answered without a token on purpose (docs/SEGURANCA.md lists why each one is public). */
const PUBLICAS = new Set([
  'POST /api/login',
  'POST /api/getGrupoEmpresarialLista',
  'POST /api/recuperarSenha',
  'POST /api/validaAlterarSenha',
  'POST /api/alterarSenha',
  'GET /api/health',
  'GET /config.json',
  // Delivery apps (issue 20): the app's signed webhook and the store's menu it reads (docs/SEGURANCA.md).
  'POST /api/deliveryApps/od/newEvent',
  'GET /api/deliveryApps/od/:id/v1/merchant',
]);
const ehDocumentacao = (caminho: string) => caminho === '/api/docs' || caminho.startsWith('/api/docs/');

/** `METHOD /path` of every route in Fastify's tree (printRoutes nests by shared prefix: rebuild the paths). */
function rotasRegistradas(arvore: string): string[] {
  const pilha: string[] = [];
  const rotas: string[] = [];
  for (const linha of arvore.split('\n')) {
    const m = /^([│├└─\s]*)(\S.*?)(?: \(([A-Z, ]+)\))?$/.exec(linha);
    if (!m) continue;
    const nivel = Math.floor((m[1] ?? '').length / 4);
    pilha.length = nivel;
    pilha[nivel] = m[2] ?? '';
    const caminho = pilha.join('');
    for (const metodo of (m[3] ?? '').split(',').map((x) => x.trim())) {
      if (metodo && metodo !== 'HEAD' && metodo !== 'OPTIONS') rotas.push(`${metodo} ${caminho}`);
    }
  }
  return rotas;
}

const comValores = (caminho: string) =>
  caminho.replace(/:[A-Za-z]+/g, '0123456789abcdef01234567').replace(/\*$/, 'x');

/** A raw HTTP/1.1 exchange, so the request target can be written in absolute form. */
function pedidoBruto(metodo: string, alvo: string): Promise<{ status: number; corpo: string }> {
  return new Promise((resolve, reject) => {
    const s = net.connect(porta, '127.0.0.1');
    let resposta = '';
    s.on('data', (d) => {
      resposta += d.toString('utf8');
    });
    s.on('error', reject);
    s.on('end', () => {
      const [cabecalho = '', corpo = ''] = resposta.split('\r\n\r\n');
      const status = Number(/^HTTP\/1\.1 (\d+)/.exec(cabecalho)?.[1] ?? 0);
      // A chunked body: keep only the JSON between the chunk sizes.
      const json = corpo.includes('{') ? corpo.slice(corpo.indexOf('{'), corpo.lastIndexOf('}') + 1) : corpo;
      resolve({ status, corpo: json });
    });
    const corpo = metodo === 'GET' || metodo === 'DELETE' ? '' : '{}';
    s.write(
      `${metodo} ${alvo} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n` +
        (corpo ? `Content-Type: application/json\r\nContent-Length: ${corpo.length}\r\n` : '') +
        `\r\n${corpo}`,
    );
  });
}

describe('every route needs a token (issue 14 point 4)', () => {
  it('answers a missing token on every non-public route, in origin and absolute form', async () => {
    const rotas = rotasRegistradas(t.app.printRoutes({ commonPrefix: false }));
    // The tree really was read: login, the sale and the KDS are there.
    expect(rotas).toContain('POST /api/login');
    expect(rotas).toContain('POST /api/venda');
    expect(rotas.length).toBeGreaterThan(100);
    const esperado = { valido: false, loginExpirado: true, data: { message: MENSAGEM_LOGIN_EXPIRADO } };
    const falhas: string[] = [];
    let protegidas = 0;
    for (const rota of rotas) {
      const [metodo = '', caminho = ''] = rota.split(' ');
      if (PUBLICAS.has(rota) || ehDocumentacao(caminho) || !caminho.startsWith('/api/')) continue;
      protegidas++;
      const alvo = comValores(caminho);
      const normal = await t.app.inject({
        method: metodo as 'GET',
        url: alvo,
        ...(metodo === 'GET' || metodo === 'DELETE' ? {} : { payload: {} }),
      });
      const variantes = [
        await pedidoBruto(metodo, `http://x${alvo}`),
        await pedidoBruto(metodo, `http://127.0.0.1:${porta}${alvo}`),
      ];
      for (const [nome, r] of [
        ['origem', { status: normal.statusCode, corpo: normal.body }],
        ['absoluta', variantes[0]],
        ['absoluta com porta', variantes[1]],
      ] as const) {
        let corpo: unknown;
        try {
          corpo = JSON.parse(r?.corpo ?? '');
        } catch {
          corpo = r?.corpo;
        }
        if (r?.status !== 200 || JSON.stringify(corpo) !== JSON.stringify(esperado)) {
          falhas.push(`${rota} (${nome}): ${r?.status} ${String(r?.corpo).slice(0, 120)}`);
        }
      }
    }
    expect(falhas).toEqual([]);
    expect(protegidas).toBeGreaterThan(100);
  });

  it('non-API routes are only the web app files and config.json', () => {
    const fora = rotasRegistradas(t.app.printRoutes({ commonPrefix: false }))
      .map((r) => r.split(' ')[1] ?? '')
      .filter((c) => !c.startsWith('/api/'));
    // The test app has no built web app; the local storage's static files (`/storage/*`) show in the tree as
    // a bare `*` (printRoutes prints wildcards that way).
    expect([...new Set(fora)].sort()).toEqual(['*', '/config.json']);
  });

  it('a public route still answers without a token, also in absolute form', async () => {
    const r = await pedidoBruto('GET', 'http://x/api/health');
    expect(JSON.parse(r.corpo)).toMatchObject({ valido: true, data: { status: 'ok' } });
  });
});
