import { ConfigProvider, theme } from 'antd';
import ptBR from 'antd/es/locale/pt_BR.js';
import { useEffect, useState } from 'react';
// Core RouterProvider: the react-router/dom one only adds flushSync and resolves to a second copy
// of the library under Node (tests), splitting the router context.
import { RouterProvider } from 'react-router';
import { BannerAtualizacao } from '../features/atualizacao/banner-atualizacao.tsx';
import { ToastHost } from '../lib/notify/toast-host.tsx';
import { useSessao } from '../lib/session/sessao.ts';
import { criarRouter } from './router.tsx';
import { temaAntd } from './tema.ts';

/** Page background and colour scheme follow the theme tokens (no colour written here). */
function FundoDocumento({ escuro }: { escuro: boolean }) {
  const { token } = theme.useToken();
  useEffect(() => {
    const corpo = document.body.style;
    corpo.background = token.colorBgLayout;
    corpo.color = token.colorText;
    corpo.fontFamily = token.fontFamily;
    corpo.fontSize = `${token.fontSize}px`;
    corpo.margin = '0';
    document.documentElement.style.colorScheme = escuro ? 'dark' : 'light';
  }, [token.colorBgLayout, token.colorText, token.fontFamily, token.fontSize, escuro]);
  return null;
}

export function App() {
  const escuro = useSessao((s) => s.escuro);
  const [router] = useState(criarRouter);
  return (
    <ConfigProvider locale={ptBR} theme={temaAntd(escuro)}>
      <FundoDocumento escuro={escuro} />
      <ToastHost />
      <BannerAtualizacao />
      <RouterProvider router={router} />
    </ConfigProvider>
  );
}
