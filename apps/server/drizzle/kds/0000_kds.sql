CREATE TABLE "kds_entrega" (
	"venda_id" text PRIMARY KEY NOT NULL,
	"grupo_empresarial_id" text NOT NULL,
	"empresa_id" text NOT NULL,
	"motoboy_id" text,
	"motoboy" jsonb,
	"atribuido_em" timestamp with time zone,
	"saida_em" timestamp with time zone,
	"retorno_em" timestamp with time zone,
	"acerto_em" timestamp with time zone,
	"acerto_por" text,
	"tempo_entrega_minutos" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kds_estacao" (
	"id" text PRIMARY KEY NOT NULL,
	"grupo_empresarial_id" text NOT NULL,
	"empresa_id" text NOT NULL,
	"descricao" text,
	"tipo" text,
	"setores_ids" text[],
	"terminal_id" text,
	"kds_teclado_id" text,
	"tempo_alerta" integer,
	"tempo_atraso" integer,
	"ativo" boolean DEFAULT true,
	"lixo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_by" text
);
--> statement-breakpoint
CREATE TABLE "kds_expedicao" (
	"id" text PRIMARY KEY NOT NULL,
	"grupo_empresarial_id" text NOT NULL,
	"empresa_id" text NOT NULL,
	"descricao" text,
	"terminal_id" text,
	"setor_impressao_expedicao_id" text,
	"minutos_finalizados" integer,
	"tempo_entrega_padrao" integer,
	"ativo" boolean DEFAULT true,
	"lixo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_by" text
);
--> statement-breakpoint
CREATE TABLE "kds_item" (
	"id" text PRIMARY KEY NOT NULL,
	"grupo_empresarial_id" text NOT NULL,
	"empresa_id" text NOT NULL,
	"venda_id" text NOT NULL,
	"venda_item_id" text NOT NULL,
	"numero_item" integer NOT NULL,
	"estacao_id" text NOT NULL,
	"kds_setor_id" text,
	"produto_id" text NOT NULL,
	"descricao" text NOT NULL,
	"quantidade" numeric(18, 4) NOT NULL,
	"obs" text DEFAULT '' NOT NULL,
	"partes" jsonb NOT NULL,
	"adicionais" jsonb NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"cancelado" smallint DEFAULT 0 NOT NULL,
	"recebido_em" timestamp with time zone DEFAULT now() NOT NULL,
	"iniciado_em" timestamp with time zone,
	"pronto_em" timestamp with time zone,
	"despachado_em" timestamp with time zone,
	"updated_by" text
);
--> statement-breakpoint
CREATE TABLE "kds_montagem" (
	"id" text PRIMARY KEY NOT NULL,
	"grupo_empresarial_id" text NOT NULL,
	"empresa_id" text NOT NULL,
	"descricao" text,
	"estacao_id" text,
	"setores_ids" text[],
	"ativo" boolean DEFAULT true,
	"lixo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_by" text
);
--> statement-breakpoint
CREATE TABLE "kds_setor" (
	"id" text PRIMARY KEY NOT NULL,
	"grupo_empresarial_id" text NOT NULL,
	"empresa_id" text NOT NULL,
	"descricao" text,
	"setores_impressao_ids" text[],
	"produtos_ids" text[],
	"ativo" boolean DEFAULT true,
	"lixo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_by" text
);
--> statement-breakpoint
CREATE TABLE "kds_setor_cadastro_grupo" (
	"id" text PRIMARY KEY NOT NULL,
	"grupo_empresarial_id" text NOT NULL,
	"empresa_id" text NOT NULL,
	"agrupador_id" text,
	"kds_setor_id" text,
	"lixo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_by" text
);
--> statement-breakpoint
CREATE TABLE "kds_teclado" (
	"id" text PRIMARY KEY NOT NULL,
	"grupo_empresarial_id" text NOT NULL,
	"empresa_id" text NOT NULL,
	"descricao" text,
	"teclas" jsonb,
	"lixo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_by" text
);
--> statement-breakpoint
CREATE TABLE "portaria" (
	"id" text PRIMARY KEY NOT NULL,
	"grupo_empresarial_id" text NOT NULL,
	"empresa_id" text NOT NULL,
	"nome" text NOT NULL,
	"documento" text,
	"telefone" text,
	"comanda" integer,
	"pessoas" integer DEFAULT 1 NOT NULL,
	"observacao" text DEFAULT '' NOT NULL,
	"entrada_em" timestamp with time zone DEFAULT now() NOT NULL,
	"saida_em" timestamp with time zone,
	"created_by" text
);
--> statement-breakpoint
CREATE INDEX "kds_entrega_motoboy_idx" ON "kds_entrega" USING btree ("grupo_empresarial_id","empresa_id","motoboy_id") WHERE acerto_em is null;--> statement-breakpoint
CREATE INDEX "kds_estacao_grupo_empresa_idx" ON "kds_estacao" USING btree ("grupo_empresarial_id","empresa_id");--> statement-breakpoint
CREATE INDEX "kds_expedicao_grupo_empresa_idx" ON "kds_expedicao" USING btree ("grupo_empresarial_id","empresa_id");--> statement-breakpoint
CREATE UNIQUE INDEX "kds_item_estacao_item_uq" ON "kds_item" USING btree ("estacao_id","venda_item_id");--> statement-breakpoint
CREATE INDEX "kds_item_estacao_idx" ON "kds_item" USING btree ("grupo_empresarial_id","estacao_id","status");--> statement-breakpoint
CREATE INDEX "kds_item_venda_idx" ON "kds_item" USING btree ("grupo_empresarial_id","venda_id");--> statement-breakpoint
CREATE INDEX "kds_montagem_grupo_empresa_idx" ON "kds_montagem" USING btree ("grupo_empresarial_id","empresa_id");--> statement-breakpoint
CREATE INDEX "kds_setor_grupo_empresa_idx" ON "kds_setor" USING btree ("grupo_empresarial_id","empresa_id");--> statement-breakpoint
CREATE INDEX "kds_setor_cadastro_grupo_grupo_empresa_idx" ON "kds_setor_cadastro_grupo" USING btree ("grupo_empresarial_id","empresa_id");--> statement-breakpoint
CREATE INDEX "kds_teclado_grupo_empresa_idx" ON "kds_teclado" USING btree ("grupo_empresarial_id","empresa_id");--> statement-breakpoint
CREATE INDEX "portaria_grupo_empresa_idx" ON "portaria" USING btree ("grupo_empresarial_id","empresa_id","entrada_em");