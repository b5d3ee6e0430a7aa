import { type ConfiguracaoCodigoBalanca, gerarCodigoBalanca } from '@retaguarda/domain';
import { fireEvent, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { BuscaProduto, type BuscaProdutoControle } from './busca-produto.tsx';
import type { ProdutoFrenteLoja } from './dados-referencia.ts';
import { criarIndiceProdutos } from './indice-produtos.ts';

// Issue 20 "Scales": the POS search box reads the scale's label (EAN-13 starting with 2) and launches the
// product of its PLU with the weight, or with the price turned into a quantity.

const id = (n: number) => n.toString(16).padStart(24, '0');
const produto = (n: number, descricao: string, preco: string, gtin?: string): ProdutoFrenteLoja => ({
  _id: id(n),
  descricao,
  codigoInterno: n,
  preco,
  tipoProduto: 'Normal',
  maximoFracao: null,
  ...(gtin ? { gtin } : {}),
});
const queijo = produto(123, 'Queijo Mussarela (kg)', '45.00');
const presunto = produto(42, 'Presunto (kg)', '29.90');
// A GTIN starting with 2 registered on a product is that product, not a label.
const cadastrado = produto(7, 'Kit Churrasco', '99.00', '2000000000015');
const indice = criarIndiceProdutos([queijo, presunto, cadastrado]);

const peso: ConfiguracaoCodigoBalanca = {
  habilitado: true,
  tamanhoCodigo: 5,
  tipoValor: 'peso',
  tamanhoValor: 5,
  casasDecimais: 3,
};
const preco: ConfiguracaoCodigoBalanca = {
  ...peso,
  tamanhoCodigo: 4,
  tipoValor: 'preco',
  tamanhoValor: 6,
  casasDecimais: 2,
};

function Tela({ aoEscolher, balanca }: { aoEscolher: () => void; balanca?: ConfiguracaoCodigoBalanca }) {
  const busca = useRef<BuscaProdutoControle>(null);
  return <BuscaProduto indice={indice} aoEscolher={aoEscolher} controle={busca} balanca={balanca} />;
}

function bipar(codigo: string) {
  const caixa = screen.getByTestId('busca-produto');
  fireEvent.change(caixa, { target: { value: codigo } });
  fireEvent.keyDown(caixa, { key: 'Enter', code: 'Enter', keyCode: 13, charCode: 13 });
  // antd takes one Enter per key press: the scanner releases the key too.
  fireEvent.keyUp(caixa, { key: 'Enter', code: 'Enter', keyCode: 13, charCode: 13 });
}

describe('scale labels on the POS search', { timeout: 20_000 }, () => {
  it('a weight label launches its product with the weight as the quantity', () => {
    const aoEscolher = vi.fn();
    render(<Tela aoEscolher={aoEscolher} balanca={peso} />);
    bipar(gerarCodigoBalanca(123, '0.375', peso));
    expect(aoEscolher).toHaveBeenCalledWith(queijo, '0.3750');
    expect((screen.getByTestId('busca-produto') as HTMLInputElement).value).toBe('');
  });

  it('a price label launches price / unit price truncated to 4 decimals', () => {
    const aoEscolher = vi.fn();
    render(<Tela aoEscolher={aoEscolher} balanca={preco} />);
    bipar(gerarCodigoBalanca(42, '10.00', preco));
    expect(aoEscolher).toHaveBeenCalledWith(presunto, '0.3344');
  });

  it('a wrong check digit launches nothing; a registered GTIN and a store without the setting stay barcodes', () => {
    const aoEscolher = vi.fn();
    const { unmount } = render(<Tela aoEscolher={aoEscolher} balanca={peso} />);
    const certo = gerarCodigoBalanca(123, '0.375', peso);
    bipar(`${certo.slice(0, 12)}${(Number(certo[12]) + 1) % 10}`);
    expect(aoEscolher).not.toHaveBeenCalled();
    // The misread code leaves the box: the next read is not appended to it.
    expect((screen.getByTestId('busca-produto') as HTMLInputElement).value).toBe('');
    bipar('2000000000015');
    expect(aoEscolher).toHaveBeenCalledWith(cadastrado, undefined);
    unmount();
    aoEscolher.mockClear();
    render(<Tela aoEscolher={aoEscolher} />);
    bipar(certo);
    expect(aoEscolher).not.toHaveBeenCalled();
  });
});
