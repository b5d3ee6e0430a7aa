import {
  BulbFilled,
  BulbOutlined,
  LogoutOutlined,
  MenuOutlined,
  PhoneOutlined,
  SettingOutlined,
  ShopOutlined,
  SwapOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { PERMISSAO_DA_TELA } from '@retaguarda/domain/catalogos/permissao-negada';
import { useQuery } from '@tanstack/react-query';
import { Badge, Button, Dropdown, Flex, Grid, Select, Tooltip, Typography, theme } from 'antd';
import { useNavigate } from 'react-router';
import {
  alternarDrawerDireito,
  alternarDrawerPrincipal,
  definirTema,
  useSessao,
} from '../../lib/session/sessao.ts';
import type { StatusSocket } from '../../lib/socket/socket-cliente.ts';
import { empresasUsuarioQuery, gruposEmpresariaisQuery } from '../auth/queries.ts';
import { encerrarSessao, selecionarEmpresa, selecionarGrupo } from './sessao-acoes.ts';
import { ROTULO_STATUS_SOCKET } from './status-socket.ts';

/**
 * The back office's top bar. The POS and Call Center shortcuts show only to whoever may open them in this store;
 * on a phone the labels give way to icons so every control stays inside the screen.
 */
export function Cabecalho({
  statusSocket,
  permissoes,
}: {
  statusSocket: StatusSocket;
  permissoes: ReadonlySet<number> | undefined;
}) {
  const navigate = useNavigate();
  const telas = Grid.useBreakpoint();
  const estreita = !telas.md;
  const { token } = theme.useToken();
  const usuario = useSessao((s) => s.usuario);
  const grupo = useSessao((s) => s.grupoEmpresarial);
  const empresa = useSessao((s) => s.empresa);
  const escuro = useSessao((s) => s.escuro);
  const empresas = useQuery({
    ...empresasUsuarioQuery(grupo?._id ?? '', usuario?.usuario._id ?? ''),
    enabled: Boolean(grupo?._id && usuario),
  });
  const grupos = useQuery({ ...gruposEmpresariaisQuery(), enabled: false });
  const status = ROTULO_STATUS_SOCKET[statusSocket];
  const rotuloTema = escuro ? 'Usar tema claro' : 'Usar tema escuro';

  const opcoesEmpresa = (empresas.data ?? (empresa ? [empresa] : [])).map((e) => ({
    value: e._id,
    label: e.descricao || e.nomeFantasia,
  }));

  return (
    <Flex align="center" gap={8} style={{ height: '100%' }}>
      <Button
        type="text"
        aria-label="Menu principal"
        data-testid="abrir-menu"
        icon={<MenuOutlined />}
        onClick={() => alternarDrawerPrincipal()}
      />
      {!estreita && (
        <Typography.Text strong style={{ fontSize: 18, whiteSpace: 'nowrap' }}>
          Retaguarda
        </Typography.Text>
      )}
      <Flex align="center" gap={estreita ? 4 : 8} style={{ marginInlineStart: 'auto', minWidth: 0 }}>
        {permissoes?.has(PERMISSAO_DA_TELA.frenteLoja) && (
          <Tooltip title={estreita ? 'Frente Loja' : undefined}>
            <Button
              icon={<ShopOutlined />}
              href="#/frenteLoja"
              data-testid="abrir-frente-loja"
              aria-label="Frente Loja"
            >
              {!estreita && 'Frente Loja'}
            </Button>
          </Tooltip>
        )}
        {permissoes?.has(PERMISSAO_DA_TELA.callCenter) && (
          <Tooltip title="Call Center">
            <Button
              icon={<PhoneOutlined />}
              href="#/frenteLoja/callCenter"
              aria-label="Call Center"
              data-testid="abrir-call-center"
            />
          </Tooltip>
        )}
        <Dropdown
          trigger={['click']}
          onOpenChange={(aberto) => aberto && void grupos.refetch()}
          menu={{
            items: (grupos.data ?? []).map((g) => ({
              key: g._id,
              label: g.descricao,
              disabled: g._id === grupo?._id,
            })),
            onClick: ({ key }) => {
              const escolhido = grupos.data?.find((g) => g._id === key);
              if (!escolhido) return;
              selecionarGrupo(escolhido);
              navigate('/login');
            },
          }}
        >
          <Button
            icon={<SwapOutlined />}
            data-testid="trocar-grupo"
            aria-label={`Grupo: ${grupo?.descricao ?? ''}`}
            style={{ maxWidth: 220 }}
          >
            {!estreita && (
              <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>{grupo?.descricao}</span>
            )}
          </Button>
        </Dropdown>
        <Select
          aria-label="Empresa"
          data-testid="trocar-empresa"
          style={{ width: estreita ? 120 : 200, minWidth: 0 }}
          value={empresa?._id}
          options={opcoesEmpresa}
          loading={empresas.isFetching}
          onChange={(id: string) => {
            const escolhida = empresas.data?.find((e) => e._id === id);
            if (escolhida) selecionarEmpresa(escolhida);
          }}
        />
        <Tooltip title={`Tempo real: ${status.texto}`}>
          <span data-testid="status-socket" data-status={statusSocket} style={{ whiteSpace: 'nowrap' }}>
            <Badge
              status={status.badge}
              text={
                estreita ? undefined : <span style={{ color: token.colorTextSecondary }}>{status.texto}</span>
              }
            />
          </span>
        </Tooltip>
        <Tooltip title={rotuloTema}>
          <Button
            type="text"
            aria-label={rotuloTema}
            data-testid="alternar-tema"
            icon={escuro ? <BulbFilled /> : <BulbOutlined />}
            onClick={() => definirTema(!escuro)}
          />
        </Tooltip>
        <Tooltip title="Painel da sessão">
          <Button
            type="text"
            aria-label="Painel da sessão"
            data-testid="abrir-painel"
            icon={<SettingOutlined />}
            onClick={() => alternarDrawerDireito()}
          />
        </Tooltip>
        <Dropdown
          trigger={['click']}
          menu={{
            items: [
              { key: 'nome', label: usuario?.usuario.nome, disabled: true },
              { type: 'divider' },
              { key: 'sair', label: 'Sair', icon: <LogoutOutlined /> },
            ],
            onClick: ({ key }) => {
              if (key !== 'sair') return;
              encerrarSessao();
              navigate('/login', { replace: true });
            },
          }}
        >
          <Button type="text" icon={<UserOutlined />} data-testid="menu-usuario" aria-label="Menu do usuário">
            {!estreita && (
              <span style={{ maxWidth: 120, overflow: 'hidden', textOverflow: 'ellipsis' }}>
                {usuario?.usuario.nome}
              </span>
            )}
          </Button>
        </Dropdown>
      </Flex>
    </Flex>
  );
}
