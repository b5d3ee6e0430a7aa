CREATE TABLE "operadora_regra_recebimento" (
	"id" text PRIMARY KEY NOT NULL,
	"grupo_empresarial_id" text NOT NULL,
	"empresa_id" text NOT NULL,
	"operadora_id" text,
	"bandeira_id" text,
	"produto" text,
	"parcelas_de" integer,
	"parcelas_ate" integer,
	"dias" integer,
	"intervalo_dias" integer,
	"taxa_percentual" numeric(18, 4),
	"taxa_antecipacao_percentual" numeric(18, 4),
	"dias_uteis" boolean DEFAULT true,
	"lixo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_by" text
);
--> statement-breakpoint
CREATE INDEX "operadora_regra_recebimento_grupo_empresa_idx" ON "operadora_regra_recebimento" USING btree ("grupo_empresarial_id","empresa_id");