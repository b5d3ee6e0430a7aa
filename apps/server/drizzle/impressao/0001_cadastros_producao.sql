CREATE TABLE "produto_geral_setor_empresa" (
	"id" text PRIMARY KEY NOT NULL,
	"grupo_empresarial_id" text NOT NULL,
	"empresa_id" text NOT NULL,
	"produto_geral_id" text,
	"setores_impressao_ids" text[],
	"lixo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_by" text
);
--> statement-breakpoint
CREATE TABLE "setor_impressao_producao" (
	"id" text PRIMARY KEY NOT NULL,
	"grupo_empresarial_id" text NOT NULL,
	"empresa_id" text NOT NULL,
	"descricao" text,
	"agrupadores_ids" text[],
	"setores_impressao_ids" text[],
	"tipos_venda" jsonb,
	"ativo" boolean DEFAULT true,
	"lixo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_by" text
);
--> statement-breakpoint
CREATE INDEX "produto_geral_setor_empresa_grupo_empresa_idx" ON "produto_geral_setor_empresa" USING btree ("grupo_empresarial_id","empresa_id");--> statement-breakpoint
CREATE INDEX "setor_impressao_producao_grupo_empresa_idx" ON "setor_impressao_producao" USING btree ("grupo_empresarial_id","empresa_id");