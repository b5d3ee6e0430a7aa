import { type RefObject, useEffect, useRef } from 'react';
import { dialogoAberto, ehCampoDeTexto, ehTeclaImprimivel, TECLAS_DE_FUNCAO } from './atalhos-teclado.ts';
import type { BuscaProdutoControle } from './busca-produto.tsx';

/** What the sale screen does for each of its keys (MAPA_TECLAS lists them). */
export interface AcoesTeclado {
  mapa: () => void;
  /** CPF/CNPJ na nota (F3). */
  cpfNota: () => void;
  pagamento: () => void;
  descontoItem: () => void;
  descontoGeral: () => void;
  conta: () => void;
  atendente: () => void;
  excluir: () => void;
  quantidade: (passo: 1 | -1) => void;
  mover: (delta: 1 | -1) => void;
}

/**
 * The sale screen's keys, on the window. Nothing acts while a dialog is open (the dialog on top takes its
 * keys); a character typed outside any field (a scanner after a click on a line) goes to the search box;
 * + - Delete and the arrows act on the lines when the search box is empty.
 */
export function useTeclasVenda(busca: RefObject<BuscaProdutoControle | null>, acoes: AcoesTeclado) {
  const atuais = useRef(acoes);
  atuais.current = acoes;
  // The sale opens ready for the scanner, whatever took the focus on the way (the mode buttons).
  useEffect(() => {
    const t = setTimeout(() => {
      if (!dialogoAberto() && !ehCampoDeTexto(document.activeElement)) busca.current?.focar();
    }, 0);
    return () => clearTimeout(t);
  }, [busca]);
  useEffect(() => {
    const tecla = (e: KeyboardEvent) => {
      if (e.defaultPrevented) return;
      const a = atuais.current;
      const funcao = TECLAS_DE_FUNCAO.has(e.key);
      if (dialogoAberto()) {
        // Still never the browser's own F1 (help) or the like behind a dialog.
        if (funcao) e.preventDefault();
        return;
      }
      if (funcao) {
        e.preventDefault();
        if (e.key === 'F1') a.mapa();
        else if (e.key === 'F2') busca.current?.focar();
        else if (e.key === 'F3') a.cpfNota();
        else if (e.key === 'F4') a.pagamento();
        else if (e.key === 'F6') a.descontoItem();
        else if (e.key === 'F7') a.descontoGeral();
        else if (e.key === 'F8') a.conta();
        else if (e.key === 'F9') a.atendente();
        return;
      }
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      const campo = ehCampoDeTexto(e.target);
      const naBuscaVazia = Boolean(busca.current?.eh(e.target)) && busca.current?.texto() === '';
      const linhas = !campo || naBuscaVazia;
      if (linhas && (e.key === '+' || e.key === '-')) {
        e.preventDefault();
        a.quantidade(e.key === '+' ? 1 : -1);
      } else if (linhas && e.key === 'Delete') {
        e.preventDefault();
        a.excluir();
      } else if (linhas && (e.key === 'ArrowDown' || e.key === 'ArrowUp')) {
        e.preventDefault();
        a.mover(e.key === 'ArrowDown' ? 1 : -1);
      } else if (!campo && ehTeclaImprimivel(e)) {
        // A scanner types fast and ends with Enter: from the first character on, it types in the search.
        e.preventDefault();
        busca.current?.inserir(e.key);
      }
    };
    window.addEventListener('keydown', tecla);
    return () => window.removeEventListener('keydown', tecla);
  }, [busca]);
}
