CREATE TABLE "estoque_cadastro" (
	"id" text PRIMARY KEY NOT NULL,
	"grupo_empresarial_id" text NOT NULL,
	"empresa_id" text NOT NULL,
	"produto_geral_id" text,
	"controla_estoque" boolean DEFAULT true,
	"estoque_minimo" numeric(18, 4),
	"estoque_maximo" numeric(18, 4),
	"localizacao" text,
	"prazo_entrega_dias" integer,
	"lixo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_by" text
);
--> statement-breakpoint
CREATE TABLE "estoque_ficha_tecnica" (
	"id" text PRIMARY KEY NOT NULL,
	"grupo_empresarial_id" text NOT NULL,
	"produto_geral_id" text,
	"index_receita" integer,
	"descricao" text,
	"padrao" boolean DEFAULT false,
	"rendimento" numeric(18, 4),
	"rendimento_kg" numeric(18, 4),
	"itens" jsonb,
	"lixo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_by" text
);
--> statement-breakpoint
CREATE TABLE "estoque_produto_fator_conversao" (
	"id" text PRIMARY KEY NOT NULL,
	"grupo_empresarial_id" text NOT NULL,
	"produto_geral_id" text,
	"unidade_entrada_id" text,
	"fator_conversao" numeric(18, 6),
	"fator_em_kg" numeric(18, 6),
	"peso_unitario" numeric(18, 6),
	"quantidade" numeric(18, 6),
	"quantidade_movimentacao_estoque" numeric(18, 6),
	"lixo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_by" text
);
--> statement-breakpoint
CREATE TABLE "estoque_produto_fornecedor" (
	"id" text PRIMARY KEY NOT NULL,
	"grupo_empresarial_id" text NOT NULL,
	"produto_geral_id" text,
	"fornecedor_id" text,
	"codigo_produto_fornecedor" text,
	"unidade_fornecedor_id" text,
	"fator_conversao" numeric(18, 6),
	"empresa_id" text,
	"lixo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_by" text
);
--> statement-breakpoint
CREATE INDEX "estoque_cadastro_grupo_empresa_idx" ON "estoque_cadastro" USING btree ("grupo_empresarial_id","empresa_id");--> statement-breakpoint
CREATE UNIQUE INDEX "estoque_cadastro_produto_geral_uq" ON "estoque_cadastro" USING btree ("grupo_empresarial_id","empresa_id","produto_geral_id") WHERE lixo = false;--> statement-breakpoint
CREATE INDEX "estoque_ficha_tecnica_grupo_idx" ON "estoque_ficha_tecnica" USING btree ("grupo_empresarial_id");--> statement-breakpoint
CREATE UNIQUE INDEX "estoque_ficha_tecnica_produto_geral_index_receita_uq" ON "estoque_ficha_tecnica" USING btree ("grupo_empresarial_id","produto_geral_id","index_receita") WHERE lixo = false;--> statement-breakpoint
CREATE INDEX "estoque_produto_fator_conversao_grupo_idx" ON "estoque_produto_fator_conversao" USING btree ("grupo_empresarial_id");--> statement-breakpoint
CREATE UNIQUE INDEX "estoque_produto_fator_conversao_produto_geral_unidade_entrad_uq" ON "estoque_produto_fator_conversao" USING btree ("grupo_empresarial_id","produto_geral_id","unidade_entrada_id") WHERE lixo = false;--> statement-breakpoint
CREATE INDEX "estoque_produto_fornecedor_grupo_idx" ON "estoque_produto_fornecedor" USING btree ("grupo_empresarial_id");--> statement-breakpoint
CREATE UNIQUE INDEX "estoque_produto_fornecedor_fornecedor_codigo_produto_fornece_uq" ON "estoque_produto_fornecedor" USING btree ("grupo_empresarial_id","fornecedor_id","codigo_produto_fornecedor",coalesce("empresa_id", '')) WHERE lixo = false;