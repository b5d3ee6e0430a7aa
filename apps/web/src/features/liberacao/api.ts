import type { VinculoLiberacao } from '@retaguarda/domain/validadores/liberacao-vinculo';
import { api } from '../../lib/api/cliente.ts';
import { sha256Hex } from '../../lib/crypto/sha256.ts';

export interface Supervisor {
  _id: string;
  nome: string;
  codigoInterno: number | string;
}

export interface PedidoLiberacaoApi {
  login: string;
  senha: string;
  motivo?: string;
  permissao: number;
  vinculo?: VinculoLiberacao | undefined;
}

/** POST liberacaoSupervisor: the server checks the supervisor against the permission (spec section 6). */
export async function liberarComSupervisor(
  pedido: PedidoLiberacaoApi,
): Promise<{ supervisor: Supervisor; liberacao?: string }> {
  // `liberacao`: the short-lived signed token that protected sale actions carry to the server.
  return api.post<{ supervisor: Supervisor; liberacao?: string }>(
    'liberacaoSupervisor',
    {
      login: pedido.login.trim(),
      senha: pedido.senha === '' ? '' : await sha256Hex(pedido.senha),
      motivo: pedido.motivo,
      permissao: pedido.permissao,
      // The release is single use and bound to this sale/NFC-e/discount (and to this store and user).
      ...pedido.vinculo,
    },
    { silencioso: true },
  );
}
