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
};
