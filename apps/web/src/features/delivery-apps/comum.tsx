import { formatarDataHora } from '@retaguarda/domain';
import { PERMISSAO } from '@retaguarda/domain/catalogos/permissoes';
import type { IntegracaoSaida, PedidoAppSaida } from '@retaguarda/domain/delivery-apps/index';
import { Select, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTemPermissao } from '../auth/empresas-usuario.tsx';

// Pieces the four delivery-app screens share: the permission the server checks on every route, dates in
// São Paulo, the integration picker and the links between the screens.

/** 'Integrações de Aplicativos' (868): the server asks it in the store of every integration and order. */
export const PERMISSAO_INTEGRACOES = PERMISSAO.appIntegracaoDeliveryAcessar;

export const dataHora = (iso: string | null | undefined) => (iso ? formatarDataHora(iso) : '—');

/** "#4321": the app's display id, else the start of its order id (an order that never read well has none). */
export const nomePedido = (p: Pick<PedidoAppSaida, 'identificacao' | 'pedidoExterno'>) =>
  `#${p.identificacao ?? p.pedidoExterno.slice(0, 8)}`;

/** "iFood · Loja Centro" */
export const rotuloIntegracao = (i: IntegracaoSaida) => `${i.appNome} · ${i.empresa.descricao}`;

/** Shows its children only when the user holds 868 in `empresa` (the server checks again). */
export function SePermitido({ empresa, children }: { empresa: string; children: ReactNode }) {
  return useTemPermissao(empresa, PERMISSAO_INTEGRACOES) ? children : null;
}

export function SeletorIntegracao({
  id,
  integracoes,
  valor,
  aoMudar,
  carregando,
}: {
  id: string;
  integracoes: readonly IntegracaoSaida[];
  valor: string | undefined;
  aoMudar: (id: string) => void;
  carregando?: boolean;
}) {
  return (
    <Select
      id={id}
      aria-label="Integração"
      style={{ width: 360, alignSelf: 'flex-start' }}
      loading={carregando}
      value={valor}
      placeholder="Escolha a integração"
      onChange={aoMudar}
      options={integracoes.map((i) => ({ value: i._id, label: rotuloIntegracao(i) }))}
    />
  );
}

/** A table's empty text in the secondary colour (antd's default grey fails WCAG contrast). */
export const vazio = (texto: string) => <Typography.Text type="secondary">{texto}</Typography.Text>;

/** The other delivery-app screens, as links. */
export function LinksDelivery({ atual }: { atual: string }) {
  const telas = [
    ['appSistema', 'Saúde das integrações'],
    ['appTerceiros', 'Credenciais'],
    ['appTerceirosCadastro', 'Mapeamento de itens'],
    ['appIntegracaoDelivery', 'Pedidos'],
  ] as const;
  return (
    <nav aria-label="Telas de delivery" style={{ display: 'flex', gap: 16, flexWrap: 'wrap' }}>
      {telas
        .filter(([rota]) => rota !== atual)
        .map(([rota, titulo]) => (
          <Link key={rota} to={`/${rota}`}>
            {titulo}
          </Link>
        ))}
    </nav>
  );
}
