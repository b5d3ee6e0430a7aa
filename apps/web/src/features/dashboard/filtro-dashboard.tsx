import { ReloadOutlined } from '@ant-design/icons';
import { formatarHora } from '@retaguarda/domain';
import { Button, DatePicker, Flex, Form, Select, Typography } from 'antd';
import dayjs from 'dayjs';
import { useSearchParams } from 'react-router';
import { nomeEmpresa, useEmpresasUsuario } from '../auth/empresas-usuario.tsx';
import {
  hojeComercial,
  type Periodo,
  type PresetPeriodo,
  periodoDoPreset,
  ROTULOS_PRESET,
} from './periodo.ts';

// The dashboards' filter: the stores (none chosen = every store the user may see the dashboard of) and the period
// (default today). It lives in the URL, so a reload or a link shows the same dashboard.

const DIA = /^\d{4}-\d{2}-\d{2}$/;
const PRESETS = Object.keys(ROTULOS_PRESET) as PresetPeriodo[];

export interface FiltroDashboard {
  empresas: string[];
  preset: PresetPeriodo;
  periodo: Periodo;
}

export function useFiltroDashboard(): [FiltroDashboard, (f: Partial<FiltroDashboard>) => void] {
  const [params, setParams] = useSearchParams();
  const hoje = hojeComercial();
  const bruto = params.get('periodo') as PresetPeriodo | null;
  const preset: PresetPeriodo = bruto && PRESETS.includes(bruto) ? bruto : 'hoje';
  const inicio = params.get('inicio') ?? '';
  const fim = params.get('fim') ?? '';
  const periodo =
    preset === 'personalizado' && DIA.test(inicio) && DIA.test(fim) && inicio <= fim
      ? { dataInicio: inicio, dataFim: fim }
      : periodoDoPreset(preset === 'personalizado' ? 'hoje' : preset, hoje);
  const filtro: FiltroDashboard = { empresas: params.getAll('empresa'), preset, periodo };
  const aplicar = (mudanca: Partial<FiltroDashboard>) => {
    const f = { ...filtro, ...mudanca };
    const n = new URLSearchParams();
    for (const e of f.empresas) n.append('empresa', e);
    if (f.preset !== 'hoje') n.set('periodo', f.preset);
    if (f.preset === 'personalizado') {
      n.set('inicio', f.periodo.dataInicio);
      n.set('fim', f.periodo.dataFim);
    }
    setParams(n, { replace: true });
  };
  return [filtro, aplicar];
}

export function BarraFiltroDashboard({
  filtro,
  aoMudar,
  atualizando,
  atualizadoEm,
  aoAtualizar,
}: {
  filtro: FiltroDashboard;
  aoMudar: (f: Partial<FiltroDashboard>) => void;
  atualizando: boolean;
  /** When the figures on screen were read (ms). */
  atualizadoEm: number;
  aoAtualizar: () => void;
}) {
  const { empresas, carregando } = useEmpresasUsuario();
  return (
    <Flex gap={8} wrap justify="space-between" align="center">
      <Form layout="inline" style={{ rowGap: 8 }}>
        <Form.Item label="Lojas" htmlFor="dashboard-lojas">
          <Select
            id="dashboard-lojas"
            mode="multiple"
            aria-label="Lojas"
            placeholder="Todas as lojas"
            allowClear
            loading={carregando}
            style={{ minWidth: 220, maxWidth: 420 }}
            maxTagCount="responsive"
            value={filtro.empresas}
            onChange={(v: string[]) => aoMudar({ empresas: v })}
            options={empresas.map((e) => ({ value: e._id, label: nomeEmpresa(e) }))}
          />
        </Form.Item>
        <Form.Item label="Período" htmlFor="dashboard-periodo">
          <Select
            id="dashboard-periodo"
            aria-label="Período"
            style={{ width: 160 }}
            value={filtro.preset}
            onChange={(p: PresetPeriodo) =>
              aoMudar(
                p === 'personalizado'
                  ? { preset: p }
                  : { preset: p, periodo: periodoDoPreset(p, hojeComercial()) },
              )
            }
            options={PRESETS.map((p) => ({ value: p, label: ROTULOS_PRESET[p] }))}
          />
        </Form.Item>
        <Form.Item>
          <DatePicker.RangePicker
            aria-label="Datas do período"
            format="DD/MM/YYYY"
            allowClear={false}
            value={[dayjs(filtro.periodo.dataInicio), dayjs(filtro.periodo.dataFim)]}
            // A year at most (the reports' limit, spec 1 §3 filter).
            disabledDate={(d, { from }) => Boolean(from && Math.abs(d.diff(from, 'day')) >= 366)}
            onChange={(datas) => {
              const [a, b] = datas ?? [];
              if (a && b)
                aoMudar({
                  preset: 'personalizado',
                  periodo: { dataInicio: a.format('YYYY-MM-DD'), dataFim: b.format('YYYY-MM-DD') },
                });
            }}
          />
        </Form.Item>
      </Form>
      <Flex gap={8} align="center">
        <Typography.Text type="secondary">Atualizado às {formatarHora(atualizadoEm, true)}</Typography.Text>
        <Button icon={<ReloadOutlined />} onClick={aoAtualizar} loading={atualizando}>
          Atualizar
        </Button>
      </Flex>
    </Flex>
  );
}
