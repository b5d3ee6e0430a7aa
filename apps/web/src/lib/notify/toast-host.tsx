import { Button, notification } from 'antd';
import { useEffect } from 'react';
import { DURACAO_PADRAO_TOAST, registrarExibidorToast } from './notificar.ts';

let sequencia = 0;

/** Mount once inside ConfigProvider so toasts follow the current theme. */
export function ToastHost() {
  const [api, contexto] = notification.useNotification({ placement: 'top', maxCount: 5 });

  useEffect(() => {
    registrarExibidorToast((toast) => {
      sequencia += 1;
      const key = `toast-${sequencia}`;
      api[toast.tipo]({
        key,
        title: toast.mensagem,
        description: toast.descricao,
        duration: toast.duracao ?? DURACAO_PADRAO_TOAST,
        actions: (
          <Button size="small" onClick={() => api.destroy(key)}>
            Fechar
          </Button>
        ),
      });
    });
    return () => registrarExibidorToast(null);
  }, [api]);

  return contexto;
}
