import { BulbOutlined } from '@ant-design/icons';
import { Button, Flex, theme } from 'antd';
import type { ReactNode } from 'react';
import { definirTema, useSessao } from '../../lib/session/sessao.ts';
import { BUILD_ID } from '../atualizacao/versao.ts';

/**
 * Frame of the public pages (login, password recovery and change). Plain themed elements rather than
 * antd Card/Typography: they pull Tabs, Menu and Dropdown into the login bundle (250 KB budget).
 */
export function AuthCard({ titulo, children }: { titulo: string; children: ReactNode }) {
  const { token } = theme.useToken();
  const escuro = useSessao((s) => s.escuro);
  const rotuloTema = escuro ? 'Usar tema claro' : 'Usar tema escuro';
  return (
    <Flex
      component="main"
      vertical
      align="center"
      justify="center"
      style={{ minHeight: '100vh', padding: 16 }}
    >
      <section
        aria-labelledby="auth-titulo"
        style={{
          width: '100%',
          maxWidth: 420,
          padding: 24,
          background: token.colorBgContainer,
          border: `1px solid ${token.colorBorderSecondary}`,
          borderRadius: token.borderRadiusLG,
          boxShadow: token.boxShadowTertiary,
        }}
      >
        <Flex justify="space-between" align="center" style={{ marginBottom: 8 }}>
          <h1 style={{ margin: 0, fontSize: 24, fontWeight: 600, color: token.colorPrimaryText }}>
            Retaguarda
          </h1>
          <Button
            type="text"
            aria-label={rotuloTema}
            title={rotuloTema}
            data-testid="alternar-tema"
            icon={<BulbOutlined />}
            onClick={() => definirTema(!escuro)}
          />
        </Flex>
        <h2
          id="auth-titulo"
          style={{ margin: '0 0 16px', fontSize: 18, fontWeight: 500, color: token.colorText }}
        >
          {titulo}
        </h2>
        {children}
      </section>
      <p style={{ marginTop: 12, color: token.colorTextSecondary }}>Versão {BUILD_ID.split('+')[0]}</p>
    </Flex>
  );
}
