CREATE TABLE "fiscal_emissao_trava" (
	"venda_id" text NOT NULL,
	"posicao" integer NOT NULL,
	"dono" text NOT NULL,
	"ate" timestamp with time zone NOT NULL,
	CONSTRAINT "fiscal_emissao_trava_venda_id_posicao_pk" PRIMARY KEY("venda_id","posicao")
);
--> statement-breakpoint
CREATE TABLE "fiscal_numero_reservado" (
	"empresa_id" text NOT NULL,
	"serie" integer NOT NULL,
	"numero" integer NOT NULL,
	"grupo_empresarial_id" text NOT NULL,
	"venda_id" text,
	"reservado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fiscal_numero_reservado_empresa_id_serie_numero_pk" PRIMARY KEY("empresa_id","serie","numero")
);
--> statement-breakpoint
DROP INDEX "nfce_fila_idx";--> statement-breakpoint
ALTER TABLE "fiscal_empresa" ADD COLUMN "emitir_nfce_desde" timestamp with time zone DEFAULT now();--> statement-breakpoint
ALTER TABLE "nfce" ADD COLUMN "aguardando_retorno" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "nfce_fila_idx" ON "nfce" USING btree ("proxima_tentativa") WHERE pendente_envio or verificar_envio or aguardando_retorno;--> statement-breakpoint
-- Notes left in flight by a server stopped before this version: the worker now resolves them by their key.
UPDATE "nfce" SET "aguardando_retorno" = true WHERE "status_nota" = 'erro' AND "x_motivo" = 'Aguardando retorno da SEFAZ' AND NOT "verificar_envio";