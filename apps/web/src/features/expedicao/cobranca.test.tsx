import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CobrancaPedido } from './cobranca.tsx';

// The call center's agreed payment as the store's expedition and motoboy screens show it.

const cobrar = {
  situacao: 'cobrar' as const,
  formaPagamento: 'Dinheiro',
  valorCobrar: '99.91',
  trocoPara: '150.00',
  troco: '50.09',
  observacao: 'nota de 150',
};

describe('what the rider collects', () => {
  it('the amount in the form agreed, the change and the note, never breaking inside an amount', () => {
    render(<CobrancaPedido cobranca={cobrar} />);
    const c = screen.getByTestId('cobranca');
    expect(c.getAttribute('data-situacao')).toBe('cobrar');
    expect(c.textContent).toBe(
      'Cobrar R$\u00a099,91 em DinheiroLevar troco de R$\u00a050,09 (cliente paga com R$\u00a0150,00)nota de 150',
    );
  });

  it('prepaid says Pago with its form; a store order shows nothing', () => {
    const { container } = render(<CobrancaPedido cobranca={null} />);
    expect(container.textContent).toBe('');
    render(
      <CobrancaPedido
        cobranca={{
          ...cobrar,
          situacao: 'pago',
          formaPagamento: 'PIX',
          trocoPara: null,
          troco: '0.00',
          observacao: '',
        }}
      />,
    );
    expect(screen.getByTestId('cobranca').textContent).toBe('PagoPIX');
  });
});
