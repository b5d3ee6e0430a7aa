import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CpfNotaDialog } from './cpf-nota-dialog.tsx';

const campo = () => screen.getByLabelText<HTMLInputElement>('CPF ou CNPJ do consumidor');
const digitar = (texto: string) => fireEvent.change(campo(), { target: { value: texto } });
// rc-input takes one Enter per key press (keyUp releases it).
const enter = () => {
  fireEvent.keyDown(campo(), { key: 'Enter', code: 'Enter', keyCode: 13 });
  fireEvent.keyUp(campo(), { key: 'Enter', code: 'Enter', keyCode: 13 });
};

describe('CPF na nota dialog', { timeout: 20_000 }, () => {
  it('masks as typed, refuses a wrong check digit at once and confirms the corrected one without the mask', () => {
    const aoConfirmar = vi.fn();
    render(<CpfNotaDialog aberto valor={null} aoConfirmar={aoConfirmar} aoFechar={vi.fn()} />);
    digitar('5299822');
    expect(campo().value).toBe('529.982.2');
    expect(screen.queryByRole('alert')).toBeNull();
    digitar('52998224726');
    expect(campo().value).toBe('529.982.247-26');
    expect(screen.getByRole('alert').textContent).toBe('CPF Inválido');
    expect(campo().getAttribute('aria-invalid')).toBe('true');
    enter();
    expect(aoConfirmar).not.toHaveBeenCalled();
    digitar('529.982.247-25');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByTestId('cpf-nota-valido').textContent).toBe('CPF válido');
    enter();
    expect(aoConfirmar).toHaveBeenCalledWith('52998224725');
  });

  it('an incomplete document is not confirmed: the spec message shows on Enter', () => {
    const aoConfirmar = vi.fn();
    render(<CpfNotaDialog aberto valor={null} aoConfirmar={aoConfirmar} aoFechar={vi.fn()} />);
    digitar('1122233300018');
    enter();
    expect(aoConfirmar).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe('CPF ou CNPJ Inválido, favor preencher corretamente');
  });

  it('an alphanumeric CNPJ in lower case, and an empty field means no document', () => {
    const aoConfirmar = vi.fn();
    render(<CpfNotaDialog aberto valor="52998224725" aoConfirmar={aoConfirmar} aoFechar={vi.fn()} />);
    expect(campo().value).toBe('529.982.247-25');
    digitar('12abc34501de35');
    expect(campo().value).toBe('12.ABC.345/01DE-35');
    enter();
    expect(aoConfirmar).toHaveBeenLastCalledWith('12ABC34501DE35');
    digitar('');
    enter();
    expect(aoConfirmar).toHaveBeenLastCalledWith(null);
  });
});
