import { useEffect, useRef } from 'react';
import { api } from '../../lib/api/cliente.ts';

// Company activity check (spec 2 section 7): the store's version record goes up on the server with every
// change of a registration the POS caches (products, prices, combos, promotions, payment forms, terminals,
// print sectors, the IBPT table...). The POS asks for it now and then and, when it is ahead of the version
// its lists were loaded at, reloads them. Offline, or on any failure, the current lists stay.

export const INTERVALO_VERIFICACAO_VERSAO_MS = 30_000;

/** The store's current version on the server, or null when it cannot be read now. */
export async function versaoNoServidor(empresaId: string): Promise<number | null> {
  try {
    const r = await api.post<{ versao: number }[]>(
      'frenteLoja/versionamento',
      { empresa: empresaId },
      { silencioso: true },
    );
    return typeof r[0]?.versao === 'number' ? r[0].versao : null;
  } catch {
    return null;
  }
}

/** Calls `recarregar` when the server's version differs from `versao` (checked every `intervaloMs`). */
export function useVerificacaoVersao(
  empresaId: string | undefined,
  versao: number | undefined,
  recarregar: () => void,
  intervaloMs = INTERVALO_VERIFICACAO_VERSAO_MS,
): void {
  const aoMudar = useRef(recarregar);
  aoMudar.current = recarregar;
  useEffect(() => {
    if (!empresaId || versao === undefined) return;
    let ativo = true;
    const verificar = async () => {
      const atual = await versaoNoServidor(empresaId);
      if (ativo && atual !== null && atual !== versao) aoMudar.current();
    };
    const t = setInterval(() => void verificar(), intervaloMs);
    const online = () => void verificar();
    window.addEventListener('online', online);
    return () => {
      ativo = false;
      clearInterval(t);
      window.removeEventListener('online', online);
    };
  }, [empresaId, versao, intervaloMs]);
}
