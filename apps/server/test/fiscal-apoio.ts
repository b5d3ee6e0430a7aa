import type { Venda } from '@retaguarda/domain';
import { inserirVenda } from '../src/modules/vendas/vendas.repositorio.ts';
import type { AppTeste } from './app-teste.ts';

// enviaNFCE builds the note from the stored sale only: the fiscal tests store their sales first, through the
// sale module's repository (as the POS's /encerrar would leave them).

const gravadas = new WeakMap<AppTeste, Set<string>>();
let numero = 0;

/** Stores an ended sale once per app (a second call with the same _id does nothing). */
export async function gravarVendaTeste(t: AppTeste, venda: Venda): Promise<Venda> {
  const ja = gravadas.get(t) ?? new Set<string>();
  gravadas.set(t, ja);
  if (ja.has(venda._id)) return venda;
  numero += 1;
  const v = { ...venda, numero: venda.numero ?? numero };
  await inserirVenda(
    t.banco.db,
    { venda: v, mesa: null, comanda: null, periodo: null, versao: 0, encerradaEm: v.data },
    t.demo.usuarios.admin,
  );
  ja.add(venda._id);
  return v;
}
