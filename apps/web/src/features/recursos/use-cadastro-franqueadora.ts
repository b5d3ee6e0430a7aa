import type { DefinicaoRecurso } from '@retaguarda/domain';
import {
  contextoFranquiaSchema,
  mensagemCadastroNaFranqueadora,
} from '@retaguarda/domain/catalogos/cadastro-franqueadora';
import { useQuery } from '@tanstack/react-query';
import { chaves } from '../../lib/api/chaves.ts';
import { api } from '../../lib/api/cliente.ts';
import { useSessao } from '../../lib/session/sessao.ts';

// Under franchise control a store user finds no 'Incluir' on the franchise manager's master data (products,
// taxes...): the list says who registers it instead (the same text the server refuses a write with).

async function obterFranquia(empresaId: string) {
  const dados = await api.post<{ franquia?: unknown }>(
    'getPermissoesUsuario',
    { empresaId },
    { acao: 'ao obter as permissões' },
  );
  const r = contextoFranquiaSchema.safeParse(dados.franquia);
  return r.success ? r.data : null;
}

/** The note 'Cadastro feito pela <franqueadora>: ...' for the resource's inclusion in this store, or null. */
export function useCadastroNaFranqueadora(def: DefinicaoRecurso, ativo: boolean): string | null {
  const usuario = useSessao((s) => s.usuario);
  const empresa = useSessao((s) => s.empresa);
  const empresaId = empresa?._id ?? '';
  const { data } = useQuery({
    // Under the permissions' key: whatever refreshes the permissions refreshes this too.
    queryKey: [...chaves.permissoes(empresaId, usuario?.usuario._id ?? ''), 'franquia'],
    queryFn: () => obterFranquia(empresaId),
    enabled: ativo && Boolean(usuario && empresa),
  });
  return data ? mensagemCadastroNaFranqueadora(def.permissoes.incluir, data) : null;
}
