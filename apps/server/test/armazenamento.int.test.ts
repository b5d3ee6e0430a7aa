import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppTeste, criarAppTeste } from './app-teste.ts';

let t: AppTeste;
let token: string;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'armazenamento-'));

beforeAll(async () => {
  t = await criarAppTeste({ dataDir });
  token = await t.login('admin@exemplo.com.br', 'admin123');
});
afterAll(async () => {
  await t.fechar();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function enviar(campos: Record<string, string>, arquivo?: Buffer, nome = 'foto.png') {
  const form = new FormData();
  for (const [k, v] of Object.entries(campos)) form.append(k, v);
  if (arquivo) form.append('file1', new Blob([arquivo]), nome);
  const req = new Request('http://x/', { method: 'POST', body: form });
  const corpo = Buffer.from(await req.arrayBuffer());
  const r = await t.app.inject({
    method: 'POST',
    url: '/api/uploadS3',
    headers: { token, 'content-type': req.headers.get('content-type') ?? '' },
    payload: corpo,
  });
  return r.json() as { valido: boolean; data: Record<string, unknown> & { message?: string } };
}

describe('uploadS3 / deleteS3 on local storage', () => {
  it('stores an image with thumbnails named by width and height plus the 1024-height one, served under /storage/', async () => {
    const png = await sharp({ create: { width: 2000, height: 1500, channels: 3, background: '#c00' } })
      .png()
      .toBuffer();
    const r = await enviar(
      { caminho: 'produtos', thumbnails: JSON.stringify([{ largura: 200, altura: 200 }]) },
      png,
    );
    expect(r.valido, JSON.stringify(r)).toBe(true);
    const url = r.data.url as string;
    expect(url).toMatch(new RegExp(`^/storage/${t.demo.grupoId}/produtos/[0-9a-f]{24}\\.png$`));
    const miniatura = (r.data.thumbnails as { url: string }[])[0]!.url;
    expect(miniatura).toMatch(/_200x200\.png$/);
    const servida = await t.app.inject({ url: miniatura });
    expect(servida.statusCode).toBe(200);
    expect((await sharp(servida.rawPayload).metadata()).width).toBe(200);
    const extra = (r.data.thumbnail1024 as { url: string }).url;
    expect((await sharp((await t.app.inject({ url: extra })).rawPayload).metadata()).height).toBe(1024);

    const apagar = await t.post('/api/deleteS3', { caminho: url }, token);
    expect(apagar.corpo.data.removidos).toHaveLength(3);
    for (const u of [url, miniatura, extra]) expect((await t.app.inject({ url: u })).statusCode).toBe(404);
  });

  it('refuses what is not an image, a missing file, and a path that tries to escape', async () => {
    expect((await enviar({ caminho: 'produtos' }, Buffer.from('não sou imagem'))).data.message).toBe(
      'Falha ao fazer upload: envie uma imagem JPEG, PNG, WebP ou GIF.',
    );
    expect((await enviar({ caminho: 'produtos' })).data.message).toBe(
      'Falha ao fazer upload: arquivo (file1) não informado.',
    );
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    expect((await enviar({ caminho: '../../etc' }, png)).data.message).toBe(
      'Falha ao fazer upload: caminho inválido.',
    );
    const outro = await t.post('/api/deleteS3', { caminho: 'outrogrupo/produtos/x.png' }, token);
    expect(outro.corpo.data.message).toBe('Erro ao deletar imagem: outrogrupo/produtos/x.png');
  });
});
