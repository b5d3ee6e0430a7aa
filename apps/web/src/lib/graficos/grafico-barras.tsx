import { formatarMoeda } from '@retaguarda/domain';
import { Flex, Typography } from 'antd';

// Shared by the finance screens (DRE, summary). Grouped vertical bars with negatives (a DRE has losses), in plain SVG like the stock reports' chart: the web has
// no chart library and two charts do not justify one (login bundle budget, bench/RESULTS.md). Colours come from
// the caller (antd theme tokens), so light and dark follow. Each bar names its figure in a <title>.

export interface SerieGrafico {
  nome: string;
  cor: string;
  /** Lighter fill (a previous period, a forecast). */
  tenue?: boolean;
}

export interface GrupoGrafico {
  rotulo: string;
  valores: number[];
  /** Every bar of the group lighter (a forecast day). */
  tenue?: boolean;
}

const LARGURA = 960;
const ALTURA = 260;
const M = { esquerda: 78, direita: 12, topo: 12, base: 34 };

function passo(maximo: number, marcas = 4): number {
  if (maximo <= 0) return 1;
  const bruto = maximo / marcas;
  const p = 10 ** Math.floor(Math.log10(bruto));
  const f = bruto / p;
  return (f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10) * p;
}

export function GraficoBarras({
  series,
  grupos,
  corTexto,
  corLinha,
  rotulo,
}: {
  series: SerieGrafico[];
  grupos: GrupoGrafico[];
  corTexto: string;
  corLinha: string;
  rotulo: string;
}) {
  if (!grupos.length) return null;
  const todos = grupos.flatMap((g) => g.valores);
  const max = Math.max(0, ...todos);
  const min = Math.min(0, ...todos);
  const p = passo(Math.max(max - min, 1));
  const topo = Math.ceil(max / p) * p || (min < 0 ? 0 : p);
  const fundo = Math.floor(min / p) * p;
  const alturaUtil = ALTURA - M.topo - M.base;
  const larguraUtil = LARGURA - M.esquerda - M.direita;
  const y = (v: number) => M.topo + ((topo - v) / (topo - fundo || 1)) * alturaUtil;
  const coluna = larguraUtil / grupos.length;
  // A gap of a fifth of the column (at least 2 px) between groups; bars of one group side by side.
  const barra = Math.max(1, Math.min(28, (coluna - Math.max(2, coluna / 5)) / series.length));
  const marcas: number[] = [];
  for (let v = fundo; v <= topo + p / 2; v += p) marcas.push(v);
  const cadaQuantos = Math.max(1, Math.ceil(70 / coluna));
  const abreviar = (t: string) => (t.length > 16 && coluna < 120 ? `${t.slice(0, 15)}…` : t);

  return (
    <Flex vertical gap={4}>
      <Flex gap={16} wrap>
        {series.map((s) => (
          <Flex key={s.nome} gap={6} align="center">
            <span
              style={{
                width: 12,
                height: 12,
                background: s.cor,
                opacity: s.tenue ? 0.45 : 1,
                borderRadius: 2,
                display: 'inline-block',
              }}
            />
            <Typography.Text type="secondary">{s.nome}</Typography.Text>
          </Flex>
        ))}
      </Flex>
      <svg
        viewBox={`0 0 ${LARGURA} ${ALTURA}`}
        role="img"
        aria-label={rotulo}
        style={{ width: '100%', height: 'auto' }}
      >
        {marcas.map((v) => (
          <g key={v}>
            <line
              x1={M.esquerda}
              x2={LARGURA - M.direita}
              y1={y(v)}
              y2={y(v)}
              stroke={corLinha}
              strokeWidth={v === 0 ? 1.5 : 0.5}
            />
            <text x={M.esquerda - 6} y={y(v) + 4} fontSize={11} textAnchor="end" fill={corTexto}>
              {formatarMoeda(v).replace(/,00$/, '')}
            </text>
          </g>
        ))}
        {grupos.map((g, i) => {
          const x0 = M.esquerda + i * coluna + (coluna - barra * series.length) / 2;
          return (
            <g key={g.rotulo}>
              {g.valores.map((v, j) => {
                const s = series[j]!;
                const a = y(Math.max(v, 0));
                const b = y(Math.min(v, 0));
                return (
                  <rect
                    key={s.nome}
                    x={x0 + j * barra}
                    y={a}
                    width={Math.max(barra - 1, 1)}
                    height={Math.max(b - a, v === 0 ? 0 : 1)}
                    fill={s.cor}
                    opacity={s.tenue || g.tenue ? 0.45 : 1}
                  >
                    <title>{`${g.rotulo} — ${s.nome}: ${formatarMoeda(v)}`}</title>
                  </rect>
                );
              })}
              {i % cadaQuantos === 0 && (
                <text
                  x={M.esquerda + i * coluna + coluna / 2}
                  y={ALTURA - M.base + 16}
                  fontSize={11}
                  textAnchor="middle"
                  fill={corTexto}
                >
                  {abreviar(g.rotulo)}
                </text>
              )}
            </g>
          );
        })}
      </svg>
    </Flex>
  );
}
