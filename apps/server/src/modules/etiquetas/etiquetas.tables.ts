// The labels module owns no table: its migration chain (drizzle/etiquetas) only stamps, on the product tables,
// when what a label shows changed (etiqueta_alterada_em, kept by triggers; read in produtos-etiqueta.ts).
export {};
