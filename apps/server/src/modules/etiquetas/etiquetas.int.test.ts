import type { AddressInfo } from 'node:net';
import { gerarEtiquetas } from '@retaguarda/domain/etiquetas/index';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  type AgenteFilho,
  diretorioTemporario,
  esperar,
  type ImpressoraFalsa,
  impressoraFalsa,
  iniciarAgente,
} from '../../../../print-agent/test/apoio.ts';
import { type AppTeste, criarAppTeste } from '../../../test/app-teste.ts';
import { consultar, consultarUm } from '../../db/consultar.ts';

// Issue 20 "Labels": a batch printed through the print queue reaches the (fake) TCP label printer byte for
// byte, through the real print agent as a child process; bad input is a pt-BR message and queues nothing.

let t: AppTeste;
let admin: string;
let garcom: string;
let url: string;
let tokenAgente: string;
let empresa: string;
let terminal: string;
let impressoraEtiquetas: string;
let setorEtiquetas: string;
let setorCozinha: string;
let impressora: ImpressoraFalsa | undefined;
const agentes: AgenteFilho[] = [];
const produtos: Record<string, string> = {};

const DIA = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());

beforeAll(async () => {
  t = await criarAppTeste();
  admin = await t.login('admin@exemplo.com.br', 'admin123');
  garcom = await t.login('garcom@exemplo.com.br', 'garcom123');
  empresa = t.demo.empresas.centro;
  const emitido = await t.post(
    '/api/impressao/tokenAgente',
    { empresa, descricao: 'PC das etiquetas' },
    admin,
  );
  tokenAgente = emitido.corpo.data.token as string;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  terminal = (
    await consultarUm(
      t.banco.db,
      sql`select id from terminal where empresa_id = ${empresa} and descricao like 'Terminal Caixa%'`,
    )
  )?.id as string;
  setorCozinha = (
    await consultarUm(
      t.banco.db,
      sql`select id from setor_impressao where empresa_id = ${empresa} and descricao = 'Cozinha'`,
    )
  )?.id as string;
  const imp = await t.post(
    '/api/impressora',
    { empresa, descricao: 'Zebra Etiquetas', modelo: 6, ip: '127.0.0.1', porta: '1', formatoEtiqueta: 13 },
    admin,
    { empresa },
  );
  expect(imp.corpo.valido, JSON.stringify(imp.corpo)).toBe(true);
  impressoraEtiquetas = imp.corpo.data._id as string;
  const setor = await t.post(
    '/api/setorImpressao',
    { empresa, descricao: 'Etiquetas', impressora: impressoraEtiquetas, numeroVias: 1 },
    admin,
    { empresa },
  );
  expect(setor.corpo.valido, JSON.stringify(setor.corpo)).toBe(true);
  setorEtiquetas = setor.corpo.data._id as string;
  for (const p of await consultar(t.banco.db, sql`select id, descricao from produto_geral`))
    produtos[p.descricao as string] = p.id as string;
}, 300_000);

afterEach(async () => {
  for (const a of agentes.splice(0)) await a.matar();
  await impressora?.fechar();
  impressora = undefined;
});

afterAll(() => t.fechar(), 120_000);

async function apontar(modelo: number, porta: number) {
  const r = await t.put(
    `/api/impressora/${impressoraEtiquetas}`,
    { modelo, ip: '127.0.0.1', porta: String(porta) },
    admin,
  );
  expect(r.corpo.valido, JSON.stringify(r.corpo)).toBe(true);
}

const filaDeEtiquetas = async () =>
  Number(
    (
      await consultarUm(
        t.banco.db,
        sql`select count(*)::int as n from impressao where descricao like 'Etiquetas%'`,
      )
    )?.n,
  );

function agente(): AgenteFilho {
  const a = iniciarAgente([
    '--servidor',
    url,
    '--token',
    tokenAgente,
    '--terminais',
    terminal,
    '--diretorio',
    diretorioTemporario(),
    '--intervalo',
    '300',
  ]);
  agentes.push(a);
  return a;
}

