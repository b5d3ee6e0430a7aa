import { ArrowDownOutlined, ArrowUpOutlined, MinusOutlined } from '@ant-design/icons';
import {
  type DashboardVendasResposta,
  formatarMoeda,
  formatarNumero,
  type Indicadores,
} from '@retaguarda/domain';
import { Card, Col, Flex, Row, Skeleton, Statistic, Tooltip, Typography, theme } from 'antd';
import { type Comparacao, formatarVariacao, ROTULOS_COMPARACAO, variacaoPercentual } from './periodo.ts';

// The tiles of the sales dashboards and of the home page: revenue, tickets (ended sales) and average ticket of the
// period, each against the same period a week, a month and a year back, with the change in %.

type Medida = keyof Indicadores;

const TILES: { medida: Medida; titulo: string; testId: string; formatar: (v: string | number) => string }[] =
  [
    {
      medida: 'faturamento',
      titulo: 'Faturamento',
      testId: 'indicador-faturamento',
      formatar: formatarMoeda,
    },
    {
      medida: 'vendas',
      titulo: 'Vendas (tickets)',
      testId: 'indicador-vendas',
      formatar: (v) => formatarNumero(v, 0),
    },
    {
      medida: 'ticketMedio',
      titulo: 'Ticket médio',
      testId: 'indicador-ticket-medio',
      formatar: formatarMoeda,
    },
  ];

const COMPARACOES: Comparacao[] = ['semanaAnterior', 'mesAnterior', 'anoAnterior'];

function Variacao({
  atual,
  anterior,
  rotulo,
  formatar,
}: {
  atual: string | number;
  anterior: string | number;
  rotulo: string;
  formatar: (v: string | number) => string;
}) {
  const { token } = theme.useToken();
  const v = variacaoPercentual(atual, anterior);
  const cor =
    v === null || Math.abs(v) < 0.05
      ? token.colorTextSecondary
      : v > 0
        ? token.colorSuccess
        : token.colorError;
  const Icone =
    v === null || Math.abs(v) < 0.05 ? MinusOutlined : v > 0 ? ArrowUpOutlined : ArrowDownOutlined;
  return (
    <Tooltip title={`${rotulo}: ${formatar(anterior)}`}>
      <Flex justify="space-between" gap={8} style={{ fontSize: 12 }}>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          vs {rotulo.toLowerCase()}
        </Typography.Text>
        <span style={{ color: cor, whiteSpace: 'nowrap' }}>
          {v !== null && <Icone aria-hidden />} {formatarVariacao(v)}
          <span
            className="sr-only"
            style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}
          >
            {` (${formatar(anterior)})`}
          </span>
        </span>
      </Flex>
    </Tooltip>
  );
}

export function IndicadoresVendas({
  dados,
  titulo,
}: {
  /** undefined while loading. */
  dados: Pick<DashboardVendasResposta, 'periodo' | 'comparacao'> | undefined;
  /** A heading over the tiles (the home page's "Hoje nas suas lojas"). */
  titulo?: string;
}) {
  return (
    <section aria-label={titulo ?? 'Indicadores de vendas'}>
      {titulo && (
        <Typography.Title level={5} style={{ marginTop: 0 }}>
          {titulo}
        </Typography.Title>
      )}
      <Row gutter={[12, 12]}>
        {TILES.map((t) => (
          <Col xs={24} md={8} key={t.medida}>
            <Card size="small">
              {dados ? (
                <Flex vertical gap={4}>
                  <Statistic
                    title={t.titulo}
                    value={t.formatar(dados.periodo[t.medida])}
                    data-testid={t.testId}
                  />
                  {COMPARACOES.map((c) => (
                    <Variacao
                      key={c}
                      atual={dados.periodo[t.medida]}
                      anterior={dados.comparacao[c][t.medida]}
                      rotulo={ROTULOS_COMPARACAO[c]}
                      formatar={t.formatar}
                    />
                  ))}
                </Flex>
              ) : (
                <Skeleton active paragraph={{ rows: 3 }} title={{ width: '50%' }} />
              )}
            </Card>
          </Col>
        ))}
      </Row>
    </section>
  );
}
