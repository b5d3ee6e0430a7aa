CREATE TABLE "financeiro_extrato_linha" (
	"id" text PRIMARY KEY NOT NULL,
	"grupo_empresarial_id" text NOT NULL,
	"empresa_id" text NOT NULL,
	"operadora_id" text NOT NULL,
	"extrato_id" text NOT NULL,
	"chave" text NOT NULL,
	"linha" integer NOT NULL,
	"data_pagamento" date NOT NULL,
	"data_venda" date NOT NULL,
	"bandeira" text,
	"produto" text NOT NULL,
	"nsu" text,
	"autorizacao" text,
	"parcela" integer NOT NULL,
	"parcelas" integer NOT NULL,
	"valor_bruto" numeric(18, 2) NOT NULL,
	"taxa" numeric(18, 2) NOT NULL,
	"valor_liquido" numeric(18, 2) NOT NULL,
	"titulo_id" text,
	"situacao" text NOT NULL,
	"diferenca" numeric(18, 2),
	"dias_atraso" integer,
	"motivo" text
);
--> statement-breakpoint
CREATE TABLE "financeiro_extrato_operadora" (
	"id" text PRIMARY KEY NOT NULL,
	"grupo_empresarial_id" text NOT NULL,
	"empresa_id" text NOT NULL,
	"operadora_id" text NOT NULL,
	"nome" text NOT NULL,
	"formato" text NOT NULL,
	"data_inicial" date,
	"data_final" date,
	"resumo" jsonb NOT NULL,
	"nao_pagos" jsonb NOT NULL,
	"usuario_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "financeiro_extrato_linha_chave_uq" ON "financeiro_extrato_linha" USING btree ("grupo_empresarial_id","empresa_id","operadora_id","chave");--> statement-breakpoint
CREATE INDEX "financeiro_extrato_linha_extrato_idx" ON "financeiro_extrato_linha" USING btree ("grupo_empresarial_id","extrato_id","linha");--> statement-breakpoint
CREATE INDEX "financeiro_extrato_operadora_idx" ON "financeiro_extrato_operadora" USING btree ("grupo_empresarial_id","empresa_id","created_at");