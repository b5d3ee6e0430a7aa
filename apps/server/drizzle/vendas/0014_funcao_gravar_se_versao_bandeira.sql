DROP FUNCTION IF EXISTS venda_gravar_se_versao(jsonb, jsonb, jsonb, integer, jsonb, jsonb);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION venda_gravar_se_versao(p_venda jsonb, p_itens jsonb, p_pagamentos jsonb, p_versao integer, p_eventos jsonb, p_idempotencia jsonb, p_numeros_itens jsonb, p_ids_pagamentos jsonb)
RETURNS integer LANGUAGE plpgsql AS $fn$
DECLARE
  v_id text := p_venda->>'id';
  v_versao integer;
BEGIN
  UPDATE venda v SET (numero, sequencial_periodo, sequencial_periodo_principal, periodo_id, terminal_id, tipo_venda, status, status_expedicao, local_pedido, mesa, comanda, cliente_id, cliente, operador_id, operador, atendente, entregador, supervisor, venda_descricao, cpf_cnpj, taxa_entrega_manual, distancia_entrega_metros, posicao_venda, combos_realizados, desconto_geral, desconto_justificativa, supervisor_desconto, nfce, data, encerrada_em, total, sub_total, total_acrescimo, total_desconto, total_desconto_perc, troco, total_pago, total_troco, total_vale_compra, total_desconto_comum, total_desconto_combo, total_desconto_happy_hour, total_desconto_sugestao, total_acrescimo_comum, total_acrescimo_sugestao, taxa_entrega) = (x.numero, x.sequencial_periodo, x.sequencial_periodo_principal, x.periodo_id, x.terminal_id, x.tipo_venda, x.status, x.status_expedicao, x.local_pedido, x.mesa, x.comanda, x.cliente_id, x.cliente, x.operador_id, x.operador, x.atendente, x.entregador, x.supervisor, x.venda_descricao, x.cpf_cnpj, x.taxa_entrega_manual, x.distancia_entrega_metros, x.posicao_venda, x.combos_realizados, x.desconto_geral, x.desconto_justificativa, x.supervisor_desconto, x.nfce, x.data, x.encerrada_em, x.total, x.sub_total, x.total_acrescimo, x.total_desconto, x.total_desconto_perc, x.troco, x.total_pago, x.total_troco, x.total_vale_compra, x.total_desconto_comum, x.total_desconto_combo, x.total_desconto_happy_hour, x.total_desconto_sugestao, x.total_acrescimo_comum, x.total_acrescimo_sugestao, x.taxa_entrega), versao = v.versao + 1, updated_at = now()
    FROM jsonb_populate_record(NULL::venda, p_venda) x
    WHERE v.id = v_id AND v.versao = p_versao RETURNING v.versao INTO v_versao;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  IF jsonb_array_length(p_itens) > 0 THEN
    INSERT INTO venda_item SELECT * FROM jsonb_populate_recordset(NULL::venda_item, p_itens)
      ON CONFLICT (venda_id, numero_item) DO UPDATE SET (produto_id, item_id, produto, produtos_filho, terminal_id, atendente, posicao, quantidade, preco_venda, preco_custo, valor_bruto, valor_liquido, acrescimo, acrescimo_sugestao, desconto, desconto_combo, desconto_happy_hour, desconto_sugestao, desconto_personalizado, desconto_geral, desconto_justificativa, supervisor_desconto, confirmado, pizza, obs, cancelado, data, combo_ativo, cor_predominante_combo, existe_posicao_pago, promocao_id, promocao_ativo, sugestao_id) = (excluded.produto_id, excluded.item_id, excluded.produto, excluded.produtos_filho, excluded.terminal_id, excluded.atendente, excluded.posicao, excluded.quantidade, excluded.preco_venda, excluded.preco_custo, excluded.valor_bruto, excluded.valor_liquido, excluded.acrescimo, excluded.acrescimo_sugestao, excluded.desconto, excluded.desconto_combo, excluded.desconto_happy_hour, excluded.desconto_sugestao, excluded.desconto_personalizado, excluded.desconto_geral, excluded.desconto_justificativa, excluded.supervisor_desconto, excluded.confirmado, excluded.pizza, excluded.obs, excluded.cancelado, excluded.data, excluded.combo_ativo, excluded.cor_predominante_combo, excluded.existe_posicao_pago, excluded.promocao_id, excluded.promocao_ativo, excluded.sugestao_id);
  END IF;
  DELETE FROM venda_item d WHERE d.venda_id = v_id
    AND d.numero_item <> ALL(ARRAY(SELECT jsonb_array_elements_text(p_numeros_itens)::integer));
  IF jsonb_array_length(p_pagamentos) > 0 THEN
    INSERT INTO venda_pagamento SELECT * FROM jsonb_populate_recordset(NULL::venda_pagamento, p_pagamentos)
      ON CONFLICT (venda_id, id) DO UPDATE SET (forma_pagamento_id, tipo_pagamento, forma_pagamento, operador, cliente, supervisor_liberacao, operadora, valor, valor_pago, valor_troco, terminal_id, caixa_id, periodo_id, data, observacao, lixo, supervisor_lixo, posicao, parcelas, nsu, autorizacao, bandeira) = (excluded.forma_pagamento_id, excluded.tipo_pagamento, excluded.forma_pagamento, excluded.operador, excluded.cliente, excluded.supervisor_liberacao, excluded.operadora, excluded.valor, excluded.valor_pago, excluded.valor_troco, excluded.terminal_id, excluded.caixa_id, excluded.periodo_id, excluded.data, excluded.observacao, excluded.lixo, excluded.supervisor_lixo, excluded.posicao, excluded.parcelas, excluded.nsu, excluded.autorizacao, excluded.bandeira);
  END IF;
  DELETE FROM venda_pagamento d WHERE d.venda_id = v_id
    AND d.id <> ALL(ARRAY(SELECT jsonb_array_elements_text(p_ids_pagamentos)));
  IF jsonb_array_length(p_eventos) > 0 THEN
    INSERT INTO venda_evento (id, grupo_empresarial_id, empresa_id, venda_id, tipo, operador, terminal_id, motivo, supervisor_id, supervisor, venda_completa, produtos, valor_desconto, data_hora)
      SELECT x.id, x.grupo_empresarial_id, x.empresa_id, x.venda_id, x.tipo, x.operador, x.terminal_id, x.motivo, x.supervisor_id, x.supervisor, x.venda_completa, x.produtos, x.valor_desconto, x.data_hora FROM jsonb_populate_recordset(NULL::venda_evento, p_eventos) x;
  END IF;
  IF p_idempotencia IS NOT NULL THEN
    INSERT INTO idempotencia (chave, grupo_empresarial_id, rota, resposta)
      VALUES (p_idempotencia->>'chave', p_idempotencia->>'grupo', p_idempotencia->>'rota', p_idempotencia->'resposta');
  END IF;
  RETURN v_versao;
END
$fn$;
