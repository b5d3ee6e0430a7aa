CREATE TABLE "delivery_catalogo_item" (
	"integracao_id" text NOT NULL,
	"produto_id" text NOT NULL,
	"grupo_empresarial_id" text NOT NULL,
	"preco" text NOT NULL,
	"disponivel" boolean NOT NULL,
	"preco_enviado" text,
	"disponivel_enviado" boolean,
	"ultimo_erro" text,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"enviado_em" timestamp with time zone,
	CONSTRAINT "delivery_catalogo_item_integracao_id_produto_id_pk" PRIMARY KEY("integracao_id","produto_id")
);
