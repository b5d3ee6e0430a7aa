import type { Venda } from '@retaguarda/domain';
import type { PagamentoEnvio } from './venda-api.ts';

// A counter sale is kept on the terminal until it is finished (tela-venda.tsx), so its lines and payments
// must outlive a reload or a browser crash: the draft is written on every change and read when the counter
// screen opens again on the same company and terminal. Synchronous storage: the screen's first render has it.

export interface RascunhoVenda {
  venda: Venda;
  pagamentos: PagamentoEnvio[];
}

const chave = (empresa: string, terminal: string) => `frenteLoja:rascunho:${empresa}:${terminal}`;

export function lerRascunho(empresa: string, terminal: string): RascunhoVenda | null {
  try {
    const bruto = localStorage.getItem(chave(empresa, terminal));
    if (!bruto) return null;
    const r = JSON.parse(bruto) as Partial<RascunhoVenda>;
    if (!r.venda || !Array.isArray(r.venda.produtos) || !Array.isArray(r.pagamentos)) return null;
    if (r.venda.empresa !== empresa) return null;
    return { venda: r.venda, pagamentos: r.pagamentos };
  } catch {
    return null;
  }
}

export function guardarRascunho(empresa: string, terminal: string, r: RascunhoVenda): void {
  try {
    localStorage.setItem(chave(empresa, terminal), JSON.stringify(r));
  } catch {
    // storage full or blocked: the sale goes on in memory
  }
}

export function apagarRascunho(empresa: string, terminal: string): void {
  localStorage.removeItem(chave(empresa, terminal));
}
