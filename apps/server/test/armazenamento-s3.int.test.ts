import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConfigS3, lerConfigS3 } from '../src/config.ts';
import { assinar, dataHoraAmz, sha256Hex } from '../src/modules/armazenamento/assinatura-v4.ts';
import { ClienteS3, ErroS3 } from '../src/modules/armazenamento/cliente-s3.ts';
import { CREDENCIAIS_DEMO_S3, iniciarSimuladorS3, type SimuladorS3 } from '../src/simuladores/s3.ts';
import { type AppTeste, criarAppTeste } from './app-teste.ts';

// uploadS3/deleteS3 on an S3-compatible bucket: our SigV4 client against the local S3 simulator, which
// checks every signature. The same routes as on local disk (armazenamento.int.test.ts).

let simulador: SimuladorS3;
const config = (extra: Partial<ConfigS3> = {}): ConfigS3 => ({
  endpoint: simulador.url,
  regiao: 'sa-east-1',
  bucket: 'retaguarda',
  chaveAcesso: CREDENCIAIS_DEMO_S3.chaveAcesso,
  segredo: CREDENCIAIS_DEMO_S3.segredo,
  estiloCaminho: true,
  urlPublica: undefined,
  ...extra,
});

beforeAll(async () => {
  simulador = await iniciarSimuladorS3({ regiao: 'sa-east-1', leituraPublica: true });
});
afterAll(async () => {
  await simulador?.fechar();
});

const png = (largura: number, altura: number) =>
  sharp({ create: { width: largura, height: altura, channels: 3, background: '#0a0' } })
    .png()
    .toBuffer();

async function enviar(t: AppTeste, token: string, campos: Record<string, string>, arquivo: Buffer) {
  const form = new FormData();
  for (const [k, v] of Object.entries(campos)) form.append(k, v);
  form.append('file1', new Blob([new Uint8Array(arquivo)]), 'foto.png');
  const req = new Request('http://x/', { method: 'POST', body: form });
  const r = await t.app.inject({
    method: 'POST',
    url: '/api/uploadS3',
    headers: { token, 'content-type': req.headers.get('content-type') ?? '' },
    payload: Buffer.from(await req.arrayBuffer()),
  });
  return r.json() as { valido: boolean; data: Record<string, unknown> & { message?: string } };
}

