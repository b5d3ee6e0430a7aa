CREATE OR REPLACE FUNCTION venda_inserir(p_venda jsonb, p_itens jsonb, p_pagamentos jsonb, p_usuario text, p_sequencial boolean)
RETURNS jsonb LANGUAGE plpgsql AS $fn$
DECLARE
  v_id text := p_venda->>'id';
  v_grupo text := p_venda->>'grupo_empresarial_id';
  v_empresa text := p_venda->>'empresa_id';
  v_periodo text := p_venda->>'periodo_id';
  v_numero bigint;
  v_sequencial bigint;
BEGIN
  PERFORM venda_gravar(
    p_venda || jsonb_build_object('numero', -nextval('venda_numero_provisorio'), 'sequencial_periodo', NULL),
    p_itens, p_pagamentos, true, p_usuario);
  INSERT INTO venda_numeracao (grupo_empresarial_id, empresa_id, chave, valor) VALUES (v_grupo, v_empresa, 'venda', 1)
    ON CONFLICT (grupo_empresarial_id, empresa_id, chave) DO UPDATE SET valor = venda_numeracao.valor + 1
    RETURNING valor INTO v_numero;
  IF p_sequencial AND v_periodo IS NOT NULL THEN
    INSERT INTO venda_numeracao (grupo_empresarial_id, empresa_id, chave, valor)
      VALUES (v_grupo, v_empresa, 'periodo:' || v_periodo, 1)
      ON CONFLICT (grupo_empresarial_id, empresa_id, chave) DO UPDATE SET valor = venda_numeracao.valor + 1
      RETURNING valor INTO v_sequencial;
  END IF;
  UPDATE venda SET numero = v_numero, sequencial_periodo = v_sequencial WHERE id = v_id;
  RETURN jsonb_build_object('numero', v_numero, 'sequencialPeriodo', v_sequencial);
END
$fn$;
