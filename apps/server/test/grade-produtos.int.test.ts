import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppTeste, criarAppTeste } from './app-teste.ts';

// The product grid of the POS on phones (issue 13): getListaProdutoGeralEmpresa carries each product's
// categories and picture and the group's categories, and a new picture shows on the next list.

let t: AppTeste;
let garcom: string;
let admin: string;
beforeAll(async () => {
  t = await criarAppTeste();
  admin = await t.login('admin@exemplo.com.br', 'admin123');
  garcom = await t.login('garcom@exemplo.com.br', 'garcom123');
});
afterAll(() => t.fechar());

interface Lista {
  produtos: { _id: string; descricao: string; categorias: string[]; imagem: string | null }[];
  categorias: { _id: string; descricao: string }[];
}
const lista = async () =>
  (await t.post('/api/getListaProdutoGeralEmpresa', { empresa: t.demo.empresas.centro }, garcom)).corpo
    .data as unknown as Lista;

describe('getListaProdutoGeralEmpresa for the product grid', () => {
  it("the waiter's list has the categories and each product's categories, no picture in the demo", async () => {
    const d = await lista();
    expect(d.categorias.map((c) => c.descricao)).toEqual(['Bebidas', 'Lanches', 'Outros', 'Pizzas']);
    const lanches = d.categorias.find((c) => c.descricao === 'Lanches')?._id;
    const burguer = d.produtos.find((p) => p.descricao === 'X-Burguer');
    expect(burguer).toMatchObject({ categorias: [lanches], imagem: null });
  });

  it('a picture uploaded to the product shows on the next list (its 200 px thumbnail)', async () => {
    const burguer = (await lista()).produtos.find((p) => p.descricao === 'X-Burguer');
    const registro = (await t.get(`/api/produtoGeral/${burguer?._id}`, admin)).corpo.data as Record<
      string,
      unknown
    >;
    const imagens = [
      {
        caminho: 'g/produtos/x.png',
        url: '/storage/g/produtos/x.png',
        thumbnails: [
          {
            largura: 400,
            altura: 400,
            caminho: 'g/produtos/x_400x400.png',
            url: '/storage/g/produtos/x_400x400.png',
          },
          {
            largura: 200,
            altura: 200,
            caminho: 'g/produtos/x_200x200.png',
            url: '/storage/g/produtos/x_200x200.png',
          },
        ],
      },
    ];
    const r = await t.put(`/api/produtoGeral/${burguer?._id}`, { ...registro, imagens }, admin);
    expect(r.corpo.valido).toBe(true);
    await expect
      .poll(async () => (await lista()).produtos.find((p) => p._id === burguer?._id)?.imagem)
      .toBe('/storage/g/produtos/x_200x200.png');
  });
});
