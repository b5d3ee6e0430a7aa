import {
  catalogoVendaSchema,
  configuracaoVendaSchema,
  type FormaPagamentoVenda,
  TIPO_PAGAMENTO,
  TIPO_TROCO,
  type Venda,
} from '@retaguarda/domain';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { capturarToasts } from '../../test/fetch-falso.ts';
import { MENSAGEM_ESCOLHA_FORMA, PagamentoDialog } from './pagamento-dialog.tsx';
import { digitarNoValor } from './teclado-numerico.tsx';
import { type AmbienteVenda, adicionarProdutoLocal, novaVendaLocal, pagarLocal } from './venda-local.ts';

const id = (n: number) => n.toString(16).padStart(24, '0');
const AGORA = '2026-11-21T15:00:00-03:00';
const amb: AmbienteVenda = {
  empresa: id(0xe1),
  grupoEmpresarial: id(0x61),
  terminal: id(0x71),
  operador: { _id: id(0xa), nome: 'Caixa', codigoInterno: 3 },
  catalogo: catalogoVendaSchema.parse({ produtos: [{ _id: id(1), descricao: 'X-Burguer', preco: '32.40' }] }),
  configuracao: configuracaoVendaSchema.parse({ empresa: id(0xe1) }),
};
const forma = (n: number, descricao: string, tipo: number, troco: number): FormaPagamentoVenda => ({
  _id: id(n),
  descricao,
  tipo: tipo as FormaPagamentoVenda['tipo'],
  tipoTroco: troco as FormaPagamentoVenda['tipoTroco'],
});
const dinheiro = forma(0x21, 'Dinheiro', TIPO_PAGAMENTO.dinheiro, TIPO_TROCO.permite);
const debito = forma(0x22, 'Cartão de Débito', TIPO_PAGAMENTO.debito, TIPO_TROCO.naoPermite);
const credito = forma(0x23, 'Cartão de Crédito', TIPO_PAGAMENTO.credito, TIPO_TROCO.naoPermite);
const venda32: Venda = adicionarProdutoLocal(
  novaVendaLocal(amb, 53, AGORA),
  amb,
  {
    _id: id(1),
    descricao: 'X-Burguer',
    codigoInterno: 1,
  },
  AGORA,
);

function abrir(
  venda: Venda,
  extra: { toque?: boolean; operadoras?: { _id: string; descricao: string }[] } = {},
) {
  const aoLancar = vi.fn();
  const aoConfirmar = vi.fn();
  const dialogo = (v: Venda, aberto = true) => (
    <PagamentoDialog
      aberto={aberto}
      venda={v}
      formas={[debito, dinheiro, credito]}
      pix={{ chave: '', nome: 'Loja', cidade: 'Cidade' }}
      ocupado={false}
      empresa={amb.empresa}
      aoLancar={aoLancar}
      aoCancelarPagamento={() => undefined}
      aoConfirmar={aoConfirmar}
      aoFechar={() => undefined}
      {...extra}
    />
  );
  const { rerender } = render(dialogo(venda));
  return {
    aoLancar,
    aoConfirmar,
    valor: screen.getByLabelText<HTMLInputElement>('Valor recebido'),
    /** The sale as the server's answer brings it while the dialog stays open. */
    trocarVenda: (v: Venda, aberto = true) => rerender(dialogo(v, aberto)),
  };
}

