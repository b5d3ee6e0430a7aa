CREATE TABLE "estoque_pedido_transferencia" (
	"id" text PRIMARY KEY NOT NULL,
	"grupo_empresarial_id" text NOT NULL,
	"numero" integer NOT NULL,
	"empresa_solicitante_id" text NOT NULL,
	"empresa_fornecedora_id" text NOT NULL,
	"status" text NOT NULL,
	"origem" text NOT NULL,
	"data_necessidade" date,
	"observacao" text,
	"transferencia_id" text,
	"criado_por" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reservado_por" text,
	"reservado_em" timestamp with time zone,
	"finalizado_por" text,
	"finalizado_em" timestamp with time zone,
	"cancelado_por" text,
	"cancelado_em" timestamp with time zone,
	"motivo_cancelamento" text
);
--> statement-breakpoint
CREATE TABLE "estoque_pedido_transferencia_item" (
	"grupo_empresarial_id" text NOT NULL,
	"pedido_id" text NOT NULL,
	"produto_id" text NOT NULL,
	"ordem" integer NOT NULL,
	"quantidade" numeric(20, 6) NOT NULL,
	"quantidade_reservada" numeric(20, 6),
	CONSTRAINT "estoque_pedido_transferencia_item_grupo_empresarial_id_pedido_id_produto_id_pk" PRIMARY KEY("grupo_empresarial_id","pedido_id","produto_id")
);
--> statement-breakpoint
CREATE TABLE "estoque_transferencia" (
	"id" text PRIMARY KEY NOT NULL,
	"grupo_empresarial_id" text NOT NULL,
	"numero" integer NOT NULL,
	"empresa_origem_id" text NOT NULL,
	"empresa_destino_id" text NOT NULL,
	"status" text NOT NULL,
	"observacao" text,
	"pedido_transferencia_id" text,
	"tipo_custo" text,
	"percentual_adicional" numeric(9, 4),
	"atualizar_preco_custo" boolean,
	"valor_enviado" numeric(18, 2),
	"valor_recebido" numeric(18, 2),
	"valor_divergencia" numeric(18, 2),
	"financeiro" jsonb,
	"gerou_faturamento" boolean DEFAULT false NOT NULL,
	"criado_por" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"enviado_por" text,
	"enviado_em" timestamp with time zone,
	"recebido_por" text,
	"recebido_em" timestamp with time zone,
	"observacao_recebimento" text,
	"cancelado_por" text,
	"cancelado_em" timestamp with time zone,
	"motivo_cancelamento" text
);
--> statement-breakpoint
CREATE TABLE "estoque_transferencia_item" (
	"grupo_empresarial_id" text NOT NULL,
	"transferencia_id" text NOT NULL,
	"produto_id" text NOT NULL,
	"ordem" integer NOT NULL,
	"quantidade" numeric(20, 6) NOT NULL,
	"plano_de_conta_credito" text,
	"plano_de_conta_debito" text,
	"custo_saida" numeric(20, 6),
	"custo_unitario" numeric(20, 6),
	"valor_enviado" numeric(18, 2),
	"movimento_saida_id" text,
	"quantidade_recebida" numeric(20, 6),
	"valor_recebido" numeric(18, 2),
	"divergencia" numeric(20, 6),
	"valor_divergencia" numeric(18, 2),
	"motivo_divergencia" text,
	"movimento_entrada_id" text,
	CONSTRAINT "estoque_transferencia_item_grupo_empresarial_id_transferencia_id_produto_id_pk" PRIMARY KEY("grupo_empresarial_id","transferencia_id","produto_id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "estoque_pedido_transferencia_numero_uq" ON "estoque_pedido_transferencia" USING btree ("grupo_empresarial_id","numero");--> statement-breakpoint
CREATE INDEX "estoque_pedido_transferencia_solicitante_idx" ON "estoque_pedido_transferencia" USING btree ("grupo_empresarial_id","empresa_solicitante_id","status");--> statement-breakpoint
CREATE INDEX "estoque_pedido_transferencia_fornecedora_idx" ON "estoque_pedido_transferencia" USING btree ("grupo_empresarial_id","empresa_fornecedora_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "estoque_transferencia_numero_uq" ON "estoque_transferencia" USING btree ("grupo_empresarial_id","numero");--> statement-breakpoint
CREATE INDEX "estoque_transferencia_origem_idx" ON "estoque_transferencia" USING btree ("grupo_empresarial_id","empresa_origem_id","created_at");--> statement-breakpoint
CREATE INDEX "estoque_transferencia_destino_idx" ON "estoque_transferencia" USING btree ("grupo_empresarial_id","empresa_destino_id","created_at");--> statement-breakpoint
CREATE INDEX "estoque_transferencia_envio_idx" ON "estoque_transferencia" USING btree ("grupo_empresarial_id","enviado_em");--> statement-breakpoint
CREATE INDEX "estoque_transferencia_faturar_idx" ON "estoque_transferencia" USING btree ("grupo_empresarial_id") WHERE status = 'recebida' and gerou_faturamento = false;--> statement-breakpoint
CREATE INDEX "estoque_transferencia_item_produto_idx" ON "estoque_transferencia_item" USING btree ("grupo_empresarial_id","produto_id");