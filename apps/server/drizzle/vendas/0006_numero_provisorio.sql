-- Provisional numbers of sales being inserted (negative, unique; venda_inserir numbers them at the end).
CREATE SEQUENCE IF NOT EXISTS venda_numero_provisorio AS integer MINVALUE 1 MAXVALUE 2147483647 CYCLE;
