-- Sales report aggregates kept exactly once (issue 19, docs/decisions/0022-relatorios-de-venda.md).
-- 1. Triggers on `venda` write the outbox `relatorio_venda_pendente` in the sale's own transaction when a sale
--    enters or leaves a final status (59 ended, 60 cancelled, 61 open-cancelled): nothing else runs on the
--    sale's request.
-- 2. The worker calls relatorio_venda_aplicar(ids): under a per-sale advisory lock it takes out what the sale
--    added before (`relatorio_venda_aplicada`) and adds what it adds now, so a duplicate outbox row, a retry or a
--    cancellation after the end can never count a sale twice or leave it counted.
-- 3. relatorio_venda_reconstruir(grupo) rebuilds everything of a group from the raw rows.
-- Day and hour are the wall clock in -03:00 (spec 1 §9) of the end (else the creation) of the sale.

-- What one sale adds: a row of each aggregate table, as JSON (jsonb_populate_record reads it back). Any status:
-- the callers keep the final ones; the reports read open sales (57, 58) through it from the raw rows.
CREATE FUNCTION relatorio_venda_contribuicao(ids text[])
  RETURNS TABLE (venda_id text, grupo_empresarial_id text, contribuicao jsonb) LANGUAGE sql STABLE AS $$
  WITH v AS (
    SELECT v.id, v.grupo_empresarial_id, v.empresa_id, v.status, v.tipo_venda, v.local_pedido, v.terminal_id,
           v.operador_id, v.atendente, v.total, v.taxa_entrega,
           (coalesce(v.encerrada_em, v.data) AT TIME ZONE 'UTC') - interval '3 hours' AS local
      FROM venda v WHERE v.id = ANY(ids)
  ), l AS (
    SELECT i.venda_id, i.produto_id, coalesce(p.tipo_produto->>'sigla', '') = 'Gorjeta' AS servico,
           i.quantidade, i.valor_bruto, i.desconto, i.desconto_combo, i.desconto_happy_hour, i.desconto_sugestao,
           i.desconto_personalizado, i.desconto_geral, i.acrescimo, i.valor_liquido,
           i.quantidade * i.preco_custo AS custo
      FROM venda_item i LEFT JOIN produto_geral p ON p.id = i.produto_id
     WHERE i.venda_id = ANY(ids) AND NOT i.cancelado
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
        FROM l WHERE l.venda_id = v.id) h),
    'p', (SELECT coalesce(jsonb_agg(to_jsonb(p)), '[]'::jsonb) FROM (
      SELECT v.grupo_empresarial_id, v.empresa_id, v.local::date AS dia, v.status, l.produto_id, 1 AS vendas,
             sum(l.quantidade) AS quantidade, sum(l.valor_bruto) AS bruto, sum(l.desconto) AS descontos,
             sum(l.desconto_combo) AS desconto_combo, sum(l.desconto_happy_hour) AS desconto_happy_hour,
             sum(l.desconto_sugestao) AS desconto_sugestao, sum(l.desconto_personalizado) AS desconto_personalizado,
             sum(l.desconto_geral) AS desconto_geral, sum(l.acrescimo) AS acrescimos,
             sum(l.valor_liquido) AS liquido, sum(l.custo) AS custo
        FROM l WHERE l.venda_id = v.id GROUP BY l.produto_id) p),
    'g', (SELECT coalesce(jsonb_agg(to_jsonb(g)), '[]'::jsonb) FROM (
      SELECT v.grupo_empresarial_id, v.empresa_id, v.local::date AS dia, v.status, vp.tipo_pagamento,
             count(*)::int AS pagamentos, sum(vp.valor) AS valor
        FROM venda_pagamento vp WHERE vp.venda_id = v.id AND NOT vp.lixo GROUP BY vp.tipo_pagamento) g))
  FROM v
