CREATE TABLE "estoque_entrada_nota" (
	"id" text PRIMARY KEY NOT NULL,
	"grupo_empresarial_id" text NOT NULL,
	"empresa_id" text NOT NULL,
	"nota_entrada_id" text NOT NULL,
	"fornecedor_id" text,
	"pedido_compra_id" text,
	"data" timestamp with time zone NOT NULL,
	"valor_total" numeric(18, 2) NOT NULL,
	"lancado_por" text,
	"lancado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"estornado_por" text,
	"estornado_em" timestamp with time zone,
	"motivo_estorno" text
);
--> statement-breakpoint
CREATE TABLE "estoque_entrada_nota_item" (
	"grupo_empresarial_id" text NOT NULL,
	"entrada_id" text NOT NULL,
	"nota_item_id" text NOT NULL,
	"n_item" integer NOT NULL,
	"produto_id" text NOT NULL,
	"fator_conversao" numeric(20, 6) NOT NULL,
	"quantidade" numeric(20, 6) NOT NULL,
	"custo_unitario" numeric(20, 6) NOT NULL,
	"valor" numeric(18, 2) NOT NULL,
	"movimento_id" text NOT NULL,
	"recebimentos" jsonb,
	CONSTRAINT "estoque_entrada_nota_item_grupo_empresarial_id_entrada_id_nota_item_id_pk" PRIMARY KEY("grupo_empresarial_id","entrada_id","nota_item_id")
);
--> statement-breakpoint
CREATE TABLE "estoque_pedido_compra" (
	"id" text PRIMARY KEY NOT NULL,
	"grupo_empresarial_id" text NOT NULL,
	"empresa_id" text NOT NULL,
	"numero" integer NOT NULL,
	"fornecedor_id" text NOT NULL,
	"data_pedido" timestamp with time zone NOT NULL,
	"data_prevista" date,
	"status" text NOT NULL,
	"observacao" text,
	"valor_total" numeric(18, 2) NOT NULL,
	"criado_por" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"enviado_por" text,
	"enviado_em" timestamp with time zone,
	"cancelado_por" text,
	"cancelado_em" timestamp with time zone,
	"motivo_cancelamento" text
);
--> statement-breakpoint
CREATE TABLE "estoque_pedido_compra_item" (
	"grupo_empresarial_id" text NOT NULL,
	"pedido_id" text NOT NULL,
	"ordem" integer NOT NULL,
	"produto_id" text NOT NULL,
	"unidade_id" text,
	"fator_conversao" numeric(20, 6) NOT NULL,
	"quantidade" numeric(20, 6) NOT NULL,
	"preco_unitario" numeric(20, 6) NOT NULL,
	"valor" numeric(18, 2) NOT NULL,
	"quantidade_recebida" numeric(20, 6) DEFAULT '0' NOT NULL,
	CONSTRAINT "estoque_pedido_compra_item_grupo_empresarial_id_pedido_id_ordem_pk" PRIMARY KEY("grupo_empresarial_id","pedido_id","ordem")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "estoque_entrada_nota_ativa_uq" ON "estoque_entrada_nota" USING btree ("grupo_empresarial_id","nota_entrada_id") WHERE estornado_em is null;--> statement-breakpoint
CREATE INDEX "estoque_entrada_nota_data_idx" ON "estoque_entrada_nota" USING btree ("grupo_empresarial_id","empresa_id","data");--> statement-breakpoint
CREATE INDEX "estoque_entrada_nota_pedido_idx" ON "estoque_entrada_nota" USING btree ("grupo_empresarial_id","pedido_compra_id");--> statement-breakpoint
CREATE INDEX "estoque_entrada_nota_item_produto_idx" ON "estoque_entrada_nota_item" USING btree ("grupo_empresarial_id","produto_id");--> statement-breakpoint
CREATE UNIQUE INDEX "estoque_pedido_compra_numero_uq" ON "estoque_pedido_compra" USING btree ("grupo_empresarial_id","empresa_id","numero");--> statement-breakpoint
CREATE INDEX "estoque_pedido_compra_fornecedor_idx" ON "estoque_pedido_compra" USING btree ("grupo_empresarial_id","empresa_id","fornecedor_id","status");--> statement-breakpoint
CREATE INDEX "estoque_pedido_compra_data_idx" ON "estoque_pedido_compra" USING btree ("grupo_empresarial_id","empresa_id","data_pedido");