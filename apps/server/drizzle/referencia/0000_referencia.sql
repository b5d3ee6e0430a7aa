CREATE TABLE "olho_no_imposto" (
	"id" text PRIMARY KEY NOT NULL,
	"grupo_empresarial_id" text NOT NULL,
	"uf" text,
	"codigo" text,
	"ex" text,
	"tipo" integer,
	"descricao" text,
	"nacionalfederal" numeric(18, 2),
	"importadosfederal" numeric(18, 2),
	"estadual" numeric(18, 2),
	"municipal" numeric(18, 2),
	"vigenciainicio" timestamp with time zone,
	"vigenciafim" timestamp with time zone,
	"chave" text,
	"versao" text,
	"fonte" text,
	"lixo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_by" text
);
--> statement-breakpoint
CREATE TABLE "versionamento" (
	"id" text PRIMARY KEY NOT NULL,
	"grupo_empresarial_id" text NOT NULL,
	"empresa_id" text NOT NULL,
	"versao" integer DEFAULT 1 NOT NULL,
	"ultima_tabela" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "olho_no_imposto_grupo_idx" ON "olho_no_imposto" USING btree ("grupo_empresarial_id");--> statement-breakpoint
CREATE INDEX "olho_no_imposto_uf_codigo_idx" ON "olho_no_imposto" USING btree ("grupo_empresarial_id","uf","codigo");--> statement-breakpoint
CREATE UNIQUE INDEX "versionamento_empresa_uq" ON "versionamento" USING btree ("empresa_id");--> statement-breakpoint
CREATE INDEX "versionamento_grupo_idx" ON "versionamento" USING btree ("grupo_empresarial_id");