-- relatorio_venda_aplicar of 0001 called relatorio_venda_contribuicao with ARRAY(SELECT ...) as its argument:
-- PostgreSQL does not inline a SQL function whose argument holds a subquery, and a SQL function that is not
-- inlined is parsed and planned again at every call, so each worker batch (the worker runs every second: a
-- store selling 25 sales a second gives batches of 25) paid the planning of the whole contribution query. The
-- ended sales are now read into a variable first: the call's argument is a plain parameter, the function is
-- inlined into the INSERT and its plan is kept by PL/pgSQL for the session. Same statements otherwise.
-- Measured on the worker alone, batches of 25: 0.60 -> 0.52 ms of the database's CPU per sale.
CREATE OR REPLACE FUNCTION relatorio_venda_aplicar(ids text[]) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  finais text[];
  velhas jsonb;
  novas jsonb;
  n integer;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('relatorio_venda:' || x, 0)) FROM unnest(ids) x ORDER BY x;
  CREATE TEMP TABLE IF NOT EXISTS relatorio_venda_nova (venda_id text, grupo_empresarial_id text, contribuicao jsonb)
    ON COMMIT DELETE ROWS;
  DELETE FROM relatorio_venda_nova;
  SELECT coalesce(array_agg(id), '{}') INTO finais FROM venda WHERE id = ANY(ids) AND status IN (59, 60, 61);
  INSERT INTO relatorio_venda_nova SELECT * FROM relatorio_venda_contribuicao(finais);
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
END $$;
