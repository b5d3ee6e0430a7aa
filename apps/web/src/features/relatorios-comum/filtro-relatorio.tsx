import { origensPedido, statusVenda, tiposVenda } from '@retaguarda/domain';
import {
  type FiltroRelatorioEntrada,
  filtroRelatorioSchema,
  periodoPadraoRelatorio,
} from '@retaguarda/domain/relatorios/filtro';
import { Alert, Button, DatePicker, Flex, Form, Select } from 'antd';
import dayjs from 'dayjs';
import { type ReactNode, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { nomeEmpresa, useEmpresasUsuario } from '../auth/empresas-usuario.tsx';

// The default report filter of spec 1 §3 as a bar above a report: stores, period (default §9: start of the
// previous month to the end of the current one), hours, sale status (default [59]), sale type and order origin.
// The filter lives in the URL (`filtro`, JSON; estado-url.ts), so a reload, a link or a saved report
// (relatoriosCriados) shows the same report; "Gerar" writes it there.

/** The filter in the URL, else the default one (the clock read once per screen). */
export function useFiltroRelatorio(): [FiltroRelatorioEntrada, (f: FiltroRelatorioEntrada) => void] {
  const [params, setParams] = useSearchParams();
  const [padrao] = useState(() => periodoPadraoRelatorio(new Date()));
  const texto = params.get('filtro');
  let filtro: FiltroRelatorioEntrada = padrao;
  if (texto) {
    try {
      const lido = filtroRelatorioSchema.safeParse(JSON.parse(texto));
      if (lido.success) filtro = lido.data;
    } catch {
      // A broken address falls back to the default filter.
    }
  }
  const aplicar = (f: FiltroRelatorioEntrada) => {
    const n = new URLSearchParams(params);
    n.set('filtro', JSON.stringify(f));
    setParams(n, { replace: true });
  };
  return [filtro, aplicar];
}

const opcoes = (c: { itens: readonly { id: number; descricao: string }[] }) =>
  c.itens.map((i) => ({ value: i.id, label: i.descricao }));
const HORAS = Array.from({ length: 24 }, (_, h) => String(h).padStart(2, '0'));

export function BarraFiltroRelatorio({
  filtro,
  aoGerar,
  carregando,
  extras,
}: {
  filtro: FiltroRelatorioEntrada;
  aoGerar: (f: FiltroRelatorioEntrada) => void;
  carregando?: boolean;
  /** Fields of one report beside the default ones. */
  extras?: (rascunho: FiltroRelatorioEntrada, mudar: (f: FiltroRelatorioEntrada) => void) => ReactNode;
}) {
  const { empresas } = useEmpresasUsuario();
  const [rascunho, setRascunho] = useState(filtro);
  const chave = JSON.stringify(filtro);
  // A saved report opened on the same screen, or the back button, brings another filter in.
  useEffect(() => setRascunho(JSON.parse(chave) as FiltroRelatorioEntrada), [chave]);
  const validacao = filtroRelatorioSchema.safeParse(rascunho);
  const erro = validacao.success ? null : (validacao.error.issues[0]?.message ?? null);
  const mudar = (parte: Partial<FiltroRelatorioEntrada>) => setRascunho({ ...rascunho, ...parte });

  return (
    <Flex vertical gap={8}>
      <Form layout="inline" onFinish={() => validacao.success && aoGerar(rascunho)} style={{ rowGap: 8 }}>
        <Form.Item label="Empresas" htmlFor="filtro-empresas">
          <Select
            id="filtro-empresas"
            mode="multiple"
            aria-label="Empresas"
            placeholder="Todas"
            allowClear
            style={{ minWidth: 220, maxWidth: 420 }}
            maxTagCount="responsive"
            value={rascunho.empresasSelecionada ?? []}
            onChange={(v: string[]) => mudar({ empresasSelecionada: v })}
            options={empresas.map((e) => ({ value: e._id, label: nomeEmpresa(e) }))}
          />
        </Form.Item>
        <Form.Item label="Período">
          <DatePicker.RangePicker
            aria-label="Período"
            format="DD/MM/YYYY"
            allowClear={false}
            value={[dayjs(rascunho.dataInicio), dayjs(rascunho.dataFim)]}
            onChange={(v) => {
              if (v?.[0] && v[1])
                mudar({ dataInicio: v[0].format('YYYY-MM-DD'), dataFim: v[1].format('YYYY-MM-DD') });
            }}
          />
        </Form.Item>
        <Form.Item label="Horário">
          <Flex gap={4} align="center">
            <Select
              aria-label="Hora inicial"
              style={{ width: 84 }}
              value={(rascunho.horaInicio ?? '00:00').slice(0, 2)}
              onChange={(h: string) => mudar({ horaInicio: `${h}:00` })}
              options={HORAS.map((h) => ({ value: h, label: `${h}:00` }))}
            />
            às
            <Select
              aria-label="Hora final"
              style={{ width: 84 }}
              value={(rascunho.horaFim ?? '23:59').slice(0, 2)}
              onChange={(h: string) => mudar({ horaFim: `${h}:59` })}
              options={HORAS.map((h) => ({ value: h, label: `${h}:59` }))}
            />
          </Flex>
        </Form.Item>
        <Form.Item label="Status">
          <Select
            mode="multiple"
            aria-label="Status da venda"
            style={{ minWidth: 160 }}
            value={rascunho.statusVenda ?? [59]}
            onChange={(v: number[]) => mudar({ statusVenda: v })}
            options={opcoes(statusVenda)}
          />
        </Form.Item>
        <Form.Item label="Tipo de venda">
          <Select
            mode="multiple"
            aria-label="Tipo de venda"
            placeholder="Todos"
            allowClear
            style={{ minWidth: 150 }}
            value={rascunho.tipoVenda ?? []}
            onChange={(v: number[]) => mudar({ tipoVenda: v })}
            options={opcoes(tiposVenda)}
          />
        </Form.Item>
        <Form.Item label="Origem">
          <Select
            mode="multiple"
            aria-label="Origem do pedido"
            placeholder="Todas"
            allowClear
            style={{ minWidth: 150 }}
            maxTagCount="responsive"
            value={rascunho.localPedido ?? []}
            onChange={(v: number[]) => mudar({ localPedido: v })}
            options={opcoes(origensPedido)}
          />
        </Form.Item>
        {extras?.(rascunho, setRascunho)}
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={carregando} disabled={!validacao.success}>
            Gerar
          </Button>
        </Form.Item>
      </Form>
      {erro && <Alert type="warning" showIcon message={erro} />}
    </Flex>
  );
}
