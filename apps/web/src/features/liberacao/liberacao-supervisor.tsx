import { createContext, type ReactNode, useCallback, useContext, useRef, useState } from 'react';
import { LiberacaoDialog } from './liberacao-dialog.tsx';
import { type OpcoesLiberacao, type ResultadoLiberacao, validarOpcoesLiberacao } from './regras.ts';

export type Liberar = (opcoes: OpcoesLiberacao) => Promise<ResultadoLiberacao | null>;

const ContextoLiberacao = createContext<Liberar | null>(null);

/** Mount once around the screens that ask for a supervisor; renders the dialog. */
export function LiberacaoSupervisorProvider({ children }: { children: ReactNode }) {
  const [opcoes, setOpcoes] = useState<OpcoesLiberacao | null>(null);
  const resolver = useRef<((r: ResultadoLiberacao | null) => void) | null>(null);

  const liberar = useCallback<Liberar>((novas) => {
    validarOpcoesLiberacao(novas);
    // A second request while one is open cancels the first one.
    resolver.current?.(null);
    return new Promise((resolve) => {
      resolver.current = resolve;
      setOpcoes({ ...novas });
    });
  }, []);

  const concluir = useCallback((resultado: ResultadoLiberacao | null) => {
    resolver.current?.(resultado);
    resolver.current = null;
    setOpcoes(null);
  }, []);

  return (
    <ContextoLiberacao.Provider value={liberar}>
      {children}
      <LiberacaoDialog opcoes={opcoes} aoConcluir={concluir} />
    </ContextoLiberacao.Provider>
  );
}

/** `const { liberar } = useLiberacaoSupervisor(); const r = await liberar({ permissao: 425, senhaObrigatoria: true });` */
export function useLiberacaoSupervisor(): { liberar: Liberar } {
  const liberar = useContext(ContextoLiberacao);
  if (!liberar) throw new Error('useLiberacaoSupervisor precisa de LiberacaoSupervisorProvider.');
  return { liberar };
}
