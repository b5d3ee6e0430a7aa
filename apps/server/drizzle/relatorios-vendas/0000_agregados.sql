CREATE TABLE "relatorio_venda_aplicada" (
	"venda_id" text PRIMARY KEY NOT NULL,
	"grupo_empresarial_id" text NOT NULL,
	"contribuicao" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "relatorio_venda_hora" (
	"grupo_empresarial_id" text NOT NULL,
	"empresa_id" text NOT NULL,
	"dia" date NOT NULL,
	"hora" smallint NOT NULL,
	"status" smallint NOT NULL,
	"tipo_venda" smallint NOT NULL,
	"origem" smallint NOT NULL,
	"terminal_id" text NOT NULL,
	"operador_id" text NOT NULL,
	"atendente_id" text NOT NULL,
	"vendas" integer DEFAULT 0 NOT NULL,
	"itens" numeric(18, 4) DEFAULT '0' NOT NULL,
	"quantidade" numeric(18, 4) DEFAULT '0' NOT NULL,
	"bruto" numeric(18, 2) DEFAULT '0' NOT NULL,
	"descontos" numeric(18, 2) DEFAULT '0' NOT NULL,
	"desconto_combo" numeric(18, 2) DEFAULT '0' NOT NULL,
	"desconto_happy_hour" numeric(18, 2) DEFAULT '0' NOT NULL,
	"desconto_sugestao" numeric(18, 2) DEFAULT '0' NOT NULL,
	"desconto_personalizado" numeric(18, 2) DEFAULT '0' NOT NULL,
	"desconto_geral" numeric(18, 2) DEFAULT '0' NOT NULL,
	"acrescimos" numeric(18, 2) DEFAULT '0' NOT NULL,
	"liquido" numeric(18, 2) DEFAULT '0' NOT NULL,
	"custo" numeric(22, 6) DEFAULT '0' NOT NULL,
	"taxa_servico" numeric(18, 2) DEFAULT '0' NOT NULL,
	"taxa_entrega" numeric(18, 2) DEFAULT '0' NOT NULL,
	"total" numeric(18, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "relatorio_venda_hora_pk" PRIMARY KEY("grupo_empresarial_id","empresa_id","dia","hora","status","tipo_venda","origem","terminal_id","operador_id","atendente_id")
);
--> statement-breakpoint
CREATE TABLE "relatorio_venda_pagamento_dia" (
	"grupo_empresarial_id" text NOT NULL,
	"empresa_id" text NOT NULL,
	"dia" date NOT NULL,
	"status" smallint NOT NULL,
	"tipo_pagamento" smallint NOT NULL,
	"pagamentos" integer DEFAULT 0 NOT NULL,
	"valor" numeric(18, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "relatorio_venda_pagamento_dia_pk" PRIMARY KEY("grupo_empresarial_id","empresa_id","dia","status","tipo_pagamento")
);
--> statement-breakpoint
CREATE TABLE "relatorio_venda_pendente" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"grupo_empresarial_id" text NOT NULL,
	"venda_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "relatorio_venda_produto_dia" (
	"grupo_empresarial_id" text NOT NULL,
	"empresa_id" text NOT NULL,
	"dia" date NOT NULL,
	"status" smallint NOT NULL,
	"produto_id" text NOT NULL,
	"vendas" integer DEFAULT 0 NOT NULL,
	"quantidade" numeric(18, 4) DEFAULT '0' NOT NULL,
	"bruto" numeric(18, 2) DEFAULT '0' NOT NULL,
	"descontos" numeric(18, 2) DEFAULT '0' NOT NULL,
	"desconto_combo" numeric(18, 2) DEFAULT '0' NOT NULL,
	"desconto_happy_hour" numeric(18, 2) DEFAULT '0' NOT NULL,
	"desconto_sugestao" numeric(18, 2) DEFAULT '0' NOT NULL,
	"desconto_personalizado" numeric(18, 2) DEFAULT '0' NOT NULL,
	"desconto_geral" numeric(18, 2) DEFAULT '0' NOT NULL,
	"acrescimos" numeric(18, 2) DEFAULT '0' NOT NULL,
	"liquido" numeric(18, 2) DEFAULT '0' NOT NULL,
	"custo" numeric(22, 6) DEFAULT '0' NOT NULL,
	CONSTRAINT "relatorio_venda_produto_dia_pk" PRIMARY KEY("grupo_empresarial_id","empresa_id","dia","status","produto_id")
);
--> statement-breakpoint
CREATE INDEX "relatorio_venda_pendente_venda_idx" ON "relatorio_venda_pendente" USING btree ("venda_id");