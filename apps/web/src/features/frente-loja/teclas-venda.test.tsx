import { act, fireEvent, render, screen } from '@testing-library/react';
import { Modal } from 'antd';
import { useRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { dialogoAberto, ehCampoDeTexto, MAPA_TECLAS } from './atalhos-teclado.ts';
import { BuscaProduto, type BuscaProdutoControle } from './busca-produto.tsx';
import type { ProdutoFrenteLoja } from './dados-referencia.ts';
import { DescontoDialog, MODOS_DESCONTO_GERAL } from './desconto-dialog.tsx';
import { criarIndiceProdutos } from './indice-produtos.ts';
import { MapaTeclasDialog } from './mapa-teclas-dialog.tsx';
import { type AcoesTeclado, useTeclasVenda } from './use-teclas-venda.ts';

const id = (n: number) => n.toString(16).padStart(24, '0');
const produto = (n: number, descricao: string, gtin?: string): ProdutoFrenteLoja => ({
  _id: id(n),
  descricao,
  codigoInterno: n,
  preco: '6.50',
  tipoProduto: 'Normal',
  maximoFracao: null,
  ...(gtin ? { gtin } : {}),
});
const indice = criarIndiceProdutos([
  produto(1, 'Refrigerante Lata 350ml', '7894900011517'),
  produto(2, 'Refrigerante 2L', '7894900027013'),
  produto(3, 'Água Mineral 500ml'),
]);

const acoesFalsas = (): AcoesTeclado => ({
  mapa: vi.fn(),
  cpfNota: vi.fn(),
  pagamento: vi.fn(),
  descontoItem: vi.fn(),
  descontoGeral: vi.fn(),
  conta: vi.fn(),
  atendente: vi.fn(),
  excluir: vi.fn(),
  quantidade: vi.fn(),
  mover: vi.fn(),
});

function Tela({
  acoes,
  aoEscolher,
  dialogo,
}: {
  acoes: AcoesTeclado;
  aoEscolher: () => void;
  dialogo?: boolean;
}) {
  const busca = useRef<BuscaProdutoControle>(null);
  useTeclasVenda(busca, acoes);
  return (
    <div>
      <BuscaProduto indice={indice} aoEscolher={aoEscolher} controle={busca} />
      <button type="button" data-testid="linha">
        Linha 1
      </button>
      <Modal open={dialogo === true} title="Desconto geral">
        <input aria-label="Valor" />
      </Modal>
    </div>
  );
}

const tecla = (alvo: Element | Window, key: string) => fireEvent.keyDown(alvo, { key });

describe('the sale screen keys', { timeout: 20_000 }, () => {
  it('F-keys act with no dialog open; + - Delete and arrows act on the lines from an empty search', () => {
    const acoes = acoesFalsas();
    render(<Tela acoes={acoes} aoEscolher={vi.fn()} />);
    const busca = screen.getByTestId('busca-produto');
    for (const k of ['F1', 'F3', 'F4', 'F6', 'F7', 'F8', 'F9']) tecla(busca, k);
    expect(acoes.mapa).toHaveBeenCalledTimes(1);
    expect(acoes.cpfNota).toHaveBeenCalledTimes(1);
    expect(acoes.pagamento).toHaveBeenCalledTimes(1);
    expect(acoes.descontoItem).toHaveBeenCalledTimes(1);
    expect(acoes.descontoGeral).toHaveBeenCalledTimes(1);
    expect(acoes.conta).toHaveBeenCalledTimes(1);
    expect(acoes.atendente).toHaveBeenCalledTimes(1);
    tecla(busca, '+');
    tecla(busca, '-');
    tecla(busca, 'Delete');
    tecla(busca, 'ArrowDown');
    expect(acoes.quantidade).toHaveBeenNthCalledWith(1, 1);
    expect(acoes.quantidade).toHaveBeenNthCalledWith(2, -1);
    expect(acoes.excluir).toHaveBeenCalledTimes(1);
    expect(acoes.mover).toHaveBeenCalledWith(1);
  });

  it('a key typed after a click on a line (a scanner) lands in the search box', () => {
    const aoEscolher = vi.fn();
    render(<Tela acoes={acoesFalsas()} aoEscolher={aoEscolher} />);
    const linha = screen.getByTestId('linha');
    linha.focus();
    act(() => {
      tecla(linha, '7');
    });
    const busca = screen.getByTestId<HTMLInputElement>('busca-produto');
    expect(document.activeElement).toBe(busca);
    expect(busca.value).toBe('7');
    fireEvent.change(busca, { target: { value: '7894900027013' } });
    fireEvent.keyDown(busca, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(aoEscolher).toHaveBeenCalledWith(
      expect.objectContaining({ descricao: 'Refrigerante 2L' }),
      undefined,
    );
  });

  it('with a dialog open the sale keys wait: only the dialog takes them', () => {
    const acoes = acoesFalsas();
    render(<Tela acoes={acoes} aoEscolher={vi.fn()} dialogo />);
    expect(dialogoAberto()).toBe(true);
    for (const k of ['F1', 'F4', 'F7', 'F8', '+', 'Delete', '7']) tecla(window, k);
    for (const f of Object.values(acoes)) expect(f).not.toHaveBeenCalled();
  });

  it('arrow keys move through the results and Enter launches the highlighted one', () => {
    const aoEscolher = vi.fn();
    render(<Tela acoes={acoesFalsas()} aoEscolher={aoEscolher} />);
    const busca = screen.getByTestId('busca-produto');
    fireEvent.change(busca, { target: { value: 'refri' } });
    const opcoes = () => Array.from(document.querySelectorAll('[role="option"]'));
    expect(opcoes().map((o) => o.getAttribute('aria-selected'))).toEqual(['false', 'false']);
    tecla(busca, 'ArrowDown');
    tecla(busca, 'ArrowDown');
    expect(opcoes().map((o) => o.getAttribute('aria-selected'))).toEqual(['false', 'true']);
    tecla(busca, 'ArrowDown');
    expect(opcoes()[0]?.getAttribute('aria-selected')).toBe('true');
    tecla(busca, 'ArrowUp');
    fireEvent.keyDown(busca, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(aoEscolher).toHaveBeenCalledWith(
      expect.objectContaining({ descricao: 'Refrigerante Lata 350ml' }),
      undefined,
    );
  });

  it('tells text fields from buttons, radios and lines', () => {
    const campo = document.createElement('input');
    const radio = document.createElement('input');
    radio.type = 'radio';
    expect(ehCampoDeTexto(campo)).toBe(true);
    expect(ehCampoDeTexto(radio)).toBe(false);
    expect(ehCampoDeTexto(document.createElement('textarea'))).toBe(true);
    expect(ehCampoDeTexto(document.createElement('button'))).toBe(false);
  });

  it('F1 lists every key of the map', () => {
    render(<MapaTeclasDialog aberto aoFechar={() => undefined} />);
    const texto = screen.getByTestId('mapa-teclas').textContent ?? '';
    for (const g of MAPA_TECLAS) for (const t of g.teclas) expect(texto).toContain(t.acao);
  });

  it('Enter in the discount value applies it', () => {
    const aoConfirmar = vi.fn();
    render(
      <DescontoDialog
        aberto
        titulo="Desconto geral"
        modos={MODOS_DESCONTO_GERAL}
        aoConfirmar={aoConfirmar}
        aoFechar={() => undefined}
      />,
    );
    const valor = screen.getByLabelText('Valor do desconto');
    fireEvent.change(valor, { target: { value: '2' } });
    fireEvent.keyDown(valor, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(aoConfirmar).toHaveBeenCalledWith(0, '2');
  });
});
