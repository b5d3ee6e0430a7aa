import { Alert, Button } from 'antd';

export const MENSAGEM_ATUALIZACAO = 'Conteúdo atualizado está disponível. Por favor atualize a página.';

export function AvisoAtualizacao() {
  return (
    <Alert
      banner
      type="warning"
      title={MENSAGEM_ATUALIZACAO}
      data-testid="banner-atualizacao"
      action={
        <Button size="small" type="primary" onClick={() => window.location.reload()}>
          Atualizar
        </Button>
      }
    />
  );
}
