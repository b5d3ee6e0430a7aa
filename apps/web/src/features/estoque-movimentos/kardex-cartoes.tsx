import { RollbackOutlined } from '@ant-design/icons';
import { formatarDataHora, formatarMoeda, type MovimentoKardex } from '@retaguarda/domain';
import { Button, Card, Empty, Flex, Skeleton, Tag, Typography, theme } from 'antd';
import type { ReactNode } from 'react';
import { formatarCusto, formatarQuantidade } from './formato.ts';
import { documentoDoMovimento, podeSerEstornado, type totaisDaPagina } from './kardex.ts';

// The kardex on a phone (below antd's md breakpoint): one card per move instead of a 9-column table that
// scrolled sideways inside its box. Every figure of the table is on the card, stacked in two columns, and the
// document and reason wrap instead of being cut; the page's totals (entries above, exits below) close the list. Same test ids as the table
// (tabela-kardex, kardex-quantidade, kardex-saldo, kardex-medio), so a test reads either.

function Figura({ rotulo, children }: { rotulo: string; children: ReactNode }) {
  return (
    <Flex vertical style={{ minWidth: 0 }}>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {rotulo}
      </Typography.Text>
      <span style={{ overflowWrap: 'anywhere' }}>{children}</span>
    </Flex>
  );
}

const grade = { display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: '6px 12px' } as const;

export function CartoesKardex({
  itens,
  unidade,
  totais,
  carregando,
  podeEstornar,
  aoEstornar,
  sinalDeSaida,
}: {
  itens: MovimentoKardex[];
  unidade: string | null;
  totais: ReturnType<typeof totaisDaPagina>;
  carregando: boolean;
  podeEstornar: boolean;
  aoEstornar: (m: MovimentoKardex) => void;
  sinalDeSaida: (valor: string) => string;
}) {
  const { token } = theme.useToken();
  if (carregando && !itens.length) {
    return (
      <div data-testid="tabela-kardex">
        <Skeleton active />
      </div>
    );
  }
  if (!itens.length) {
    return (
      <Card size="small" data-testid="tabela-kardex">
        <Empty description="Nenhum movimento no período." />
      </Card>
    );
  }
  return (
    <Flex vertical gap={8} data-testid="tabela-kardex" style={{ opacity: carregando ? 0.6 : 1 }}>
      {itens.map((m) => {
        const saida = m.quantidade.startsWith('-');
        return (
          <Card
            key={m._id}
            size="small"
            data-testid="kardex-cartao"
            styles={{ body: { padding: 12 } }}
            style={{ borderLeft: `3px solid ${saida ? token.colorError : token.colorSuccess}` }}
          >
            <Flex vertical gap={8}>
              <Flex justify="space-between" align="flex-start" gap={8}>
                <Flex gap={4} wrap style={{ minWidth: 0 }}>
                  <Tag color={saida ? 'error' : 'success'} style={{ marginInlineEnd: 0 }}>
                    {m.tipoDescricao}
                  </Tag>
                  {m.estornado && (
                    <Tag color="warning" style={{ marginInlineEnd: 0 }}>
                      Estornado
                    </Tag>
                  )}
                </Flex>
                <Flex vertical align="flex-end" style={{ flexShrink: 0 }}>
                  <span>{formatarDataHora(m.data)}</span>
                  {m.usuario && (
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {m.usuario.nome}
                    </Typography.Text>
                  )}
                </Flex>
              </Flex>
              <Flex vertical>
                <span style={{ overflowWrap: 'anywhere' }}>{documentoDoMovimento(m)}</span>
                {m.motivo && (
                  <Typography.Text type="secondary" style={{ fontSize: 12, overflowWrap: 'anywhere' }}>
                    {m.motivo}
                  </Typography.Text>
                )}
              </Flex>
              <div style={grade}>
                <Figura rotulo="Quantidade">
                  <Typography.Text type={saida ? 'danger' : 'success'} data-testid="kardex-quantidade">
                    {saida ? '' : '+'}
                    {formatarQuantidade(m.quantidade, unidade)}
                  </Typography.Text>
                </Figura>
                <Figura rotulo="Valor">{formatarMoeda(m.valor)}</Figura>
                <Figura rotulo="Saldo">
                  <Typography.Text strong data-testid="kardex-saldo">
                    {formatarQuantidade(m.saldoApos, unidade)}
                  </Typography.Text>
                </Figura>
                <Figura rotulo="Custo unit.">{formatarCusto(m.custoUnitario)}</Figura>
                <Figura rotulo="Custo médio">
                  <span data-testid="kardex-medio">{formatarCusto(m.custoMedioApos)}</span>
                </Figura>
              </div>
              {podeEstornar && podeSerEstornado(m) && (
                <Button
                  size="small"
                  icon={<RollbackOutlined />}
                  aria-label="Estornar"
                  style={{ alignSelf: 'flex-start' }}
                  onClick={() => aoEstornar(m)}
                >
                  Estornar
                </Button>
              )}
            </Flex>
          </Card>
        );
      })}
      <Card size="small" data-testid="kardex-totais">
        <Flex vertical gap={6}>
          <Typography.Text strong>Totais da página ({itens.length} movimentos)</Typography.Text>
          <div style={grade}>
            <Figura rotulo="Quantidade">
              <Flex vertical data-testid="kardex-totais-quantidade">
                <Typography.Text type="success">
                  +{formatarQuantidade(totais.entradas, unidade)}
                </Typography.Text>
                <Typography.Text type="danger">
                  {sinalDeSaida(totais.saidas)}
                  {formatarQuantidade(totais.saidas, unidade)}
                </Typography.Text>
              </Flex>
            </Figura>
            <Figura rotulo="Valor">
              <Flex vertical data-testid="kardex-totais-valor">
                <span>{formatarMoeda(totais.valorEntradas)}</span>
                <span>
                  {sinalDeSaida(totais.valorSaidas)}
                  {formatarMoeda(totais.valorSaidas)}
                </span>
              </Flex>
            </Figura>
          </div>
        </Flex>
      </Card>
    </Flex>
  );
}
