CREATE OR REPLACE FUNCTION venda_criar_lote(p_vendas jsonb, p_itens jsonb, p_pagamentos jsonb, p_idempotencias jsonb)
RETURNS jsonb LANGUAGE plpgsql AS $fn$
DECLARE
  v_grupo text := p_vendas->0->>'grupo_empresarial_id';
  v_empresa text := p_vendas->0->>'empresa_id';
  v_total integer := jsonb_array_length(p_vendas);
  v_ultimo bigint;
  v_numeros jsonb;
BEGIN
  INSERT INTO venda_item SELECT * FROM jsonb_populate_recordset(NULL::venda_item, p_itens);
  INSERT INTO venda_pagamento SELECT * FROM jsonb_populate_recordset(NULL::venda_pagamento, p_pagamentos);
  INSERT INTO idempotencia (chave, grupo_empresarial_id, rota, resposta)
    SELECT k->>'chave', k->>'grupo', k->>'rota', k->'resposta' FROM jsonb_array_elements(p_idempotencias) k;
  INSERT INTO venda_numeracao (grupo_empresarial_id, empresa_id, chave, valor) VALUES (v_grupo, v_empresa, 'venda', v_total)
    ON CONFLICT (grupo_empresarial_id, empresa_id, chave) DO UPDATE SET valor = venda_numeracao.valor + excluded.valor
    RETURNING valor INTO v_ultimo;
  WITH v AS (
    SELECT e.o, x.* FROM jsonb_array_elements(p_vendas) WITH ORDINALITY e(j, o)
      CROSS JOIN LATERAL jsonb_populate_record(NULL::venda, e.j) x
  ), contagem AS (
    SELECT periodo_id, count(*)::integer AS n FROM v WHERE periodo_id IS NOT NULL GROUP BY periodo_id
  ), contadores AS (
    INSERT INTO venda_numeracao (grupo_empresarial_id, empresa_id, chave, valor)
      SELECT v_grupo, v_empresa, 'periodo:' || periodo_id, n FROM contagem ORDER BY 'periodo:' || periodo_id
      ON CONFLICT (grupo_empresarial_id, empresa_id, chave) DO UPDATE SET valor = venda_numeracao.valor + excluded.valor
      RETURNING chave, valor
  ), numerada AS (
    SELECT v.*, v_ultimo - v_total + v.o AS numero_final,
      CASE WHEN v.periodo_id IS NULL THEN NULL
        ELSE c.valor - k.n + row_number() OVER (PARTITION BY v.periodo_id ORDER BY v.o) END AS sequencial_final
    FROM v LEFT JOIN contagem k ON k.periodo_id = v.periodo_id
      LEFT JOIN contadores c ON c.chave = 'periodo:' || v.periodo_id
  ), inserida AS (
    INSERT INTO venda (id, grupo_empresarial_id, empresa_id, created_by, numero, sequencial_periodo, sequencial_periodo_principal, periodo_id, terminal_id, tipo_venda, status, status_expedicao, local_pedido, mesa, comanda, cliente_id, cliente, operador_id, operador, atendente, entregador, supervisor, venda_descricao, cpf_cnpj, taxa_entrega_manual, distancia_entrega_metros, posicao_venda, combos_realizados, desconto_geral, desconto_justificativa, supervisor_desconto, nfce, data, encerrada_em, total, sub_total, total_acrescimo, total_desconto, total_desconto_perc, troco, total_pago, total_troco, total_vale_compra, total_desconto_comum, total_desconto_combo, total_desconto_happy_hour, total_desconto_sugestao, total_acrescimo_comum, total_acrescimo_sugestao, taxa_entrega)
      SELECT x.id, x.grupo_empresarial_id, x.empresa_id, x.created_by, x.numero_final, x.sequencial_final, x.sequencial_periodo_principal, x.periodo_id, x.terminal_id, x.tipo_venda, x.status, x.status_expedicao, x.local_pedido, x.mesa, x.comanda, x.cliente_id, x.cliente, x.operador_id, x.operador, x.atendente, x.entregador, x.supervisor, x.venda_descricao, x.cpf_cnpj, x.taxa_entrega_manual, x.distancia_entrega_metros, x.posicao_venda, x.combos_realizados, x.desconto_geral, x.desconto_justificativa, x.supervisor_desconto, x.nfce, x.data, x.encerrada_em, x.total, x.sub_total, x.total_acrescimo, x.total_desconto, x.total_desconto_perc, x.troco, x.total_pago, x.total_troco, x.total_vale_compra, x.total_desconto_comum, x.total_desconto_combo, x.total_desconto_happy_hour, x.total_desconto_sugestao, x.total_acrescimo_comum, x.total_acrescimo_sugestao, x.taxa_entrega
      FROM numerada x
  )
  SELECT jsonb_agg(jsonb_build_object('numero', numero_final, 'sequencialPeriodo', sequencial_final) ORDER BY o)
    INTO v_numeros FROM numerada;
  RETURN v_numeros;
END
$fn$;
