-- The competence-basis sums of an UPDATE of titles (0003) joined the old and new transition tables to find the rows
-- whose DRE part changed: a settlement file's one statement settling 100,000 titles (baixa-lote.ts) sorted both
-- sides, 100,000 wide rows each, for a merge join that found nothing to write (3.2 s on a loaded machine). The old
-- rows' parts out and the new rows' parts in are now summed each side alone and a group that nets to nothing is
-- dropped: the same sums, no join, and nothing written when only valor_pago / status (not cancelled) moved.
CREATE OR REPLACE FUNCTION financeiro_dre_titulo() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO financeiro_dre_dia AS x (grupo_empresarial_id, regime, dia, empresa_id, plano_conta_id, valor)
    SELECT p.grupo, 1, p.dia, p.empresa, p.plano, sum(p.valor)
      FROM novas n CROSS JOIN LATERAL financeiro_dre_titulo_partes(n, 1) p
     GROUP BY p.grupo, p.dia, p.empresa, p.plano
    ON CONFLICT (grupo_empresarial_id, regime, dia, empresa_id, plano_conta_id)
      DO UPDATE SET valor = x.valor + excluded.valor;
  ELSE
    INSERT INTO financeiro_dre_dia AS x (grupo_empresarial_id, regime, dia, empresa_id, plano_conta_id, valor)
    SELECT p.grupo, 1, p.dia, p.empresa, p.plano, sum(p.valor)
      FROM (
        SELECT q.* FROM velhas o CROSS JOIN LATERAL financeiro_dre_titulo_partes(o, -1) q
        UNION ALL
        SELECT q.* FROM novas n CROSS JOIN LATERAL financeiro_dre_titulo_partes(n, 1) q
      ) p
     GROUP BY p.grupo, p.dia, p.empresa, p.plano
    HAVING sum(p.valor) <> 0
    ON CONFLICT (grupo_empresarial_id, regime, dia, empresa_id, plano_conta_id)
      DO UPDATE SET valor = x.valor + excluded.valor;
  END IF;
  RETURN NULL;
END $$;
