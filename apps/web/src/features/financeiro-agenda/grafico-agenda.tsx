import { type DiaAgenda, lerDinheiro } from '@retaguarda/domain';
import { Flex, Typography, theme } from 'antd';
import { dataBr, moedaCentavos } from './formato.ts';

// Payables and receivables per due day as paired bars in plain SVG (the web has no chart library; see
// estoque-relatorios/grafico-faturamento-custo.tsx for why). Each bar is the day's total, the lighter part
// what is still open; theme tokens give the colours in light and dark. Figures are in each bar's <title>.

const LARGURA = 960;
const ALTURA = 240;
const M = { esquerda: 72, direita: 12, topo: 10, base: 26 };
/** What is still open is the same colour, lighter: readable on both themes' backgrounds. */
const ABERTO = 0.35;

function passoDoEixo(maximo: number, marcas = 4): number {
  if (maximo <= 0) return 100;
  const bruto = maximo / marcas;
  const potencia = 10 ** Math.floor(Math.log10(bruto));
  const fator = bruto / potencia;
  return (fator <= 1 ? 1 : fator <= 2 ? 2 : fator <= 5 ? 5 : 10) * potencia;
}

export function GraficoAgenda({ dias }: { dias: readonly DiaAgenda[] }) {
  const { token } = theme.useToken();
  if (!dias.length) return null;
  const valores = dias.map((d) => ({
    dia: d.dia,
    pagarAberto: lerDinheiro(d.pagar.aberto),
    pagarPago: lerDinheiro(d.pagar.pago),
    receberAberto: lerDinheiro(d.receber.aberto),
    receberPago: lerDinheiro(d.receber.pago),
  }));
  const maximo = Math.max(
    ...valores.flatMap((v) => [v.pagarAberto + v.pagarPago, v.receberAberto + v.receberPago]),
    0,
  );
  const passo = passoDoEixo(maximo);
  const topo = Math.max(passo, Math.ceil(maximo / passo) * passo);
  const larguraUtil = LARGURA - M.esquerda - M.direita;
  const alturaUtil = ALTURA - M.topo - M.base;
  const coluna = larguraUtil / valores.length;
  const barra = Math.max(2, Math.min(22, (coluna - 4) / 2));
  const y = (c: number) => M.topo + alturaUtil - (c / topo) * alturaUtil;
  const marcas = Array.from({ length: Math.round(topo / passo) + 1 }, (_, i) => i * passo);
  const cadaQuantos = Math.max(1, Math.ceil(56 / coluna));
  const cores = {
    pagar: token.colorError,
    pagarAberto: token.colorError,
    receber: token.colorSuccess,
    receberAberto: token.colorSuccess,
  };
  const legenda: [string, string][] = [
    ['Pago', cores.pagar],
    ['A pagar', cores.pagarAberto],
    ['Recebido', cores.receber],
    ['A receber', cores.receberAberto],
  ];
  const pilha = (
    x: number,
    pago: number,
    aberto: number,
    corPago: string,
    corAberto: string,
    rotulo: string,
  ) => (
    <g>
      <title>{`${rotulo}: pago ${moedaCentavos(pago)}, em aberto ${moedaCentavos(aberto)}`}</title>
      <rect x={x} y={y(pago)} width={barra} height={Math.max(0, y(0) - y(pago))} fill={corPago} />
      <rect
        x={x}
        y={y(pago + aberto)}
        width={barra}
        height={Math.max(0, y(pago) - y(pago + aberto))}
        fill={corAberto}
        fillOpacity={ABERTO}
      />
    </g>
  );
  return (
    <Flex vertical gap={4}>
      <Flex gap={16} wrap>
        {legenda.map(([rotulo, cor]) => (
          <Flex key={rotulo} gap={6} align="center">
            <span
              style={{
                width: 12,
                height: 12,
                background: cor,
                opacity: rotulo.startsWith('A ') ? ABERTO : 1,
                borderRadius: 2,
                display: 'inline-block',
              }}
            />
            <Typography.Text type="secondary">{rotulo}</Typography.Text>
          </Flex>
        ))}
      </Flex>
      <svg
        viewBox={`0 0 ${LARGURA} ${ALTURA}`}
        width="100%"
        role="img"
        aria-label="A pagar e a receber por dia de vencimento"
        data-testid="grafico-agenda"
        style={{ display: 'block', maxHeight: 300 }}
      >
        {marcas.map((m) => (
          <g key={m}>
            <line
              x1={M.esquerda}
              x2={LARGURA - M.direita}
              y1={y(m)}
              y2={y(m)}
              stroke={token.colorBorderSecondary}
            />
            <text
              x={M.esquerda - 6}
              y={y(m) + 4}
              textAnchor="end"
              fontSize={11}
              fill={token.colorTextSecondary}
            >
              {moedaCentavos(m).replace(',00', '')}
            </text>
          </g>
        ))}
        {valores.map((v, i) => {
          const x = M.esquerda + i * coluna + (coluna - 2 * barra) / 2;
          return (
            <g key={v.dia}>
              {pilha(
                x,
                v.pagarPago,
                v.pagarAberto,
                cores.pagar,
                cores.pagarAberto,
                `${dataBr(v.dia)} a pagar`,
              )}
              {pilha(
                x + barra,
                v.receberPago,
                v.receberAberto,
                cores.receber,
                cores.receberAberto,
                `${dataBr(v.dia)} a receber`,
              )}
              {i % cadaQuantos === 0 && (
                <text
                  x={x + barra}
                  y={ALTURA - 8}
                  textAnchor="middle"
                  fontSize={11}
                  fill={token.colorTextSecondary}
                >
                  {dataBr(v.dia).slice(0, 5)}
                </text>
              )}
            </g>
          );
        })}
      </svg>
    </Flex>
  );
}
