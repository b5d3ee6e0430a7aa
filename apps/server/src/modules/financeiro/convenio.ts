import { somarDias, vencimentoConvenio } from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { consultarUm } from '../../db/consultar.ts';

// Due day of a convênio purchase (spec 3 convenioGrupo: diaFechamento, diaVencimento; rule in the domain's
// vencimentoConvenio).

/** The due date of a customer's convênio purchase (its agreement group's days; 30 days when it has none). */
export async function vencimentoDoConvenio(tx: Db, grupo: string, cliente: string, dataVenda: string) {
  const l = await consultarUm(
    tx,
    sql`select pc.dia_fechamento, pc.dia_vencimento from pessoa p
          join pessoa_convenio pc on pc.id = p.convenio_grupo_id and pc.grupo_empresarial_id = p.grupo_empresarial_id
         where p.id = ${cliente} and p.grupo_empresarial_id = ${grupo}`,
  );
  if (!l?.dia_fechamento || !l.dia_vencimento) return somarDias(dataVenda, 30);
  return vencimentoConvenio({
    dataVenda,
    diaFechamento: Number(l.dia_fechamento),
    diaVencimento: Number(l.dia_vencimento),
  }).dataVencimento;
}