describe('POST /api/etiquetas/imprimir through the print queue', () => {
  it('ZPL: a batch (weighed cheese with validity, a can with its unit price per litre) reaches the TCP printer byte for byte', async () => {
    impressora = await impressoraFalsa();
    await apontar(6, impressora.porta);
    const itens = [
      { produto: produtos['Queijo Mussarela (kg)'], quantidade: 2, validadeDias: 5 },
      {
        produto: produtos['Refrigerante Lata 350ml'],
        quantidade: 1,
        conteudo: { quantidade: '350', unidade: 'ml' },
      },
    ];
    const r = await t.post(
      '/api/etiquetas/imprimir',
      { empresa, formato: 13, terminal, setorImpressao: setorEtiquetas, itens },
      admin,
    );
    expect(r.corpo.valido, JSON.stringify(r.corpo)).toBe(true);
    expect(r.corpo.data).toMatchObject({ total: 3, linguagem: 'ZPL' });
    const ids = r.corpo.data.impressoes as string[];
    expect(ids).toHaveLength(1);
    agente();
    await esperar(() => (impressora?.trabalhos.length ?? 0) === 1, 20_000, 50);
    const recebido = impressora.trabalhos[0] as Buffer;
    // The same labels rendered by the domain (whose bytes are checked against hand-written fixtures).
    const esperado = gerarEtiquetas(
      'ZPL',
      [
        {
          descricao: 'Queijo Mussarela (kg)',
          preco: '45.00',
          unidade: 'KG',
          codigoBarras: String((await codigo('Queijo Mussarela (kg)')) ?? ''),
          validadeDias: 5,
          quantidade: 2,
        },
        {
          descricao: 'Refrigerante Lata 350ml',
          preco: '6.50',
          unidade: 'UN',
          codigoBarras: '7894900011517',
          conteudo: { quantidade: '350', unidade: 'ml' },
          quantidade: 1,
        },
      ],
      13,
      DIA(),
    );
    if (!esperado.ok) throw new Error(esperado.mensagem);
    expect(recebido.toString('hex')).toBe(Buffer.from(esperado.valor.bytes).toString('hex'));
    const zpl = recebido.toString('utf8');
    expect(zpl.match(/\^XA/g)).toHaveLength(2);
    expect(zpl).toContain('^FDQueijo Mussarela (kg)^FS');
    expect(zpl).toContain('^FDR$ 45,00/kg^FS');
    expect(zpl).toContain('^PQ2');
    expect(zpl).toContain('^FDR$ 18,57/L^FS');
    expect(zpl).toContain('^BEN,');
    expect(zpl).toContain('^FD789490001151^FS');
    await esperar(
      async () =>
        Number(
          (
            await consultarUm(
              t.banco.db,
              sql`select tipo_status from impressao where id = ${ids[0] as string}`,
            )
          )?.tipo_status,
        ) === 3,
      10_000,
      50,
    );
  }, 60_000);

  it("a sector set to 2 copies (for receipts) still queues the batch once: each product's quantity is its copies", async () => {
    const mudar = (numeroVias: number) =>
      t.put(
        `/api/setorImpressao/${setorEtiquetas}`,
        { empresa, descricao: 'Etiquetas', impressora: impressoraEtiquetas, numeroVias },
        admin,
      );
    expect((await mudar(2)).corpo.valido).toBe(true);
    try {
      const antes = await filaDeEtiquetas();
      const r = await t.post(
        '/api/etiquetas/imprimir',
        {
          empresa,
          formato: 13,
          terminal,
          setorImpressao: setorEtiquetas,
          itens: [{ produto: produtos['Refrigerante Lata 350ml'], quantidade: 3 }],
        },
        admin,
      );
      expect(r.corpo.valido, JSON.stringify(r.corpo)).toBe(true);
      expect(r.corpo.data).toMatchObject({ total: 3 });
      const ids = r.corpo.data.impressoes as string[];
      expect(ids).toHaveLength(1);
      expect(await filaDeEtiquetas()).toBe(antes + 1);
      // no agent runs in this test: the job would print at the next test's printer
      await t.banco.db.execute(sql`delete from impressao where id = ${ids[0]}`);
    } finally {
      expect((await mudar(1)).corpo.valido).toBe(true);
    }
  });

  it('PPLA: the promotion price and the accented description in Windows-1252 at the printer', async () => {
    impressora = await impressoraFalsa();
    await apontar(7, impressora.porta);
    const r = await t.post(
      '/api/etiquetas/imprimir',
      {
        empresa,
        formato: 13,
        terminal,
        setorImpressao: setorEtiquetas,
        itens: [{ produto: produtos['Água Mineral 500ml'], quantidade: 1 }],
      },
      admin,
    );
    expect(r.corpo.valido, JSON.stringify(r.corpo)).toBe(true);
    agente();
    await esperar(() => (impressora?.trabalhos.length ?? 0) === 1, 20_000, 50);
    const recebido = impressora.trabalhos[0] as Buffer;
    expect(recebido.subarray(0, 6).toString('latin1')).toBe('\x02ySW1\r');
    // "Água" with Á as 0xC1; demo promotion "novo valor" R$ 3,00 over R$ 4,00
    expect(recebido.includes(Buffer.from([0xc1, 0x67, 0x75, 0x61]))).toBe(true);
    const texto = recebido.toString('latin1');
    expect(texto).toContain('DE R$ 4,00 POR\r');
    expect(texto).toContain('R$ 3,00\r');
    expect(texto.endsWith('Q0001\rE\r')).toBe(true);
  }, 60_000);
});

