ALTER TABLE "produto_geral" ADD COLUMN "tabela_nutricional" jsonb;--> statement-breakpoint
ALTER TABLE "produto_geral" ADD COLUMN "informacao_extra" text;