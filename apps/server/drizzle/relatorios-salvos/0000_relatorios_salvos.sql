CREATE TABLE "relatorio_salvo" (
	"id" text PRIMARY KEY NOT NULL,
	"grupo_empresarial_id" text NOT NULL,
	"usuario_id" text NOT NULL,
	"descricao" text NOT NULL,
	"relatorio" text NOT NULL,
	"visibilidade" text NOT NULL,
	"estado" jsonb NOT NULL,
	"lixo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "relatorio_salvo_usuario_idx" ON "relatorio_salvo" USING btree ("grupo_empresarial_id","usuario_id");--> statement-breakpoint
CREATE INDEX "relatorio_salvo_visibilidade_idx" ON "relatorio_salvo" USING btree ("grupo_empresarial_id","visibilidade","relatorio");