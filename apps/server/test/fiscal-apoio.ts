import type { Venda } from '@retaguarda/domain';
import { iniciarSimuladorSefaz, type SimuladorSefaz } from '@retaguarda/fiscal';
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

/** Sends the test app's notes to a SEFAZ simulator of the test's own (started here; the test closes it). */
export async function apontarParaSimulador(t: AppTeste, timeoutMs = 3000): Promise<SimuladorSefaz> {
  const sim = await iniciarSimuladorSefaz({ porta: 0 });
  t.app.fiscal.servico.usarSefaz({ url: sim.url, ca: sim.certificadoPem, simulador: true, timeoutMs });
  return sim;
}
