-- Daily sums of the DRE (issue 18, relatorioFinanceiroPlanoDeContas): per store, basis, day and chart node, written
-- by triggers in the same transaction as the ledger rows they sum, so a year's DRE reads thousands of rows instead
-- of a million movements (bench/financeiro-dre.bench.ts). regime 0 = both bases (movements without a title, not a
-- transfer between own accounts), 1 = competência (titles not cancelled: valor ± by tipo, card fee −), 2 = caixa
-- (settlements not reversed: principal ±, juros + multa, desconto, fee under their nodes). An update takes the
-- row's old contribution out and puts the new one in; '' is "no node". The nodes of juros, descontos and card
-- fees are the chart's `chave` nodes at the time of writing.
CREATE TABLE "financeiro_dre_dia" (
	"grupo_empresarial_id" text NOT NULL,
	"regime" smallint NOT NULL,
	"dia" date NOT NULL,
	"empresa_id" text NOT NULL,
	"plano_conta_id" text NOT NULL,
	"valor" numeric(18, 2) NOT NULL,
	CONSTRAINT "financeiro_dre_dia_pk" PRIMARY KEY ("grupo_empresarial_id", "regime", "dia", "empresa_id", "plano_conta_id")
);--> statement-breakpoint
CREATE FUNCTION financeiro_plano_chave(g text, k text) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT id FROM financeiro_plano_conta WHERE grupo_empresarial_id = g AND chave = k AND lixo = false
   ORDER BY codigo LIMIT 1
$$;--> statement-breakpoint
-- What one title puts in the competence basis (sinal −1 takes it out).
CREATE FUNCTION financeiro_dre_titulo_partes(t financeiro_titulo, sinal integer)
  RETURNS TABLE (grupo text, empresa text, dia date, plano text, valor numeric) LANGUAGE sql STABLE AS $$
  SELECT t.grupo_empresarial_id, t.empresa_id, t.competencia, coalesce(p.plano, ''), p.valor * sinal
    FROM (VALUES
      (t.plano_conta_id, CASE WHEN t.tipo = 'receber' THEN t.valor ELSE -t.valor END),
      (coalesce(t.plano_conta_taxa_id, financeiro_plano_chave(t.grupo_empresarial_id, 'taxasCartao')), -t.taxa)
    ) AS p(plano, valor)
   WHERE t.status <> 4 AND p.valor <> 0
$$;--> statement-breakpoint
-- What one settlement puts in the cash basis (sinal −1 takes it out).
CREATE FUNCTION financeiro_dre_baixa_partes(b financeiro_baixa, sinal integer)
  RETURNS TABLE (grupo text, empresa text, dia date, plano text, valor numeric) LANGUAGE sql STABLE AS $$
  SELECT b.grupo_empresarial_id, b.empresa_id, b.data, coalesce(p.plano, ''), p.valor * sinal
    FROM financeiro_titulo t
   CROSS JOIN LATERAL (VALUES
      (t.plano_conta_id, CASE WHEN t.tipo = 'receber' THEN b.valor ELSE -b.valor END),
      (financeiro_plano_chave(t.grupo_empresarial_id, CASE WHEN t.tipo = 'receber' THEN 'jurosRecebidos' ELSE 'jurosPagos' END),
       CASE WHEN t.tipo = 'receber' THEN b.juros + b.multa ELSE -(b.juros + b.multa) END),
      (financeiro_plano_chave(t.grupo_empresarial_id, CASE WHEN t.tipo = 'receber' THEN 'descontosConcedidos' ELSE 'descontosObtidos' END),
       CASE WHEN t.tipo = 'receber' THEN -b.desconto ELSE b.desconto END),
      (coalesce(t.plano_conta_taxa_id, financeiro_plano_chave(t.grupo_empresarial_id, 'taxasCartao')), -b.taxa)
    ) AS p(plano, valor)
   WHERE t.id = b.titulo_id AND t.grupo_empresarial_id = b.grupo_empresarial_id AND b.estornada = 0 AND p.valor <> 0
$$;--> statement-breakpoint
CREATE FUNCTION financeiro_dre_movimentacao() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO financeiro_dre_dia AS x (grupo_empresarial_id, regime, dia, empresa_id, plano_conta_id, valor)
  SELECT grupo_empresarial_id, 0, data, empresa_id, coalesce(plano_conta_id, ''), sum(valor)
    FROM novas WHERE titulo_id IS NULL AND origem_tipo <> 'transferencia'
   GROUP BY grupo_empresarial_id, data, empresa_id, coalesce(plano_conta_id, '')
  ON CONFLICT (grupo_empresarial_id, regime, dia, empresa_id, plano_conta_id)
    DO UPDATE SET valor = x.valor + excluded.valor;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER financeiro_dre_movimentacao AFTER INSERT ON financeiro_movimentacao
  REFERENCING NEW TABLE AS novas FOR EACH STATEMENT EXECUTE FUNCTION financeiro_dre_movimentacao();--> statement-breakpoint
