CREATE TABLE "caixa_movimento" (
	"id" text PRIMARY KEY NOT NULL,
	"grupo_empresarial_id" text NOT NULL,
	"empresa_id" text NOT NULL,
	"periodo_id" text NOT NULL,
	"caixa_id" text NOT NULL,
	"terminal_id" text,
	"tipo" text NOT NULL,
	"valor" numeric(18, 2) NOT NULL,
	"motivo" text DEFAULT '' NOT NULL,
	"operador_id" text NOT NULL,
	"supervisor_id" text,
	"numero" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "periodo" (
	"id" text PRIMARY KEY NOT NULL,
	"grupo_empresarial_id" text NOT NULL,
	"empresa_id" text NOT NULL,
	"caixa_id" text NOT NULL,
	"terminal_id" text,
	"periodo_aberto" boolean DEFAULT true NOT NULL,
	"status" smallint NOT NULL,
	"data_abertura" timestamp with time zone NOT NULL,
	"data_fechamento" timestamp with time zone,
	"operador_abertura_id" text NOT NULL,
	"operador_fechamento_id" text,
	"valor_abertura" numeric(18, 2) DEFAULT '0' NOT NULL,
	"contagem" jsonb,
	"apurado" jsonb,
	"diferenca" numeric(18, 2),
	"supervisor_diferenca_id" text,
	"observacao" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "caixa_movimento_periodo_idx" ON "caixa_movimento" USING btree ("grupo_empresarial_id","empresa_id","periodo_id");--> statement-breakpoint
CREATE INDEX "periodo_grupo_empresa_idx" ON "periodo" USING btree ("grupo_empresarial_id","empresa_id","data_abertura");--> statement-breakpoint
CREATE UNIQUE INDEX "periodo_caixa_aberto_uq" ON "periodo" USING btree ("grupo_empresarial_id","empresa_id","caixa_id") WHERE periodo_aberto;