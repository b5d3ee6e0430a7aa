import { DollarOutlined } from '@ant-design/icons';
import { type CobrancaEntrega, textosCobranca } from '@retaguarda/domain/kds/cobranca';
import { Flex, Tag, Typography, theme } from 'antd';

// What the rider collects for an order the call center took (the payment agreed by phone), in the words of
// the expedition ticket: 'Cobrar R$ 37,90 em Dinheiro', 'Levar troco de R$ 12,10 (cliente paga com R$
// 50,00)', or 'Pago'. The store's own orders carry none.

/** A narrow card breaks the line before an amount, never inside it ('R$' alone at a line's end). */
const inteiro = (s: string | null) => s?.replaceAll('R$ ', 'R$\u00a0') ?? null;

export function CobrancaPedido({ cobranca }: { cobranca: CobrancaEntrega | null }) {
  const { token } = theme.useToken();
  if (!cobranca) return null;
  const textos = textosCobranca(cobranca);
  const t = {
    cobrar: inteiro(textos.cobrar),
    troco: inteiro(textos.troco),
    pagaCom: inteiro(textos.pagaCom),
  };
  if (cobranca.situacao === 'pago')
    return (
      <Flex align="center" gap={6} data-testid="cobranca" data-situacao="pago">
        <Tag color="success" style={{ marginInlineEnd: 0 }}>
          {t.cobrar}
        </Tag>
        {cobranca.formaPagamento && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {cobranca.formaPagamento}
          </Typography.Text>
        )}
      </Flex>
    );
  return (
    <Flex
      vertical
      gap={2}
      data-testid="cobranca"
      data-situacao="cobrar"
      style={{
        background: token.colorWarningBg,
        border: `1px solid ${token.colorWarningBorder}`,
        borderRadius: token.borderRadius,
        padding: '4px 8px',
      }}
    >
      <Typography.Text strong>
        <DollarOutlined style={{ color: token.colorWarning, marginInlineEnd: 6 }} />
        {t.cobrar}
      </Typography.Text>
      {t.troco && (
        <Typography.Text>
          {t.troco} <Typography.Text type="secondary">{t.pagaCom}</Typography.Text>
        </Typography.Text>
      )}
      {cobranca.observacao && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {cobranca.observacao}
        </Typography.Text>
      )}
    </Flex>
  );
}
