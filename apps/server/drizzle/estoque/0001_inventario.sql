CREATE TABLE "estoque_inventario" (
	"id" text PRIMARY KEY NOT NULL,
	"grupo_empresarial_id" text NOT NULL,
	"empresa_id" text NOT NULL,
	"numero" integer NOT NULL,
	"descricao" text,
	"data" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"cega" boolean DEFAULT false NOT NULL,
	"filtro" jsonb NOT NULL,
	"observacao" text,
	"valor_sobra" numeric(18, 2),
	"valor_falta" numeric(18, 2),
	"itens_com_diferenca" integer,
	"criado_por" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"conferido_por" text,
	"conferido_em" timestamp with time zone,
	"efetivado_por" text,
	"efetivado_em" timestamp with time zone,
	"cancelado_por" text,
	"cancelado_em" timestamp with time zone,
	"motivo_cancelamento" text
);
--> statement-breakpoint
CREATE TABLE "estoque_inventario_item" (
	"grupo_empresarial_id" text NOT NULL,
	"inventario_id" text NOT NULL,
	"produto_id" text NOT NULL,
	"ordem" integer NOT NULL,
	"localizacao" text,
	"saldo_sistema" numeric(20, 6) NOT NULL,
	"custo_medio" numeric(20, 6) NOT NULL,
	"quantidade" numeric(20, 6),
	"contado_por" text,
	"contado_em" timestamp with time zone,
	"saldo_efetivado" numeric(20, 6),
	"diferenca" numeric(20, 6),
	"custo_ajuste" numeric(20, 6),
	"valor_diferenca" numeric(18, 2),
	"movimento_id" text,
	CONSTRAINT "estoque_inventario_item_grupo_empresarial_id_inventario_id_produto_id_pk" PRIMARY KEY("grupo_empresarial_id","inventario_id","produto_id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "estoque_inventario_numero_uq" ON "estoque_inventario" USING btree ("grupo_empresarial_id","empresa_id","numero");--> statement-breakpoint
CREATE INDEX "estoque_inventario_data_idx" ON "estoque_inventario" USING btree ("grupo_empresarial_id","empresa_id","data");