import { Alert, Button, Flex } from 'antd';
import { useRouteError } from 'react-router';

/**
 * A screen that failed to load (chunk timeout, deploy in between): offer a reload. Alert rather
 * than Result: Result's illustrations would weigh on every page's first load.
 */
export function ErroRota() {
  const erro = useRouteError();
  return (
    <Flex component="main" justify="center" style={{ padding: 48 }}>
      <Alert
        type="error"
        showIcon
        title="Falha ao carregar a página"
        description={erro instanceof Error ? erro.message : 'Erro Não Catalogado.'}
        action={
          <Button type="primary" onClick={() => window.location.reload()}>
            Recarregar
          </Button>
        }
      />
    </Flex>
  );
}