$$;--> statement-breakpoint
-- Adds (sinal 1) or takes out (sinal -1) a list of contributions; rows left with no sale are removed.
CREATE FUNCTION relatorio_venda_somar(c jsonb, sinal integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF c IS NULL OR jsonb_array_length(c) = 0 THEN RETURN; END IF;
  INSERT INTO relatorio_venda_hora AS x
  SELECT r.grupo_empresarial_id, r.empresa_id, r.dia, r.hora, r.status, r.tipo_venda, r.origem, r.terminal_id,
         r.operador_id, r.atendente_id, sum(r.vendas) * sinal, sum(r.itens) * sinal, sum(r.quantidade) * sinal,
         sum(r.bruto) * sinal, sum(r.descontos) * sinal, sum(r.desconto_combo) * sinal,
         sum(r.desconto_happy_hour) * sinal, sum(r.desconto_sugestao) * sinal, sum(r.desconto_personalizado) * sinal,
         sum(r.desconto_geral) * sinal, sum(r.acrescimos) * sinal, sum(r.liquido) * sinal, sum(r.custo) * sinal,
         sum(r.taxa_servico) * sinal, sum(r.taxa_entrega) * sinal, sum(r.total) * sinal
    FROM jsonb_array_elements(c) e CROSS JOIN LATERAL jsonb_populate_record(null::relatorio_venda_hora, e->'h') r
   GROUP BY r.grupo_empresarial_id, r.empresa_id, r.dia, r.hora, r.status, r.tipo_venda, r.origem, r.terminal_id,
         r.operador_id, r.atendente_id
  ON CONFLICT ON CONSTRAINT relatorio_venda_hora_pk DO UPDATE SET
    vendas = x.vendas + excluded.vendas, itens = x.itens + excluded.itens,
    quantidade = x.quantidade + excluded.quantidade, bruto = x.bruto + excluded.bruto,
    descontos = x.descontos + excluded.descontos, desconto_combo = x.desconto_combo + excluded.desconto_combo,
    desconto_happy_hour = x.desconto_happy_hour + excluded.desconto_happy_hour,
    desconto_sugestao = x.desconto_sugestao + excluded.desconto_sugestao,
    desconto_personalizado = x.desconto_personalizado + excluded.desconto_personalizado,
    desconto_geral = x.desconto_geral + excluded.desconto_geral, acrescimos = x.acrescimos + excluded.acrescimos,
    liquido = x.liquido + excluded.liquido, custo = x.custo + excluded.custo,
    taxa_servico = x.taxa_servico + excluded.taxa_servico, taxa_entrega = x.taxa_entrega + excluded.taxa_entrega,
    total = x.total + excluded.total;

  INSERT INTO relatorio_venda_produto_dia AS x
  SELECT r.grupo_empresarial_id, r.empresa_id, r.dia, r.status, r.produto_id, sum(r.vendas) * sinal,
         sum(r.quantidade) * sinal, sum(r.bruto) * sinal, sum(r.descontos) * sinal, sum(r.desconto_combo) * sinal,
         sum(r.desconto_happy_hour) * sinal, sum(r.desconto_sugestao) * sinal, sum(r.desconto_personalizado) * sinal,
         sum(r.desconto_geral) * sinal, sum(r.acrescimos) * sinal, sum(r.liquido) * sinal, sum(r.custo) * sinal
    FROM jsonb_array_elements(c) e
   CROSS JOIN LATERAL jsonb_populate_recordset(null::relatorio_venda_produto_dia, e->'p') r
   GROUP BY r.grupo_empresarial_id, r.empresa_id, r.dia, r.status, r.produto_id
  ON CONFLICT ON CONSTRAINT relatorio_venda_produto_dia_pk DO UPDATE SET
    vendas = x.vendas + excluded.vendas, quantidade = x.quantidade + excluded.quantidade,
    bruto = x.bruto + excluded.bruto, descontos = x.descontos + excluded.descontos,
    desconto_combo = x.desconto_combo + excluded.desconto_combo,
    desconto_happy_hour = x.desconto_happy_hour + excluded.desconto_happy_hour,
    desconto_sugestao = x.desconto_sugestao + excluded.desconto_sugestao,
    desconto_personalizado = x.desconto_personalizado + excluded.desconto_personalizado,
    desconto_geral = x.desconto_geral + excluded.desconto_geral, acrescimos = x.acrescimos + excluded.acrescimos,
    liquido = x.liquido + excluded.liquido, custo = x.custo + excluded.custo;

  INSERT INTO relatorio_venda_pagamento_dia AS x
  SELECT r.grupo_empresarial_id, r.empresa_id, r.dia, r.status, r.tipo_pagamento, sum(r.pagamentos) * sinal,
         sum(r.valor) * sinal
    FROM jsonb_array_elements(c) e
   CROSS JOIN LATERAL jsonb_populate_recordset(null::relatorio_venda_pagamento_dia, e->'g') r
   GROUP BY r.grupo_empresarial_id, r.empresa_id, r.dia, r.status, r.tipo_pagamento
  ON CONFLICT ON CONSTRAINT relatorio_venda_pagamento_dia_pk DO UPDATE SET
    pagamentos = x.pagamentos + excluded.pagamentos, valor = x.valor + excluded.valor;

  IF sinal < 0 THEN
    DELETE FROM relatorio_venda_hora WHERE vendas = 0;
    DELETE FROM relatorio_venda_produto_dia WHERE vendas = 0;
    DELETE FROM relatorio_venda_pagamento_dia WHERE pagamentos = 0;
  END IF;
END $$;--> statement-breakpoint
-- Makes the aggregates hold what the given sales add now (see the header). Answers how many sales changed.
CREATE FUNCTION relatorio_venda_aplicar(ids text[]) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  velhas jsonb;
  novas jsonb;
  n integer;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('relatorio_venda:' || x, 0)) FROM unnest(ids) x ORDER BY x;
  CREATE TEMP TABLE IF NOT EXISTS relatorio_venda_nova (venda_id text, grupo_empresarial_id text, contribuicao jsonb)
    ON COMMIT DELETE ROWS;
  DELETE FROM relatorio_venda_nova;
  INSERT INTO relatorio_venda_nova
  SELECT * FROM relatorio_venda_contribuicao(ARRAY(SELECT id FROM venda WHERE id = ANY(ids) AND status IN (59, 60, 61)));
  -- Only the sales whose contribution changed are taken out and put back.
  SELECT coalesce(jsonb_agg(a.contribuicao), '[]'::jsonb) INTO velhas
    FROM relatorio_venda_aplicada a LEFT JOIN relatorio_venda_nova n ON n.venda_id = a.venda_id
   WHERE a.venda_id = ANY(ids) AND n.contribuicao IS DISTINCT FROM a.contribuicao;
  SELECT coalesce(jsonb_agg(n.contribuicao), '[]'::jsonb), count(*) INTO novas, n
    FROM relatorio_venda_nova n LEFT JOIN relatorio_venda_aplicada a ON a.venda_id = n.venda_id
   WHERE a.contribuicao IS DISTINCT FROM n.contribuicao;
  PERFORM relatorio_venda_somar(velhas, -1);
  PERFORM relatorio_venda_somar(novas, 1);
  DELETE FROM relatorio_venda_aplicada a WHERE a.venda_id = ANY(ids)
     AND NOT EXISTS (SELECT 1 FROM relatorio_venda_nova n WHERE n.venda_id = a.venda_id);
  INSERT INTO relatorio_venda_aplicada AS a (venda_id, grupo_empresarial_id, contribuicao, updated_at)
  SELECT n.venda_id, n.grupo_empresarial_id, n.contribuicao, now() FROM relatorio_venda_nova n
  ON CONFLICT (venda_id) DO UPDATE SET contribuicao = excluded.contribuicao, updated_at = excluded.updated_at
   WHERE a.contribuicao IS DISTINCT FROM excluded.contribuicao;
  RETURN n + jsonb_array_length(velhas);
