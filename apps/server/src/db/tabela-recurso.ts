import type { Campo, DefinicaoRecurso } from '@retaguarda/domain';
import { nomeIndiceUnico, paraSnakeCase } from '@retaguarda/domain';
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
      // A number the database gives at creation (the group's login code): an identity column.
      return campo.numeracao
        ? integer(coluna).generatedByDefaultAsIdentity({ startWith: campo.numeracao.inicio })
        : integer(coluna);
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
    // Declared combinations (DefinicaoRecurso.unicos): an empty optional reference or text is one value ('').
    for (const unico of def.unicos ?? []) {
      const lideres = def.escopo === 'empresa' ? [grupo, t.empresaId!] : [grupo];
      const colunas = unico.campos.map((nome) => {
        const campo = def.campos[nome];
        const coluna = t[nome]!;
        const opcional = (campo?.tipo === 'ref' || campo?.tipo === 'texto') && !campo.obrigatorio;
        return opcional ? sql`coalesce(${coluna}, '')` : coluna;
      });
      const [primeira, ...resto] = [...lideres, ...colunas];
      extras.push(
        uniqueIndex(nomeIndiceUnico(def, unico.campos))
          .on(primeira!, ...resto)
          .where(sql`lixo = false`),
      );
    }
    for (const [nome, campo] of Object.entries(def.campos)) {
      // Numbered by the database: one number per row of the installation, not per group.
      if (campo.tipo === 'inteiro' && campo.numeracao) {
        extras.push(uniqueIndex(`${def.tabelaSql}_${paraSnakeCase(nome)}_uq`).on(t[nome]!));
      }
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
