-- Daily sums of the receivables / payables calendar (issue 18, calendarioRecebimento and calendarioPagamento): per
-- group, store, type, due day and acquirer ('' none), the count, gross, fee and net realised of the titles that are
-- not cancelled, written by statement triggers in the same transaction as the titles (a settlement file's 100,000 settled
-- titles rewrite only the ~30 days they paid), so a month of 10 stores fed
-- by a year of card payments (~250,000 of 3,000,000 receivables) reads ~300 rows instead of a quarter million
-- scattered over the whole table (bench/financeiro-calendario.bench.ts). The realised net of a title is its settled
-- principal less the fee in proportion, rounded to the cent per title (as calendario.service.ts summed it). An
-- update takes the row's old contribution out and puts the new one in; a day whose count falls to 0 stays, read
-- as absent.
CREATE TABLE "financeiro_calendario_dia" (
	"grupo_empresarial_id" text NOT NULL,
	"empresa_id" text NOT NULL,
	"tipo" text NOT NULL,
	"vencimento" date NOT NULL,
	"operadora_id" text NOT NULL,
	"quantidade" integer NOT NULL,
	"bruto" numeric(18, 2) NOT NULL,
	"taxa" numeric(18, 2) NOT NULL,
	"realizado" numeric(18, 2) NOT NULL,
	CONSTRAINT "financeiro_calendario_dia_pk" PRIMARY KEY ("grupo_empresarial_id", "empresa_id", "tipo", "vencimento", "operadora_id")
);--> statement-breakpoint
-- What one title puts in its day (sinal −1 takes it out); a cancelled title puts nothing.
CREATE FUNCTION financeiro_calendario_realizado(t financeiro_titulo) RETURNS numeric LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN t.valor_pago = 0 THEN 0 ELSE t.valor_pago - round(t.taxa * t.valor_pago / t.valor, 2) END
$$;--> statement-breakpoint
CREATE FUNCTION financeiro_calendario_titulo() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO financeiro_calendario_dia AS x (grupo_empresarial_id, empresa_id, tipo, vencimento, operadora_id,
                                                quantidade, bruto, taxa, realizado)
    SELECT n.grupo_empresarial_id, n.empresa_id, n.tipo, n.vencimento, coalesce(n.operadora_id, ''), count(*),
           sum(n.valor), sum(n.taxa), sum(financeiro_calendario_realizado(n))
      FROM novas n WHERE n.status <> 4
     GROUP BY n.grupo_empresarial_id, n.empresa_id, n.tipo, n.vencimento, coalesce(n.operadora_id, '')
    ON CONFLICT (grupo_empresarial_id, empresa_id, tipo, vencimento, operadora_id)
      DO UPDATE SET quantidade = x.quantidade + excluded.quantidade, bruto = x.bruto + excluded.bruto,
                    taxa = x.taxa + excluded.taxa, realizado = x.realizado + excluded.realizado;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO financeiro_calendario_dia AS x (grupo_empresarial_id, empresa_id, tipo, vencimento, operadora_id,
                                                quantidade, bruto, taxa, realizado)
    SELECT o.grupo_empresarial_id, o.empresa_id, o.tipo, o.vencimento, coalesce(o.operadora_id, ''), -count(*),
           -sum(o.valor), -sum(o.taxa), -sum(financeiro_calendario_realizado(o))
      FROM velhas o WHERE o.status <> 4
     GROUP BY o.grupo_empresarial_id, o.empresa_id, o.tipo, o.vencimento, coalesce(o.operadora_id, '')
    ON CONFLICT (grupo_empresarial_id, empresa_id, tipo, vencimento, operadora_id)
      DO UPDATE SET quantidade = x.quantidade + excluded.quantidade, bruto = x.bruto + excluded.bruto,
                    taxa = x.taxa + excluded.taxa, realizado = x.realizado + excluded.realizado;
  ELSE
    -- The old rows' contributions out and the new rows' in, each side summed alone and the groups that net to
    -- nothing dropped: no join of the two transition tables (a merge join sorting 100,000 wide rows twice took
    -- 4 s of a settlement file's 100,000 settled titles), and a settlement only rewrites the days it paid.
    INSERT INTO financeiro_calendario_dia AS x (grupo_empresarial_id, empresa_id, tipo, vencimento, operadora_id,
                                                quantidade, bruto, taxa, realizado)
    SELECT grupo, empresa, tipo, vencimento, operadora, sum(quantidade), sum(bruto), sum(taxa), sum(realizado)
      FROM (
        SELECT o.grupo_empresarial_id, o.empresa_id, o.tipo, o.vencimento, coalesce(o.operadora_id, ''), -1,
               -o.valor, -o.taxa, -financeiro_calendario_realizado(o)
          FROM velhas o WHERE o.status <> 4
        UNION ALL
        SELECT n.grupo_empresarial_id, n.empresa_id, n.tipo, n.vencimento, coalesce(n.operadora_id, ''), 1,
               n.valor, n.taxa, financeiro_calendario_realizado(n)
          FROM novas n WHERE n.status <> 4
      ) AS p(grupo, empresa, tipo, vencimento, operadora, quantidade, bruto, taxa, realizado)
     GROUP BY grupo, empresa, tipo, vencimento, operadora
    HAVING sum(quantidade) <> 0 OR sum(bruto) <> 0 OR sum(taxa) <> 0 OR sum(realizado) <> 0
    ON CONFLICT (grupo_empresarial_id, empresa_id, tipo, vencimento, operadora_id)
      DO UPDATE SET quantidade = x.quantidade + excluded.quantidade, bruto = x.bruto + excluded.bruto,
                    taxa = x.taxa + excluded.taxa, realizado = x.realizado + excluded.realizado;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER financeiro_calendario_titulo_insert AFTER INSERT ON financeiro_titulo
  REFERENCING NEW TABLE AS novas FOR EACH STATEMENT EXECUTE FUNCTION financeiro_calendario_titulo();--> statement-breakpoint
CREATE TRIGGER financeiro_calendario_titulo_update AFTER UPDATE ON financeiro_titulo
  REFERENCING OLD TABLE AS velhas NEW TABLE AS novas FOR EACH STATEMENT EXECUTE FUNCTION financeiro_calendario_titulo();--> statement-breakpoint
CREATE TRIGGER financeiro_calendario_titulo_delete AFTER DELETE ON financeiro_titulo
  REFERENCING OLD TABLE AS velhas FOR EACH STATEMENT EXECUTE FUNCTION financeiro_calendario_titulo();--> statement-breakpoint
-- What a database already holds.
INSERT INTO financeiro_calendario_dia (grupo_empresarial_id, empresa_id, tipo, vencimento, operadora_id, quantidade,
                                       bruto, taxa, realizado)
SELECT t.grupo_empresarial_id, t.empresa_id, t.tipo, t.vencimento, coalesce(t.operadora_id, ''), count(*),
       sum(t.valor), sum(t.taxa), sum(financeiro_calendario_realizado(t))
  FROM financeiro_titulo t WHERE t.status <> 4
 GROUP BY t.grupo_empresarial_id, t.empresa_id, t.tipo, t.vencimento, coalesce(t.operadora_id, '');
