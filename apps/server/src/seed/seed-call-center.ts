import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { consultar } from '../db/consultar.ts';
import { novoId } from '../lib/ids.ts';

// Demo service areas of the call center (DESIGN section 4), so #/frenteLoja/callCenter routes orders right
// after `npm start` (the maps simulator knows the demo streets, src/simuladores/mapas.ts):
// - Loja Centro: a polygon over the centre;
// - Loja Shopping: a 2.5 km circle around the mall and a rectangle over Batel.
// They overlap in the centre (the nearest store wins: Maria, Rua das Flores -> Centro); João (Avenida Batel)
// is Shopping's; a customer in Mossunguê is outside every area.

export const AREAS_DEMO = {
  centro: [
    {
      tipo: 'poligono',
      descricao: 'Centro',
      pontos: [
        { lat: -25.418, lng: -49.282 },
        { lat: -25.418, lng: -49.25 },
        { lat: -25.437, lng: -49.25 },
        { lat: -25.437, lng: -49.282 },
      ],
    },
  ],
  shopping: [
    {
      tipo: 'circulo',
      descricao: 'Raio do shopping',
      centro: { lat: -25.4398, lng: -49.2776 },
      raioMetros: 2500,
    },
    { tipo: 'retangulo', descricao: 'Batel', norte: -25.438, sul: -25.45, leste: -49.29, oeste: -49.31 },
  ],
} as const;

export async function semearCallCenter(
  db: Db,
  grupoId: string,
  lojas: { centro: string; shopping: string },
): Promise<void> {
  for (const [loja, areas] of [
    [lojas.centro, AREAS_DEMO.centro],
    [lojas.shopping, AREAS_DEMO.shopping],
  ] as const) {
    await consultar(
      db,
      sql`update empresa set configuracoes = coalesce(configuracoes, '{}'::jsonb)
            || jsonb_build_object('areasAtendimento', ${JSON.stringify(areas)}::jsonb)
          where id = ${loja} and grupo_empresarial_id = ${grupoId}`,
    );
  }
  const endereco = {
    logradouro: 'Rua Professor Pedro Viriato Parigot de Souza',
    numero: '1000',
    bairro: 'Mossunguê',
    cidade: 'Curitiba',
    uf: 'PR',
    pais: 'Brasil',
    cep: '81200-000',
    tipo: 'Residencial',
    principal: true,
  };
  await consultar(
    db,
    sql`insert into pessoa (id, grupo_empresarial_id, nome, tipos_pessoa, telefone, endereco, cliente_padrao)
        values (${novoId()}, ${grupoId}, 'Pedro Cliente Mossunguê', ${JSON.stringify(['Cliente'])}::jsonb,
          ${JSON.stringify({ ddd: '41', numero: '977770003', tipo: 'Celular', principal: true })}::jsonb,
          ${JSON.stringify(endereco)}::jsonb, false)`,
  );
}