async function codigo(descricao: string): Promise<number | undefined> {
  const l = await consultarUm(
    t.banco.db,
    sql`select codigo_interno from produto_geral where descricao = ${descricao}`,
  );
  return l ? Number(l.codigo_interno) : undefined;
}

describe('refusals: a pt-BR message and nothing queued', () => {
  const imprimir = (itens: unknown[], extra: Record<string, unknown> = {}, token = admin) =>
    t.post(
      '/api/etiquetas/imprimir',
      { empresa, formato: 13, terminal, setorImpressao: setorEtiquetas, itens, ...extra },
      token,
    );

  it('empty selection, invalid EAN, negative price, receipt printer with a 2-column format, no permission', async () => {
    const antes = await filaDeEtiquetas();
    const vazio = await imprimir([]);
    expect(vazio.corpo.valido).toBe(false);
    expect(vazio.corpo.data.message).toBe('Nenhum produto selecionado para as etiquetas.');

    const lata = produtos['Refrigerante Lata 350ml'] as string;
    await consultar(t.banco.db, sql`update produto_geral set gtin = '7894900011518' where id = ${lata}`);
    const ean = await imprimir([{ produto: lata, quantidade: 1 }]);
    expect(ean.corpo.data.message).toBe(
      'Refrigerante Lata 350ml: Código de barras EAN-13 7894900011518 inválido: o dígito verificador deveria ser 7.',
    );
    await consultar(t.banco.db, sql`update produto_geral set gtin = '7894900011517' where id = ${lata}`);

    const batata = produtos['Batata Frita Porção'] as string;
    await consultar(
      t.banco.db,
      sql`update produto_geral_empresa set preco = -1 where produto_geral_id = ${batata} and empresa_id = ${empresa}`,
    );
    const negativo = await imprimir([{ produto: batata, quantidade: 1 }]);
    expect(negativo.corpo.data.message).toBe('Preço negativo na etiqueta de Batata Frita Porção: -1.00.');
    await consultar(
      t.banco.db,
      sql`update produto_geral_empresa set preco = null where produto_geral_id = ${batata} and empresa_id = ${empresa}`,
    );

    const cupom = await imprimir([{ produto: lata, quantidade: 1 }], {
      formato: 10,
      setorImpressao: setorCozinha,
    });
    expect(cupom.corpo.data.message).toContain('só etiquetas de uma coluna');

    const semPermissao = await imprimir([{ produto: lata, quantidade: 1 }], {}, garcom);
    expect(semPermissao.corpo.valido).toBe(false);
    expect(String(semPermissao.corpo.data.message)).toMatch(/permissão|Gerenciar Etiquetas/i);

    expect(await filaDeEtiquetas()).toBe(antes);
  });
});

