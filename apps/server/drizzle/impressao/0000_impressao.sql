CREATE TABLE "impressao" (
	"id" text PRIMARY KEY NOT NULL,
	"grupo_empresarial_id" text NOT NULL,
	"empresa_id" text NOT NULL,
	"terminal_id" text NOT NULL,
	"setor_impressao_id" text,
	"impressora_id" text,
	"descricao" text DEFAULT '' NOT NULL,
	"conteudo" text NOT NULL,
	"linhas" jsonb,
	"tipo_impressao" smallint NOT NULL,
	"tipo_status" smallint DEFAULT 1 NOT NULL,
	"producao_itens" jsonb,
	"origem_id" text,
	"via" smallint DEFAULT 1 NOT NULL,
	"total_vias" smallint DEFAULT 1 NOT NULL,
	"tentativas" integer DEFAULT 0 NOT NULL,
	"proxima_tentativa" timestamp with time zone,
	"agente" text,
	"reserva_expira" timestamp with time zone,
	"impresso_em" timestamp with time zone,
	"erro" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "impressao_producao_enviada" (
	"grupo_empresarial_id" text NOT NULL,
	"empresa_id" text NOT NULL,
	"venda_id" text NOT NULL,
	"enviado" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "impressao_producao_enviada_grupo_empresarial_id_venda_id_pk" PRIMARY KEY("grupo_empresarial_id","venda_id")
);
--> statement-breakpoint
CREATE INDEX "impressao_grupo_empresa_idx" ON "impressao" USING btree ("grupo_empresarial_id","empresa_id","created_at");--> statement-breakpoint
CREATE INDEX "impressao_fila_idx" ON "impressao" USING btree ("grupo_empresarial_id","terminal_id","created_at") WHERE tipo_status in (1, 2);--> statement-breakpoint
CREATE INDEX "impressao_origem_idx" ON "impressao" USING btree ("grupo_empresarial_id","origem_id");