CREATE TABLE "fiscal_certificado" (
	"empresa_id" text PRIMARY KEY NOT NULL,
	"grupo_empresarial_id" text NOT NULL,
	"pfx_cifrado" text NOT NULL,
	"senha_cifrada" text NOT NULL,
	"titular" text NOT NULL,
	"documento" text,
	"valido_de" timestamp with time zone NOT NULL,
	"valido_ate" timestamp with time zone NOT NULL,
	"demonstracao" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text
);
--> statement-breakpoint
CREATE TABLE "fiscal_empresa" (
	"empresa_id" text PRIMARY KEY NOT NULL,
	"grupo_empresarial_id" text NOT NULL,
	"razao_social" text,
	"ie" text,
	"im" text,
	"cnae" text,
	"codigo_municipio" text,
	"telefone" text,
	"csc_id" text,
	"csc_token_cifrado" text,
	"responsavel_tecnico" jsonb,
	"ibs_cbs" jsonb,
	"versao_qr_code" integer,
	"limite_sem_identificacao" numeric(18, 2),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text
);
--> statement-breakpoint
CREATE TABLE "fiscal_evento" (
	"id" text PRIMARY KEY NOT NULL,
	"grupo_empresarial_id" text NOT NULL,
	"empresa_id" text NOT NULL,
	"nfce_id" text,
	"tipo" text NOT NULL,
	"sucesso" boolean NOT NULL,
	"c_stat" integer,
	"x_motivo" text,
	"protocolo" text,
	"dados" jsonb NOT NULL,
	"xml" text,
	"usuario_id" text,
	"supervisor_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fiscal_numeracao" (
	"grupo_empresarial_id" text NOT NULL,
	"empresa_id" text NOT NULL,
	"modelo" text NOT NULL,
	"serie" integer NOT NULL,
	"ultimo_numero" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fiscal_numeracao_empresa_id_modelo_serie_pk" PRIMARY KEY("empresa_id","modelo","serie")
);
--> statement-breakpoint
CREATE TABLE "nfce" (
	"id" text PRIMARY KEY NOT NULL,
	"grupo_empresarial_id" text NOT NULL,
	"empresa_id" text NOT NULL,
	"venda_id" text,
	"posicao" integer,
	"dados_nfe" jsonb NOT NULL,
	"status_nota" text NOT NULL,
	"qr_code" text,
	"url_chave" text,
	"protocolo_recebimento" text,
	"data_recebimento" timestamp with time zone,
	"cancelado" boolean DEFAULT false NOT NULL,
	"cpf_cnpj" text,
	"xml" text NOT NULL,
	"xml_proc" text,
	"chave" text NOT NULL,
	"numero" integer NOT NULL,
	"serie" integer NOT NULL,
	"tp_emis" integer NOT NULL,
	"tp_amb" integer NOT NULL,
	"c_stat" integer,
	"x_motivo" text,
	"digest_value" text NOT NULL,
	"totais" jsonb NOT NULL,
	"valor" numeric(18, 2) NOT NULL,
	"dh_emi" timestamp with time zone NOT NULL,
	"pendente_envio" boolean DEFAULT false NOT NULL,
	"tentativas" integer DEFAULT 0 NOT NULL,
	"proxima_tentativa" timestamp with time zone,
	"bloqueio_ate" timestamp with time zone,
	"cancelamento" jsonb,
	"aviso" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text
);
--> statement-breakpoint
CREATE TABLE "nota_entrada" (
	"id" text PRIMARY KEY NOT NULL,
	"grupo_empresarial_id" text NOT NULL,
	"empresa_id" text NOT NULL,
	"chave" text NOT NULL,
	"modelo" text NOT NULL,
	"serie" text NOT NULL,
	"numero" text NOT NULL,
	"dh_emi" text NOT NULL,
	"emitente_cnpj" text,
	"emitente_nome" text,
	"valor_total" numeric(18, 2) NOT NULL,
	"dados" jsonb NOT NULL,
	"xml" text NOT NULL,
	"status" text DEFAULT 'pendente' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text
);
--> statement-breakpoint
CREATE TABLE "nota_entrada_item" (
	"id" text PRIMARY KEY NOT NULL,
	"grupo_empresarial_id" text NOT NULL,
	"nota_entrada_id" text NOT NULL,
	"n_item" integer NOT NULL,
	"c_prod" text NOT NULL,
	"c_ean" text,
	"x_prod" text NOT NULL,
	"ncm" text,
	"cfop" text,
	"u_com" text,
	"q_com" numeric(18, 4) NOT NULL,
	"v_un_com" numeric(21, 10) NOT NULL,
	"v_prod" numeric(18, 2) NOT NULL,
	"produto_geral_id" text,
	"fator_conversao" numeric(18, 6)
);
--> statement-breakpoint
CREATE INDEX "fiscal_evento_grupo_empresa_idx" ON "fiscal_evento" USING btree ("grupo_empresarial_id","empresa_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "nfce_chave_uq" ON "nfce" USING btree ("chave");--> statement-breakpoint
CREATE INDEX "nfce_grupo_empresa_dh_idx" ON "nfce" USING btree ("grupo_empresarial_id","empresa_id","dh_emi");--> statement-breakpoint
CREATE INDEX "nfce_venda_idx" ON "nfce" USING btree ("grupo_empresarial_id","venda_id");--> statement-breakpoint
CREATE INDEX "nfce_fila_idx" ON "nfce" USING btree ("proxima_tentativa") WHERE pendente_envio;--> statement-breakpoint
CREATE UNIQUE INDEX "nota_entrada_chave_uq" ON "nota_entrada" USING btree ("grupo_empresarial_id","chave");--> statement-breakpoint
CREATE INDEX "nota_entrada_grupo_empresa_idx" ON "nota_entrada" USING btree ("grupo_empresarial_id","empresa_id","created_at");--> statement-breakpoint
CREATE INDEX "nota_entrada_item_nota_idx" ON "nota_entrada_item" USING btree ("grupo_empresarial_id","nota_entrada_id","n_item");