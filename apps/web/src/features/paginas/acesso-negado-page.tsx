import { Button, Result } from 'antd';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';

export function AcessoNegadoPage() {
  const navigate = useNavigate();
  useEffect(() => {
    document.title = 'Acesso negado - Retaguarda';
  }, []);
  return (
    <main>
      <Result
        status="403"
        title={<h1 style={{ margin: 0, fontSize: 'inherit' }}>Acesso negado</h1>}
        subTitle="Você não tem acesso a esta página."
        extra={
          <Button type="primary" onClick={() => navigate('/login')}>
            Ir para o login
          </Button>
        }
      />
    </main>
  );
}
