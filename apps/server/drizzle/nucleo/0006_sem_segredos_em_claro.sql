-- Issue 14 point 3: the CSC lives only in the fiscal setup (encrypted); the company's plain nfce.csc goes.
UPDATE "empresa" SET "nfce" = "nfce" - 'csc' - 'idCsc' WHERE "nfce" ? 'csc' OR "nfce" ? 'idCsc';
--> statement-breakpoint
UPDATE "auditoria" SET
  "antes" = CASE WHEN "antes" IS NULL THEN NULL ELSE "antes" #- '{nfce,csc}' #- '{nfce,idCsc}' END,
  "depois" = "depois" #- '{nfce,csc}' #- '{nfce,idCsc}'
WHERE "tabela" = 'empresa';
--> statement-breakpoint
-- The audit trail keeps secrets masked: the rows written before are masked too.
UPDATE "auditoria" SET "antes" = jsonb_set("antes", '{configuracoes,configuracoesEmail,emailPass}', '"********"')
WHERE "tabela" = 'grupoEmpresarial' AND coalesce("antes" #>> '{configuracoes,configuracoesEmail,emailPass}', '') <> '';
--> statement-breakpoint
UPDATE "auditoria" SET "depois" = jsonb_set("depois", '{configuracoes,configuracoesEmail,emailPass}', '"********"')
WHERE "tabela" = 'grupoEmpresarial' AND coalesce("depois" #>> '{configuracoes,configuracoesEmail,emailPass}', '') <> '';
--> statement-breakpoint
UPDATE "auditoria" SET "antes" = jsonb_set("antes", '{configuracoes,keyGoogleMapsApi}', '"********"')
WHERE "tabela" = 'empresa' AND coalesce("antes" #>> '{configuracoes,keyGoogleMapsApi}', '') <> '';
--> statement-breakpoint
UPDATE "auditoria" SET "depois" = jsonb_set("depois", '{configuracoes,keyGoogleMapsApi}', '"********"')
WHERE "tabela" = 'empresa' AND coalesce("depois" #>> '{configuracoes,keyGoogleMapsApi}', '') <> '';
