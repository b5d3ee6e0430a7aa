CREATE TABLE "financeiro_conta" (
	"id" text PRIMARY KEY NOT NULL,
	"grupo_empresarial_id" text NOT NULL,
	"empresa_id" text NOT NULL,
	"descricao" text,
	"tipo" text,
	"conta_compartilhada" boolean DEFAULT false,
	"empresas_ids" text[],
	"banco" text,
	"agencia" text,
	"numero_conta" text,
	"chave" text,
	"ativo" boolean DEFAULT true,
	"lixo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_by" text
);
--> statement-breakpoint
CREATE TABLE "financeiro_plano_conta" (
	"id" text PRIMARY KEY NOT NULL,
	"grupo_empresarial_id" text NOT NULL,
	"codigo" text,
	"descricao" text,
	"natureza" text,
	"financeiro_plano_conta_pai_id" text,
	"chave" text,
	"ativo" boolean DEFAULT true,
	"lixo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_by" text
);
--> statement-breakpoint
CREATE INDEX "financeiro_conta_grupo_empresa_idx" ON "financeiro_conta" USING btree ("grupo_empresarial_id","empresa_id");--> statement-breakpoint
CREATE INDEX "financeiro_plano_conta_grupo_idx" ON "financeiro_plano_conta" USING btree ("grupo_empresarial_id");--> statement-breakpoint
CREATE UNIQUE INDEX "financeiro_plano_conta_codigo_uq" ON "financeiro_plano_conta" USING btree ("grupo_empresarial_id","codigo") WHERE lixo = false;