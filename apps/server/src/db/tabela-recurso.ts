import type { Campo, DefinicaoRecurso } from '@retaguarda/domain';
import { paraSnakeCase } from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  type PgColumnBuilderBase,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** SQL column that stores a field: references get an `_id` suffix, as in `empresa_id`. */
export function colunaDoCampo(nome: string, campo: Campo): string {
  const base = paraSnakeCase(nome);
  if (campo.tipo === 'ref') return `${base}_id`;
  if (campo.tipo === 'refs') return `${base}_ids`;
  return base;
}

function construtor(nome: string, campo: Campo): PgColumnBuilderBase {
  const coluna = colunaDoCampo(nome, campo);
  switch (campo.tipo) {
    case 'texto':
    case 'ref':
      return text(coluna);
    case 'refs':
      return text(coluna).array();
    case 'inteiro':
      return integer(coluna);
    case 'decimal':
      return numeric(coluna, { precision: 18, scale: campo.casas ?? 2 });
    case 'booleano':
      return campo.padrao === undefined ? boolean(coluna) : boolean(coluna).default(campo.padrao);
    case 'data':
      return timestamp(coluna, { withTimezone: true, mode: 'string' });
    case 'catalogo':
    case 'json':
      return jsonb(coluna);
  }
}

// Every row carries its business group (and its store when store-scoped); indexes lead with them.
export function tabelaDoRecurso(def: DefinicaoRecurso) {
  const colunas: Record<string, PgColumnBuilderBase> = {
    id: text('id').primaryKey(),
    grupoEmpresarialId: text('grupo_empresarial_id').notNull(),
  };
  if (def.escopo === 'empresa') colunas.empresaId = text('empresa_id').notNull();
  for (const [nome, campo] of Object.entries(def.campos)) {
    if (nome === 'empresa' && def.escopo === 'empresa') continue;
    colunas[nome] = construtor(nome, campo);
  }
  colunas.lixo = boolean('lixo').notNull().default(false);
  colunas.createdAt = timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow();
  colunas.updatedAt = timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow();
  colunas.createdBy = text('created_by');
  colunas.updatedBy = text('updated_by');

  return pgTable(def.tabelaSql, colunas, (t) => {
    const grupo = t.grupoEmpresarialId!;
    const extras = [
      def.escopo === 'empresa'
        ? index(`${def.tabelaSql}_grupo_empresa_idx`).on(grupo, t.empresaId!)
        : index(`${def.tabelaSql}_grupo_idx`).on(grupo),
    ];
    // Declared indexes (DefinicaoRecurso.indices): after the group (and the store, when store-scoped).
    for (const campos of def.indices ?? []) {
      const lideres = def.escopo === 'empresa' ? [grupo, t.empresaId!] : [grupo];
      const nome = `${def.tabelaSql}_${campos.map(paraSnakeCase).join('_')}_idx`;
      const [primeira, ...resto] = [...lideres, ...campos.map((c) => t[c]!)];
      extras.push(index(nome).on(primeira!, ...resto));
    }
    for (const [nome, campo] of Object.entries(def.campos)) {
      if ((campo.tipo === 'texto' || campo.tipo === 'inteiro') && campo.unico) {
        extras.push(
          uniqueIndex(`${def.tabelaSql}_${paraSnakeCase(nome)}_uq`)
            .on(grupo, t[nome]!)
            .where(sql`lixo = false`),
        );
      }
    }
    return extras;
  });
}
