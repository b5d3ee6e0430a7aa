import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ProdutoFrenteLoja } from './dados-referencia.ts';
import { PizzaDialog } from './pizza-dialog.tsx';

const sabor = (n: number, descricao: string, preco: string): ProdutoFrenteLoja => ({
  _id: n.toString(16).padStart(24, '0'),
  descricao,
  codigoInterno: n,
  preco,
  tipoProduto: 'Normal',
  maximoFracao: 2,
});
const mussarela = sabor(1, 'Pizza Grande Mussarela', '49.90');
const calabresa = sabor(2, 'Pizza Grande Calabresa', '54.90');
const portuguesa = sabor(3, 'Pizza Grande Portuguesa', '59.90');

describe('PizzaDialog', () => {
  it('builds a half-and-half pizza and stops at the family maximum', () => {
    const aoConfirmar = vi.fn();
    render(
      <PizzaDialog
        base={mussarela}
        sabores={[mussarela, calabresa, portuguesa]}
        aoConfirmar={aoConfirmar}
        aoFechar={() => undefined}
      />,
    );
    expect(screen.getByTestId('pizza-partes').textContent).toBe('Partes: 1 de 2');
    fireEvent.click(screen.getByRole('button', { name: /Calabresa/ }));
    expect(screen.getByTestId('pizza-partes').textContent).toBe('Partes: 2 de 2');
    expect(screen.getByRole('button', { name: /Portuguesa/ }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Lançar pizza' }));
    expect(aoConfirmar).toHaveBeenCalledWith(
      [
        { produto: mussarela, quantidadeParte: 1 },
        { produto: calabresa, quantidadeParte: 1 },
      ],
      '1',
    );
  });
});
