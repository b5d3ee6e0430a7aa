-- A settlement file's settlements go to the bank as ONE movement per acquirer and payment day (origem_tipo
-- 'baixaLote', origem_id = the settlements' operacao_id), as the bank statement shows them. Such a movement has no
-- single title, yet it is the cash of settlements the cash basis already counts (financeiro_baixa, regime 2): it
-- must stay out of the "movements without a title" (regime 0) like a per-title settlement movement does.
CREATE OR REPLACE FUNCTION financeiro_dre_movimentacao() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO financeiro_dre_dia AS x (grupo_empresarial_id, regime, dia, empresa_id, plano_conta_id, valor)
  SELECT grupo_empresarial_id, 0, data, empresa_id, coalesce(plano_conta_id, ''), sum(valor)
    FROM novas WHERE titulo_id IS NULL AND origem_tipo NOT IN ('transferencia', 'baixaLote')
   GROUP BY grupo_empresarial_id, data, empresa_id, coalesce(plano_conta_id, '')
  ON CONFLICT (grupo_empresarial_id, regime, dia, empresa_id, plano_conta_id)
    DO UPDATE SET valor = x.valor + excluded.valor;
  RETURN NULL;
END $$;
