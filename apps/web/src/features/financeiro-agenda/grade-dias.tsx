import { type DiaAgenda, lerDinheiro, somarDias } from '@retaguarda/domain';
import { Typography, theme } from 'antd';
import { moeda, moedaCentavos, NOMES_DIA_SEMANA, temValor } from './formato.ts';

// The week and month views: one cell per day with what is open to pay and to receive that day (and what was
// paid), the overdue days in the error colour. A click opens the day view.

export function GradeDias({
  de,
  ate,
  mes,
  porDia,
  hoje,
  aoEscolher,
}: {
  de: string;
  ate: string;
  /** Month view: the days outside the month (to fill the weeks) show faded. */
  mes?: string;
  porDia: readonly DiaAgenda[];
  hoje: string;
  aoEscolher: (dia: string) => void;
}) {
  const { token } = theme.useToken();
  const mapa = new Map(porDia.map((d) => [d.dia, d]));
  // Weeks from Monday: the grid starts on the Monday on or before `de` and ends on the Sunday on or after `ate`.
  const dow = (d: string) => (new Date(`${d}T12:00:00Z`).getUTCDay() + 6) % 7;
  const inicio = somarDias(de, -dow(de));
  const fim = somarDias(ate, 6 - dow(ate));
  const dias: string[] = [];
  for (let d = inicio; d <= fim; d = somarDias(d, 1)) dias.push(d);
  const cabecalho = [1, 2, 3, 4, 5, 6, 0].map((i) => NOMES_DIA_SEMANA[i]);
  return (
    <div
      data-testid="grade-dias"
      style={{ display: 'grid', gridTemplateColumns: 'repeat(7, minmax(0, 1fr))', gap: 4 }}
    >
      {cabecalho.map((n) => (
        <Typography.Text key={n} type="secondary" style={{ textAlign: 'center', fontSize: 12 }}>
          {n}
        </Typography.Text>
      ))}
      {dias.map((dia) => {
        const s = mapa.get(dia);
        const fora = mes !== undefined && dia.slice(0, 7) !== mes;
        const vencido = s && (temValor(s.pagar.vencido) || temValor(s.receber.vencido));
        return (
          <button
            type="button"
            key={dia}
            data-dia={dia}
            aria-label={`Dia ${dia.slice(8, 10)}`}
            onClick={() => aoEscolher(dia)}
            style={{
              textAlign: 'left',
              minHeight: 64,
              padding: 4,
              cursor: 'pointer',
              overflow: 'hidden',
              borderRadius: token.borderRadius,
              border: `1px solid ${dia === hoje ? token.colorPrimary : vencido ? token.colorErrorBorder : token.colorBorderSecondary}`,
              background: vencido ? token.colorErrorBg : token.colorBgContainer,
              color: token.colorText,
              opacity: fora ? 0.45 : 1,
              font: 'inherit',
              fontSize: 11,
              lineHeight: 1.35,
            }}
          >
            <div style={{ fontWeight: dia === hoje ? 700 : 500, fontSize: 12 }}>{dia.slice(8, 10)}</div>
            {s && temValor(s.pagar.aberto) && (
              <div style={{ color: token.colorError, whiteSpace: 'nowrap' }} title="A pagar em aberto">
                − {moeda(s.pagar.aberto)}
              </div>
            )}
            {s && temValor(s.receber.aberto) && (
              <div style={{ color: token.colorSuccess, whiteSpace: 'nowrap' }} title="A receber em aberto">
                + {moeda(s.receber.aberto)}
              </div>
            )}
            {s && (temValor(s.pagar.pago) || temValor(s.receber.pago)) && (
              <div style={{ color: token.colorTextTertiary, whiteSpace: 'nowrap' }} title="Pago / recebido">
                ✓ {moedaCentavos(lerDinheiro(s.pagar.pago) + lerDinheiro(s.receber.pago))}
              </div>
            )}
          </button>
        );
      })}
    </div>
  );
}
