CREATE TABLE "financeiro_baixa" (
	"id" text PRIMARY KEY NOT NULL,
	"grupo_empresarial_id" text NOT NULL,
	"empresa_id" text NOT NULL,
	"titulo_id" text NOT NULL,
	"operacao_id" text NOT NULL,
	"conta_id" text NOT NULL,
	"data" date NOT NULL,
	"valor" numeric(18, 2) NOT NULL,
	"juros" numeric(18, 2) DEFAULT '0' NOT NULL,
	"multa" numeric(18, 2) DEFAULT '0' NOT NULL,
	"desconto" numeric(18, 2) DEFAULT '0' NOT NULL,
	"taxa" numeric(18, 2) DEFAULT '0' NOT NULL,
	"estornada" smallint DEFAULT 0 NOT NULL,
	"usuario_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "financeiro_conta_saldo" (
	"grupo_empresarial_id" text NOT NULL,
	"conta_id" text NOT NULL,
	"saldo" numeric(18, 2) DEFAULT '0' NOT NULL,
	"ultima_data" date,
	"ultimo_seq" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "financeiro_conta_saldo_grupo_empresarial_id_conta_id_pk" PRIMARY KEY("grupo_empresarial_id","conta_id")
);
--> statement-breakpoint
CREATE TABLE "financeiro_movimentacao" (
	"id" text PRIMARY KEY NOT NULL,
	"grupo_empresarial_id" text NOT NULL,
	"empresa_id" text NOT NULL,
	"conta_id" text NOT NULL,
	"data" date NOT NULL,
	"seq" bigserial NOT NULL,
	"valor" numeric(18, 2) NOT NULL,
	"saldo_atual" numeric(18, 2) NOT NULL,
	"plano_conta_id" text,
	"descricao" text NOT NULL,
	"origem_tipo" text NOT NULL,
	"origem_id" text,
	"titulo_id" text,
	"estorno_de" text,
	"usuario_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "financeiro_pendente" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"grupo_empresarial_id" text NOT NULL,
	"empresa_id" text NOT NULL,
	"periodo_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "financeiro_titulo" (
	"id" text PRIMARY KEY NOT NULL,
	"grupo_empresarial_id" text NOT NULL,
	"empresa_id" text NOT NULL,
	"tipo" text NOT NULL,
	"descricao" text NOT NULL,
	"documento" text,
	"pessoa_id" text,
	"operadora_id" text,
	"plano_conta_id" text NOT NULL,
	"plano_conta_taxa_id" text,
	"conta_id" text,
	"valor" numeric(18, 2) NOT NULL,
	"taxa" numeric(18, 2) DEFAULT '0' NOT NULL,
	"valor_pago" numeric(18, 2) DEFAULT '0' NOT NULL,
	"competencia" date NOT NULL,
	"vencimento" date NOT NULL,
	"parcela" integer DEFAULT 1 NOT NULL,
	"parcelas" integer DEFAULT 1 NOT NULL,
	"lote" text,
	"status" smallint DEFAULT 1 NOT NULL,
	"nsu" text,
	"autorizacao" text,
	"bandeira_id" text,
	"data_venda" date,
	"origem_tipo" text DEFAULT 'manual' NOT NULL,
	"origem_id" text,
	"observacao" text,
	"usuario_id" text,
	"cancelado_por" text,
	"motivo_cancelamento" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "financeiro_baixa_titulo_idx" ON "financeiro_baixa" USING btree ("grupo_empresarial_id","titulo_id");--> statement-breakpoint
CREATE UNIQUE INDEX "financeiro_baixa_operacao_uq" ON "financeiro_baixa" USING btree ("grupo_empresarial_id","operacao_id","titulo_id");--> statement-breakpoint
CREATE INDEX "financeiro_movimentacao_extrato_idx" ON "financeiro_movimentacao" USING btree ("grupo_empresarial_id","conta_id","data","seq");--> statement-breakpoint
CREATE INDEX "financeiro_movimentacao_data_idx" ON "financeiro_movimentacao" USING btree ("grupo_empresarial_id","empresa_id","data");--> statement-breakpoint
CREATE INDEX "financeiro_movimentacao_origem_idx" ON "financeiro_movimentacao" USING btree ("grupo_empresarial_id","origem_tipo","origem_id");--> statement-breakpoint
CREATE UNIQUE INDEX "financeiro_movimentacao_estorno_uq" ON "financeiro_movimentacao" USING btree ("estorno_de") WHERE estorno_de is not null;--> statement-breakpoint
CREATE INDEX "financeiro_titulo_vencimento_idx" ON "financeiro_titulo" USING btree ("grupo_empresarial_id","empresa_id","tipo","vencimento");--> statement-breakpoint
CREATE INDEX "financeiro_titulo_competencia_idx" ON "financeiro_titulo" USING btree ("grupo_empresarial_id","empresa_id","competencia");--> statement-breakpoint
CREATE INDEX "financeiro_titulo_operadora_idx" ON "financeiro_titulo" USING btree ("grupo_empresarial_id","operadora_id","vencimento");--> statement-breakpoint
CREATE UNIQUE INDEX "financeiro_titulo_origem_uq" ON "financeiro_titulo" USING btree ("grupo_empresarial_id","origem_tipo","origem_id","parcela") WHERE origem_id is not null;