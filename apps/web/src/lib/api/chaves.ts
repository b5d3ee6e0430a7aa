// The one query-key factory (STYLE "Front end"): every TanStack Query key is built here, so an
// invalidation after a mutation or a socket event names exactly what it refreshes.
export const chaves = {
  todas: ['retaguarda'] as const,
  gruposEmpresariais: () => [...chaves.todas, 'gruposEmpresariais'] as const,
  empresasUsuario: (grupoEmpresarialId: string, pessoaId: string) =>
    [...chaves.todas, 'empresasUsuario', grupoEmpresarialId, pessoaId] as const,
  permissoes: (empresaId: string, pessoaId: string) =>
    [...chaves.todas, 'permissoes', empresaId, pessoaId] as const,
  dataHoraServidor: () => [...chaves.todas, 'dataHoraServidor'] as const,
  /** Everything of one generic resource (invalidated after any write to it). */
  recursoTodos: (tabela: string) => [...chaves.todas, 'recurso', tabela] as const,
  recursoLista: (tabela: string, consulta: unknown) =>
    [...chaves.recursoTodos(tabela), 'lista', consulta] as const,
  recurso: (tabela: string, id: string) => [...chaves.recursoTodos(tabela), 'registro', id] as const,
  recursoHistorico: (tabela: string, id: string) =>
    [...chaves.recursoTodos(tabela), 'historico', id] as const,
  recursoOpcoes: (tabela: string, busca: string, ids: readonly string[]) =>
    [...chaves.recursoTodos(tabela), 'opcoes', busca, ids] as const,
};
