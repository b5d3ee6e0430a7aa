import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppTeste, criarAppTeste } from './app-teste.ts';

// Issue 14 point 7, written as the attack: a cashier (no product permission) uploads and deletes product
// images; an anonymous client reads from /storage/ what no product page shows (a stray file in the storage
// folder, another folder, a directory listing, a dotfile, an escape).

let t: AppTeste;
let admin: string;
let caixa: string;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'seguranca-arquivos-'));

beforeAll(async () => {
  t = await criarAppTeste({ dataDir });
  admin = await t.login('admin@exemplo.com.br', 'admin123');
  caixa = await t.login('caixa@exemplo.com.br', 'caixa123');
}, 300_000);
afterAll(async () => {
  await t.fechar();
  fs.rmSync(dataDir, { recursive: true, force: true });
}, 120_000);

async function enviar(token: string, campos: Record<string, string>, arquivo: Buffer) {
  const form = new FormData();
  for (const [k, v] of Object.entries(campos)) form.append(k, v);
  form.append('file1', new Blob([arquivo]), 'foto.png');
  const req = new Request('http://x/', { method: 'POST', body: form });
  const r = await t.app.inject({
    method: 'POST',
    url: '/api/uploadS3',
    headers: { token, 'content-type': req.headers.get('content-type') ?? '' },
    payload: Buffer.from(await req.arrayBuffer()),
  });
  return r.json() as { valido: boolean; data: Record<string, unknown> & { message?: string } };
}

const png = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#0a0' } })
    .png()
    .toBuffer();

/** Every file under the storage folder, relative to it. */
function arquivosGuardados(): string[] {
  const raiz = path.join(dataDir, 'storage');
  if (!fs.existsSync(raiz)) return [];
  return fs.readdirSync(raiz, { recursive: true, encoding: 'utf8' }).filter((f) => {
    return fs.statSync(path.join(raiz, f)).isFile();
  });
}

describe('product images need the product permission (issue 14 point 7)', () => {
  it('a cashier cannot upload an image: refused in pt-BR and nothing is written', async () => {
    const antes = arquivosGuardados();
    const r = await enviar(caixa, { caminho: 'produtos' }, await png());
    expect(r).toEqual({
      valido: false,
      data: { message: 'Falha ao fazer upload: usuário sem permissão para alterar produtos.' },
    });
    expect(arquivosGuardados()).toEqual(antes);
  });

  it("a cashier cannot delete a product's image: refused and the files stay served", async () => {
    const enviada = await enviar(admin, { caminho: 'produtos', thumbnails: '200x200' }, await png());
    expect(enviada.valido).toBe(true);
    const url = enviada.data.url as string;
    const r = await t.post('/api/deleteS3', { caminho: url }, caixa);
    expect(r.corpo).toEqual({
      valido: false,
      data: { message: 'Erro ao deletar imagem: usuário sem permissão para alterar produtos.' },
    });
    expect((await t.app.inject({ url })).statusCode).toBe(200);
    // The administrator (product permission) still can.
    const apagar = await t.post('/api/deleteS3', { caminho: url }, admin);
    expect(apagar.corpo.data.removidos).toHaveLength(3);
  });

  it('an upload goes only to the product images folder', async () => {
    const r = await enviar(admin, { caminho: 'documentos' }, await png());
    expect(r.data.message).toBe('Falha ao fazer upload: caminho inválido.');
  });
});

describe('/storage/ serves only what a product page shows (issue 14 point 7)', () => {
  it('serves a product image and its thumbnails, and nothing else that sits in the storage folder', async () => {
    const enviada = await enviar(admin, { caminho: 'produtos', thumbnails: '200x200' }, await png());
    const url = enviada.data.url as string;
    const miniatura = (enviada.data.thumbnails as { url: string }[])[0]?.url ?? '';
    for (const u of [url, miniatura, (enviada.data.thumbnail1024 as { url: string }).url]) {
      const r = await t.app.inject({ url: u });
      expect(r.statusCode, u).toBe(200);
      expect(r.headers['content-type']).toBe('image/png');
    }

    // Files planted in the storage folder by anything else than an upload of a product image.
    const raiz = path.join(dataDir, 'storage');
    const g = t.demo.grupoId;
    const plantados: Record<string, string> = {
      'segredo.txt': 'SEGREDO-RAIZ',
      [`${g}/produtos/.env`]: 'SEGREDO-DOTFILE',
      [`${g}/produtos/notas.txt`]: 'SEGREDO-TXT',
      [`${g}/documentos/${'a'.repeat(24)}.png`]: 'SEGREDO-OUTRA-PASTA',
      [`${g}/produtos/sub/${'b'.repeat(24)}.png`]: 'SEGREDO-SUBPASTA',
      [`${g}/produtos/${'c'.repeat(24)}.png.bak`]: 'SEGREDO-BAK',
    };
    for (const [arquivo, conteudo] of Object.entries(plantados)) {
      fs.mkdirSync(path.dirname(path.join(raiz, arquivo)), { recursive: true });
      fs.writeFileSync(path.join(raiz, arquivo), conteudo);
    }
    fs.writeFileSync(path.join(dataDir, 'fora.txt'), 'SEGREDO-FORA');
    const pedidos = [
      ...Object.keys(plantados).map((a) => `/storage/${a}`),
      `/storage/${g}/produtos/`,
      `/storage/${g}/`,
      '/storage/',
      '/storage/../fora.txt',
      '/storage/%2e%2e/fora.txt',
      '/storage/..%2ffora.txt',
      `/storage/${g}/produtos/..%2f..%2f..%2ffora.txt`,
      `/storage/${g}%2fprodutos%2f.env`,
    ];
    for (const alvo of pedidos) {
      const r = await t.app.inject({ url: alvo });
      expect([403, 404], `${alvo} ${r.statusCode}`).toContain(r.statusCode);
      expect(r.body, alvo).not.toContain('SEGREDO');
    }
  });
});
