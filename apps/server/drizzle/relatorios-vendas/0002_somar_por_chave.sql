-- relatorio_venda_somar of 0001 emptied the rows left with no sale by scanning whole tables after every batch that
-- took something out: on a year of a chain that is millions of rows per cancellation. Same function, keyed delete.
CREATE OR REPLACE FUNCTION relatorio_venda_somar(c jsonb, sinal integer) RETURNS void LANGUAGE plpgsql AS $$
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

  -- Only the (group, store, day) the contributions touched: the primary keys' prefix, never a table scan.
  IF sinal < 0 THEN
    DELETE FROM relatorio_venda_hora x
     USING (SELECT DISTINCT e->'h'->>'grupo_empresarial_id' AS g, e->'h'->>'empresa_id' AS m, (e->'h'->>'dia')::date AS d
              FROM jsonb_array_elements(c) e) k
     WHERE x.grupo_empresarial_id = k.g AND x.empresa_id = k.m AND x.dia = k.d AND x.vendas = 0;
    DELETE FROM relatorio_venda_produto_dia x
     USING (SELECT DISTINCT e->'h'->>'grupo_empresarial_id' AS g, e->'h'->>'empresa_id' AS m, (e->'h'->>'dia')::date AS d
              FROM jsonb_array_elements(c) e) k
     WHERE x.grupo_empresarial_id = k.g AND x.empresa_id = k.m AND x.dia = k.d AND x.vendas = 0;
    DELETE FROM relatorio_venda_pagamento_dia x
     USING (SELECT DISTINCT e->'h'->>'grupo_empresarial_id' AS g, e->'h'->>'empresa_id' AS m, (e->'h'->>'dia')::date AS d
              FROM jsonb_array_elements(c) e) k
     WHERE x.grupo_empresarial_id = k.g AND x.empresa_id = k.m AND x.dia = k.d AND x.pagamentos = 0;
  END IF;
END $$;
