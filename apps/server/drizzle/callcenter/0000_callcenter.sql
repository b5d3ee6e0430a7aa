CREATE TABLE "call_center_pedido" (
	"venda_id" text PRIMARY KEY NOT NULL,
	"grupo_empresarial_id" text NOT NULL,
	"operador_id" text NOT NULL,
	"pagamento" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "call_center_pedido_operador_idx" ON "call_center_pedido" USING btree ("grupo_empresarial_id","operador_id","created_at");