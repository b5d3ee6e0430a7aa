ALTER TABLE "periodo" ADD COLUMN "conciliacao_supervisor_id" text;--> statement-breakpoint
ALTER TABLE "periodo" ADD COLUMN "conciliacao_observacao" text;--> statement-breakpoint
ALTER TABLE "periodo" ADD COLUMN "conciliado_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "periodo" ADD COLUMN "conciliado_por_id" text;