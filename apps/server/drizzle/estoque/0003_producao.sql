CREATE TABLE "estoque_producao" (
	"id" text PRIMARY KEY NOT NULL,
	"grupo_empresarial_id" text NOT NULL,
	"empresa_id" text NOT NULL,
	"numero" integer NOT NULL,
	"produto_id" text NOT NULL,
	"ficha_tecnica_id" text NOT NULL,
	"index_receita" integer,
	"tipo_solicitacao" smallint NOT NULL,
	"quantidade_solicitada" numeric(20, 6) NOT NULL,
	"rendimento" numeric(20, 6) NOT NULL,
	"quantidade_prevista" numeric(20, 6) NOT NULL,
	"status" text NOT NULL,
	"observacao" text,
	"quantidade_produzida" numeric(20, 6),
	"custo_total" numeric(18, 2),
	"custo_unitario" numeric(20, 6),
	"criado_por" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finalizado_por" text,
	"finalizado_em" timestamp with time zone,
	"cancelado_por" text,
	"cancelado_em" timestamp with time zone,
	"estornado_por" text,
	"estornado_em" timestamp with time zone,
	"motivo" text
);
--> statement-breakpoint
CREATE TABLE "estoque_producao_item" (
	"grupo_empresarial_id" text NOT NULL,
	"producao_id" text NOT NULL,
	"ordem" integer NOT NULL,
	"produto_id" text NOT NULL,
	"quantidade" numeric(20, 6) NOT NULL,
	"fator_correcao" numeric(12, 4) NOT NULL,
	"quantidade_bruta" numeric(20, 6) NOT NULL,
	"movimento_id" text,
	CONSTRAINT "estoque_producao_item_grupo_empresarial_id_producao_id_ordem_pk" PRIMARY KEY("grupo_empresarial_id","producao_id","ordem")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "estoque_producao_numero_uq" ON "estoque_producao" USING btree ("grupo_empresarial_id","empresa_id","numero");--> statement-breakpoint
CREATE INDEX "estoque_producao_data_idx" ON "estoque_producao" USING btree ("grupo_empresarial_id","empresa_id","created_at");