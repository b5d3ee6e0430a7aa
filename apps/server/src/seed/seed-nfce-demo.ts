import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { consultar } from '../db/consultar.ts';
import type { DadosDemo } from './seed.ts';

/**
 * The demo's first start (`npm start`, `npm run seed`): Loja Centro issues its NFC-e when a sale ends, in
 * homologation (ambiente 2, as every demo store) against the local SEFAZ simulator with the demo certificate the
 * server makes at the first note (ADR 0005), so a new user sees the whole flow — sale, note, DANFE marked
 * 'EMITIDA EM AMBIENTE DE HOMOLOGAÇÃO - SEM VALOR FISCAL'. Kept out of `semear`, which the integration tests
 * share: they choose per test whether a store issues notes.
 */
export async function ligarNfceDemonstracao(db: Db, dados: DadosDemo): Promise<void> {
  await consultar(
    db,
    sql`insert into fiscal_empresa (empresa_id, grupo_empresarial_id, emitir_nfce)
        values (${dados.empresas.centro}, ${dados.grupoId}, true)
        on conflict (empresa_id) do update set emitir_nfce = true, updated_at = now()`,
  );
}