CREATE FUNCTION financeiro_dre_titulo() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO financeiro_dre_dia AS x (grupo_empresarial_id, regime, dia, empresa_id, plano_conta_id, valor)
    SELECT p.grupo, 1, p.dia, p.empresa, p.plano, sum(p.valor)
      FROM novas n CROSS JOIN LATERAL financeiro_dre_titulo_partes(n, 1) p
     GROUP BY p.grupo, p.dia, p.empresa, p.plano
    ON CONFLICT (grupo_empresarial_id, regime, dia, empresa_id, plano_conta_id)
      DO UPDATE SET valor = x.valor + excluded.valor;
  ELSE
    -- Settling a title changes valor_pago and status 1 -> 2 -> 3: only what the DRE reads is redone.
    INSERT INTO financeiro_dre_dia AS x (grupo_empresarial_id, regime, dia, empresa_id, plano_conta_id, valor)
    SELECT p.grupo, 1, p.dia, p.empresa, p.plano, sum(p.valor)
      FROM velhas o JOIN novas n ON n.id = o.id
     CROSS JOIN LATERAL (
       SELECT * FROM financeiro_dre_titulo_partes(o, -1) UNION ALL SELECT * FROM financeiro_dre_titulo_partes(n, 1)) p
     WHERE (o.status = 4) IS DISTINCT FROM (n.status = 4) OR o.valor <> n.valor OR o.taxa <> n.taxa
        OR o.tipo <> n.tipo OR o.competencia <> n.competencia OR o.empresa_id <> n.empresa_id
        OR o.plano_conta_id <> n.plano_conta_id
        OR o.plano_conta_taxa_id IS DISTINCT FROM n.plano_conta_taxa_id
     GROUP BY p.grupo, p.dia, p.empresa, p.plano
    ON CONFLICT (grupo_empresarial_id, regime, dia, empresa_id, plano_conta_id)
      DO UPDATE SET valor = x.valor + excluded.valor;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER financeiro_dre_titulo_insert AFTER INSERT ON financeiro_titulo
  REFERENCING NEW TABLE AS novas FOR EACH STATEMENT EXECUTE FUNCTION financeiro_dre_titulo();--> statement-breakpoint
CREATE TRIGGER financeiro_dre_titulo_update AFTER UPDATE ON financeiro_titulo
  REFERENCING OLD TABLE AS velhas NEW TABLE AS novas FOR EACH STATEMENT EXECUTE FUNCTION financeiro_dre_titulo();--> statement-breakpoint
CREATE FUNCTION financeiro_dre_baixa() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO financeiro_dre_dia AS x (grupo_empresarial_id, regime, dia, empresa_id, plano_conta_id, valor)
    SELECT p.grupo, 2, p.dia, p.empresa, p.plano, sum(p.valor)
      FROM novas n CROSS JOIN LATERAL financeiro_dre_baixa_partes(n, 1) p
     GROUP BY p.grupo, p.dia, p.empresa, p.plano
    ON CONFLICT (grupo_empresarial_id, regime, dia, empresa_id, plano_conta_id)
      DO UPDATE SET valor = x.valor + excluded.valor;
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
CREATE TRIGGER financeiro_dre_baixa_insert AFTER INSERT ON financeiro_baixa
  REFERENCING NEW TABLE AS novas FOR EACH STATEMENT EXECUTE FUNCTION financeiro_dre_baixa();--> statement-breakpoint
CREATE TRIGGER financeiro_dre_baixa_update AFTER UPDATE ON financeiro_baixa
  REFERENCING OLD TABLE AS velhas NEW TABLE AS novas FOR EACH STATEMENT EXECUTE FUNCTION financeiro_dre_baixa();--> statement-breakpoint
-- What a database already holds.
INSERT INTO financeiro_dre_dia (grupo_empresarial_id, regime, dia, empresa_id, plano_conta_id, valor)
SELECT grupo, regime, dia, empresa, plano, sum(valor) FROM (
  SELECT grupo_empresarial_id AS grupo, 0 AS regime, data AS dia, empresa_id AS empresa,
         coalesce(plano_conta_id, '') AS plano, valor
    FROM financeiro_movimentacao WHERE titulo_id IS NULL AND origem_tipo <> 'transferencia'
  UNION ALL
  SELECT p.grupo, 1, p.dia, p.empresa, p.plano, p.valor
    FROM financeiro_titulo t CROSS JOIN LATERAL financeiro_dre_titulo_partes(t, 1) p
  UNION ALL
  SELECT p.grupo, 2, p.dia, p.empresa, p.plano, p.valor
    FROM financeiro_baixa b CROSS JOIN LATERAL financeiro_dre_baixa_partes(b, 1) p
) s GROUP BY grupo, regime, dia, empresa, plano;
