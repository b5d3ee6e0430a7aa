CREATE TABLE "cardapio" (
	"id" text PRIMARY KEY NOT NULL,
	"grupo_empresarial_id" text NOT NULL,
	"descricao" text,
	"plataformas" jsonb,
	"empresas_ids" text[],
	"secoes" jsonb,
	"hora_inicio" text,
	"hora_fim" text,
	"ativo" boolean DEFAULT true,
	"lixo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_by" text
);
--> statement-breakpoint
CREATE TABLE "configuracao_imposto" (
	"id" text PRIMARY KEY NOT NULL,
	"grupo_empresarial_id" text NOT NULL,
	"descricao" text,
	"uf" text,
	"origem" integer,
	"cfop" text,
	"cst" text,
	"csosn" text,
	"aliquota_icms" numeric(18, 4),
	"modalidade_bc" integer,
	"reducao_bc" numeric(18, 4),
	"modalidade_bc_st" integer,
	"mva_st" numeric(18, 4),
	"aliquota_icms_st" numeric(18, 4),
	"reducao_bc_st" numeric(18, 4),
	"aliquota_fcp" numeric(18, 4),
	"motivo_desoneracao" integer,
	"cest" text,
	"c_class_trib" text,
	"ncm" text,
	"lixo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_by" text
);
--> statement-breakpoint
CREATE TABLE "configuracao_imposto_federal" (
	"id" text PRIMARY KEY NOT NULL,
	"grupo_empresarial_id" text NOT NULL,
	"descricao" text,
	"pis" jsonb,
	"cofins" jsonb,
	"lixo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_by" text
);
--> statement-breakpoint
CREATE TABLE "configuracao_imposto_ipi" (
	"id" text PRIMARY KEY NOT NULL,
	"grupo_empresarial_id" text NOT NULL,
	"descricao" text,
	"cst" text,
	"codigo_enquadramento" text,
	"aliquota" numeric(18, 4),
	"lixo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_by" text
);
--> statement-breakpoint
CREATE TABLE "pessoa_convenio" (
	"id" text PRIMARY KEY NOT NULL,
	"grupo_empresarial_id" text NOT NULL,
	"descricao" text,
	"pessoa_id" text,
	"empresas_ids" text[],
	"limite_padrao" numeric(18, 2),
	"dia_fechamento" integer,
	"dia_vencimento" integer,
	"bloqueado" boolean DEFAULT false,
	"observacao" text,
	"lixo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_by" text
);
--> statement-breakpoint
CREATE TABLE "voucher_e_cupom_desconto" (
	"id" text PRIMARY KEY NOT NULL,
	"grupo_empresarial_id" text NOT NULL,
	"codigo" text,
	"descricao" text,
	"tipo_desconto" jsonb,
	"valor" numeric(18, 2),
	"valor_minimo_pedido" numeric(18, 2),
	"abrangencia" jsonb,
	"pessoas_ids" text[],
	"empresas_ids" text[],
	"data_inicio" timestamp with time zone,
	"data_fim" timestamp with time zone,
	"quantidade_maxima" integer,
	"usos_por_cliente" integer,
	"habilitado" boolean DEFAULT true,
	"lixo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_by" text
);
--> statement-breakpoint
ALTER TABLE "empresa" ADD COLUMN "inscricao_estadual" text;--> statement-breakpoint
ALTER TABLE "empresa" ADD COLUMN "telefone" text;--> statement-breakpoint
ALTER TABLE "empresa" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "impressora" ADD COLUMN "formato_etiqueta" jsonb;--> statement-breakpoint
ALTER TABLE "impressora" ADD COLUMN "colunas" integer;--> statement-breakpoint
ALTER TABLE "pessoa" ADD COLUMN "natureza" jsonb;--> statement-breakpoint
ALTER TABLE "pessoa" ADD COLUMN "convenio_grupo_id" text;--> statement-breakpoint
ALTER TABLE "produto_geral" ADD COLUMN "imagens" jsonb;--> statement-breakpoint
CREATE INDEX "cardapio_grupo_idx" ON "cardapio" USING btree ("grupo_empresarial_id");--> statement-breakpoint
CREATE INDEX "configuracao_imposto_grupo_idx" ON "configuracao_imposto" USING btree ("grupo_empresarial_id");--> statement-breakpoint
CREATE INDEX "configuracao_imposto_federal_grupo_idx" ON "configuracao_imposto_federal" USING btree ("grupo_empresarial_id");--> statement-breakpoint
CREATE INDEX "configuracao_imposto_ipi_grupo_idx" ON "configuracao_imposto_ipi" USING btree ("grupo_empresarial_id");--> statement-breakpoint
CREATE INDEX "pessoa_convenio_grupo_idx" ON "pessoa_convenio" USING btree ("grupo_empresarial_id");--> statement-breakpoint
CREATE INDEX "voucher_e_cupom_desconto_grupo_idx" ON "voucher_e_cupom_desconto" USING btree ("grupo_empresarial_id");--> statement-breakpoint
CREATE UNIQUE INDEX "voucher_e_cupom_desconto_codigo_uq" ON "voucher_e_cupom_desconto" USING btree ("grupo_empresarial_id","codigo") WHERE lixo = false;