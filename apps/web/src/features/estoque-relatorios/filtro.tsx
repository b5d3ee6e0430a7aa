import { SearchOutlined } from '@ant-design/icons';
import { Button, DatePicker, Flex, Form, Input, Select } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useSessao } from '../../lib/session/sessao.ts';
import { nomeEmpresa, useEmpresasUsuario } from '../auth/empresas-usuario.tsx';
import type { FiltroRelatorio } from './api.ts';
import { periodoPadrao } from './periodo.ts';

// The filter of the stock reports: stores (several), the period (spec 1 §9 default), a search. It lives in the
// URL (a reload or a link shows the same report); the report runs when "Gerar" writes it there.

const DIA = /^\d{4}-\d{2}-\d{2}$/;

export function useFiltroRelatorio(): [FiltroRelatorio, (f: FiltroRelatorio) => void] {
  const [params, setParams] = useSearchParams();
  const sessao = useSessao((s) => s.empresa?._id);
  const padrao = periodoPadrao();
  const inicio = params.get('inicio') ?? '';
  const fim = params.get('fim') ?? '';
  const escolhidas = params.getAll('empresa');
  const filtro: FiltroRelatorio = {
    empresas: escolhidas.length ? escolhidas : sessao ? [sessao] : [],
    inicio: DIA.test(inicio) ? inicio : padrao.inicio,
    fim: DIA.test(fim) ? fim : padrao.fim,
    busca: params.get('busca') ?? '',
  };
  const aplicar = (f: FiltroRelatorio) => {
    const n = new URLSearchParams();
    for (const e of f.empresas) n.append('empresa', e);
    n.set('inicio', f.inicio);
    n.set('fim', f.fim);
    if (f.busca.trim()) n.set('busca', f.busca.trim());
    setParams(n, { replace: true });
  };
  return [filtro, aplicar];
}

export function FiltroRelatorioEstoque({
  filtro,
  aoGerar,
  carregando,
  rotuloBusca,
}: {
  filtro: FiltroRelatorio;
  aoGerar: (f: FiltroRelatorio) => void;
  carregando: boolean;
  rotuloBusca: string;
}) {
  const { empresas } = useEmpresasUsuario();
  const [rascunho, setRascunho] = useState(filtro);
  return (
    <Form layout="inline" onFinish={() => aoGerar(rascunho)} style={{ rowGap: 8 }}>
      <Form.Item label="Empresas" htmlFor="relatorio-empresas">
        <Select
          id="relatorio-empresas"
          mode="multiple"
          aria-label="Empresas"
          style={{ minWidth: 260, maxWidth: 520 }}
          maxTagCount="responsive"
          value={rascunho.empresas}
          onChange={(v: string[]) => setRascunho({ ...rascunho, empresas: v })}
          options={empresas.map((e) => ({ value: e._id, label: nomeEmpresa(e) }))}
        />
      </Form.Item>
      <Form.Item label="Período">
        <DatePicker.RangePicker
          aria-label="Período"
          format="DD/MM/YYYY"
          allowClear={false}
          value={[dayjs(rascunho.inicio), dayjs(rascunho.fim)]}
          onChange={(v) => {
            if (v?.[0] && v[1])
              setRascunho({ ...rascunho, inicio: v[0].format('YYYY-MM-DD'), fim: v[1].format('YYYY-MM-DD') });
          }}
        />
      </Form.Item>
      <Form.Item>
        <Input
          aria-label={rotuloBusca}
          placeholder={rotuloBusca}
          prefix={<SearchOutlined />}
          allowClear
          style={{ width: 220 }}
          value={rascunho.busca}
          onChange={(e) => setRascunho({ ...rascunho, busca: e.target.value })}
        />
      </Form.Item>
      <Form.Item>
        <Flex gap={8}>
          <Button type="primary" htmlType="submit" loading={carregando} disabled={!rascunho.empresas.length}>
            Gerar
          </Button>
        </Flex>
      </Form.Item>
    </Form>
  );
}
