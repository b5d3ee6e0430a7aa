CREATE OR REPLACE FUNCTION venda_criar(p_venda jsonb, p_itens jsonb, p_pagamentos jsonb, p_usuario text, p_idempotencia jsonb)
RETURNS jsonb LANGUAGE plpgsql AS $fn$
DECLARE
  v_n jsonb;
BEGIN
  v_n := venda_inserir(p_venda, p_itens, p_pagamentos, p_usuario, true);
  IF p_idempotencia IS NOT NULL THEN
    INSERT INTO idempotencia (chave, grupo_empresarial_id, rota, resposta)
      VALUES (p_idempotencia->>'chave', p_idempotencia->>'grupo', p_idempotencia->>'rota',
        (p_idempotencia->'resposta') || jsonb_build_object('numero', v_n->'numero', 'sequencialPeriodo', v_n->'sequencialPeriodo'));
  END IF;
  RETURN v_n;
END
$fn$;
