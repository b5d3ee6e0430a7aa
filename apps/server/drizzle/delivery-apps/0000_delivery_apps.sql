CREATE TABLE "delivery_acao" (
	"id" text PRIMARY KEY NOT NULL,
	"grupo_empresarial_id" text NOT NULL,
	"pedido_id" text NOT NULL,
	"acao" text NOT NULL,
	"corpo" jsonb,
	"status_http" integer,
	"erro" text,
	"enviado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delivery_evento" (
	"integracao_id" text NOT NULL,
	"evento_id" text NOT NULL,
	"grupo_empresarial_id" text NOT NULL,
	"pedido_externo" text NOT NULL,
	"tipo" text NOT NULL,
	"criado_em" timestamp with time zone NOT NULL,
	"recebido_em" timestamp with time zone DEFAULT now() NOT NULL,
	"origem" text NOT NULL,
	"corpo" jsonb NOT NULL,
	"processado_em" timestamp with time zone,
	"reconhecido_em" timestamp with time zone,
	CONSTRAINT "delivery_evento_integracao_id_evento_id_pk" PRIMARY KEY("integracao_id","evento_id")
);
--> statement-breakpoint
CREATE TABLE "delivery_integracao" (
	"id" text PRIMARY KEY NOT NULL,
	"grupo_empresarial_id" text NOT NULL,
	"empresa_id" text NOT NULL,
	"app" integer NOT NULL,
	"protocolo" text NOT NULL,
	"merchant_id" text NOT NULL,
	"app_id_externo" text NOT NULL,
	"base_url" text NOT NULL,
	"auth_url" text,
	"client_id" text NOT NULL,
	"segredo_cifrado" text NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"aceite_automatico" boolean DEFAULT false NOT NULL,
	"intervalo_polling_segundos" integer DEFAULT 30 NOT NULL,
	"ultimo_polling" timestamp with time zone,
	"ultimo_erro" text,
	"ultimo_erro_em" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delivery_item_mapa" (
	"id" text PRIMARY KEY NOT NULL,
	"grupo_empresarial_id" text NOT NULL,
	"integracao_id" text NOT NULL,
	"codigo_externo" text NOT NULL,
	"nome_externo" text,
	"produto_id" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delivery_pedido" (
	"id" text PRIMARY KEY NOT NULL,
	"grupo_empresarial_id" text NOT NULL,
	"integracao_id" text NOT NULL,
	"empresa_id" text NOT NULL,
	"app" integer NOT NULL,
	"pedido_externo" text NOT NULL,
	"identificacao" text,
	"situacao" text NOT NULL,
	"estado_app" text NOT NULL,
	"estado_anterior" text,
	"motivo" text,
	"itens_sem_produto" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"pedido" jsonb,
	"mapeado" jsonb,
	"venda_id" text,
	"total" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "delivery_acao_pedido_idx" ON "delivery_acao" USING btree ("pedido_id","enviado_em");--> statement-breakpoint
CREATE INDEX "delivery_evento_pendente_idx" ON "delivery_evento" USING btree ("integracao_id","processado_em","criado_em");--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_integracao_merchant_uq" ON "delivery_integracao" USING btree ("app_id_externo","merchant_id");--> statement-breakpoint
CREATE INDEX "delivery_integracao_empresa_idx" ON "delivery_integracao" USING btree ("grupo_empresarial_id","empresa_id");--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_item_mapa_uq" ON "delivery_item_mapa" USING btree ("integracao_id","codigo_externo");--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_pedido_externo_uq" ON "delivery_pedido" USING btree ("integracao_id","pedido_externo");--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_pedido_venda_uq" ON "delivery_pedido" USING btree ("venda_id");--> statement-breakpoint
CREATE INDEX "delivery_pedido_situacao_idx" ON "delivery_pedido" USING btree ("grupo_empresarial_id","situacao","created_at");