import { queryOptions } from '@tanstack/react-query';
import { chaves } from '../../lib/api/chaves.ts';
import { listarEmpresasUsuario, listarGruposEmpresariais, listarPermissoes } from './api.ts';

// Query options of the logged-in screens; keys come from the one factory.
export const gruposEmpresariaisQuery = () =>
  queryOptions({ queryKey: chaves.gruposEmpresariais(), queryFn: listarGruposEmpresariais });

export const empresasUsuarioQuery = (grupoEmpresarialId: string, pessoaId: string) =>
  queryOptions({
    queryKey: chaves.empresasUsuario(grupoEmpresarialId, pessoaId),
    queryFn: () => listarEmpresasUsuario(grupoEmpresarialId, pessoaId),
  });

export const permissoesQuery = (empresaId: string, pessoaId: string) =>
  queryOptions({
    queryKey: chaves.permissoes(empresaId, pessoaId),
    queryFn: () => listarPermissoes(empresaId),
  });
