import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AtalhosOperacao, telasDoTerminal } from './atalhos-operacao.tsx';

// The POS offers the kitchen and dispatch screens that the bound terminal's functions allow.

describe('POS entry points of the operation screens', () => {
  it('follow the terminal functions, in a fixed order', () => {
    expect(telasDoTerminal(['balcao', 'caixa'])).toEqual([]);
    expect(telasDoTerminal(['portaria', 'balcao', 'kds']).map((t) => t.rota)).toEqual(['kds', 'portaria']);
    expect(telasDoTerminal(['kds', 'expedicao', 'saidaMotoboy', 'portaria']).map((t) => t.rota)).toEqual([
      'kds',
      'expedicao',
      'saidaMotoboy',
      'portaria',
    ]);
  });

  it('a sale-only terminal shows no menu', () => {
    const { container } = render(<AtalhosOperacao funcoes={['balcao', 'mesa']} />);
    expect(container.innerHTML).toBe('');
  });

  it('the header menu links to #/frenteLoja/<screen>', async () => {
    render(<AtalhosOperacao funcoes={['expedicao', 'saidaMotoboy']} />);
    fireEvent.click(screen.getByTestId('atalhos-operacao'));
    const expedicao = await screen.findByRole('link', { name: 'Expedição' });
    expect(expedicao.getAttribute('href')).toBe('#/frenteLoja/expedicao');
    expect(screen.getByRole('link', { name: 'Saída de Motoboy' }).getAttribute('href')).toBe(
      '#/frenteLoja/saidaMotoboy',
    );
    expect(screen.queryByRole('link', { name: 'KDS (cozinha)' })).toBeNull();
  });

  it('large buttons for a terminal without sale functions', () => {
    render(<AtalhosOperacao funcoes={['kds', 'portaria']} grande />);
    const links = screen.getByTestId('atalhos-operacao-grandes').querySelectorAll('a');
    expect([...links].map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['KDS (cozinha)', '#/frenteLoja/kds'],
      ['Portaria', '#/frenteLoja/portaria'],
    ]);
  });
});
