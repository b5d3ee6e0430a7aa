import { BulbOutlined, HomeOutlined } from '@ant-design/icons';
import { PERMISSAO_DA_TELA } from '@retaguarda/domain/catalogos/permissao-negada';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Tag, Tooltip, Typography, theme } from 'antd';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { definirTema, useSessao } from '../../lib/session/sessao.ts';
import { conectarSocket, type StatusSocket } from '../../lib/socket/socket-cliente.ts';
import { permissoesQuery } from '../auth/queries.ts';

// Full-screen shell of the Frente Loja operation screens (expedition, motoboy departure, doorman): title,
// store, connection, clock, theme; and the realtime refresh they share.

/** Calls `aoEvento` (debounced 150 ms) when one of these socket events reaches the store's room. */
export function useTempoReal(eventos: readonly string[], aoEvento: () => void): StatusSocket {
  const usuario = useSessao((s) => s.usuario);
  const empresa = useSessao((s) => s.empresa);
  const [status, setStatus] = useState<StatusSocket>('conectando');
  const ref = useRef(aoEvento);
  ref.current = aoEvento;
  const lista = eventos.join(',');
  useEffect(() => {
    if (!usuario || !empresa) return;
    const conexao = conectarSocket({
      token: usuario.token,
      empresaId: empresa._id,
      aoStatus: setStatus,
      aoVersaoAtualizada: () => undefined,
    });
    let agendado: ReturnType<typeof setTimeout> | null = null;
    const disparar = (dados?: unknown) => {
      // Some events go to the whole group (call center): another store's change is not ours.
      const de = (dados as { empresa?: unknown } | null | undefined)?.empresa;
      if (typeof de === 'string' && de !== empresa._id) return;
      agendado ??= setTimeout(() => {
        agendado = null;
        ref.current();
      }, 150);
    };
    for (const e of lista.split(',')) conexao.socket.on(e, disparar);
    conexao.socket.on('connect', () => disparar());
    const t = setInterval(() => ref.current(), 30_000);
    return () => {
      clearInterval(t);
      if (agendado) clearTimeout(agendado);
      conexao.encerrar();
    };
  }, [usuario, empresa, lista]);
  return status;
}

export function useRelogio(): Date {
  const [agora, setAgora] = useState(() => new Date());
  useEffect(() => {
    const t = setInterval(() => setAgora(new Date()), 1000);
    return () => clearInterval(t);
  }, []);
  return agora;
}

/** The operation screens of the kitchen and dispatch, linked from each other's header. */
const TELAS = [
  { rota: 'kds', titulo: 'KDS' },
  { rota: 'expedicao', titulo: 'Expedição' },
  { rota: 'saidaMotoboy', titulo: 'Saída de Motoboy' },
  { rota: 'portaria', titulo: 'Portaria' },
  { rota: 'callCenter', titulo: 'Call Center' },
] as const;

export function TelaFrente({
  titulo,
  status,
  extra,
  children,
  testId,
}: {
  titulo: string;
  status: StatusSocket;
  extra?: ReactNode;
  children: ReactNode;
  testId: string;
}) {
  const { token } = theme.useToken();
  const empresa = useSessao((s) => s.empresa);
  const escuro = useSessao((s) => s.escuro);
  const usuario = useSessao((s) => s.usuario);
  const agora = useRelogio();
  // Only the screens the user's profile opens in this store (all while the permissions load).
  const permissoes = useQuery({
    ...permissoesQuery(empresa?._id ?? '', usuario?.usuario._id ?? ''),
    enabled: Boolean(empresa && usuario),
  });
  const telas = TELAS.filter((t) => !permissoes.data || permissoes.data.has(PERMISSAO_DA_TELA[t.rota]));
  return (
    <Flex vertical style={{ height: '100vh', background: token.colorBgLayout }} data-testid={testId}>
      <Flex
        align="center"
        gap={12}
        wrap
        style={{
          padding: '8px 16px',
          background: token.colorBgContainer,
          borderBottom: `1px solid ${token.colorBorderSecondary}`,
        }}
      >
        <Typography.Title level={1} style={{ margin: 0, fontSize: 22 }}>
          {titulo}
        </Typography.Title>
        <Typography.Text type="secondary">{empresa?.descricao}</Typography.Text>
        {extra}
        <nav aria-label="Telas de operação">
          <Flex gap={4} wrap>
            {telas.map((t) => (
              <Button key={t.rota} size="small" type="link" href={`#/frenteLoja/${t.rota}`}>
                {t.titulo}
              </Button>
            ))}
          </Flex>
        </nav>
        <span style={{ flex: 1 }} />
        <Tag color={status === 'conectado' ? 'success' : status === 'conectando' ? 'warning' : 'error'}>
          {status === 'conectado' ? 'Online' : status === 'conectando' ? 'Conectando' : 'Offline'}
        </Tag>
        <Typography.Text style={{ fontSize: 18, fontVariantNumeric: 'tabular-nums' }}>
          {agora.toLocaleTimeString('pt-BR')}
        </Typography.Text>
        <Tooltip title={escuro ? 'Tema claro' : 'Tema escuro'}>
          <Button
            icon={<BulbOutlined />}
            aria-label="Alternar tema"
            data-testid="alternar-tema"
            onClick={() => definirTema(!escuro)}
          />
        </Tooltip>
        <Tooltip title="Frente Loja">
          <Button icon={<HomeOutlined />} aria-label="Frente Loja" href="#/frenteLoja" />
        </Tooltip>
      </Flex>
      <div style={{ flex: 1, minHeight: 0, overflow: 'auto', padding: 12 }}>{children}</div>
    </Flex>
  );
}

/** Minutes (or h:mm) since an instant, for order cards. */
export function desde(iso: string, agora: Date): string {
  const min = Math.max(0, Math.floor((agora.getTime() - Date.parse(iso)) / 60_000));
  return min < 60 ? `${min} min` : `${Math.floor(min / 60)}h${String(min % 60).padStart(2, '0')}`;
}

export const real = (v: string) => Number(v).toLocaleString('pt-BR', { style: 'currency', currency: 'BRL' });
