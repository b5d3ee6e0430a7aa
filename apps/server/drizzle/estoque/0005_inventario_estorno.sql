ALTER TABLE "estoque_inventario" ADD COLUMN "estornado_por" text;--> statement-breakpoint
ALTER TABLE "estoque_inventario" ADD COLUMN "estornado_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "estoque_inventario" ADD COLUMN "motivo_estorno" text;