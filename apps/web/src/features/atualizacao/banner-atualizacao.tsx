import { lazy, Suspense, useEffect, useState } from 'react';
import {
  aoSolicitarVerificacao,
  BUILD_ID,
  buscarBuildPublicado,
  INTERVALO_VERIFICACAO_MS,
} from './versao.ts';

// The banner itself loads only when needed: the check is on every page, the Alert is not.
const AvisoAtualizacao = lazy(() =>
  import('./aviso-atualizacao.tsx').then((m) => ({ default: m.AvisoAtualizacao })),
);

/** Spec section 1: when a newer build is deployed, a warning banner offers to reload. */
export function BannerAtualizacao() {
  const [desatualizado, setDesatualizado] = useState(false);

  useEffect(() => {
    let ativo = true;
    const verificar = async () => {
      const publicado = await buscarBuildPublicado();
      if (ativo && publicado !== null && publicado !== BUILD_ID) setDesatualizado(true);
    };
    const relogio = setInterval(verificar, INTERVALO_VERIFICACAO_MS);
    const cancelar = aoSolicitarVerificacao(() => void verificar());
    return () => {
      ativo = false;
      clearInterval(relogio);
      cancelar();
    };
  }, []);

  if (!desatualizado) return null;
  return (
    <Suspense fallback={null}>
      <AvisoAtualizacao />
    </Suspense>
  );
}
