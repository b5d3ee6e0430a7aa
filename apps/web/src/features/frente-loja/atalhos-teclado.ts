// The till's keyboard: which key does what (shown on F1 and in the README), and the checks the sale screen
// makes before acting on a key, so only the dialog on top takes keys and a scanner's burst lands in the search.

export interface GrupoTeclas {
  titulo: string;
  teclas: readonly { tecla: string; acao: string }[];
}

/** Every key of the sale screen and its dialogs (the F1 dialog lists these; keep the README in step). */
export const MAPA_TECLAS: readonly GrupoTeclas[] = [
  {
    titulo: 'Venda',
    teclas: [
      { tecla: 'F1', acao: 'Mapa de teclas (esta lista)' },
      { tecla: 'F2', acao: 'Ir para a busca de produto' },
      { tecla: 'Leitor', acao: 'Sem diálogo aberto, o que for digitado vai para a busca' },
      { tecla: '3*texto', acao: 'Lança 3 unidades do produto' },
      { tecla: '↑ ↓', acao: 'Na busca: percorre os produtos encontrados; busca vazia: escolhe o item' },
      { tecla: 'Enter', acao: 'Lança o produto destacado (ou o código de barras exato)' },
      { tecla: '+ / -', acao: 'Soma ou tira uma unidade do item selecionado' },
      { tecla: 'Delete', acao: 'Exclui o item selecionado' },
      { tecla: 'F3', acao: 'CPF/CNPJ na nota (também no pagamento)' },
      { tecla: 'F4', acao: 'Pagamento' },
      { tecla: 'F6', acao: 'Desconto no item selecionado' },
      { tecla: 'F7', acao: 'Desconto geral' },
      { tecla: 'F8', acao: 'Imprimir a conta' },
      { tecla: 'F9', acao: 'Identificar o atendente' },
      { tecla: 'F10', acao: 'Enviar para a cozinha (mesa, comanda; delivery: lançar o pedido)' },
    ],
  },
  {
    titulo: 'Pagamento',
    teclas: [
      { tecla: 'Letra da forma', acao: 'Escolhe a forma (a letra aparece no botão, ex.: D Dinheiro)' },
      { tecla: 'Números', acao: 'Valor recebido (já vem com o restante)' },
      { tecla: '↓ então ← →', acao: 'Notas rápidas (R$ 2 a R$ 200) e valor exato; Enter lança' },
      { tecla: 'Enter', acao: 'Lança o pagamento; sem restante, finaliza a venda' },
      { tecla: 'F3', acao: 'CPF/CNPJ na nota antes de finalizar' },
      { tecla: 'Esc', acao: 'Volta para a venda' },
      { tecla: '1 / 2 / 3', acao: 'Após finalizar: DANFE NFC-e, recibo não fiscal ou não imprimir' },
    ],
  },
  {
    titulo: 'Diálogos',
    teclas: [
      { tecla: 'Enter', acao: 'Confirma (desconto, liberação do supervisor, observação, CPF na nota)' },
      { tecla: 'Shift+Enter', acao: 'Nova linha no motivo da liberação' },
      { tecla: 'Tab', acao: 'Próximo campo' },
      { tecla: 'Esc', acao: 'Cancela e fecha o diálogo' },
    ],
  },
];

/** A dialog (modal or drawer) is on screen: the sale's own keys wait, the dialog on top takes them. */
export function dialogoAberto(doc: Document = document): boolean {
  for (const el of doc.querySelectorAll<HTMLElement>('.ant-modal-wrap, .ant-drawer-open')) {
    if (el.style.display !== 'none' && doc.defaultView?.getComputedStyle(el).display !== 'none') return true;
  }
  return false;
}

/** A key that types a character (a scanner's digits, letters), not a shortcut. */
export const ehTeclaImprimivel = (e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey'>) =>
  e.key.length === 1 && !e.ctrlKey && !e.metaKey && !e.altKey;

/** Where typing already goes somewhere (a field), so a key is not redirected to the search. */
export function ehCampoDeTexto(alvo: EventTarget | null): boolean {
  if (!(alvo instanceof HTMLElement)) return false;
  if (alvo.isContentEditable) return true;
  const tag = alvo.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag !== 'INPUT') return false;
  const tipo = (alvo as HTMLInputElement).type;
  return !['button', 'checkbox', 'radio', 'submit', 'reset'].includes(tipo);
}

/** The till's function keys: the browser's own meaning (F1 help...) never applies on the sale screen. */
export const TECLAS_DE_FUNCAO = new Set(['F1', 'F2', 'F3', 'F4', 'F6', 'F7', 'F8', 'F9']);
