import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppTeste, criarAppTeste } from './app-teste.ts';

// The cashier who takes a delivery registers the customer from the POS (POST /api/frenteLoja/cliente)
// without the back office's registration permission; a rider cannot; only customers are created there.

let t: AppTeste;
const token: Record<string, string> = {};
let centro: string;

beforeAll(async () => {
  t = await criarAppTeste();
  centro = t.demo.empresas.centro;
  for (const [nome, senha] of [
    ['caixa', 'caixa123'],
    ['motoboy', 'moto123'],
  ] as const)
    token[nome] = await t.login(`${nome}@exemplo.com.br`, senha);
});
afterAll(() => t.fechar());

const novoCliente = {
  nome: 'Joana Entrega',
  telefone: { ddd: '41', numero: '999887766', tipo: 'Celular', principal: true },
  endereco: {
    cep: '80020-000',
    logradouro: 'Rua XV de Novembro',
    numero: '100',
    bairro: 'Centro',
    cidade: 'Curitiba',
    uf: 'PR',
    pais: 'Brasil',
    tipo: 'Entrega',
    principal: true,
  },
};

describe('quick customer registration of the POS', () => {
  it('the cashier registers a customer of the store she sells for, and finds it by phone', async () => {
    const generico = await t.post('/api/pessoa', novoCliente, token.caixa, { empresa: centro });
    expect(generico.corpo.valido).toBe(false);

    const r = await t.post(
      '/api/frenteLoja/cliente',
      { ...novoCliente, tiposPessoa: ['Fornecedor'] },
      token.caixa,
      { empresa: centro },
    );
    expect(r.corpo.valido).toBe(true);
    const criado = r.corpo.data as { _id: string; nome: string; tiposPessoa: string[] };
    expect(criado.nome).toBe('Joana Entrega');
    // Only a customer is created here, whatever the body says.
    expect(criado.tiposPessoa).toEqual(['Cliente']);

    const busca = await t.post('/api/buscarClienteFrenteLoja', { texto: '99887766' }, token.caixa, {
      empresa: centro,
    });
    expect(busca.lista.map((p) => p._id)).toContain(criado._id);
  });

  it('a rider is refused naming the delivery permission, and nothing is created', async () => {
    const r = await t.post(
      '/api/frenteLoja/cliente',
      { ...novoCliente, nome: 'Cliente do Motoboy' },
      token.motoboy,
      { empresa: centro },
    );
    expect(r.corpo.valido).toBe(false);
    expect(String((r.corpo.data as { message?: string }).message)).toContain('Lançar Delivery');
    const busca = await t.post('/api/buscarClienteFrenteLoja', { texto: 'Cliente do Motoboy' }, token.caixa, {
      empresa: centro,
    });
    expect(busca.lista).toHaveLength(0);
  });

  it('bad input is a clear refusal, not a 500', async () => {
    const r = await t.post('/api/frenteLoja/cliente', { nome: '' }, token.caixa, { empresa: centro });
    expect(r.status).toBe(200);
    expect(r.corpo.valido).toBe(false);
    const semLoja = await t.post('/api/frenteLoja/cliente', novoCliente, token.caixa);
    expect(semLoja.corpo.valido).toBe(false);
  });
});
