import { Button, Result } from 'antd';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';

export function NaoEncontradaPage() {
  const navigate = useNavigate();
  useEffect(() => {
    document.title = 'Página não encontrada - Retaguarda';
  }, []);
  return (
    <main>
      <Result
        status="404"
        title={<h1 style={{ margin: 0, fontSize: 'inherit' }}>404</h1>}
        subTitle="Página não encontrada."
        extra={
          <Button type="primary" onClick={() => navigate('/')}>
            Voltar ao início
          </Button>
        }
      />
    </main>
  );
}
