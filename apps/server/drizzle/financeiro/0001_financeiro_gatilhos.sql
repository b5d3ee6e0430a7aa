-- Outbox of the POS postings (issue 18): a cash period that closes, is checked, reconciled or reopened, and a
-- payment removed or restored after its period closed, leave a row in the same transaction; the posting
-- worker reconciles that period's finance with what it should be now.
CREATE FUNCTION financeiro_periodo_alterado() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO financeiro_pendente (grupo_empresarial_id, empresa_id, periodo_id)
    VALUES (NEW.grupo_empresarial_id, NEW.empresa_id, NEW.id);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER periodo_financeiro AFTER UPDATE OF status, periodo_aberto ON periodo FOR EACH ROW
  WHEN (NEW.status IS DISTINCT FROM OLD.status OR NEW.periodo_aberto IS DISTINCT FROM OLD.periodo_aberto)
  EXECUTE FUNCTION financeiro_periodo_alterado();--> statement-breakpoint
CREATE FUNCTION financeiro_pagamento_alterado() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO financeiro_pendente (grupo_empresarial_id, empresa_id, periodo_id)
    SELECT p.grupo_empresarial_id, p.empresa_id, p.id FROM periodo p
     WHERE p.id = NEW.periodo_id AND NOT p.periodo_aberto;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Only payments of a closed period matter (the open period is read whole when it closes): the sale's hot
-- path never calls the function unless the payment's removal flag changes or a payment lands in a closed period.
CREATE TRIGGER venda_pagamento_financeiro_lixo AFTER UPDATE OF lixo ON venda_pagamento FOR EACH ROW
  WHEN (NEW.lixo IS DISTINCT FROM OLD.lixo AND NEW.periodo_id IS NOT NULL)
  EXECUTE FUNCTION financeiro_pagamento_alterado();--> statement-breakpoint
CREATE FUNCTION financeiro_pagamentos_inseridos() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO financeiro_pendente (grupo_empresarial_id, empresa_id, periodo_id)
    SELECT DISTINCT p.grupo_empresarial_id, p.empresa_id, p.id FROM novos n JOIN periodo p ON p.id = n.periodo_id
     WHERE NOT p.periodo_aberto;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER venda_pagamento_financeiro_novos AFTER INSERT ON venda_pagamento REFERENCING NEW TABLE AS novos
  FOR EACH STATEMENT EXECUTE FUNCTION financeiro_pagamentos_inseridos();
