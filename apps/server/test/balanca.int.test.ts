import { inflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppTeste, criarAppTeste } from './app-teste.ts';

// Issue 20 "Scales": POST /api/downloadArquivoBalanca answers a zip with the brand's item files built from
// the store's products (demo: "Queijo Mussarela (kg)" is the one product sold by kg) and refuses bad input
// in pt-BR.

let t: AppTeste;
let admin: string;
let garcom: string;
beforeAll(async () => {
  t = await criarAppTeste();
  admin = await t.login('admin@exemplo.com.br', 'admin123');
  garcom = await t.login('garcom@exemplo.com.br', 'garcom123');
}, 300_000);
afterAll(() => t.fechar(), 120_000);

/** Entries of a zip (local headers, deflate or stored), enough for the server's own writer. */
function lerZip(zip: Buffer): Record<string, Buffer> {
  const saida: Record<string, Buffer> = {};
  let p = 0;
  while (zip.readUInt32LE(p) === 0x04034b50) {
    const metodo = zip.readUInt16LE(p + 8);
    const tamanho = zip.readUInt32LE(p + 18);
    const nomeTam = zip.readUInt16LE(p + 26);
    const extraTam = zip.readUInt16LE(p + 28);
    const nome = zip.subarray(p + 30, p + 30 + nomeTam).toString('utf8');
    const dados = zip.subarray(p + 30 + nomeTam + extraTam, p + 30 + nomeTam + extraTam + tamanho);
    saida[nome] = metodo === 8 ? inflateRawSync(dados) : Buffer.from(dados);
    p += 30 + nomeTam + extraTam + tamanho;
  }
  return saida;
}

async function baixar(corpo: Record<string, unknown>, token = admin) {
  const r = await t.app.inject({
    method: 'POST',
    url: '/api/downloadArquivoBalanca',
    headers: { token, version: 'teste' },
    payload: corpo,
  });
  return r;
}

async function produto(descricao: string): Promise<{ _id: string; codigoInterno: number }> {
  const r = await t.post('/api/produtoGeral/getPopulate', { filtro: { descricao } }, admin);
  const p = r.lista.find((x) => x.descricao === descricao);
  if (!p) throw new Error(`produto ${descricao} não encontrado`);
  return p as unknown as { _id: string; codigoInterno: number };
}

