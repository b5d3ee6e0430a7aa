import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { Button, Layout, Result, Spin, Typography, theme } from 'antd';
import dayjs from 'dayjs';
import 'dayjs/locale/pt-br';
import { useEffect } from 'react';
import { Outlet, useMatches } from 'react-router';
import { queryClient } from '../../lib/api/query-client.ts';
import { useSessao } from '../../lib/session/sessao.ts';
import { type DefinicaoRota, podeAcessar } from '../../routes/rotas.ts';
import { permissoesQuery } from '../auth/queries.ts';
import { RenovarLoginDialog } from '../auth/renovar-login-dialog.tsx';
import { LiberacaoSupervisorProvider } from '../liberacao/liberacao-supervisor.tsx';
import { Cabecalho } from './cabecalho.tsx';
import { MenuPrincipal } from './menu-principal.tsx';
import { PainelSessao } from './painel-sessao.tsx';
import { useSocket } from './use-socket.ts';

dayjs.locale('pt-br');

interface HandleRota {
  titulo: string;
  rota?: DefinicaoRota;
}

function handleAtual(matches: ReturnType<typeof useMatches>): HandleRota | undefined {
  const handle = matches.at(-1)?.handle;
  return handle && typeof handle === 'object' && 'titulo' in handle ? (handle as HandleRota) : undefined;
}

const ALTURA_CABECALHO = 56;

export function usePermissoes() {
  const usuario = useSessao((s) => s.usuario);
  const empresa = useSessao((s) => s.empresa);
  return useQuery({
    ...permissoesQuery(empresa?._id ?? '', usuario?.usuario._id ?? ''),
    enabled: Boolean(usuario && empresa),
  });
}

function ConteudoRota({
  handle,
  permissoes,
}: {
  handle: HandleRota | undefined;
  permissoes: ReturnType<typeof usePermissoes>;
}) {
  const recarregar = useSessao((s) => s.recarregar);
  const rota = handle?.rota;
  if (rota?.permissao !== undefined) {
    if (permissoes.isPending) return <Spin />;
    if (permissoes.isError) {
      return (
        <Result
          status="error"
          title="Falha ao obter as permissões"
          extra={<Button onClick={() => void permissoes.refetch()}>Tentar novamente</Button>}
        />
      );
    }
    if (!podeAcessar(rota, permissoes.data)) {
      return (
        <Result
          status="403"
          title="Acesso negado"
          subTitle="Você não tem permissão para acessar esta tela."
        />
      );
    }
  }
  // The key remounts the screen when the company changes (session counter, spec section 3).
  return <Outlet key={recarregar} />;
}

/** Server-state cache lives with the logged-in area: the public pages do not load TanStack Query. */
export function MainLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <LayoutPrincipal />
    </QueryClientProvider>
  );
}

function LayoutPrincipal() {
  const { token } = theme.useToken();
  const matches = useMatches();
  const handle = handleAtual(matches);
  const usuario = useSessao((s) => s.usuario);
  const empresa = useSessao((s) => s.empresa);
  const drawerPrincipal = useSessao((s) => s.drawerPrincipal);
  const permissoes = usePermissoes();
  const statusSocket = useSocket(usuario?.token, empresa?._id);
  const titulo = handle?.titulo ?? '';

  useEffect(() => {
    document.title = titulo ? `${titulo} - Retaguarda` : 'Retaguarda';
  }, [titulo]);

  return (
    <LiberacaoSupervisorProvider>
      <Layout style={{ minHeight: '100vh' }}>
        <Layout.Header
          style={{
            position: 'sticky',
            top: 0,
            zIndex: 10,
            height: ALTURA_CABECALHO,
            lineHeight: 'normal',
            padding: '0 12px',
            background: token.colorBgContainer,
            borderBottom: `1px solid ${token.colorBorderSecondary}`,
          }}
        >
          <Cabecalho statusSocket={statusSocket} permissoes={permissoes.data} />
        </Layout.Header>
        <Layout>
          <Layout.Sider
            width={256}
            collapsedWidth={0}
            collapsed={!drawerPrincipal}
            trigger={null}
            theme="light"
            style={{
              background: token.colorBgContainer,
              borderInlineEnd: drawerPrincipal ? `1px solid ${token.colorBorderSecondary}` : 'none',
              position: 'sticky',
              top: ALTURA_CABECALHO,
              height: `calc(100vh - ${ALTURA_CABECALHO}px)`,
              overflowY: 'auto',
            }}
          >
            <nav aria-label="Menu principal" data-testid="menu-principal">
              {/* Not rendered while closed: its links must not stay reachable by keyboard. */}
              {drawerPrincipal && <MenuPrincipal permissoes={permissoes.data} atual={handle?.rota} />}
            </nav>
          </Layout.Sider>
          {/* antd's Content is the page's one <main> landmark (a second one inside it was an axe finding). */}
          <Layout.Content style={{ padding: 24, minWidth: 0 }}>
            <div>
              <Typography.Title level={1} style={{ marginTop: 0, fontSize: 24 }} data-testid="titulo-pagina">
                {titulo}
              </Typography.Title>
              {handle?.rota && (
                <Typography.Text
                  type="secondary"
                  style={{ display: 'block', marginTop: -8, marginBottom: 16 }}
                >
                  {/* where the screen is in the menu, never the internal route ('#/kdsEstacao') */}
                  {handle.rota.area} › {titulo}
                </Typography.Text>
              )}
              <ConteudoRota handle={handle} permissoes={permissoes} />
            </div>
          </Layout.Content>
        </Layout>
      </Layout>
      <PainelSessao statusSocket={statusSocket} />
      <RenovarLoginDialog />
    </LiberacaoSupervisorProvider>
  );
}