describe('S3 client against the simulator', () => {
  it('puts, reads, lists and deletes an object; a key with spaces and accents is signed right', async () => {
    const cliente = new ClienteS3(config());
    const chave = 'cliente/pasta com espaço/ação+1.txt';
    await cliente.putObject(chave, Buffer.from('olá'), 'text/plain');
    expect(simulador.objetos().get(chave)?.corpo.toString()).toBe('olá');
    const lido = await cliente.getObject(chave);
    expect(lido?.corpo.toString()).toBe('olá');
    expect(lido?.tipo).toBe('text/plain');
    expect(await cliente.listar('cliente/pasta com')).toEqual([chave]);
    expect(await cliente.listar('nada/')).toEqual([]);
    await cliente.deleteObject(chave);
    expect(await cliente.getObject(chave)).toBeUndefined();
    expect(simulador.objetos().has(chave)).toBe(false);
  });

  it('lists every page of a long listing (continuation token)', async () => {
    const cliente = new ClienteS3(config());
    const chaves = Array.from({ length: 1005 }, (_, i) => `lista/${String(i).padStart(4, '0')}`);
    for (const k of chaves) simulador.objetos().set(k, { corpo: Buffer.from('x'), tipo: 'text/plain' });
    expect(await cliente.listar('lista/')).toEqual(chaves);
    for (const k of chaves) simulador.objetos().delete(k);
  });

  it('a wrong secret is refused with 403 SignatureDoesNotMatch, an unknown key with InvalidAccessKeyId', async () => {
    const errado = new ClienteS3(config({ segredo: 'outro-segredo' }));
    const erro = await errado.putObject('x/y.txt', Buffer.from('a')).catch((e: unknown) => e);
    expect(erro).toBeInstanceOf(ErroS3);
    expect((erro as ErroS3).status).toBe(403);
    expect((erro as ErroS3).codigo).toBe('SignatureDoesNotMatch');
    expect((erro as ErroS3).message).toBe(
      'o armazenamento S3 recusou a assinatura (SignatureDoesNotMatch): confira o segredo de acesso (S3_SECRET_ACCESS_KEY).',
    );
    const desconhecida = new ClienteS3(config({ chaveAcesso: 'NINGUEM' }));
    await expect(desconhecida.putObject('x/y.txt', Buffer.from('a'))).rejects.toThrow(
      'o armazenamento S3 não reconhece a chave de acesso (InvalidAccessKeyId): confira S3_ACCESS_KEY_ID.',
    );
    await expect(
      new ClienteS3(config({ bucket: 'sumiu' })).putObject('a.txt', Buffer.from('a')),
    ).rejects.toThrow('o bucket "sumiu" não existe no armazenamento S3 (NoSuchBucket): confira S3_BUCKET.');
    // A clock 20 minutes off is refused too (a signature cannot be replayed later).
    const atrasado = new ClienteS3(config(), () => new Date(Date.now() - 20 * 60_000));
    await expect(atrasado.putObject('a.txt', Buffer.from('a'))).rejects.toThrow('RequestTimeTooSkewed');
    expect(simulador.objetos().has('x/y.txt')).toBe(false);
    expect(simulador.objetos().has('a.txt')).toBe(false);
  });

  it('the simulator refuses a body that does not match its signed hash, and anonymous writes', async () => {
    const cliente = new ClienteS3(config());
    await cliente.putObject('intacto.txt', Buffer.from('original'));
    // Anonymous: writes are refused; reads only because this bucket is public-read.
    const anonimo = await fetch(`${simulador.url}/retaguarda/intacto.txt`, {
      method: 'PUT',
      body: 'trocado',
    });
    expect(anonimo.status).toBe(403);
    expect(await anonimo.text()).toContain('<Code>AccessDenied</Code>');
    expect(await (await fetch(`${simulador.url}/retaguarda/intacto.txt`)).text()).toBe('original');
    // A request signed for one body, sent with another.
    const dataHora = dataHoraAmz(new Date());
    const host = new URL(simulador.url).host;
    const hashCorpo = sha256Hex('original');
    const cabecalhos = { host, 'x-amz-date': dataHora, 'x-amz-content-sha256': hashCorpo };
    const { authorization } = assinar(
      { metodo: 'PUT', caminho: '/retaguarda/intacto.txt', consulta: [], cabecalhos, hashCorpo },
      CREDENCIAIS_DEMO_S3,
      'sa-east-1',
      's3',
    );
    const trocado = await fetch(`${simulador.url}/retaguarda/intacto.txt`, {
      method: 'PUT',
      headers: { 'x-amz-date': dataHora, 'x-amz-content-sha256': hashCorpo, authorization },
      body: 'trocado',
    });
    expect(trocado.status).toBe(400);
    expect(await trocado.text()).toContain('<Code>XAmzContentSHA256Mismatch</Code>');
    expect(simulador.objetos().get('intacto.txt')?.corpo.toString()).toBe('original');
    await cliente.deleteObject('intacto.txt');
  });
});

describe('uploadS3 / deleteS3 on S3', () => {
  let t: AppTeste;
  let token: string;
  beforeAll(async () => {
    t = await criarAppTeste({ s3: config() });
    token = await t.login('admin@exemplo.com.br', 'admin123');
  });
  afterAll(async () => {
    await t?.fechar();
  });

  it('upload -> the image, its thumbnail and the 1024-height one are in the bucket -> delete removes all', async () => {
    const r = await enviar(
      t,
      token,
      { caminho: 'produtos', thumbnails: JSON.stringify([{ largura: 200, altura: 150 }]) },
      await png(1600, 2000),
    );
    expect(r.valido, JSON.stringify(r)).toBe(true);
    const caminho = r.data.caminho as string;
    const base = caminho.replace(/\.png$/, '');
    expect(caminho).toMatch(new RegExp(`^${t.demo.grupoId}/produtos/[0-9a-f]{24}\\.png$`));
    expect([...simulador.objetos().keys()].filter((k) => k.startsWith(base)).sort()).toEqual([
      `${base}.png`,
      `${base}_1024.png`,
      `${base}_200x150.png`,
    ]);
    expect(simulador.objetos().get(`${base}.png`)?.tipo).toBe('image/png');
    // A private bucket: the files are read through this server's /storage/.
    const miniatura = (r.data.thumbnails as { url: string }[])[0]!.url;
    expect(miniatura).toBe(`/storage/${base}_200x150.png`);
    const servida = await t.app.inject({ url: miniatura });
    expect(servida.statusCode).toBe(200);
    expect(servida.headers['content-type']).toBe('image/png');
    expect(await sharp(servida.rawPayload).metadata()).toMatchObject({ width: 200, height: 150 });
    const extra = (r.data.thumbnail1024 as { url: string }).url;
    expect((await sharp((await t.app.inject({ url: extra })).rawPayload).metadata()).height).toBe(1024);

    const apagar = await t.post('/api/deleteS3', { lista: [r.data.url as string] }, token);
    expect(apagar.corpo.valido, JSON.stringify(apagar.corpo)).toBe(true);
    expect((apagar.corpo.data.removidos as string[]).sort()).toEqual([
      `${base}.png`,
      `${base}_1024.png`,
      `${base}_200x150.png`,
    ]);
    expect([...simulador.objetos().keys()].filter((k) => k.startsWith(base))).toEqual([]);
    expect((await t.app.inject({ url: miniatura })).statusCode).toBe(404);
    // Deleting again removes nothing and is not an error.
    expect((await t.post('/api/deleteS3', { caminho }, token)).corpo.data.removidos).toEqual([]);
  });

  it('a storage fault in the middle of an upload removes what was already written', async () => {
    simulador.falharPutDe((chave) => chave.endsWith('_1024.png'));
    try {
      const antes = simulador.objetos().size;
      const r = await enviar(t, token, { caminho: 'produtos' }, await png(300, 300));
      expect(r.valido).toBe(false);
      expect(r.data.message).toMatch(
        /^Falha ao fazer upload: o armazenamento S3 respondeu 500 \(InternalError\)/,
      );
      expect(simulador.objetos().size).toBe(antes);
    } finally {
      simulador.falharPutDe(() => false);
    }
  });
});

