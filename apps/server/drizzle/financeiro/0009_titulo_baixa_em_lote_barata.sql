-- A settlement file settles ~100,000 titles in one UPDATE (baixa-lote.ts, issue 18: < 10 s through HTTP). Each such
-- update is a new row version (status is in the predicate of 0008's partial index, so it can never be HOT and a
-- fillfactor would not help) and writes an entry in every index of the table. Two of the five had no reader: no
-- query filters titles by competência (the DRE reads financeiro_dre_dia, 0003) and every read by acquirer also names
-- the store (vencimento_idx, or 0008's partial index for open card receivables). They go; decision 0023.
DROP INDEX IF EXISTS "financeiro_titulo_competencia_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "financeiro_titulo_operadora_idx";--> statement-breakpoint
-- The competence-basis sums of an UPDATE of titles (0007) evaluated financeiro_dre_titulo_partes twice per row
-- (2.5 s of the settling statement on a loaded machine) to find that settling changes nothing. A title's parts are
-- linear in valor and taxa once the fields that route them (group, store, competência, tipo, nodes, cancelled or
-- not) are fixed, so each side is first summed by those fields and the parts are taken of the sums: the same
-- totals from a few dozen calls. The update branch only; the insert branch is unchanged.
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
        SELECT s.sinal, jsonb_populate_record(NULL::financeiro_titulo, to_jsonb(s) - 'sinal') AS t
          FROM (
            SELECT -1 AS sinal, grupo_empresarial_id, empresa_id, competencia, tipo, plano_conta_id,
                   plano_conta_taxa_id, status, sum(valor) AS valor, sum(taxa) AS taxa
              FROM velhas WHERE status <> 4
             GROUP BY grupo_empresarial_id, empresa_id, competencia, tipo, plano_conta_id, plano_conta_taxa_id, status
            UNION ALL
            SELECT 1, grupo_empresarial_id, empresa_id, competencia, tipo, plano_conta_id,
                   plano_conta_taxa_id, status, sum(valor), sum(taxa)
              FROM novas WHERE status <> 4
             GROUP BY grupo_empresarial_id, empresa_id, competencia, tipo, plano_conta_id, plano_conta_taxa_id, status
          ) s
      ) a CROSS JOIN LATERAL financeiro_dre_titulo_partes(a.t, a.sinal) p
     GROUP BY p.grupo, p.dia, p.empresa, p.plano
    HAVING sum(p.valor) <> 0
    ON CONFLICT (grupo_empresarial_id, regime, dia, empresa_id, plano_conta_id)
      DO UPDATE SET valor = x.valor + excluded.valor;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- The cash-basis sums of settlements inserted together (0005) turned every settlement into four parts and sorted
-- them (196,000 rows for a settlement file) before summing them by day, store and node. The parts are linear in the
-- settlement's amounts once the title's tipo and nodes are fixed, so the settlements are first summed by day, store,
-- tipo and nodes (a few dozen rows) and split into parts after. Still one primary-key probe of the title each.
CREATE OR REPLACE FUNCTION financeiro_dre_baixa() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  g text;
  jr text;
  jp text;
  dc text;
  dob text;
  tc text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    FOR g IN SELECT DISTINCT grupo_empresarial_id FROM novas LOOP
      jr := financeiro_plano_chave(g, 'jurosRecebidos');
      jp := financeiro_plano_chave(g, 'jurosPagos');
      dc := financeiro_plano_chave(g, 'descontosConcedidos');
      dob := financeiro_plano_chave(g, 'descontosObtidos');
      tc := financeiro_plano_chave(g, 'taxasCartao');
      INSERT INTO financeiro_dre_dia AS x (grupo_empresarial_id, regime, dia, empresa_id, plano_conta_id, valor)
      SELECT g, 2, s.data, s.empresa_id, coalesce(p.plano, ''), sum(p.valor)
        FROM (
          SELECT n.data, n.empresa_id, t.tipo, t.plano_conta_id, t.plano_conta_taxa_id, sum(n.valor) AS valor,
                 sum(n.juros + n.multa) AS juros, sum(n.desconto) AS desconto, sum(n.taxa) AS taxa
            FROM novas n
            JOIN financeiro_titulo t ON t.id = n.titulo_id AND t.grupo_empresarial_id = g
           WHERE n.grupo_empresarial_id = g AND n.estornada = 0
           GROUP BY n.data, n.empresa_id, t.tipo, t.plano_conta_id, t.plano_conta_taxa_id
        ) s
       CROSS JOIN LATERAL (VALUES
          (s.plano_conta_id, CASE WHEN s.tipo = 'receber' THEN s.valor ELSE -s.valor END),
          (CASE WHEN s.tipo = 'receber' THEN jr ELSE jp END, CASE WHEN s.tipo = 'receber' THEN s.juros ELSE -s.juros END),
          (CASE WHEN s.tipo = 'receber' THEN dc ELSE dob END,
           CASE WHEN s.tipo = 'receber' THEN -s.desconto ELSE s.desconto END),
          (coalesce(s.plano_conta_taxa_id, tc), -s.taxa)
       ) AS p(plano, valor)
       WHERE p.valor <> 0
       GROUP BY s.data, s.empresa_id, coalesce(p.plano, '')
      ON CONFLICT (grupo_empresarial_id, regime, dia, empresa_id, plano_conta_id)
        DO UPDATE SET valor = x.valor + excluded.valor;
    END LOOP;
  ELSE
    INSERT INTO financeiro_dre_dia AS x (grupo_empresarial_id, regime, dia, empresa_id, plano_conta_id, valor)
    SELECT p.grupo, 2, p.dia, p.empresa, p.plano, sum(p.valor)
      FROM velhas o JOIN novas n ON n.id = o.id
     CROSS JOIN LATERAL (
       SELECT * FROM financeiro_dre_baixa_partes(o, -1) UNION ALL SELECT * FROM financeiro_dre_baixa_partes(n, 1)) p
     WHERE o.estornada <> n.estornada OR o.valor <> n.valor OR o.juros <> n.juros OR o.multa <> n.multa
        OR o.desconto <> n.desconto OR o.taxa <> n.taxa OR o.data <> n.data OR o.empresa_id <> n.empresa_id
     GROUP BY p.grupo, p.dia, p.empresa, p.plano
    ON CONFLICT (grupo_empresarial_id, regime, dia, empresa_id, plano_conta_id)
      DO UPDATE SET valor = x.valor + excluded.valor;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- The calendar's and the DRE's statement triggers group ~100,000 transition rows of a settlement file: with the
-- default 4 MB of work_mem the planner sorted them on disk (23 MB external merge, 1.7 s) where a hash of a few dozen
-- groups suffices. Set on the functions, so only their own statements get it.
ALTER FUNCTION financeiro_calendario_titulo() SET work_mem = '32MB';--> statement-breakpoint
ALTER FUNCTION financeiro_dre_titulo() SET work_mem = '32MB';--> statement-breakpoint
ALTER FUNCTION financeiro_dre_baixa() SET work_mem = '32MB';
