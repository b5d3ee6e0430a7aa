-- Settlement file of 100,000 lines < 10 s (issue 18; decision 0025). Three costs of its import that had no reader:
-- 1. The lines' own id (an md5 per line and a random-key index entry each) was never read: a line is known by its key
--    within the store's acquirer, which becomes the primary key (the unique index it already had).
DROP INDEX "financeiro_extrato_linha_extrato_idx";--> statement-breakpoint
ALTER TABLE "financeiro_extrato_linha" DROP COLUMN "id";--> statement-breakpoint
ALTER TABLE "financeiro_extrato_linha" ADD CONSTRAINT "financeiro_extrato_linha_pkey" PRIMARY KEY USING INDEX "financeiro_extrato_linha_chave_uq";--> statement-breakpoint
-- 2. An import's lines are read back only for its divergences: the lines that matched right stay out of the index.
CREATE INDEX "financeiro_extrato_linha_divergencia_idx" ON "financeiro_extrato_linha" USING btree ("grupo_empresarial_id","extrato_id","linha") WHERE situacao <> 'ok';--> statement-breakpoint
-- 3. The cash-basis DRE of inserted settlements read each one's title by primary key for its tipo and chart nodes
--    (98,000 probes, 0.6 s of the settling statement on a quiet machine). A title's tipo and nodes never change
--    after it is written, so each settlement carries a copy, written by its two inserts (titulos.service.ts,
--    baixa-lote.ts).
ALTER TABLE "financeiro_baixa" ADD COLUMN "titulo_tipo" text;--> statement-breakpoint
ALTER TABLE "financeiro_baixa" ADD COLUMN "plano_conta_id" text;--> statement-breakpoint
ALTER TABLE "financeiro_baixa" ADD COLUMN "plano_conta_taxa_id" text;--> statement-breakpoint
UPDATE "financeiro_baixa" b SET titulo_tipo = t.tipo, plano_conta_id = t.plano_conta_id,
       plano_conta_taxa_id = t.plano_conta_taxa_id
  FROM financeiro_titulo t
 WHERE t.id = b.titulo_id AND t.grupo_empresarial_id = b.grupo_empresarial_id;--> statement-breakpoint
ALTER TABLE "financeiro_baixa" ALTER COLUMN "titulo_tipo" SET NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION financeiro_dre_baixa_partes(b financeiro_baixa, sinal integer)
  RETURNS TABLE (grupo text, empresa text, dia date, plano text, valor numeric) LANGUAGE sql STABLE AS $$
  SELECT b.grupo_empresarial_id, b.empresa_id, b.data, coalesce(p.plano, ''), p.valor * sinal
    FROM (VALUES
      (b.plano_conta_id, CASE WHEN b.titulo_tipo = 'receber' THEN b.valor ELSE -b.valor END),
      (financeiro_plano_chave(b.grupo_empresarial_id, CASE WHEN b.titulo_tipo = 'receber' THEN 'jurosRecebidos' ELSE 'jurosPagos' END),
       CASE WHEN b.titulo_tipo = 'receber' THEN b.juros + b.multa ELSE -(b.juros + b.multa) END),
      (financeiro_plano_chave(b.grupo_empresarial_id, CASE WHEN b.titulo_tipo = 'receber' THEN 'descontosConcedidos' ELSE 'descontosObtidos' END),
       CASE WHEN b.titulo_tipo = 'receber' THEN -b.desconto ELSE b.desconto END),
      (coalesce(b.plano_conta_taxa_id, financeiro_plano_chave(b.grupo_empresarial_id, 'taxasCartao')), -b.taxa)
    ) AS p(plano, valor)
   WHERE b.estornada = 0 AND p.valor <> 0
$$;--> statement-breakpoint
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
          SELECT n.data, n.empresa_id, n.titulo_tipo AS tipo, n.plano_conta_id, n.plano_conta_taxa_id,
                 sum(n.valor) AS valor, sum(n.juros + n.multa) AS juros, sum(n.desconto) AS desconto,
                 sum(n.taxa) AS taxa
            FROM novas n
           WHERE n.grupo_empresarial_id = g AND n.estornada = 0
           GROUP BY n.data, n.empresa_id, n.titulo_tipo, n.plano_conta_id, n.plano_conta_taxa_id
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
END $$;
--> statement-breakpoint
-- 4. Settling a title changes status, valor_pago, conta_id and updated_at. 0008's partial index named status in its
--    predicate, so every settlement was a new row version with an entry in each of the table's indexes. Without status
--    in any index, and with room left in each page for the version a title's settlement writes (fillfactor), the
--    settlement is a heap-only update: no index entry at all. The index of card receivables keeps the same columns;
--    settled ones in a file's window are filtered on reading (few: the file is what settles them).
DROP INDEX IF EXISTS "financeiro_titulo_cartao_aberto_idx";--> statement-breakpoint
CREATE INDEX "financeiro_titulo_cartao_idx" ON "financeiro_titulo" USING btree ("grupo_empresarial_id","empresa_id","operadora_id","vencimento") WHERE tipo = 'receber' AND operadora_id IS NOT NULL;--> statement-breakpoint
ALTER TABLE "financeiro_titulo" SET (fillfactor = 50);
