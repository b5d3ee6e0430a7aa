CREATE TABLE "agente_impressao" (
	"id" text PRIMARY KEY NOT NULL,
	"grupo_empresarial_id" text NOT NULL,
	"empresa_id" text NOT NULL,
	"descricao" text NOT NULL,
	"criado_por" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expira_em" timestamp with time zone NOT NULL,
	"ultimo_uso_em" timestamp with time zone,
	"revogado_em" timestamp with time zone,
	"revogado_por" text
);
--> statement-breakpoint
CREATE INDEX "agente_impressao_empresa_idx" ON "agente_impressao" USING btree ("grupo_empresarial_id","empresa_id");