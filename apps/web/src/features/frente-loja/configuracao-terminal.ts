// The device's binding to a default company and terminal (spec 2 sections 7 and 8), kept in local
// storage so every reload of this browser sells for the same store and register.

export interface VinculoTerminal {
  empresaPadrao?: { _id: string; descricao: string };
  terminalPadrao?: { _id: string; descricao: string };
  /** Call-center mode: several companies of the group, counter and delivery only. */
  callCenter?: boolean;
}

const CHAVE = 'frenteLoja.vinculo';

export function lerVinculo(): VinculoTerminal {
  try {
    const bruto = localStorage.getItem(CHAVE);
    return bruto ? (JSON.parse(bruto) as VinculoTerminal) : {};
  } catch {
    return {};
  }
}

export function gravarVinculo(v: VinculoTerminal): void {
  localStorage.setItem(CHAVE, JSON.stringify(v));
}

/** Terminal functions of spec 1 section 1 as stored in terminal.funcoes. */
export const FUNCOES_TERMINAL = {
  balcao: 'Lançar venda balcão',
  mesa: 'Lançar mesa',
  comanda: 'Lançar comanda',
  delivery: 'Lançar delivery',
  caixa: 'Operar como caixa',
  expedicao: 'Acessar expedição',
  saidaMotoboy: 'Acessar saída de motoboy',
  portaria: 'Cadastro de portaria',
  kds: 'KDS',
} as const;
export type FuncaoTerminal = keyof typeof FUNCOES_TERMINAL;
