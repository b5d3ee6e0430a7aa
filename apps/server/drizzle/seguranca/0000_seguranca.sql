CREATE TABLE "liberacao_uso" (
	"id" text PRIMARY KEY NOT NULL,
	"grupo_empresarial_id" text NOT NULL,
	"supervisor_id" text NOT NULL,
	"operador_id" text NOT NULL,
	"permissao" integer NOT NULL,
	"empresa_id" text NOT NULL,
	"alvo" text,
	"idempotencia" text,
	"usado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "limite_tentativa" (
	"chave" text PRIMARY KEY NOT NULL,
	"falhas" integer DEFAULT 0 NOT NULL,
	"bloqueios" integer DEFAULT 0 NOT NULL,
	"bloqueado_ate" timestamp with time zone,
	"ultima_falha" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessao_usuario" (
	"usuario_id" text PRIMARY KEY NOT NULL,
	"validas_desde" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "token_revogado" (
	"jti" text PRIMARY KEY NOT NULL,
	"usuario_id" text NOT NULL,
	"expira_em" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "liberacao_uso_supervisor_idx" ON "liberacao_uso" USING btree ("grupo_empresarial_id","supervisor_id","usado_em");