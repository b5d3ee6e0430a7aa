import { Button, DatePicker, Form, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useSessao } from '../../lib/session/sessao.ts';
import type { ConsultaPeriodo } from './api.ts';
import { limitesPeriodo, useEmpresas } from './comum.tsx';

/** Stores and period of a fiscal report; the report runs on "Gerar" (not on every change). */
export function FiltroRelatorio({
  aoGerar,
  carregando,
}: {
  aoGerar: (c: ConsultaPeriodo) => void;
  carregando: boolean;
}) {
  const atual = useSessao((s) => s.empresa?._id);
  const { empresas } = useEmpresas();
  const [escolhidas, setEscolhidas] = useState<string[]>(atual ? [atual] : []);
  const [periodo, setPeriodo] = useState<[Dayjs, Dayjs]>(() => [dayjs().startOf('month'), dayjs()]);
  return (
    <Form
      layout="inline"
      onFinish={() => aoGerar({ empresa: escolhidas, ...limitesPeriodo(periodo[0], periodo[1]) })}
    >
      <Form.Item label="Empresas">
        <Select
          mode="multiple"
          aria-label="Empresas"
          style={{ minWidth: 260 }}
          value={escolhidas}
          onChange={setEscolhidas}
          options={empresas.map((e) => ({ value: e._id, label: e.descricao }))}
        />
      </Form.Item>
      <Form.Item label="Período">
        <DatePicker.RangePicker
          format="DD/MM/YYYY"
          allowClear={false}
          value={periodo}
          onChange={(v) => {
            if (v?.[0] && v[1]) setPeriodo([v[0], v[1]]);
          }}
        />
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit" loading={carregando} disabled={escolhidas.length === 0}>
          Gerar
        </Button>
      </Form.Item>
    </Form>
  );
}
