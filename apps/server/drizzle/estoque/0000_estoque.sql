CREATE TABLE "estoque_movimento" (
	"id" text PRIMARY KEY NOT NULL,
	"grupo_empresarial_id" text NOT NULL,
	"empresa_id" text NOT NULL,
	"produto_id" text NOT NULL,
	"data" timestamp with time zone NOT NULL,
	"seq" bigserial NOT NULL,
	"tipo" smallint NOT NULL,
	"quantidade" numeric(20, 6) NOT NULL,
	"custo_informado" boolean NOT NULL,
	"custo_unitario" numeric(20, 6) NOT NULL,
	"valor" numeric(18, 2) NOT NULL,
	"saldo_apos" numeric(20, 6) NOT NULL,
	"custo_medio_apos" numeric(20, 6) NOT NULL,
	"origem_tipo" text NOT NULL,
	"origem_id" text,
	"estorno_de" text,
	"motivo" text,
	"documento" text,
	"usuario_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "estoque_periodo" (
	"id" text PRIMARY KEY NOT NULL,
	"grupo_empresarial_id" text NOT NULL,
	"empresa_id" text NOT NULL,
	"acao" text NOT NULL,
	"fechado_ate" date,
	"usuario_id" text,
	"motivo" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seq" bigserial NOT NULL
);
--> statement-breakpoint
CREATE TABLE "estoque_saldo" (
	"grupo_empresarial_id" text NOT NULL,
	"empresa_id" text NOT NULL,
	"produto_id" text NOT NULL,
	"quantidade" numeric(20, 6) DEFAULT '0' NOT NULL,
	"custo_medio" numeric(20, 6) DEFAULT '0' NOT NULL,
	"ultimo_custo" numeric(20, 6),
	"ultima_data" timestamp with time zone,
	"ultimo_seq" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "estoque_saldo_grupo_empresarial_id_empresa_id_produto_id_pk" PRIMARY KEY("grupo_empresarial_id","empresa_id","produto_id")
);
--> statement-breakpoint
CREATE TABLE "estoque_venda_pendente" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"grupo_empresarial_id" text NOT NULL,
	"empresa_id" text NOT NULL,
	"venda_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "estoque_movimento_kardex_idx" ON "estoque_movimento" USING btree ("grupo_empresarial_id","empresa_id","produto_id","data","seq");--> statement-breakpoint
CREATE INDEX "estoque_movimento_origem_idx" ON "estoque_movimento" USING btree ("grupo_empresarial_id","origem_tipo","origem_id");--> statement-breakpoint
CREATE UNIQUE INDEX "estoque_movimento_estorno_uq" ON "estoque_movimento" USING btree ("estorno_de") WHERE estorno_de is not null;--> statement-breakpoint
CREATE INDEX "estoque_movimento_data_idx" ON "estoque_movimento" USING btree ("grupo_empresarial_id","empresa_id","data");--> statement-breakpoint
CREATE INDEX "estoque_periodo_empresa_idx" ON "estoque_periodo" USING btree ("grupo_empresarial_id","empresa_id","seq");--> statement-breakpoint
CREATE INDEX "estoque_venda_pendente_venda_idx" ON "estoque_venda_pendente" USING btree ("venda_id");--> statement-breakpoint
-- Outbox of stock consumption by sale (issue 17): written in the sale's own transaction when it ends (also
-- when it is created already ended: the counter POS sends it whole) and when it leaves 'ended'.
CREATE FUNCTION estoque_vendas_inseridas() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO estoque_venda_pendente (grupo_empresarial_id, empresa_id, venda_id)
    SELECT grupo_empresarial_id, empresa_id, id FROM novas WHERE status = 59;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION estoque_venda_status_alterado() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO estoque_venda_pendente (grupo_empresarial_id, empresa_id, venda_id)
    VALUES (NEW.grupo_empresarial_id, NEW.empresa_id, NEW.id);
  RETURN NULL;
END $$;--> statement-breakpoint
-- One statement per batch of created sales (venda_criar_lote writes up to 32 at once).
CREATE TRIGGER venda_estoque_inseridas AFTER INSERT ON venda REFERENCING NEW TABLE AS novas
  FOR EACH STATEMENT EXECUTE FUNCTION estoque_vendas_inseridas();--> statement-breakpoint
-- Row trigger with a WHEN clause: the many writes that do not touch the status never call the function.
CREATE TRIGGER venda_estoque_status AFTER UPDATE OF status ON venda FOR EACH ROW
  WHEN (NEW.status IS DISTINCT FROM OLD.status AND (NEW.status = 59 OR OLD.status = 59))
  EXECUTE FUNCTION estoque_venda_status_alterado();
