CREATE TABLE "periodo_por_hora" (
	"id" text PRIMARY KEY NOT NULL,
	"grupo_empresarial_id" text NOT NULL,
	"descricao" text,
	"tipo" text,
	"percentual" numeric(18, 5),
	"produtos_ids" text[],
	"empresa_ids" text[],
	"data_inicio" timestamp with time zone,
	"data_fim" timestamp with time zone,
	"hora_inicio" text,
	"hora_fim" text,
	"segunda" boolean DEFAULT true,
	"terca" boolean DEFAULT true,
	"quarta" boolean DEFAULT true,
	"quinta" boolean DEFAULT true,
	"sexta" boolean DEFAULT true,
	"sabado" boolean DEFAULT true,
	"domingo" boolean DEFAULT true,
	"tipo_venda" jsonb,
	"habilitado" boolean DEFAULT true,
	"lixo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_by" text
);
--> statement-breakpoint
CREATE TABLE "produto_combo" (
	"id" text PRIMARY KEY NOT NULL,
	"grupo_empresarial_id" text NOT NULL,
	"descricao" text,
	"desconto" numeric(18, 3),
	"tipo_desconto" jsonb,
	"cor_predominante_combo" text,
	"empresa_ids" text[],
	"agrupadores" jsonb,
	"data_inicio" timestamp with time zone,
	"data_fim" timestamp with time zone,
	"hora_inicio" text,
	"hora_fim" text,
	"segunda" boolean DEFAULT true,
	"terca" boolean DEFAULT true,
	"quarta" boolean DEFAULT true,
	"quinta" boolean DEFAULT true,
	"sexta" boolean DEFAULT true,
	"sabado" boolean DEFAULT true,
	"domingo" boolean DEFAULT true,
	"tipo_venda" jsonb,
	"habilitado" boolean DEFAULT true,
	"lixo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_by" text
);
--> statement-breakpoint
CREATE TABLE "produto_promocao" (
	"id" text PRIMARY KEY NOT NULL,
	"grupo_empresarial_id" text NOT NULL,
	"descricao" text,
	"tipo_promocao" jsonb,
	"valor" numeric(18, 5),
	"produto_id" text,
	"data_inicio" timestamp with time zone,
	"data_fim" timestamp with time zone,
	"hora_inicio" text,
	"hora_fim" text,
	"segunda" boolean DEFAULT true,
	"terca" boolean DEFAULT true,
	"quarta" boolean DEFAULT true,
	"quinta" boolean DEFAULT true,
	"sexta" boolean DEFAULT true,
	"sabado" boolean DEFAULT true,
	"domingo" boolean DEFAULT true,
	"tipo_venda" jsonb,
	"habilitado" boolean DEFAULT true,
	"lixo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_by" text
);
--> statement-breakpoint
CREATE TABLE "tabela_venda" (
	"id" text PRIMARY KEY NOT NULL,
	"grupo_empresarial_id" text NOT NULL,
	"descricao" text,
	"empresa_ids" text[],
	"tipo_venda" jsonb,
	"precos" jsonb,
	"ativo" boolean DEFAULT true,
	"lixo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_by" text
);
--> statement-breakpoint
CREATE TABLE "venda_sugestao_produto" (
	"id" text PRIMARY KEY NOT NULL,
	"grupo_empresarial_id" text NOT NULL,
	"descricao" text,
	"produtos_origem_ids" text[],
	"produto_id" text,
	"tipo" text,
	"modo" text,
	"valor" numeric(18, 5),
	"habilitado" boolean DEFAULT true,
	"lixo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_by" text
);
--> statement-breakpoint
CREATE INDEX "periodo_por_hora_grupo_idx" ON "periodo_por_hora" USING btree ("grupo_empresarial_id");--> statement-breakpoint
CREATE INDEX "produto_combo_grupo_idx" ON "produto_combo" USING btree ("grupo_empresarial_id");--> statement-breakpoint
CREATE INDEX "produto_promocao_grupo_idx" ON "produto_promocao" USING btree ("grupo_empresarial_id");--> statement-breakpoint
CREATE INDEX "tabela_venda_grupo_idx" ON "tabela_venda" USING btree ("grupo_empresarial_id");--> statement-breakpoint
CREATE INDEX "venda_sugestao_produto_grupo_idx" ON "venda_sugestao_produto" USING btree ("grupo_empresarial_id");