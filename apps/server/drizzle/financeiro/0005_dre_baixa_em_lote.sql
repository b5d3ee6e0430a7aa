-- The cash-basis sums of settlements inserted together (a settlement file inserts 100,000 in one statement,
-- baixa-lote.ts): the chart's `chave` nodes (juros, descontos, card fees) are looked up once per group and statement
-- instead of three times per settlement (6.2 s for 4,900 settlements on a loaded machine). Same sums as
-- financeiro_dre_baixa_partes(n, 1), which the update branch and the initial fill keep using.
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
    -- One group per statement in practice; the nodes are variables, so the plan joins each new settlement to its
    -- title by the primary key and nothing is evaluated again per row.
    FOR g IN SELECT DISTINCT grupo_empresarial_id FROM novas LOOP
      jr := financeiro_plano_chave(g, 'jurosRecebidos');
      jp := financeiro_plano_chave(g, 'jurosPagos');
      dc := financeiro_plano_chave(g, 'descontosConcedidos');
      dob := financeiro_plano_chave(g, 'descontosObtidos');
      tc := financeiro_plano_chave(g, 'taxasCartao');
      INSERT INTO financeiro_dre_dia AS x (grupo_empresarial_id, regime, dia, empresa_id, plano_conta_id, valor)
      SELECT g, 2, n.data, n.empresa_id, coalesce(p.plano, ''), sum(p.valor)
        FROM novas n
        JOIN financeiro_titulo t ON t.id = n.titulo_id AND t.grupo_empresarial_id = g
       CROSS JOIN LATERAL (VALUES
          (t.plano_conta_id, CASE WHEN t.tipo = 'receber' THEN n.valor ELSE -n.valor END),
          (CASE WHEN t.tipo = 'receber' THEN jr ELSE jp END,
           CASE WHEN t.tipo = 'receber' THEN n.juros + n.multa ELSE -(n.juros + n.multa) END),
          (CASE WHEN t.tipo = 'receber' THEN dc ELSE dob END,
           CASE WHEN t.tipo = 'receber' THEN -n.desconto ELSE n.desconto END),
          (coalesce(t.plano_conta_taxa_id, tc), -n.taxa)
       ) AS p(plano, valor)
       WHERE n.grupo_empresarial_id = g AND n.estornada = 0 AND p.valor <> 0
       GROUP BY n.data, n.empresa_id, coalesce(p.plano, '')
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
END $$;