describe('uploadS3 with wrong S3 credentials, and with a public bucket address', () => {
  let errado: AppTeste;
  let publico: AppTeste;
  beforeAll(async () => {
    errado = await criarAppTeste({ s3: config({ segredo: 'segredo-errado' }) });
    publico = await criarAppTeste({ s3: config({ urlPublica: `${simulador.url}/retaguarda` }) });
  });
  afterAll(async () => {
    await errado?.fechar();
    await publico?.fechar();
  });

  it('wrong secret: a clear pt-BR error and nothing is recorded in the bucket', async () => {
    const token = await errado.login('admin@exemplo.com.br', 'admin123');
    const antes = simulador.objetos().size;
    const recusas = simulador.pedidos.filter((p) => p.codigo === 'SignatureDoesNotMatch').length;
    const r = await enviar(errado, token, { caminho: 'produtos' }, await png(100, 100));
    expect(r).toEqual({
      valido: false,
      data: {
        message:
          'Falha ao fazer upload: o armazenamento S3 recusou a assinatura (SignatureDoesNotMatch): confira o segredo de acesso (S3_SECRET_ACCESS_KEY).',
      },
    });
    expect(simulador.objetos().size).toBe(antes);
    expect(simulador.pedidos.filter((p) => p.codigo === 'SignatureDoesNotMatch').length).toBeGreaterThan(
      recusas,
    );
    const apagar = await errado.post(
      '/api/deleteS3',
      { caminho: `${errado.demo.grupoId}/produtos/a.png` },
      token,
    );
    expect(apagar.corpo.data.message).toBe(
      'Erro ao deletar imagem: o armazenamento S3 recusou a assinatura (SignatureDoesNotMatch): confira o segredo de acesso (S3_SECRET_ACCESS_KEY).',
    );
  });

  it('public address: URLs point at the bucket, images there are allowed by the CSP, delete takes the full URL', async () => {
    const token = await publico.login('admin@exemplo.com.br', 'admin123');
    const r = await enviar(publico, token, { caminho: 'produtos' }, await png(100, 100));
    expect(r.valido, JSON.stringify(r)).toBe(true);
    const url = r.data.url as string;
    expect(url).toBe(`${simulador.url}/retaguarda/${r.data.caminho as string}`);
    expect((await fetch(url)).status).toBe(200);
    const csp = String(
      (await publico.app.inject({ url: '/config.json' })).headers['content-security-policy'],
    );
    expect(csp).toContain(`img-src 'self' data: blob: ${simulador.url}`);
    const apagar = await publico.post('/api/deleteS3', { caminho: url }, token);
    expect(apagar.corpo.data.removidos).toHaveLength(2);
    expect((await fetch(url)).status).toBe(404);
  });
});

describe('S3 settings', () => {
  it('none = local disk; a partial set is refused with what is missing', () => {
    expect(lerConfigS3({})).toBeUndefined();
    expect(() => lerConfigS3({ S3_ENDPOINT: 'http://minio:9000', S3_BUCKET: 'fotos' })).toThrow(
      'Armazenamento S3 incompleto: defina também S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY.',
    );
    expect(
      lerConfigS3({
        S3_ENDPOINT: 'https://s3.sa-east-1.amazonaws.com/',
        S3_REGION: 'sa-east-1',
        S3_BUCKET: 'fotos',
        S3_ACCESS_KEY_ID: 'AK',
        S3_SECRET_ACCESS_KEY: 'SK',
        S3_PATH_STYLE: 'false',
      }),
    ).toEqual({
      endpoint: 'https://s3.sa-east-1.amazonaws.com',
      regiao: 'sa-east-1',
      bucket: 'fotos',
      chaveAcesso: 'AK',
      segredo: 'SK',
      estiloCaminho: false,
      urlPublica: undefined,
    });
  });
});