describe('POST /api/etiquetas/previa and /alterados', () => {
  it('preview: texts, layout, warnings and the commands for a printer model', async () => {
    const r = await t.post(
      '/api/etiquetas/previa',
      {
        empresa,
        formato: 1,
        modelo: 8,
        itens: [{ produto: produtos['Refrigerante 2L'], quantidade: 3, validadeDias: 3 }],
      },
      admin,
    );
    expect(r.corpo.valido, JSON.stringify(r.corpo)).toBe(true);
    expect(r.corpo.data.total).toBe(3);
    expect((r.corpo.data.avisos as string[]).join()).toContain('sem espaço para o código de barras');
    const comandos = r.corpo.data.comandos as { linguagem: string; texto: string };
    expect(comandos.linguagem).toBe('EPL');
    expect(comandos.texto).toContain('A8,8,0,3,1,1,N,"Refrigerante 2L"');
    // three columns of the 30x15 mm roll side by side: x = 8, 8 + 240 + 16, 8 + 2 x 256
    expect(comandos.texto).toContain('A520,8,0,3,1,1,N,"Refrigerante 2L"');
    expect(comandos.texto).not.toContain('E30');
    const ppla = await t.post(
      '/api/etiquetas/previa',
      {
        empresa,
        formato: 13,
        modelo: 7,
        itens: [{ produto: produtos['Água Mineral 500ml'], quantidade: 1 }],
      },
      admin,
    );
    // control bytes shown as <02>, records one per line, the accent readable
    const texto = (ppla.corpo.data.comandos as { texto: string }).texto;
    expect(texto.startsWith('<02>ySW1\n<02>L\nD11\nm\n')).toBe(true);
    expect(texto).toContain('Água Mineral 500ml\n');
  });

  it('products changed since a day: a price correction and a new promotion', async () => {
    await consultar(
      t.banco.db,
      sql`update produto_geral set updated_at = '2026-01-01T12:00:00Z', etiqueta_alterada_em = '2026-01-01T12:00:00Z'`,
    );
    await consultar(
      t.banco.db,
      sql`update produto_geral_empresa set updated_at = '2026-01-01T12:00:00Z',
            etiqueta_alterada_em = '2026-01-01T12:00:00Z'`,
    );
    await consultar(t.banco.db, sql`update produto_promocao set updated_at = '2026-01-01T12:00:00Z'`);
    const hoje = DIA();
    const nada = await t.post('/api/etiquetas/alterados', { empresa, desde: hoje }, admin);
    expect(nada.corpo.valido, JSON.stringify(nada.corpo)).toBe(true);
    expect(nada.lista).toHaveLength(0);
    const x = produtos['X-Burguer'] as string;
    const put = await t.put(`/api/produtoGeral/${x}`, { preco: '26.90' }, admin);
    expect(put.corpo.valido, JSON.stringify(put.corpo)).toBe(true);
    // An edit the label does not show (the product's cost) is not a reason to reprint it.
    const agua = produtos['Água Mineral 500ml'] as string;
    const fiscal = await t.put(`/api/produtoGeral/${agua}`, { custo: '0.95' }, admin);
    expect(fiscal.corpo.valido, JSON.stringify(fiscal.corpo)).toBe(true);
    const promo = await t.post(
      '/api/produtoPromocao',
      {
        descricao: 'Pizza da semana',
        tipoPromocao: 3,
        valor: '10',
        produto: produtos['Pizza Grande Calabresa'],
        dataInicio: hoje,
        habilitado: true,
      },
      admin,
    );
    expect(promo.corpo.valido, JSON.stringify(promo.corpo)).toBe(true);
    const r = await t.post('/api/etiquetas/alterados', { empresa, desde: hoje }, admin);
    const porDescricao = Object.fromEntries(
      r.lista.map((p) => [(p.etiqueta as { descricao: string }).descricao, p]),
    );
    expect(Object.keys(porDescricao).sort()).toEqual(['Pizza Grande Calabresa', 'X-Burguer']);
    expect(porDescricao['X-Burguer']).toMatchObject({ motivo: 'preco', etiqueta: { preco: '26.90' } });
    // 10% off R$ 54,90 = R$ 49,41
    expect(porDescricao['Pizza Grande Calabresa']).toMatchObject({
      motivo: 'promocao',
      etiqueta: { promocao: { preco: '49.41' } },
    });
  });
});
