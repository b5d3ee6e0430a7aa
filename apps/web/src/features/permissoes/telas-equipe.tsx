import {
  AppstoreOutlined,
  CarOutlined,
  FireOutlined,
  IdcardOutlined,
  PhoneOutlined,
  ShopOutlined,
} from '@ant-design/icons';
import { PERMISSAO_DA_TELA, type TelaOperacao } from '@retaguarda/domain/catalogos/permissao-negada';
import { Button, Card, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';

// The store's operation screens this user's profile opens, on the first screen after login: a cashier finds
// the POS, the kitchen its KDS, the rider the departure board, without knowing their addresses.

const TELAS: { tela: TelaOperacao; titulo: string; rota: string; icone: ReactNode }[] = [
  { tela: 'frenteLoja', titulo: 'Frente Loja', rota: 'frenteLoja', icone: <ShopOutlined /> },
  { tela: 'kds', titulo: 'KDS (cozinha)', rota: 'frenteLoja/kds', icone: <FireOutlined /> },
  { tela: 'expedicao', titulo: 'Expedição', rota: 'frenteLoja/expedicao', icone: <AppstoreOutlined /> },
  {
    tela: 'saidaMotoboy',
    titulo: 'Saída de Motoboy',
    rota: 'frenteLoja/saidaMotoboy',
    icone: <CarOutlined />,
  },
  { tela: 'portaria', titulo: 'Portaria', rota: 'frenteLoja/portaria', icone: <IdcardOutlined /> },
  { tela: 'callCenter', titulo: 'Call Center', rota: 'frenteLoja/callCenter', icone: <PhoneOutlined /> },
];

/** The screens whose permission the user holds in the session's store (none: nothing shown). */
export function TelasEquipe({ permissoes }: { permissoes: ReadonlySet<number> | undefined }) {
  if (!permissoes) return null;
  const telas = TELAS.filter((t) => permissoes.has(PERMISSAO_DA_TELA[t.tela]));
  if (telas.length === 0) return null;
  return (
    <Card title="Suas telas de operação" size="small" data-testid="telas-equipe">
      <Flex gap={12} wrap>
        {telas.map((t) => (
          <Button
            key={t.tela}
            size="large"
            type="primary"
            icon={t.icone}
            href={`#/${t.rota}`}
            data-testid={`tela-${t.tela}`}
            style={{ minWidth: 180, height: 56 }}
          >
            {t.titulo}
          </Button>
        ))}
      </Flex>
      <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
        As telas que o seu perfil de acesso abre nesta empresa.
      </Typography.Paragraph>
    </Card>
  );
}