describe('POST /api/downloadArquivoBalanca', () => {
  it('Toledo: a zip with ITENSMGV.TXT, DEPTO.TXT and TXITENS.TXT of the weighed products', async () => {
    const r = await baixar({ empresa: t.demo.empresas.centro, balanca: 'toledo' });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('application/zip');
    expect(r.headers['content-disposition']).toContain('balanca-toledo-mgv.zip');
    const arquivos = lerZip(r.rawPayload);
    expect(Object.keys(arquivos)).toEqual(['ITENSMGV.TXT', 'DEPTO.TXT', 'TXITENS.TXT']);
    const queijo = await produto('Queijo Mussarela (kg)');
    const codigo = String(queijo.codigoInterno).padStart(6, '0');
    const linhas = arquivos['ITENSMGV.TXT']?.toString('latin1').split('\r\n') ?? [];
    expect(linhas).toHaveLength(2); // one product and the final CR LF
    // department 01 (its category), type 0 (weight), PLU = internal code, R$ 45,00/kg, no shelf life
    expect(linhas[0]?.slice(0, 18)).toBe(`010${codigo}004500000`);
    expect(linhas[0]?.slice(18, 68)).toBe('Queijo Mussarela (kg)'.padEnd(50));
    expect(linhas[0]).toHaveLength(150);
    expect(arquivos['DEPTO.TXT']?.toString('latin1')).toBe(`01${'Outros'.padEnd(40)}\r\n`);
  });

  it('Toledo: INFNUTRI.TXT and TXINFO.TXT for a product saved with a nutrition table and an extra text', async () => {
    const queijo = await produto('Queijo Mussarela (kg)');
    const tabelaNutricional = {
      porcao: 30,
      unidadePorcao: 'g',
      medidaCaseiraInteira: 1,
      medidaCaseiraFracao: '',
      medidaCaseira: 'Fatia',
      energiaKcal: 90,
      energiaKj: 378,
      carboidratosG: '0.5',
      proteinasG: '6.6',
      gordurasTotaisG: '6.9',
      gordurasSaturadasG: '4.3',
      gordurasTransG: '0',
      fibraG: '0',
      sodioMg: '174.2',
    };
    const informacaoExtra = 'Ingredientes: leite pasteurizado, sal e coalho. Contém lactose.';
    const salvo = await t.put(
      `/api/produtoGeral/${queijo._id}`,
      { tabelaNutricional, informacaoExtra },
      admin,
    );
    expect(salvo.corpo.valido, JSON.stringify(salvo.corpo)).toBe(true);
    // Read back through the registration API.
    const lido = (await t.get(`/api/produtoGeral/${queijo._id}`, admin)).corpo.data as Record<
      string,
      unknown
    >;
    expect(lido.informacaoExtra).toBe(informacaoExtra);
    expect(lido.tabelaNutricional).toMatchObject({ porcao: 30, energiaKcal: 90 });
    // A portion of 0 is refused in pt-BR.
    const ruim = await t.put(
      `/api/produtoGeral/${queijo._id}`,
      { tabelaNutricional: { ...tabelaNutricional, porcao: 0 } },
      admin,
    );
    expect(ruim.corpo.valido).toBe(false);
    expect(JSON.stringify(ruim.corpo.data)).toContain('Porção');

    const r = await baixar({ empresa: t.demo.empresas.centro, balanca: 'toledo' });
    expect(r.statusCode).toBe(200);
    const arquivos = lerZip(r.rawPayload);
    expect(Object.keys(arquivos)).toEqual([
      'ITENSMGV.TXT',
      'DEPTO.TXT',
      'TXITENS.TXT',
      'INFNUTRI.TXT',
      'TXINFO.TXT',
    ]);
    const codigo = String(queijo.codigoInterno).padStart(6, '0');
    const item = arquivos['ITENSMGV.TXT']?.toString('latin1') ?? '';
    expect(item.slice(68, 74)).toBe(codigo); // extra information code
    expect(item.slice(78, 84)).toBe(codigo); // nutrition code
    expect(arquivos['INFNUTRI.TXT']?.toString('latin1')).toBe(
      `N${codigo}00300010070090000506606904300000001742\r\n`,
    );
    expect(arquivos['TXINFO.TXT']?.toString('latin1')).toBe(
      `${codigo}${' '.repeat(100)}${informacaoExtra.padEnd(840)}\r\n`,
    );
    // Cleared again: the other tests see the product without them.
    await t.put(`/api/produtoGeral/${queijo._id}`, { tabelaNutricional: null, informacaoExtra: null }, admin);
  });

  it('Filizola with a selection: unit products too, the accent in Windows-1252', async () => {
    const agua = await produto('Água Mineral 500ml');
    const queijo = await produto('Queijo Mussarela (kg)');
    const r = await baixar({
      empresa: t.demo.empresas.centro,
      balanca: 'filizola',
      produtos: [queijo._id, agua._id],
    });
    expect(r.statusCode).toBe(200);
    const cad = lerZip(r.rawPayload)['CADTXT.TXT'];
    const esperado = Buffer.concat([
      Buffer.from(`${String(agua.codigoInterno).padStart(6, '0')}U`, 'latin1'),
      Buffer.from([0xc1]), // 'Á' in Windows-1252
      Buffer.from(`${'gua Mineral 500ml'.padEnd(21)}0000400000\r\n`, 'latin1'),
      Buffer.from(
        `${String(queijo.codigoInterno).padStart(6, '0')}P${'Queijo Mussarela (kg)'.padEnd(22)}0004500000\r\n`,
        'latin1',
      ),
    ]);
    // Ordered by code: the water was registered before the cheese.
    expect(cad).toEqual(esperado);
  });

  it('refuses in pt-BR: unknown brand, a brand without layout, another store, no permission, unknown product', async () => {
    const falha = async (corpo: Record<string, unknown>, token = admin) => {
      const r = await t.post('/api/downloadArquivoBalanca', corpo, token);
      expect(r.status).toBe(200);
      expect(r.corpo.valido).toBe(false);
      return String(r.corpo.data.message);
    };
    const centro = t.demo.empresas.centro;
    expect(await falha({ empresa: centro, balanca: 'marcaX' })).toContain('Marca de balança desconhecida.');
    expect(await falha({ empresa: centro, balanca: 'elginDp20' })).toBe(
      'Arquivo de carga da balança Elgin DP-20 ainda não disponível.',
    );
    expect(await falha({ empresa: 'b'.repeat(24), balanca: 'toledo' })).toBe(
      'Usuário sem permissão para acessar essa empresa.',
    );
    expect(await falha({ empresa: centro, balanca: 'toledo' }, garcom)).toMatch(/Balança/);
    expect(await falha({ empresa: centro, balanca: 'toledo', produtos: ['c'.repeat(24)] })).toBe(
      'Produto selecionado não encontrado.',
    );
  });

  it("the store's barcode setting is saved on the empresa and reaches the POS; an inconsistent one does not", async () => {
    const centro = t.demo.empresas.centro;
    const registro = (await t.get(`/api/empresa/${centro}`, admin)).corpo.data;
    const configuracoes = (registro.configuracoes ?? {}) as Record<string, unknown>;
    const balanca = {
      habilitado: true,
      tamanhoCodigo: 5,
      tipoValor: 'peso',
      tamanhoValor: 5,
      casasDecimais: 3,
    };
    const salvar = (b: unknown) =>
      t.put(
        `/api/empresa/${centro}`,
        { ...registro, configuracoes: { ...configuracoes, balanca: b } },
        admin,
      );
    expect((await salvar(balanca)).corpo.valido).toBe(true);
    const pos = async () =>
      (
        (await t.post('/api/frenteLoja/empresa', { empresa: centro }, admin)).corpo.data
          .configuracoes as Record<string, unknown>
      ).balanca;
    expect(await pos()).toEqual(balanca);
    // 6 + 6 digits do not fit the 11 of the EAN-13 body: the POS reads no labels rather than misreading them.
    expect((await salvar({ ...balanca, tamanhoCodigo: 6, tamanhoValor: 6 })).corpo.valido).toBe(true);
    expect(await pos()).toBeUndefined();
    // A value out of the registration's bounds is refused when saved.
    const recusa = await salvar({ ...balanca, tamanhoCodigo: 9 });
    expect(recusa.corpo.valido).toBe(false);
  });
  it('the scale screen reads and saves how the POS reads labels; the waiter may not; bad settings refused', async () => {
    const shopping = t.demo.empresas.shopping;
    const lida = await t.post('/api/balanca/configuracaoCodigo', { empresa: shopping }, admin);
    expect(lida.corpo.valido).toBe(true);
    // A store that never set it: the usual Toledo layout, off; its example is PLU 123 at 1 kg.
    expect(lida.corpo.data).toEqual({
      configuracao: {
        habilitado: false,
        tamanhoCodigo: 5,
        tipoValor: 'peso',
        tamanhoValor: 5,
        casasDecimais: 3,
      },
      exemplo: '2001230010003',
    });
    const preco = {
      habilitado: true,
      tamanhoCodigo: 4,
      tipoValor: 'preco',
      tamanhoValor: 6,
      casasDecimais: 2,
    };
    const salva = await t.post(
      '/api/balanca/salvarConfiguracaoCodigo',
      { empresa: shopping, configuracao: preco },
      admin,
    );
    expect(salva.corpo.data).toEqual({ configuracao: preco, exemplo: '2012300010007' });
    const pos = await t.post('/api/frenteLoja/empresa', { empresa: shopping }, admin);
    expect((pos.corpo.data.configuracoes as Record<string, unknown>).balanca).toEqual(preco);

    const recusa = async (corpo: Record<string, unknown>, token = admin) => {
      const r = await t.post('/api/balanca/salvarConfiguracaoCodigo', corpo, token);
      expect(r.corpo.valido).toBe(false);
      return String(r.corpo.data.message);
    };
    expect(
      await recusa({ empresa: shopping, configuracao: { ...preco, tamanhoCodigo: 6, tamanhoValor: 6 } }),
    ).toContain('Código do produto e valor somam mais de 11 dígitos no EAN-13.');
    expect(await recusa({ empresa: shopping, configuracao: preco }, garcom)).toMatch(/Balança/);
    expect(await recusa({ empresa: 'b'.repeat(24), configuracao: preco })).toBe(
      'Usuário sem permissão para acessar essa empresa.',
    );
    // Nothing of the refusals was written.
    const depois = await t.post('/api/balanca/configuracaoCodigo', { empresa: shopping }, admin);
    expect(depois.corpo.data.configuracao).toEqual(preco);
  });
  it("the selection's search answers the store's active products to whoever opens the scale screen", async () => {
    const supervisor = await t.login('supervisor@exemplo.com.br', 'super123');
    const centro = t.demo.empresas.centro;
    const r = await t.post('/api/balanca/produtos', { empresa: centro, busca: 'queijo m' }, supervisor);
    expect(r.corpo.valido).toBe(true);
    const queijo = await produto('Queijo Mussarela (kg)');
    expect(r.corpo.data).toEqual([
      {
        _id: queijo._id,
        descricao: 'Queijo Mussarela (kg)',
        codigoInterno: queijo.codigoInterno,
        unidade: 'KG',
      },
    ]);
    // '%' is a character typed, not a wildcard.
    expect(
      (await t.post('/api/balanca/produtos', { empresa: centro, busca: '%' }, supervisor)).corpo.data,
    ).toEqual([]);
    const negado = await t.post('/api/balanca/produtos', { empresa: centro }, garcom);
    expect(negado.corpo.valido).toBe(false);
    expect(String(negado.corpo.data.message)).toMatch(/Balança/);
  });
});
