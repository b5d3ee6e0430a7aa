-- relatorio_venda_reconstruir of 0001 built every sale's JSON contribution one by one and then summed the JSON back
-- (~1.2 ms a sale: 20 minutes for a million). Same result, set-wise: the group's sales, their lines by product and
-- their payments by type are each read once (hash joins, no per-sale call), the per-sale rows are kept in temporary
-- tables, and both the aggregates (one GROUP BY per table) and the per-sale record of what was added
-- (relatorio_venda_aplicada, the same JSON as relatorio_venda_contribuicao) come from those same rows, so the
-- incremental path (relatorio_venda_aplicar) goes on from a rebuilt group exactly as from its own work.
-- The expressions are relatorio_venda_contribuicao's (0003); the integration test proves incremental = rebuilt =
-- a plain GROUP BY over the raw rows.
CREATE OR REPLACE FUNCTION relatorio_venda_reconstruir(g text) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  n integer;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('relatorio_venda_reconstruir:' || g, 0));
  PERFORM set_config('work_mem', '256MB', true);
  DELETE FROM relatorio_venda_hora WHERE grupo_empresarial_id = g;
  DELETE FROM relatorio_venda_produto_dia WHERE grupo_empresarial_id = g;
  DELETE FROM relatorio_venda_pagamento_dia WHERE grupo_empresarial_id = g;
  DELETE FROM relatorio_venda_aplicada WHERE grupo_empresarial_id = g;
  DELETE FROM relatorio_venda_pendente WHERE grupo_empresarial_id = g;
  DROP TABLE IF EXISTS relatorio_venda_rc_v, relatorio_venda_rc_p, relatorio_venda_rc_g, relatorio_venda_rc_h;

  -- The sales in a final status, with their keys (day and hour at -03:00 of the end, else the creation).
  CREATE TEMP TABLE relatorio_venda_rc_v ON COMMIT DROP AS
  SELECT v.id AS venda_id, v.grupo_empresarial_id, v.empresa_id, t.local::date AS dia,
         extract(hour FROM t.local)::smallint AS hora, v.status, v.tipo_venda,
         coalesce(v.local_pedido, 0)::smallint AS origem, coalesce(v.terminal_id, '') AS terminal_id,
         coalesce(v.operador_id, '') AS operador_id, coalesce(v.atendente->>'_id', '') AS atendente_id,
         v.taxa_entrega, v.total
    FROM venda v CROSS JOIN LATERAL (SELECT (coalesce(v.encerrada_em, v.data) AT TIME ZONE 'UTC') - interval '3 hours' AS local) t
   WHERE v.grupo_empresarial_id = g AND v.status IN (59, 60, 61);
  GET DIAGNOSTICS n = ROW_COUNT;
  ANALYZE relatorio_venda_rc_v;

  -- Per sale and product (the 'p' of a contribution), with the service flag the 'h' sums need.
  CREATE TEMP TABLE relatorio_venda_rc_p ON COMMIT DROP AS
  SELECT v.venda_id, v.grupo_empresarial_id, v.empresa_id, v.dia, v.status, i.produto_id,
         coalesce(p.tipo_produto->>'sigla', '') = 'Gorjeta' AS servico, 1 AS vendas,
         sum(i.quantidade) AS quantidade, sum(i.valor_bruto) AS bruto, sum(i.desconto) AS descontos,
         sum(i.desconto_combo) AS desconto_combo, sum(i.desconto_happy_hour) AS desconto_happy_hour,
         sum(i.desconto_sugestao) AS desconto_sugestao, sum(i.desconto_personalizado) AS desconto_personalizado,
         sum(i.desconto_geral) AS desconto_geral, sum(i.acrescimo) AS acrescimos, sum(i.valor_liquido) AS liquido,
         sum(i.quantidade * i.preco_custo) AS custo
    FROM relatorio_venda_rc_v v
    JOIN venda_item i ON i.venda_id = v.venda_id AND NOT i.cancelado
    LEFT JOIN produto_geral p ON p.id = i.produto_id
   GROUP BY v.venda_id, v.grupo_empresarial_id, v.empresa_id, v.dia, v.status, i.produto_id, p.tipo_produto->>'sigla';

  -- Per sale and payment type (the 'g').
  CREATE TEMP TABLE relatorio_venda_rc_g ON COMMIT DROP AS
  SELECT v.venda_id, v.grupo_empresarial_id, v.empresa_id, v.dia, v.status, vp.tipo_pagamento,
         count(*)::int AS pagamentos, sum(vp.valor) AS valor
    FROM relatorio_venda_rc_v v JOIN venda_pagamento vp ON vp.venda_id = v.venda_id AND NOT vp.lixo
   GROUP BY v.venda_id, v.grupo_empresarial_id, v.empresa_id, v.dia, v.status, vp.tipo_pagamento;

  -- Per sale (the 'h'): the sale's keys and the sums of its lines, the service lines apart.
  CREATE TEMP TABLE relatorio_venda_rc_h ON COMMIT DROP AS
  SELECT v.venda_id, v.grupo_empresarial_id, v.empresa_id, v.dia, v.hora, v.status, v.tipo_venda, v.origem,
         v.terminal_id, v.operador_id, v.atendente_id, 1 AS vendas,
         coalesce(s.itens, 0) AS itens, coalesce(s.quantidade, 0) AS quantidade, coalesce(s.bruto, 0) AS bruto,
         coalesce(s.descontos, 0) AS descontos, coalesce(s.desconto_combo, 0) AS desconto_combo,
         coalesce(s.desconto_happy_hour, 0) AS desconto_happy_hour, coalesce(s.desconto_sugestao, 0) AS desconto_sugestao,
         coalesce(s.desconto_personalizado, 0) AS desconto_personalizado,
         coalesce(s.desconto_geral, 0) AS desconto_geral, coalesce(s.acrescimos, 0) AS acrescimos,
         coalesce(s.liquido, 0) AS liquido, coalesce(s.custo, 0) AS custo, coalesce(s.taxa_servico, 0) AS taxa_servico,
         v.taxa_entrega, v.total
    FROM relatorio_venda_rc_v v
    LEFT JOIN (
      SELECT p.venda_id, sum(p.quantidade) FILTER (WHERE NOT p.servico) AS itens, sum(p.quantidade) AS quantidade,
             sum(p.bruto) FILTER (WHERE NOT p.servico) AS bruto, sum(p.descontos) FILTER (WHERE NOT p.servico) AS descontos,
             sum(p.desconto_combo) FILTER (WHERE NOT p.servico) AS desconto_combo,
             sum(p.desconto_happy_hour) FILTER (WHERE NOT p.servico) AS desconto_happy_hour,
             sum(p.desconto_sugestao) FILTER (WHERE NOT p.servico) AS desconto_sugestao,
             sum(p.desconto_personalizado) FILTER (WHERE NOT p.servico) AS desconto_personalizado,
             sum(p.desconto_geral) FILTER (WHERE NOT p.servico) AS desconto_geral,
             sum(p.acrescimos) FILTER (WHERE NOT p.servico) AS acrescimos,
             sum(p.liquido) FILTER (WHERE NOT p.servico) AS liquido, sum(p.custo) FILTER (WHERE NOT p.servico) AS custo,
             sum(p.liquido) FILTER (WHERE p.servico) AS taxa_servico
        FROM relatorio_venda_rc_p p GROUP BY p.venda_id) s ON s.venda_id = v.venda_id;

  -- What each sale added, as relatorio_venda_contribuicao writes it (the incremental path takes it out later).
  INSERT INTO relatorio_venda_aplicada (venda_id, grupo_empresarial_id, contribuicao)
  SELECT h.venda_id, h.grupo_empresarial_id,
         jsonb_build_object('h', to_jsonb(h) - 'venda_id', 'p', coalesce(pj.j, '[]'::jsonb), 'g', coalesce(gj.j, '[]'::jsonb))
    FROM relatorio_venda_rc_h h
    LEFT JOIN (SELECT p.venda_id, jsonb_agg(to_jsonb(p) - 'venda_id' - 'servico' ORDER BY p.produto_id) AS j
                 FROM relatorio_venda_rc_p p GROUP BY p.venda_id) pj ON pj.venda_id = h.venda_id
    LEFT JOIN (SELECT x.venda_id, jsonb_agg(to_jsonb(x) - 'venda_id' ORDER BY x.tipo_pagamento) AS j
                 FROM relatorio_venda_rc_g x GROUP BY x.venda_id) gj ON gj.venda_id = h.venda_id;

  -- The aggregates: one GROUP BY each over the same per-sale rows.
  INSERT INTO relatorio_venda_hora
  SELECT r.grupo_empresarial_id, r.empresa_id, r.dia, r.hora, r.status, r.tipo_venda, r.origem, r.terminal_id,
         r.operador_id, r.atendente_id, sum(r.vendas), sum(r.itens), sum(r.quantidade), sum(r.bruto), sum(r.descontos),
         sum(r.desconto_combo), sum(r.desconto_happy_hour), sum(r.desconto_sugestao), sum(r.desconto_personalizado),
         sum(r.desconto_geral), sum(r.acrescimos), sum(r.liquido), sum(r.custo), sum(r.taxa_servico),
         sum(r.taxa_entrega), sum(r.total)
    FROM relatorio_venda_rc_h r
   GROUP BY r.grupo_empresarial_id, r.empresa_id, r.dia, r.hora, r.status, r.tipo_venda, r.origem, r.terminal_id,
         r.operador_id, r.atendente_id;
  INSERT INTO relatorio_venda_produto_dia
  SELECT p.grupo_empresarial_id, p.empresa_id, p.dia, p.status, p.produto_id, sum(p.vendas), sum(p.quantidade),
         sum(p.bruto), sum(p.descontos), sum(p.desconto_combo), sum(p.desconto_happy_hour), sum(p.desconto_sugestao),
         sum(p.desconto_personalizado), sum(p.desconto_geral), sum(p.acrescimos), sum(p.liquido), sum(p.custo)
    FROM relatorio_venda_rc_p p
   GROUP BY p.grupo_empresarial_id, p.empresa_id, p.dia, p.status, p.produto_id;
  INSERT INTO relatorio_venda_pagamento_dia
  SELECT x.grupo_empresarial_id, x.empresa_id, x.dia, x.status, x.tipo_pagamento, sum(x.pagamentos), sum(x.valor)
    FROM relatorio_venda_rc_g x
   GROUP BY x.grupo_empresarial_id, x.empresa_id, x.dia, x.status, x.tipo_pagamento;

  DROP TABLE relatorio_venda_rc_v, relatorio_venda_rc_p, relatorio_venda_rc_g, relatorio_venda_rc_h;
  RETURN n;
END $$;
