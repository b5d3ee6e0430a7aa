-- Labels (issue 20, gerenciarEtiquetas): "products changed since a day" must list the products whose LABEL changed
-- (what it shows: description, price, barcode, internal code, unit; a product leaving or coming back), not any
-- edit of the product (its tax codes, stock settings, kitchen sectors...), or a store reprints shelves for
-- nothing. A trigger stamps the moment one of those fields changes; a store's own price row likewise.
ALTER TABLE "produto_geral" ADD COLUMN IF NOT EXISTS "etiqueta_alterada_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "produto_geral_empresa" ADD COLUMN IF NOT EXISTS "etiqueta_alterada_em" timestamp with time zone;--> statement-breakpoint
-- What is there now keeps its last edit as its last label change (the best that is known).
UPDATE "produto_geral" SET "etiqueta_alterada_em" = coalesce("updated_at", "created_at", now()) WHERE "etiqueta_alterada_em" IS NULL;--> statement-breakpoint
UPDATE "produto_geral_empresa" SET "etiqueta_alterada_em" = coalesce("updated_at", "created_at", now()) WHERE "etiqueta_alterada_em" IS NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION produto_geral_etiqueta_alterada() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT'
     OR (NEW.descricao, NEW.preco, NEW.gtin, NEW.codigo_interno, NEW.unidade_id, NEW.lixo, NEW.ativo)
        IS DISTINCT FROM (OLD.descricao, OLD.preco, OLD.gtin, OLD.codigo_interno, OLD.unidade_id, OLD.lixo, OLD.ativo) THEN
    NEW.etiqueta_alterada_em := now();
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION produto_geral_empresa_etiqueta_alterada() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR (NEW.preco, NEW.lixo) IS DISTINCT FROM (OLD.preco, OLD.lixo) THEN
    NEW.etiqueta_alterada_em := now();
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS produto_geral_etiqueta ON "produto_geral";--> statement-breakpoint
CREATE TRIGGER produto_geral_etiqueta BEFORE INSERT OR UPDATE ON "produto_geral"
  FOR EACH ROW EXECUTE FUNCTION produto_geral_etiqueta_alterada();--> statement-breakpoint
DROP TRIGGER IF EXISTS produto_geral_empresa_etiqueta ON "produto_geral_empresa";--> statement-breakpoint
CREATE TRIGGER produto_geral_empresa_etiqueta BEFORE INSERT OR UPDATE ON "produto_geral_empresa"
  FOR EACH ROW EXECUTE FUNCTION produto_geral_empresa_etiqueta_alterada();
