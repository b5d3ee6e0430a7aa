import type { RegimeDre } from '@retaguarda/domain';
import { diaComercial } from '@retaguarda/domain';
import { Button, Checkbox, DatePicker, Form, Segmented, Select } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useSessao } from '../../lib/session/sessao.ts';
import { nomeEmpresa, useEmpresasUsuario } from '../auth/empresas-usuario.tsx';
import type { FiltroDre } from './api.ts';

// The DRE's filter: stores (several: consolidated), the period, the basis (competência or caixa), the previous
// period and the per-store columns. It lives in the URL (a reload or a link shows the same report); the report
// runs when "Gerar" writes it there.

const DIA = /^\d{4}-\d{2}-\d{2}$/;

/** This month (São Paulo): the month's DRE is what an owner asks for first. */
export function mesAtual(hoje: string = diaComercial(Date.now())): { inicio: string; fim: string } {
  const [ano, mes] = hoje.split('-').map(Number) as [number, number];
  const ultimo = new Date(Date.UTC(ano, mes, 0)).getUTCDate();
  return { inicio: `${hoje.slice(0, 7)}-01`, fim: `${hoje.slice(0, 7)}-${String(ultimo).padStart(2, '0')}` };
}

/** The month-column version starts at January: the year so far. */
export function anoAtual(hoje: string = diaComercial(Date.now())): { inicio: string; fim: string } {
  return { inicio: `${hoje.slice(0, 4)}-01-01`, fim: mesAtual(hoje).fim };
}

export function useFiltroDre(padrao: { inicio: string; fim: string }): [FiltroDre, (f: FiltroDre) => void] {
  const [params, setParams] = useSearchParams();
  const sessao = useSessao((s) => s.empresa?._id);
  const inicio = params.get('inicio') ?? '';
  const fim = params.get('fim') ?? '';
  const escolhidas = params.getAll('empresa');
  const filtro: FiltroDre = {
    empresas: escolhidas.length ? escolhidas : sessao ? [sessao] : [],
    inicio: DIA.test(inicio) ? inicio : padrao.inicio,
    fim: DIA.test(fim) ? fim : padrao.fim,
    regime: params.get('regime') === 'caixa' ? 'caixa' : 'competencia',
    comparar: params.get('comparar') === '1',
    porLoja: params.get('porLoja') === '1',
  };
  const aplicar = (f: FiltroDre) => {
    const n = new URLSearchParams();
    for (const e of f.empresas) n.append('empresa', e);
    n.set('inicio', f.inicio);
    n.set('fim', f.fim);
    n.set('regime', f.regime);
    if (f.comparar) n.set('comparar', '1');
    if (f.porLoja) n.set('porLoja', '1');
    setParams(n, { replace: true });
  };
  return [filtro, aplicar];
}

export function FiltroDreForm({
  filtro,
  aoGerar,
  carregando,
  meses,
}: {
  filtro: FiltroDre;
  aoGerar: (f: FiltroDre) => void;
  carregando: boolean;
  /** The month-column version: no previous period nor per-store columns. */
  meses: boolean;
}) {
  const { empresas } = useEmpresasUsuario();
  const [rascunho, setRascunho] = useState(filtro);
  return (
    <Form layout="inline" onFinish={() => aoGerar(rascunho)} style={{ rowGap: 8 }}>
      <Form.Item label="Empresas" htmlFor="dre-empresas">
        <Select
          id="dre-empresas"
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
      <Form.Item label="Regime">
        <Segmented<RegimeDre>
          aria-label="Regime"
          value={rascunho.regime}
          onChange={(v) => setRascunho({ ...rascunho, regime: v })}
          options={[
            { value: 'competencia', label: 'Competência' },
            { value: 'caixa', label: 'Caixa' },
          ]}
        />
      </Form.Item>
      {!meses && (
        <>
          <Form.Item>
            <Checkbox
              checked={rascunho.comparar}
              onChange={(e) => setRascunho({ ...rascunho, comparar: e.target.checked })}
            >
              Comparar com o período anterior
            </Checkbox>
          </Form.Item>
          <Form.Item>
            <Checkbox
              checked={rascunho.porLoja}
              onChange={(e) => setRascunho({ ...rascunho, porLoja: e.target.checked })}
            >
              Colunas por loja
            </Checkbox>
          </Form.Item>
        </>
      )}
      <Form.Item>
        <Button type="primary" htmlType="submit" loading={carregando} disabled={!rascunho.empresas.length}>
          Gerar
        </Button>
      </Form.Item>
    </Form>
  );
}
