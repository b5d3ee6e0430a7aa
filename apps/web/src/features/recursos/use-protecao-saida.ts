import { App } from 'antd';
import { useEffect } from 'react';
import { useBlocker } from 'react-router';

export const MENSAGEM_SAIR = 'Existem alterações não salvas. Deseja sair mesmo assim?';

/**
 * Unsaved changes are not lost by leaving by mistake: another route asks first (router blocker), and closing
 * or reloading the tab triggers the browser's own prompt (beforeunload). Changes of the query string on the
 * same screen (page, filters) are not blocked.
 */
export function useProtecaoSaida(sujo: boolean): void {
  const { modal } = App.useApp();
  const bloqueio = useBlocker(
    ({ currentLocation, nextLocation }) => sujo && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (bloqueio.state !== 'blocked') return;
    modal.confirm({
      title: 'Alterações não salvas',
      content: MENSAGEM_SAIR,
      okText: 'Sair sem salvar',
      cancelText: 'Continuar editando',
      okButtonProps: { danger: true },
      onOk: () => bloqueio.proceed(),
      onCancel: () => bloqueio.reset(),
    });
  }, [bloqueio, modal]);

  useEffect(() => {
    if (!sujo) return;
    const aviso = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', aviso);
    return () => window.removeEventListener('beforeunload', aviso);
  }, [sujo]);
}