// antd in jsdom on a shared machine: a render takes a while.
describe('PagamentoDialog', { timeout: 20_000 }, () => {
  it('shows each method with its key; a letter picks it with the balance and Enter launches it', () => {
    const { aoLancar, valor } = abrir(venda32);
    expect(screen.getByTestId(`forma-${dinheiro._id}`).getAttribute('aria-keyshortcuts')).toBe('D');
    expect(screen.getByTestId(`forma-${debito._id}`).getAttribute('aria-keyshortcuts')).toBe('B');
    expect(valor.value).toBe('32,40');
    fireEvent.keyDown(valor, { key: 'b' });
    expect(screen.getByTestId(`forma-${debito._id}`).getAttribute('aria-checked')).toBe('true');
    fireEvent.change(valor, { target: { value: '20' } });
    fireEvent.keyDown(valor, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(aoLancar).toHaveBeenCalledWith(debito, '20.00', {});
  });

  it('Enter without a method says to pick one and launches nothing', () => {
    const toasts = capturarToasts();
    const { aoLancar, aoConfirmar, valor } = abrir(venda32);
    fireEvent.keyDown(valor, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(aoLancar).not.toHaveBeenCalled();
    expect(aoConfirmar).not.toHaveBeenCalled();
    expect(toasts).toEqual([{ tipo: 'warning', mensagem: MENSAGEM_ESCOLHA_FORMA }]);
  });

  it('a quick note pays in cash (the note, or the exact balance) and the change shows big', () => {
    const { aoLancar } = abrir(venda32);
    expect(
      Array.from(screen.getByTestId('notas-rapidas').querySelectorAll('button'), (b) => b.textContent),
    ).toEqual(['R$ 2', 'R$ 5', 'R$ 10', 'R$ 20', 'R$ 50', 'R$ 100', 'R$ 200', 'Valor exato']);
    fireEvent.click(screen.getByText('R$ 50'));
    expect(aoLancar).toHaveBeenLastCalledWith(dinheiro, '50.00', {});
    fireEvent.click(screen.getByText('Valor exato'));
    expect(aoLancar).toHaveBeenLastCalledWith(dinheiro, '32.40', {});
  });

  it('with nothing left to pay, Enter finishes the sale', () => {
    const paga = pagarLocal(venda32, amb, dinheiro, '50.00', AGORA);
    const { aoConfirmar, valor } = abrir(paga);
    expect(screen.getByTestId('pag-restante').textContent).toBe('R$ 0,00');
    expect(screen.getByTestId('pag-troco').textContent).toBe('R$ 17,60');
    expect(screen.getByTestId('pag-troco').style.fontSize).toBe('44px');
    expect(screen.queryByTestId('notas-rapidas')).toBeNull();
    fireEvent.keyDown(valor, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(aoConfirmar).toHaveBeenCalledTimes(1);
  });

  it('the focus lands in the value when it opens', async () => {
    const { valor } = abrir(venda32);
    await waitFor(() => expect(document.activeElement).toBe(valor));
  });

  it('on a touch screen the pad types over the filled-in balance', () => {
    const { valor } = abrir(venda32, { toque: true });
    const pad = screen.getByTestId('teclado-numerico');
    for (const t of ['1', '5', ',', '5', '0', '9'])
      fireEvent.click(pad.querySelector(`[aria-label="${t}"]`) as Element);
    expect(valor.value).toBe('15,50');
    fireEvent.click(pad.querySelector('[aria-label="Apagar"]') as Element);
    expect(valor.value).toBe('15,5');
  });

  it('a credit card takes instalments (+/−, 1x..12x), the acquirer and the NSU; the line shows 3x', () => {
    const cielo = { _id: id(0x51), descricao: 'Cielo' };
    const { aoLancar, valor } = abrir(venda32, { operadoras: [cielo] });
    expect(screen.queryByTestId('painel-cartao')).toBeNull();
    fireEvent.click(screen.getByTestId(`forma-${credito._id}`));
    expect(screen.getByTestId('painel-cartao')).toBeTruthy();
    for (const k of ['+', '+', '+', '-', '+']) fireEvent.keyDown(valor, { key: k });
    expect(screen.getByTestId('pag-parcelas').textContent).toContain('4x');
    fireEvent.keyDown(valor, { key: '-' });
    // Only one acquirer: it is the default.
    expect(screen.getByTestId('pag-operadora').textContent).toContain('Cielo');
    fireEvent.change(screen.getByLabelText('NSU'), { target: { value: ' 004512 ' } });
    // A letter typed in the NSU box is text, not a method key.
    fireEvent.keyDown(screen.getByLabelText('NSU'), { key: 'd' });
    expect(screen.getByTestId(`forma-${credito._id}`).getAttribute('aria-checked')).toBe('true');
    fireEvent.keyDown(valor, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(aoLancar).toHaveBeenCalledWith(credito, '32.40', {
      parcelas: 3,
      operadora: cielo._id,
      nsu: '004512',
    });
    // rc-input takes one Enter until the key goes up.
    fireEvent.keyUp(valor, { key: 'Enter', code: 'Enter', keyCode: 13 });
    // Twelve is the most; one the least. A debit card has no instalments.
    for (let i = 0; i < 15; i++) fireEvent.keyDown(valor, { key: '+' });
    expect(screen.getByTestId('pag-parcelas').textContent).toContain('12x');
    fireEvent.click(screen.getByTestId(`forma-${debito._id}`));
    expect(screen.queryByTestId('pag-parcelas')).toBeNull();
    fireEvent.keyDown(valor, { key: 'Enter', code: 'Enter', keyCode: 13 });
    // The NSU typed stays when the cashier corrects the method.
    expect(aoLancar).toHaveBeenLastCalledWith(debito, '32.40', { operadora: cielo._id, nsu: '004512' });
  });

  it('a card takes its brand from the NFC-e tBand table, sent as the code; the line names it', async () => {
    const { aoLancar, valor } = abrir(venda32);
    fireEvent.click(screen.getByTestId(`forma-${credito._id}`));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Bandeira' }));
    fireEvent.click(await screen.findByTitle('Elo'));
    fireEvent.keyDown(valor, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(aoLancar).toHaveBeenCalledWith(credito, '32.40', { parcelas: 1, bandeira: '06' });
    const paga = pagarLocal(venda32, amb, credito, '32.40', AGORA, id(0x98), { parcelas: 2, bandeira: '01' });
    expect(paga.pagamentos[0]?.bandeira).toBe('01');
  });

  it('the sale synced with a new total while open: the chosen method and a typed value stay', () => {
    const { aoLancar, valor, trocarVenda } = abrir(venda32);
    fireEvent.keyDown(valor, { key: 'd' });
    fireEvent.change(valor, { target: { value: '50' } });
    // The server's answer arrives with the table's service fee: R$ 32,40 → R$ 35,64.
    trocarVenda({ ...venda32, total: '35.64' });
    expect(screen.getByTestId('pag-restante').textContent).toBe('R$ 35,64');
    expect(screen.getByTestId(`forma-${dinheiro._id}`).getAttribute('aria-checked')).toBe('true');
    expect(valor.value).toBe('50');
    fireEvent.keyDown(valor, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(aoLancar).toHaveBeenCalledWith(dinheiro, '50.00', {});
  });

  it('the sale synced with a new total: a value not typed follows the balance; a launched payment resets', () => {
    const { valor, trocarVenda } = abrir(venda32);
    fireEvent.click(screen.getByTestId(`forma-${credito._id}`));
    fireEvent.keyDown(valor, { key: '+' });
    trocarVenda({ ...venda32, total: '35.64' });
    expect(valor.value).toBe('35,64');
    expect(screen.getByTestId('pag-parcelas').textContent).toContain('2x');
    // A payment launched (the sale, recomputed, holds it): the next one starts with no method, at the balance.
    trocarVenda(pagarLocal(venda32, amb, credito, '20.00', AGORA, id(0x97), { parcelas: 2 }));
    expect(screen.getByTestId(`forma-${credito._id}`).getAttribute('aria-checked')).toBe('false');
    expect(valor.value).toBe('12,40');
  });

  it('opened again after the sale changed: the value is the balance, not what was typed before closing', () => {
    const { trocarVenda } = abrir(venda32);
    const valor = () => screen.getByLabelText<HTMLInputElement>('Valor recebido');
    fireEvent.keyDown(valor(), { key: 'd' });
    fireEvent.change(valor(), { target: { value: '50' } });
    trocarVenda(venda32, false);
    trocarVenda({ ...venda32, total: '40.00' }, false);
    trocarVenda({ ...venda32, total: '40.00' });
    expect(valor().value).toBe('40,00');
    expect(screen.getByTestId(`forma-${dinheiro._id}`).getAttribute('aria-checked')).toBe('false');
  });

  it('a payment in instalments shows them on its line', () => {
    const paga = pagarLocal(venda32, amb, credito, '32.40', AGORA, id(0x99), { parcelas: 3 });
    abrir(paga);
    expect(screen.getByTestId('pagamento-lancado').textContent).toContain('Cartão de Crédito 3x: R$ 32,40');
  });

  it('the pad keeps one comma and two decimals', () => {
    expect(digitarNoValor('', ',')).toBe('0,');
    expect(digitarNoValor('3,', ',')).toBe('3,');
    expect(digitarNoValor('3,45', '6')).toBe('3,45');
    expect(digitarNoValor('3,45', '⌫')).toBe('3,4');
    expect(digitarNoValor('0', '7')).toBe('7');
    expect(digitarNoValor('12', 'C')).toBe('');
  });
});
