import { useQuery } from '@tanstack/react-query';
import { Card } from 'antd';
import { Link } from 'react-router';
import { useEmpresasUsuario } from '../auth/empresas-usuario.tsx';
import { dashboardVendasQuery } from './api.ts';
import { ErroDashboard } from './comum.tsx';
import { IndicadoresVendas } from './indicadores-vendas.tsx';
import { hojeComercial } from './periodo.ts';
import { useDashboardAoVivo } from './tempo-real.ts';

// The home page's "today" (issue 19: Início opens on today's figures of the user's stores, as commercial systems
// do): the dashboard's tiles for today in every store the user may see the dashboard of, against the same weekday
// a week back, the same day a month and a year back; live like the dashboards.

export function HojeNasLojas({ comLink }: { comLink: boolean }) {
  const { empresas } = useEmpresasUsuario();
  const hoje = hojeComercial();
  const consulta = useQuery(
    dashboardVendasQuery({ filtro: { dataInicio: hoje, dataFim: hoje }, hoje, topProdutos: 1 }),
  );
  useDashboardAoVivo(empresas.map((e) => e._id));
  return (
    <Card
      size="small"
      title="Hoje nas suas lojas"
      extra={comLink && <Link to="/dashboardDefault">Abrir o dashboard</Link>}
    >
      {consulta.isError && !consulta.data ? (
        <ErroDashboard erro={consulta.error} />
      ) : (
        <IndicadoresVendas dados={consulta.data} />
      )}
    </Card>
  );
}
