CREATE TABLE "acesso_sistema" (
	"id" text PRIMARY KEY NOT NULL,
	"grupo_empresarial_id" text NOT NULL,
	"descricao" text,
	"permissoes" jsonb,
	"lixo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_by" text
);
--> statement-breakpoint
CREATE TABLE "agrupador" (
	"id" text PRIMARY KEY NOT NULL,
	"grupo_empresarial_id" text NOT NULL,
	"descricao" text,
	"tipo" text,
	"agrupador_pai_id" text,
	"maximo_fracao" integer,
	"lixo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_by" text
);
--> statement-breakpoint
CREATE TABLE "caixa" (
	"id" text PRIMARY KEY NOT NULL,
	"grupo_empresarial_id" text NOT NULL,
	"empresa_id" text NOT NULL,
	"descricao" text,
	"ativo" boolean DEFAULT true,
	"lixo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_by" text
);
--> statement-breakpoint
CREATE TABLE "desconto_motivo" (
	"id" text PRIMARY KEY NOT NULL,
	"grupo_empresarial_id" text NOT NULL,
	"descricao" text,
	"ativo" boolean DEFAULT true,
	"lixo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_by" text
);
--> statement-breakpoint
CREATE TABLE "empresa" (
	"id" text PRIMARY KEY NOT NULL,
	"grupo_empresarial_id" text NOT NULL,
	"codigo_interno" integer,
	"descricao" text,
	"nome_fantasia" text,
	"cnpj" text,
	"tipo_empresa" text,
	"endereco" jsonb,
	"localizacao" jsonb,
	"configuracoes" jsonb,
	"configuracoes_estoque" jsonb,
	"fiscal" jsonb,
	"nfce" jsonb,
	"lixo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_by" text
);
--> statement-breakpoint
CREATE TABLE "forma_pagamento" (
	"id" text PRIMARY KEY NOT NULL,
	"grupo_empresarial_id" text NOT NULL,
	"empresa_id" text NOT NULL,
	"descricao" text,
	"tipo" jsonb,
	"tipo_troco" jsonb,
	"bandeiras_ids" text[],
	"ativo" boolean DEFAULT true,
	"lixo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_by" text
);
--> statement-breakpoint
CREATE TABLE "grupo_empresarial" (
	"id" text PRIMARY KEY NOT NULL,
	"grupo_empresarial_id" text NOT NULL,
	"descricao" text,
	"configuracoes" jsonb,
	"lixo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_by" text
);
--> statement-breakpoint
CREATE TABLE "impressora" (
	"id" text PRIMARY KEY NOT NULL,
	"grupo_empresarial_id" text NOT NULL,
	"empresa_id" text NOT NULL,
	"descricao" text,
	"modelo" jsonb,
	"porta" text,
	"ip" text,
	"configuracao_serial" jsonb,
	"lixo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_by" text
);
--> statement-breakpoint
CREATE TABLE "operadora" (
	"id" text PRIMARY KEY NOT NULL,
	"grupo_empresarial_id" text NOT NULL,
	"empresa_id" text NOT NULL,
	"descricao" text,
	"cnpj" text,
	"lixo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_by" text
);
--> statement-breakpoint
CREATE TABLE "pessoa" (
	"id" text PRIMARY KEY NOT NULL,
	"grupo_empresarial_id" text NOT NULL,
	"nome" text,
	"tipos_pessoa" jsonb,
	"cpf_cnpj" text,
	"rg" text,
	"email" text,
	"data_nascimento" timestamp with time zone,
	"sexo" text,
	"telefone" jsonb,
	"endereco" jsonb,
	"outros_enderecos" jsonb,
	"outros_telefones" jsonb,
	"convenio" jsonb,
	"historico" jsonb,
	"cliente_padrao" boolean DEFAULT false,
	"lixo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_by" text
);
--> statement-breakpoint
CREATE TABLE "produto_geral" (
	"id" text PRIMARY KEY NOT NULL,
	"grupo_empresarial_id" text NOT NULL,
	"codigo_interno" integer,
	"descricao" text,
	"gtin" text,
	"tipo_produto" jsonb,
	"unidade_id" text,
	"unidade_compra_id" text,
	"preco" numeric(18, 2),
	"custo" numeric(18, 6),
	"categorias_ids" text[],
	"familias_ids" text[],
	"pizza_mestra_familia" boolean DEFAULT false,
	"rendimento_padrao" text,
	"rendimento_kg" numeric(18, 4),
	"ncm" text,
	"configuracao_imposto" jsonb,
	"imposto_federal" jsonb,
	"ativo" boolean DEFAULT true,
	"lixo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_by" text
);
--> statement-breakpoint
CREATE TABLE "produto_geral_empresa" (
	"id" text PRIMARY KEY NOT NULL,
	"grupo_empresarial_id" text NOT NULL,
	"empresa_id" text NOT NULL,
	"produto_geral_id" text,
	"preco" numeric(18, 2),
	"ativo" boolean DEFAULT true,
	"modos_venda" jsonb,
	"lixo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_by" text
);
--> statement-breakpoint
CREATE TABLE "setor_impressao" (
	"id" text PRIMARY KEY NOT NULL,
	"grupo_empresarial_id" text NOT NULL,
	"empresa_id" text NOT NULL,
	"descricao" text,
	"impressora_id" text,
	"numero_vias" integer,
	"lixo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_by" text
);
--> statement-breakpoint
CREATE TABLE "terminal" (
	"id" text PRIMARY KEY NOT NULL,
	"grupo_empresarial_id" text NOT NULL,
	"empresa_id" text NOT NULL,
	"descricao" text,
	"funcoes" jsonb,
	"configuracoes" jsonb,
	"ativo" boolean DEFAULT true,
	"lixo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_by" text
);
--> statement-breakpoint
CREATE TABLE "tipo_pagamento_bandeira" (
	"id" text PRIMARY KEY NOT NULL,
	"grupo_empresarial_id" text NOT NULL,
	"descricao" text,
	"tipo" jsonb,
	"codigo_fiscal" text,
	"lixo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_by" text
);
--> statement-breakpoint
CREATE TABLE "unidade_medida" (
	"id" text PRIMARY KEY NOT NULL,
	"grupo_empresarial_id" text NOT NULL,
	"sigla" text,
	"descricao" text,
	"lixo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_by" text
);
--> statement-breakpoint
CREATE TABLE "usuario" (
	"id" text PRIMARY KEY NOT NULL,
	"grupo_empresarial_id" text NOT NULL,
	"nome" text,
	"email" text,
	"codigo_interno" integer,
	"ativo" boolean DEFAULT true,
	"pessoa_id" text,
	"atribuicoes" jsonb,
	"acessos" jsonb,
	"permissoes_extras" jsonb,
	"senha_hash" text,
	"senha_operacional_hash" text,
	"lixo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"updated_by" text
);
--> statement-breakpoint
CREATE TABLE "auditoria" (
	"id" text PRIMARY KEY NOT NULL,
	"grupo_empresarial_id" text NOT NULL,
	"empresa_id" text,
	"tabela" text NOT NULL,
	"registro_id" text NOT NULL,
	"acao" text NOT NULL,
	"usuario_id" text,
	"antes" jsonb,
	"depois" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_saida" (
	"id" text PRIMARY KEY NOT NULL,
	"grupo_empresarial_id" text NOT NULL,
	"para" text NOT NULL,
	"assunto" text NOT NULL,
	"corpo" text NOT NULL,
	"situacao" text NOT NULL,
	"erro" text,
	"tentativas" integer DEFAULT 0 NOT NULL,
	"enviado_em" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotencia" (
	"chave" text NOT NULL,
	"grupo_empresarial_id" text NOT NULL,
	"rota" text NOT NULL,
	"resposta" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotencia_grupo_empresarial_id_chave_pk" PRIMARY KEY("grupo_empresarial_id","chave")
);
--> statement-breakpoint
CREATE TABLE "senha_recuperacao" (
	"id" text PRIMARY KEY NOT NULL,
	"grupo_empresarial_id" text NOT NULL,
	"usuario_id" text NOT NULL,
	"chave_hash" text NOT NULL,
	"expira_em" timestamp with time zone NOT NULL,
	"usada_em" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "senha_recuperacao_chave_hash_unique" UNIQUE("chave_hash")
);
--> statement-breakpoint
CREATE TABLE "sistema_config" (
	"chave" text PRIMARY KEY NOT NULL,
	"valor" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "acesso_sistema_grupo_idx" ON "acesso_sistema" USING btree ("grupo_empresarial_id");--> statement-breakpoint
CREATE INDEX "agrupador_grupo_idx" ON "agrupador" USING btree ("grupo_empresarial_id");--> statement-breakpoint
CREATE INDEX "caixa_grupo_empresa_idx" ON "caixa" USING btree ("grupo_empresarial_id","empresa_id");--> statement-breakpoint
CREATE INDEX "desconto_motivo_grupo_idx" ON "desconto_motivo" USING btree ("grupo_empresarial_id");--> statement-breakpoint
CREATE INDEX "empresa_grupo_idx" ON "empresa" USING btree ("grupo_empresarial_id");--> statement-breakpoint
CREATE UNIQUE INDEX "empresa_codigo_interno_uq" ON "empresa" USING btree ("grupo_empresarial_id","codigo_interno") WHERE lixo = false;--> statement-breakpoint
CREATE INDEX "forma_pagamento_grupo_empresa_idx" ON "forma_pagamento" USING btree ("grupo_empresarial_id","empresa_id");--> statement-breakpoint
CREATE INDEX "grupo_empresarial_grupo_idx" ON "grupo_empresarial" USING btree ("grupo_empresarial_id");--> statement-breakpoint
CREATE INDEX "impressora_grupo_empresa_idx" ON "impressora" USING btree ("grupo_empresarial_id","empresa_id");--> statement-breakpoint
CREATE INDEX "operadora_grupo_empresa_idx" ON "operadora" USING btree ("grupo_empresarial_id","empresa_id");--> statement-breakpoint
CREATE INDEX "pessoa_grupo_idx" ON "pessoa" USING btree ("grupo_empresarial_id");--> statement-breakpoint
CREATE INDEX "produto_geral_grupo_idx" ON "produto_geral" USING btree ("grupo_empresarial_id");--> statement-breakpoint
CREATE UNIQUE INDEX "produto_geral_codigo_interno_uq" ON "produto_geral" USING btree ("grupo_empresarial_id","codigo_interno") WHERE lixo = false;--> statement-breakpoint
CREATE INDEX "produto_geral_empresa_grupo_empresa_idx" ON "produto_geral_empresa" USING btree ("grupo_empresarial_id","empresa_id");--> statement-breakpoint
CREATE INDEX "setor_impressao_grupo_empresa_idx" ON "setor_impressao" USING btree ("grupo_empresarial_id","empresa_id");--> statement-breakpoint
CREATE INDEX "terminal_grupo_empresa_idx" ON "terminal" USING btree ("grupo_empresarial_id","empresa_id");--> statement-breakpoint
CREATE INDEX "tipo_pagamento_bandeira_grupo_idx" ON "tipo_pagamento_bandeira" USING btree ("grupo_empresarial_id");--> statement-breakpoint
CREATE INDEX "unidade_medida_grupo_idx" ON "unidade_medida" USING btree ("grupo_empresarial_id");--> statement-breakpoint
CREATE UNIQUE INDEX "unidade_medida_sigla_uq" ON "unidade_medida" USING btree ("grupo_empresarial_id","sigla") WHERE lixo = false;--> statement-breakpoint
CREATE INDEX "usuario_grupo_idx" ON "usuario" USING btree ("grupo_empresarial_id");--> statement-breakpoint
CREATE UNIQUE INDEX "usuario_email_uq" ON "usuario" USING btree ("grupo_empresarial_id","email") WHERE lixo = false;--> statement-breakpoint
CREATE UNIQUE INDEX "usuario_codigo_interno_uq" ON "usuario" USING btree ("grupo_empresarial_id","codigo_interno") WHERE lixo = false;--> statement-breakpoint
CREATE INDEX "auditoria_registro_idx" ON "auditoria" USING btree ("grupo_empresarial_id","tabela","registro_id");--> statement-breakpoint
CREATE INDEX "email_saida_grupo_idx" ON "email_saida" USING btree ("grupo_empresarial_id","created_at");--> statement-breakpoint
CREATE INDEX "senha_recuperacao_usuario_idx" ON "senha_recuperacao" USING btree ("grupo_empresarial_id","usuario_id");