-- 0001's contribution read the lines of every sale of the call through one CTE that each sale then scanned: fine
-- for the worker's batches of 500, quadratic for a rebuild or a raw report of a year (50,000 sales did not finish
-- in 10 minutes). Each sale now reads its own lines through venda_item's primary key (venda_id, numero_item).
CREATE OR REPLACE FUNCTION relatorio_venda_contribuicao(ids text[])
  RETURNS TABLE (venda_id text, grupo_empresarial_id text, contribuicao jsonb) LANGUAGE sql STABLE AS $$
  WITH v AS (
    SELECT v.id, v.grupo_empresarial_id, v.empresa_id, v.status, v.tipo_venda, v.local_pedido, v.terminal_id,
           v.operador_id, v.atendente, v.total, v.taxa_entrega,
           (coalesce(v.encerrada_em, v.data) AT TIME ZONE 'UTC') - interval '3 hours' AS local
      FROM venda v WHERE v.id = ANY(ids)
  )
  SELECT v.id, v.grupo_empresarial_id, jsonb_build_object(
    'h', (SELECT to_jsonb(h) FROM (
      SELECT v.grupo_empresarial_id, v.empresa_id, v.local::date AS dia, extract(hour FROM v.local)::smallint AS hora,
             v.status, v.tipo_venda, coalesce(v.local_pedido, 0)::smallint AS origem,
             coalesce(v.terminal_id, '') AS terminal_id, coalesce(v.operador_id, '') AS operador_id,
             coalesce(v.atendente->>'_id', '') AS atendente_id, 1 AS vendas,
             coalesce(sum(l.quantidade) FILTER (WHERE NOT l.servico), 0) AS itens,
             coalesce(sum(l.quantidade), 0) AS quantidade,
             coalesce(sum(l.valor_bruto) FILTER (WHERE NOT l.servico), 0) AS bruto,
             coalesce(sum(l.desconto) FILTER (WHERE NOT l.servico), 0) AS descontos,
             coalesce(sum(l.desconto_combo) FILTER (WHERE NOT l.servico), 0) AS desconto_combo,
             coalesce(sum(l.desconto_happy_hour) FILTER (WHERE NOT l.servico), 0) AS desconto_happy_hour,
             coalesce(sum(l.desconto_sugestao) FILTER (WHERE NOT l.servico), 0) AS desconto_sugestao,
             coalesce(sum(l.desconto_personalizado) FILTER (WHERE NOT l.servico), 0) AS desconto_personalizado,
             coalesce(sum(l.desconto_geral) FILTER (WHERE NOT l.servico), 0) AS desconto_geral,
             coalesce(sum(l.acrescimo) FILTER (WHERE NOT l.servico), 0) AS acrescimos,
             coalesce(sum(l.valor_liquido) FILTER (WHERE NOT l.servico), 0) AS liquido,
             coalesce(sum(l.custo) FILTER (WHERE NOT l.servico), 0) AS custo,
             coalesce(sum(l.valor_liquido) FILTER (WHERE l.servico), 0) AS taxa_servico,
             v.taxa_entrega, v.total
        FROM (SELECT i.venda_id, i.produto_id, coalesce(p.tipo_produto->>'sigla', '') = 'Gorjeta' AS servico,
                   i.quantidade, i.valor_bruto, i.desconto, i.desconto_combo, i.desconto_happy_hour, i.desconto_sugestao,
                   i.desconto_personalizado, i.desconto_geral, i.acrescimo, i.valor_liquido,
                   i.quantidade * i.preco_custo AS custo
              FROM venda_item i LEFT JOIN produto_geral p ON p.id = i.produto_id
             WHERE i.venda_id = v.id AND NOT i.cancelado) l) h),
    'p', (SELECT coalesce(jsonb_agg(to_jsonb(p)), '[]'::jsonb) FROM (
      SELECT v.grupo_empresarial_id, v.empresa_id, v.local::date AS dia, v.status, l.produto_id, 1 AS vendas,
             sum(l.quantidade) AS quantidade, sum(l.valor_bruto) AS bruto, sum(l.desconto) AS descontos,
             sum(l.desconto_combo) AS desconto_combo, sum(l.desconto_happy_hour) AS desconto_happy_hour,
             sum(l.desconto_sugestao) AS desconto_sugestao, sum(l.desconto_personalizado) AS desconto_personalizado,
             sum(l.desconto_geral) AS desconto_geral, sum(l.acrescimo) AS acrescimos,
             sum(l.valor_liquido) AS liquido, sum(l.custo) AS custo
        FROM (SELECT i.venda_id, i.produto_id, coalesce(p.tipo_produto->>'sigla', '') = 'Gorjeta' AS servico,
                   i.quantidade, i.valor_bruto, i.desconto, i.desconto_combo, i.desconto_happy_hour, i.desconto_sugestao,
                   i.desconto_personalizado, i.desconto_geral, i.acrescimo, i.valor_liquido,
                   i.quantidade * i.preco_custo AS custo
              FROM venda_item i LEFT JOIN produto_geral p ON p.id = i.produto_id
             WHERE i.venda_id = v.id AND NOT i.cancelado) l GROUP BY l.produto_id) p),
    'g', (SELECT coalesce(jsonb_agg(to_jsonb(g)), '[]'::jsonb) FROM (
      SELECT v.grupo_empresarial_id, v.empresa_id, v.local::date AS dia, v.status, vp.tipo_pagamento,
             count(*)::int AS pagamentos, sum(vp.valor) AS valor
        FROM venda_pagamento vp WHERE vp.venda_id = v.id AND NOT vp.lixo GROUP BY vp.tipo_pagamento) g))
  FROM v
$$;