END $$;--> statement-breakpoint
-- Rebuilds a group's aggregates from the raw rows (repair, and the proof of the incremental path).
CREATE FUNCTION relatorio_venda_reconstruir(g text) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  ids text[];
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('relatorio_venda_reconstruir:' || g, 0));
  DELETE FROM relatorio_venda_hora WHERE grupo_empresarial_id = g;
  DELETE FROM relatorio_venda_produto_dia WHERE grupo_empresarial_id = g;
  DELETE FROM relatorio_venda_pagamento_dia WHERE grupo_empresarial_id = g;
  DELETE FROM relatorio_venda_aplicada WHERE grupo_empresarial_id = g;
  DELETE FROM relatorio_venda_pendente WHERE grupo_empresarial_id = g;
  SELECT coalesce(array_agg(id), '{}') INTO ids FROM venda WHERE grupo_empresarial_id = g AND status IN (59, 60, 61);
  INSERT INTO relatorio_venda_aplicada (venda_id, grupo_empresarial_id, contribuicao)
  SELECT * FROM relatorio_venda_contribuicao(ids);
  PERFORM relatorio_venda_somar(
    (SELECT coalesce(jsonb_agg(contribuicao), '[]'::jsonb) FROM relatorio_venda_aplicada WHERE grupo_empresarial_id = g), 1);
  RETURN coalesce(array_length(ids, 1), 0);
END $$;--> statement-breakpoint
CREATE FUNCTION relatorio_vendas_inseridas() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO relatorio_venda_pendente (grupo_empresarial_id, venda_id)
    SELECT grupo_empresarial_id, id FROM novas WHERE status IN (59, 60, 61);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION relatorio_venda_status_alterado() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO relatorio_venda_pendente (grupo_empresarial_id, venda_id) VALUES (NEW.grupo_empresarial_id, NEW.id);
  RETURN NULL;
END $$;--> statement-breakpoint
-- One statement per batch of created sales (venda_criar_lote writes up to 32 at once).
CREATE TRIGGER venda_relatorio_inseridas AFTER INSERT ON venda REFERENCING NEW TABLE AS novas
  FOR EACH STATEMENT EXECUTE FUNCTION relatorio_vendas_inseridas();--> statement-breakpoint
-- Row trigger with a WHEN clause: the many writes that do not touch the status never call the function.
CREATE TRIGGER venda_relatorio_status AFTER UPDATE OF status ON venda FOR EACH ROW
  WHEN (NEW.status IS DISTINCT FROM OLD.status AND (NEW.status IN (59, 60, 61) OR OLD.status IN (59, 60, 61)))
  EXECUTE FUNCTION relatorio_venda_status_alterado();--> statement-breakpoint
-- The detail page of relatorioVenda reads raw sales of some stores in a period, 50 at a time.
CREATE INDEX IF NOT EXISTS venda_relatorio_idx ON venda (grupo_empresarial_id, empresa_id, (coalesce(encerrada_em, data)));--> statement-breakpoint
-- What a database already holds.
SELECT relatorio_venda_reconstruir(g) FROM (SELECT DISTINCT grupo_empresarial_id AS g FROM venda) x;
