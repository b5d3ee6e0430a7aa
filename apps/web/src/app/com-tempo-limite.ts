// Spec section 9: chunk loading times out at 120 s.
export const TEMPO_LIMITE_CHUNK_MS = 120_000;

export function comTempoLimite<T>(carregar: () => Promise<T>, ms = TEMPO_LIMITE_CHUNK_MS): () => Promise<T> {
  return () =>
    new Promise<T>((resolver, rejeitar) => {
      const relogio = setTimeout(() => rejeitar(new Error('Tempo esgotado ao carregar a página.')), ms);
      carregar().then(
        (valor) => {
          clearTimeout(relogio);
          resolver(valor);
        },
        (erro: unknown) => {
          clearTimeout(relogio);
          rejeitar(erro);
        },
      );
    });
}
