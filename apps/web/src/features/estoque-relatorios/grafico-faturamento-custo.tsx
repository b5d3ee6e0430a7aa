import { formatarData, formatarMoeda, formatarNumero } from '@retaguarda/domain';
import { Flex, Typography, theme } from 'antd';
import { diasEntre } from './periodo.ts';

// Revenue and ingredient cost per day as paired bars, in plain SVG: the web has no chart library and one
// chart does not justify ~100 KB of one (the login bundle budget is tight, bench/RESULTS.md). Colours are the
// theme's tokens, so the chart follows light and dark. Each bar carries its figures in a <title> (tooltip and
// screen readers); days without sales show as gaps.

export interface DiaFaturamentoCusto {
  dia: string;
  faturamento: string;
  custoInsumos: string;
}

const LARGURA = 960;
const ALTURA = 260;
const MARGEM = { esquerda: 64, direita: 12, topo: 12, base: 28 };

/** A round step for the axis: 1, 2 or 5 × 10^n, about `marcas` of them up to `maximo`. */
function passoDoEixo(maximo: number, marcas = 4): number {
  if (maximo <= 0) return 1;
  const bruto = maximo / marcas;
  const potencia = 10 ** Math.floor(Math.log10(bruto));
  const fator = bruto / potencia;
  return (fator <= 1 ? 1 : fator <= 2 ? 2 : fator <= 5 ? 5 : 10) * potencia;
}

export function GraficoFaturamentoCusto({ dias }: { dias: DiaFaturamentoCusto[] }) {
  const { token } = theme.useToken();
  if (!dias.length) return null;
  const porDia = new Map(dias.map((d) => [d.dia, d]));
  const todos = diasEntre(dias[0]!.dia, dias.at(-1)!.dia);
  const maximo = Math.max(...dias.flatMap((d) => [Number(d.faturamento), Number(d.custoInsumos)]), 0);
  const passo = passoDoEixo(maximo);
  const topo = Math.max(passo, Math.ceil(maximo / passo) * passo);
  const larguraUtil = LARGURA - MARGEM.esquerda - MARGEM.direita;
  const alturaUtil = ALTURA - MARGEM.topo - MARGEM.base;
  const coluna = larguraUtil / todos.length;
  const barra = Math.max(1, Math.min(18, (coluna - 2) / 2));
  const y = (v: number) => MARGEM.topo + alturaUtil - (v / topo) * alturaUtil;
  const marcas = Array.from({ length: Math.round(topo / passo) + 1 }, (_, i) => i * passo);
  // Day labels that fit: about one per 48 px.
  const cadaQuantos = Math.max(1, Math.ceil(48 / coluna));
  const cores = { faturamento: token.colorPrimary, custo: token.colorWarning };

  return (
    <Flex vertical gap={4}>
      <Flex gap={16} wrap>
        {(
          [
            ['Faturamento', cores.faturamento],
            ['Custo dos insumos', cores.custo],
          ] as const
        ).map(([rotulo, cor]) => (
          <Flex key={rotulo} gap={6} align="center">
            <span
              style={{ width: 12, height: 12, background: cor, borderRadius: 2, display: 'inline-block' }}
            />
            <Typography.Text type="secondary">{rotulo}</Typography.Text>
          </Flex>
        ))}
      </Flex>
      <svg
        viewBox={`0 0 ${LARGURA} ${ALTURA}`}
        width="100%"
        role="img"
        aria-label="Faturamento e custo dos insumos por dia"
        data-testid="grafico-cmv"
        style={{ display: 'block', maxHeight: 320 }}
      >
        {marcas.map((m) => (
          <g key={m}>
            <line
              x1={MARGEM.esquerda}
              x2={LARGURA - MARGEM.direita}
              y1={y(m)}
              y2={y(m)}
              stroke={token.colorBorderSecondary}
              strokeWidth={1}
            />
            <text
              x={MARGEM.esquerda - 6}
              y={y(m) + 4}
              textAnchor="end"
              fontSize={11}
              fill={token.colorTextSecondary}
            >
              {formatarNumero(m, m < 10 && passo < 1 ? 2 : 0)}
            </text>
          </g>
        ))}
        {todos.map((dia, i) => {
          const d = porDia.get(dia);
          const x = MARGEM.esquerda + i * coluna + (coluna - barra * 2) / 2;
          const f = Number(d?.faturamento ?? 0);
          const c = Number(d?.custoInsumos ?? 0);
          const dataDia = formatarData(`${dia}T12:00:00-03:00`);
          return (
            <g key={dia}>
              {d && (
                <>
                  <rect x={x} y={y(f)} width={barra} height={y(0) - y(f)} fill={cores.faturamento} rx={1}>
                    <title>{`${dataDia}: faturamento ${formatarMoeda(f)}`}</title>
                  </rect>
                  <rect x={x + barra} y={y(c)} width={barra} height={y(0) - y(c)} fill={cores.custo} rx={1}>
                    <title>{`${dataDia}: custo dos insumos ${formatarMoeda(c)}`}</title>
                  </rect>
                </>
              )}
              {i % cadaQuantos === 0 && (
                <text
                  x={MARGEM.esquerda + i * coluna + coluna / 2}
                  y={ALTURA - 8}
                  textAnchor="middle"
                  fontSize={11}
                  fill={token.colorTextSecondary}
                >
                  {dataDia.slice(0, 5)}
                </text>
              )}
            </g>
          );
        })}
        <line
          x1={MARGEM.esquerda}
          x2={LARGURA - MARGEM.direita}
          y1={y(0)}
          y2={y(0)}
          stroke={token.colorTextTertiary}
          strokeWidth={1}
        />
      </svg>
    </Flex>
  );
}
