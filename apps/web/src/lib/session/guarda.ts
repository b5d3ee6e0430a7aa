import type { SessaoSalva } from './armazenamento.ts';
import type { EstadoSessao } from './sessao.ts';

// Route guard rules of spec section 2, as a pure decision.
export type DecisaoGuarda =
  | {
      tipo: 'permitir';
      restaurar?: Omit<SessaoSalva, 'usuario'> & { usuario: NonNullable<SessaoSalva['usuario']> };
    }
  | { tipo: 'redirecionar'; para: '/login' | '/404' };

export function decidirAcesso(
  memoria: Pick<EstadoSessao, 'usuario'>,
  lerSalvo: () => SessaoSalva,
): DecisaoGuarda {
  if (memoria.usuario) return { tipo: 'permitir' };
  let salvo: SessaoSalva;
  try {
    salvo = lerSalvo();
  } catch {
    return { tipo: 'redirecionar', para: '/404' };
  }
  const { usuario, grupoEmpresarial, empresa } = salvo;
  if (!usuario || !grupoEmpresarial?._id || !empresa) return { tipo: 'redirecionar', para: '/login' };
  return { tipo: 'permitir', restaurar: { ...salvo, usuario } };
}
