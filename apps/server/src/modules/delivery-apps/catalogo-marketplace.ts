import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { arrayTexto, consultar } from '../../db/consultar.ts';
import { comoSistema } from '../../db/inquilino.ts';
import { lerCardapio } from './cardapio.ts';
import type { ServicoDeliveryApps } from './delivery-apps.service.ts';
import { AdaptadorMarketplace } from './marketplace.adaptador.ts';

// Catalogue updates by item for the marketplace: a periodic diff, off the product save (a save never waits
// for, nor fails because of, the marketplace). Each round reads the store's menu as we price it now, writes
// it beside what the marketplace last took (delivery_catalogo_item), and sends only the rows that differ:
// the price, then the status, each marked sent once the marketplace answered. A failure leaves the row
// pending for the next round; a change made while a call was in flight is not marked as sent (the mark
// compares with the value sent), so it goes in the next round. At least once per change, in practice once.

export interface ResultadoCatalogo {
  precos: number;
  situacoes: number;
  falhas: number;
}

export async function sincronizarCatalogoMarketplace(
  s: ServicoDeliveryApps,
  db: Db,
  integracaoId: string,
  agora: Date,
): Promise<ResultadoCatalogo> {
  return comoSistema(async () => {
    const i = await s.integracao(integracaoId);
    const adaptador = s.adaptador(i);
    const resultado: ResultadoCatalogo = { precos: 0, situacoes: 0, falhas: 0 };
    if (!i.ativo || !(adaptador instanceof AdaptadorMarketplace)) return resultado;
    const menu = await lerCardapio(db, s.vendas.catalogo, i.grupo, i.empresa, i.merchantId, agora);

    for (const p of menu.produtos) {
      await consultar(
        db,
        sql`insert into delivery_catalogo_item (integracao_id, produto_id, grupo_empresarial_id, preco, disponivel)
            values (${i.id}, ${p._id}, ${i.grupo}, ${p.preco}, ${p.ativo})
            on conflict (integracao_id, produto_id) do update set preco = excluded.preco,
              disponivel = excluded.disponivel, atualizado_em = now()
            where (delivery_catalogo_item.preco, delivery_catalogo_item.disponivel)
              is distinct from (excluded.preco, excluded.disponivel)`,
      );
    }
    // A product gone from the menu (deleted, or now out of it) becomes unavailable there.
    const ids = menu.produtos.map((p) => p._id);
    await consultar(
      db,
      sql`update delivery_catalogo_item set disponivel = false, atualizado_em = now()
          where integracao_id = ${i.id} and disponivel
            and not (produto_id = any(${arrayTexto(ids)}))`,
    );

    const pendentes = await consultar(
      db,
      sql`select produto_id, preco, disponivel, preco_enviado, disponivel_enviado from delivery_catalogo_item
          where integracao_id = ${i.id}
            and (preco is distinct from preco_enviado or disponivel is distinct from disponivel_enviado)
          order by produto_id`,
    );
    for (const l of pendentes) {
      const produto = l.produto_id as string;
      try {
        if (l.preco !== l.preco_enviado) {
          const preco = l.preco as string;
          await adaptador.atualizarPreco(produto, Number(preco));
          await consultar(
            db,
            sql`update delivery_catalogo_item set preco_enviado = ${preco}, enviado_em = now(), ultimo_erro = null
                where integracao_id = ${i.id} and produto_id = ${produto}`,
          );
          resultado.precos++;
        }
        if (l.disponivel !== l.disponivel_enviado) {
          const disponivel = l.disponivel as boolean;
          await adaptador.atualizarStatus(produto, disponivel);
          await consultar(
            db,
            sql`update delivery_catalogo_item set disponivel_enviado = ${disponivel}, enviado_em = now(),
                  ultimo_erro = null
                where integracao_id = ${i.id} and produto_id = ${produto}`,
          );
          resultado.situacoes++;
        }
      } catch (erro) {
        resultado.falhas++;
        await consultar(
          db,
          sql`update delivery_catalogo_item set ultimo_erro = ${String((erro as Error).message).slice(0, 500)}
              where integracao_id = ${i.id} and produto_id = ${produto}`,
        );
      }
    }
    return resultado;
  });
}
