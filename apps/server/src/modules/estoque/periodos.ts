import { diaBrasileiro, diaDoEstoque } from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { consultar } from '../../db/consultar.ts';
import { ErroNegocio } from '../../lib/envelope.ts';
import { novoId } from '../../lib/ids.ts';
import { datasFechadas } from './livro.ts';

// Stock periods (issue 17): closing a store's stock up to a day refuses every move dated on or before it;
// only a user with the reopening permission moves the date back. Each closing or reopening is a row (the
// history of who closed what); the store's closed date is its newest row's.

const DIA = /^\d{4}-\d{2}-\d{2}$/;

function diaValido(dia: string): boolean {
  if (!DIA.test(dia)) return false;
  const d = new Date(`${dia}T12:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === dia;
}

/** Takes the store's period lock alone: no move of the store is being written meanwhile. */
async function travarLoja(db: Db, empresa: string): Promise<void> {
  await consultar(db, sql`select pg_advisory_xact_lock(hashtextextended(${`estoque:${empresa}`}, 0))`);
}

export async function fecharPeriodo(
  db: Db,
  grupo: string,
  entrada: { empresa: string; ate: string; usuario: string; agora?: Date },
): Promise<{ empresa: string; fechadoAte: string }> {
  if (!diaValido(entrada.ate)) throw new ErroNegocio('Data de fechamento inválida!');
  const hoje = diaDoEstoque(entrada.agora ?? new Date());
  if (entrada.ate >= hoje) {
    throw new ErroNegocio(
      'O período de estoque só pode ser fechado até ontem: hoje ainda recebe movimentos.',
    );
  }
  return db.transaction(async (tx) => {
    await travarLoja(tx, entrada.empresa);
    const atual = (await datasFechadas(tx, grupo, [entrada.empresa])).get(entrada.empresa);
    if (atual && entrada.ate <= atual) {
      throw new ErroNegocio(
        `O estoque desta loja já está fechado até ${diaBrasileiro(atual)}. Para voltar a data, reabra o período.`,
      );
    }
    await consultar(
      tx,
      sql`insert into estoque_periodo (id, grupo_empresarial_id, empresa_id, acao, fechado_ate, usuario_id)
          values (${novoId()}, ${grupo}, ${entrada.empresa}, 'fechamento', ${entrada.ate}::date, ${entrada.usuario})`,
    );
    return { empresa: entrada.empresa, fechadoAte: entrada.ate };
  });
}

export async function reabrirPeriodo(
  db: Db,
  grupo: string,
  entrada: { empresa: string; ate: string | null; motivo: string; usuario: string },
): Promise<{ empresa: string; fechadoAte: string | null }> {
  if (entrada.ate !== null && !diaValido(entrada.ate)) throw new ErroNegocio('Data de fechamento inválida!');
  if (!entrada.motivo.trim()) throw new ErroNegocio('Informe o motivo da reabertura do período de estoque.');
  return db.transaction(async (tx) => {
    await travarLoja(tx, entrada.empresa);
    const atual = (await datasFechadas(tx, grupo, [entrada.empresa])).get(entrada.empresa);
    if (!atual) throw new ErroNegocio('O estoque desta loja não tem período fechado.');
    if (entrada.ate !== null && entrada.ate >= atual) {
      throw new ErroNegocio(
        `Para reabrir, informe uma data anterior a ${diaBrasileiro(atual)} (ou nenhuma).`,
      );
    }
    await consultar(
      tx,
      sql`insert into estoque_periodo (id, grupo_empresarial_id, empresa_id, acao, fechado_ate, usuario_id, motivo)
          values (${novoId()}, ${grupo}, ${entrada.empresa}, 'reabertura', ${entrada.ate}::date, ${entrada.usuario},
                  ${entrada.motivo.trim()})`,
    );
    return { empresa: entrada.empresa, fechadoAte: entrada.ate };
  });
}

export async function historicoPeriodos(db: Db, grupo: string, empresa: string) {
  const linhas = await consultar(
    db,
    sql`select p.id, p.acao, p.fechado_ate::text as fechado_ate, p.motivo, p.created_at,
               u.id as usuario_id, u.nome as usuario_nome
          from estoque_periodo p left join usuario u on u.id = p.usuario_id and u.grupo_empresarial_id = p.grupo_empresarial_id
         where p.grupo_empresarial_id = ${grupo} and p.empresa_id = ${empresa}
         order by p.seq desc limit 100`,
  );
  return linhas.map((l) => ({
    _id: String(l.id),
    acao: String(l.acao),
    fechadoAte: l.fechado_ate === null ? null : String(l.fechado_ate),
    motivo: l.motivo === null ? null : String(l.motivo),
    data: new Date(String(l.created_at)).toISOString(),
    usuario: l.usuario_id ? { _id: String(l.usuario_id), nome: String(l.usuario_nome ?? '') } : null,
  }));
}
