import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppTeste, criarAppTeste } from './app-teste.ts';

let t: AppTeste;
let admin: string;
beforeAll(async () => {
  t = await criarAppTeste();
  admin = await t.login('admin@exemplo.com.br', 'admin123');
});
afterAll(() => t.fechar());

describe('getListaProdutoGeralEmpresa', () => {
  it('answers the store products with barcode and price and the sale engine catalogue', async () => {
    const r = await t.post('/api/getListaProdutoGeralEmpresa', { empresa: t.demo.empresas.centro }, admin);
    expect(r.corpo.data.message).toBeUndefined();
    expect(r.corpo.valido).toBe(true);
    const d = r.corpo.data as {
      produtos: { descricao: string; gtin: string | null; preco: string; codigoInterno: number }[];
      catalogo: { combos: { descricao: string; corPredominanteCombo: string }[]; produtos: unknown[] };
      configuracao: { empresa: string };
      formasPagamento: { tipo: number }[];
      terminais: { descricao: string; caixa: string | null }[];
    };
    const lata = d.produtos.find((p) => p.descricao === 'Refrigerante Lata 350ml');
    expect(lata).toMatchObject({ gtin: '7894900011517', preco: '6.50' });
    expect(d.catalogo.combos.map((c) => c.descricao)).toContain('Pizza + Refri');
    expect(d.configuracao.empresa).toBe(t.demo.empresas.centro);
    expect(d.formasPagamento.map((f) => f.tipo)).toContain(77);
    expect(d.terminais.some((x) => x.caixa !== null)).toBe(true);
  });

  it('refuses a missing company and a company of another group', async () => {
    const sem = await t.post('/api/getListaProdutoGeralEmpresa', {}, admin);
    expect(sem.corpo).toMatchObject({
      valido: false,
      data: { message: 'Falha ao capturar Lista de Produtos, configuracoes.empresa esta indefinido!' },
    });
    const outra = await t.post('/api/getListaProdutoGeralEmpresa', { empresa: 'a'.repeat(24) }, admin);
    expect(outra.corpo).toMatchObject({
      valido: false,
      data: { message: 'Usuário sem permissão para acessar essa empresa.' },
    });
  });

  it('needs a session', async () => {
    const r = await t.post('/api/getListaProdutoGeralEmpresa', { empresa: t.demo.empresas.centro });
    expect(r.corpo.valido).toBe(false);
  });
});

describe('buscarClienteFrenteLoja', () => {
  const nomes = async (texto: string) =>
    (await t.post('/api/buscarClienteFrenteLoja', { texto }, admin)).lista.map((p) => p.nome);

  it('classifies the search as spec 1 section 5 says', async () => {
    const maria = 'Maria Cliente Convênio';
    expect(await nomes('529.982.247-25')).toEqual([maria]);
    expect(await nomes('999990001')).toEqual([maria]);
    expect(await nomes('99990001')).toEqual([maria]);
    expect(await nomes('maria@exemplo')).toEqual([maria]);
    expect(await nomes('cliente conv')).toEqual([maria]);
    expect(await nomes('52998224726')).toEqual([]);
  });

  it('refuses an empty search and needs a session', async () => {
    expect((await t.post('/api/buscarClienteFrenteLoja', { texto: ' ' }, admin)).corpo.valido).toBe(false);
    expect((await t.post('/api/buscarClienteFrenteLoja', { texto: 'maria' })).corpo.valido).toBe(false);
  });
});
