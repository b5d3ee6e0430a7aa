import { LeftOutlined, RightOutlined, UploadOutlined } from '@ant-design/icons';
import { formatarMoeda } from '@retaguarda/domain';
import {
  type DiaCalendario,
  type DivergenciaExtrato,
  type RespostaImportacaoExtrato,
  ROTULOS_DIVERGENCIA,
  type TipoDivergencia,
  type TituloCalendario,
  type VisaoCalendario,
} from '@retaguarda/domain/financeiro/calendario-recebimento';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Calendar,
  Card,
  DatePicker,
  Drawer,
  Flex,
  Segmented,
  Select,
  Statistic,
  Table,
  Tag,
  Typography,
  theme,
  Upload,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { ErroApi } from '../../lib/api/cliente.ts';
import { useSessao } from '../../lib/session/sessao.ts';
import { nomeEmpresa, useEmpresasUsuario } from '../auth/empresas-usuario.tsx';
import {
  calendarioQuery,
  chavesCalendario,
  diaQuery,
  extratosQuery,
  importarExtrato,
  operadorasQuery,
} from './api.ts';

// calendarioRecebimento / calendarioPagamento (issue 18): one screen, two views. A month calendar with what each
// acquirer will pay each day (card receivables: gross, fee, net, what was already received) or what the group
// must pay; a click on a day lists its titles. Receivables also import the acquirer's settlement file and show
// what diverged from the forecast (paid late, short, never, unknown). State (view, month, stores, day) in the URL.

const dataBr = (d: string | null) => (d ? dayjs(d).format('DD/MM/YYYY') : '');
const COR_DIVERGENCIA: Record<TipoDivergencia, string> = {
  atrasado: 'gold',
  aMenor: 'red',
  aMaior: 'blue',
  naoPago: 'volcano',
  desconhecido: 'purple',
};

export function CalendarioFinanceiroPage() {
  const local = useLocation();
  const [params, setParams] = useSearchParams();
  const { empresas: lojas } = useEmpresasUsuario();
  const { token } = theme.useToken();
  const visao: VisaoCalendario =
    (params.get('visao') as VisaoCalendario | null) ??
    (local.pathname.includes('calendarioPagamento') ? 'pagar' : 'receber');
  const mes = params.get('mes') ?? dayjs().format('YYYY-MM');
  const escolhidas = params.get('empresas')?.split(',').filter(Boolean);
  const atual = useSessao((s) => s.empresa);
  // The session's store until the user picks others.
  const empresas = escolhidas?.length
    ? escolhidas
    : atual
      ? [atual._id]
      : lojas.slice(0, 1).map((e) => e._id);
  const dia = params.get('dia');

  const mudar = (valores: Record<string, string | undefined>) =>
    setParams(
      (p) => {
        const n = new URLSearchParams(p);
        for (const [k, v] of Object.entries(valores)) {
          if (v) n.set(k, v);
          else n.delete(k);
        }
        return n;
      },
      { replace: true },
    );

  const consulta = { empresas, mes, visao };
  const calendario = useQuery({ ...calendarioQuery(consulta), enabled: empresas.length > 0 });
  const c = calendario.data;
  const porDia = new Map((c?.dias ?? []).map((d) => [d.data, d]));
  const receber = visao === 'receber';

  const celula = (data: Dayjs) => {
    if (data.format('YYYY-MM') !== mes) return null;
    const d = porDia.get(data.format('YYYY-MM-DD'));
    if (!d) return null;
    return <ConteudoDia dia={d} receber={receber} />;
  };

  return (
    <Flex vertical gap="middle" style={{ padding: token.padding }}>
      {/* The layout already titles the page (the route's name). */}
      <Flex wrap gap="middle" align="center" justify="flex-end">
        <Segmented<VisaoCalendario>
          aria-label="Visão"
          value={visao}
          onChange={(v) => mudar({ visao: v, dia: undefined })}
          options={[
            { value: 'receber', label: 'Recebimentos (operadoras)' },
            { value: 'pagar', label: 'Pagamentos' },
          ]}
        />
      </Flex>
      <Flex wrap gap="small" align="center">
        <Select
          mode="multiple"
          aria-label="Lojas"
          style={{ minWidth: 260 }}
          value={empresas}
          onChange={(v: string[]) => mudar({ empresas: v.join(','), dia: undefined })}
          options={lojas.map((e) => ({ value: e._id, label: nomeEmpresa(e) }))}
          placeholder="Lojas"
        />
        <Button
          aria-label="Mês anterior"
          icon={<LeftOutlined />}
          onClick={() => mudar({ mes: dayjs(`${mes}-01`).subtract(1, 'month').format('YYYY-MM') })}
        />
        <DatePicker
          picker="month"
          aria-label="Mês"
          allowClear={false}
          format="MM/YYYY"
          value={dayjs(`${mes}-01`)}
          onChange={(d) => d && mudar({ mes: d.format('YYYY-MM'), dia: undefined })}
        />
        <Button
          aria-label="Próximo mês"
          icon={<RightOutlined />}
          onClick={() => mudar({ mes: dayjs(`${mes}-01`).add(1, 'month').format('YYYY-MM') })}
        />
      </Flex>
      {c && (
        <Flex wrap gap="large">
          <Statistic title={receber ? 'Bruto' : 'A pagar'} value={formatarMoeda(c.total.bruto)} />
          {receber && <Statistic title="Taxas" value={formatarMoeda(c.total.taxa)} />}
          {receber && <Statistic title="Líquido" value={formatarMoeda(c.total.liquido)} />}
          <Statistic title={receber ? 'Recebido' : 'Pago'} value={formatarMoeda(c.total.realizado)} />
          <Statistic title="Em aberto" value={formatarMoeda(c.total.aberto)} />
          <Statistic title="Títulos" value={c.total.quantidade} />
        </Flex>
      )}
      <Card size="small" loading={calendario.isLoading && !c}>
        <Calendar
          value={dayjs(`${mes}-01`)}
          headerRender={() => null}
          cellRender={(data, info) => (info.type === 'date' ? celula(data) : null)}
          onSelect={(data, info) => {
            if (info.source === 'date' && data.format('YYYY-MM') === mes)
              mudar({ dia: data.format('YYYY-MM-DD') });
          }}
        />
      </Card>
      {receber && empresas.length > 0 && <ImportacaoExtrato empresas={empresas} />}
      <Drawer
        open={Boolean(dia)}
        onClose={() => mudar({ dia: undefined })}
        title={dia ? `${receber ? 'Recebimentos' : 'Pagamentos'} de ${dataBr(dia)}` : ''}
        size="large"
        destroyOnHidden
      >
        {dia && <TitulosDoDia empresas={empresas} data={dia} visao={visao} />}
      </Drawer>
    </Flex>
  );
}

function ConteudoDia({ dia, receber }: { dia: DiaCalendario; receber: boolean }) {
  const { token } = theme.useToken();
  return (
    <Flex vertical gap={2} style={{ fontSize: token.fontSizeSM }} data-dia={dia.data}>
      {dia.porOperadora.map((o) => (
        <Flex key={o.operadora._id ?? 'sem'} justify="space-between" gap={4}>
          <Typography.Text type="secondary" ellipsis style={{ fontSize: token.fontSizeSM }}>
            {receber ? o.operadora.descricao : `${o.quantidade} título(s)`}
          </Typography.Text>
          <Typography.Text style={{ fontSize: token.fontSizeSM }}>{formatarMoeda(o.liquido)}</Typography.Text>
        </Flex>
      ))}
      {dia.total.aberto !== dia.total.liquido && (
        <Typography.Text type="success" style={{ fontSize: token.fontSizeSM }}>
          {receber ? 'Recebido' : 'Pago'} {formatarMoeda(dia.total.realizado)}
        </Typography.Text>
      )}
    </Flex>
  );
}

function TitulosDoDia({
  empresas,
  data,
  visao,
}: {
  empresas: string[];
  data: string;
  visao: VisaoCalendario;
}) {
  const dia = useQuery(diaQuery({ empresas, data, visao }));
  const { empresas: lojas } = useEmpresasUsuario();
  const nomes = new Map(lojas.map((e) => [e._id, nomeEmpresa(e)]));
  const receber = visao === 'receber';
  const d = dia.data;
  return (
    <Flex vertical gap="small">
      {d && d.total > d.titulos.length && (
        <Alert type="info" title={`Mostrando ${d.titulos.length} de ${d.total} títulos.`} />
      )}
      <Table<TituloCalendario>
        size="small"
        rowKey="_id"
        loading={dia.isLoading}
        dataSource={d?.titulos ?? []}
        pagination={{ pageSize: 50, hideOnSinglePage: true }}
        scroll={{ x: true }}
        columns={[
          ...(empresas.length > 1
            ? [
                {
                  title: 'Loja',
                  key: 'loja',
                  render: (_: unknown, t: TituloCalendario) => nomes.get(t.empresa),
                },
              ]
            : []),
          receber
            ? {
                title: 'Operadora',
                key: 'op',
                render: (_: unknown, t: TituloCalendario) => t.operadora?.descricao,
              }
            : { title: 'Fornecedor', key: 'pessoa', render: (_: unknown, t: TituloCalendario) => t.pessoa },
          { title: 'Descrição', dataIndex: 'descricao' },
          ...(receber
            ? [
                {
                  title: 'Venda',
                  key: 'venda',
                  render: (_: unknown, t: TituloCalendario) => dataBr(t.dataVenda),
                },
                { title: 'NSU', dataIndex: 'nsu' },
                {
                  title: 'Parcela',
                  key: 'parcela',
                  render: (_: unknown, t: TituloCalendario) => `${t.parcela}/${t.parcelas}`,
                },
              ]
            : []),
          {
            title: receber ? 'Bruto' : 'Valor',
            key: 'valor',
            align: 'right' as const,
            render: (_: unknown, t: TituloCalendario) => formatarMoeda(t.valor),
          },
          ...(receber
            ? [
                {
                  title: 'Taxa',
                  key: 'taxa',
                  align: 'right' as const,
                  render: (_: unknown, t: TituloCalendario) => formatarMoeda(t.taxa),
                },
                {
                  title: 'Líquido',
                  key: 'liq',
                  align: 'right' as const,
                  render: (_: unknown, t: TituloCalendario) => formatarMoeda(t.liquido),
                },
              ]
            : []),
          {
            title: 'Situação',
            key: 'status',
            render: (_: unknown, t: TituloCalendario) => (
              <Tag color={t.status.id === 3 ? 'green' : t.status.id === 2 ? 'gold' : 'default'}>
                {t.status.descricao}
              </Tag>
            ),
          },
        ]}
      />
    </Flex>
  );
}

function ImportacaoExtrato({ empresas }: { empresas: string[] }) {
  const { empresas: lojas } = useEmpresasUsuario();
  const queryClient = useQueryClient();
  const [loja, setLoja] = useState<string | undefined>(undefined);
  const empresa = loja && empresas.includes(loja) ? loja : empresas[0]!;
  const [operadora, setOperadora] = useState<string | undefined>(undefined);
  const [resultado, setResultado] = useState<RespostaImportacaoExtrato | null>(null);
  const [erro, setErro] = useState<string | null>(null);
  const operadoras = useQuery(operadorasQuery(empresa));
  const extratos = useQuery(extratosQuery(empresas));

  const importar = useMutation({
    mutationFn: async (arquivo: File) =>
      importarExtrato({
        empresa,
        operadora: operadora ?? '',
        nome: arquivo.name,
        conteudo: await arquivo.text(),
      }),
    onMutate: () => {
      setErro(null);
      setResultado(null);
    },
    // The summary above the divergences says what happened; the calendar reads its days again.
    onSuccess: (r) => {
      setResultado(r);
      void queryClient.invalidateQueries({ queryKey: chavesCalendario.todas });
    },
    onError: (e) => setErro(e instanceof ErroApi ? e.message : String(e)),
  });

  return (
    <Card size="small" title="Importar extrato da operadora">
      <Flex vertical gap="middle">
        <Typography.Text type="secondary">
          Arquivo CSV separado por ponto e vírgula com o cabeçalho data_pagamento;operadora;bandeira;produto;
          data_venda;nsu;autorizacao;parcela;parcelas;valor_bruto;taxa;valor_liquido. O que foi pago certo (no
          dia ou com atraso) é baixado na conta bancária da loja; o que diverge fica listado abaixo.
        </Typography.Text>
        <Flex wrap gap="small" align="center">
          {empresas.length > 1 && (
            <Select
              aria-label="Loja do extrato"
              style={{ minWidth: 200 }}
              value={empresa}
              onChange={(v: string) => {
                setLoja(v);
                setOperadora(undefined);
              }}
              options={lojas
                .filter((e) => empresas.includes(e._id))
                .map((e) => ({ value: e._id, label: nomeEmpresa(e) }))}
            />
          )}
          <Select
            aria-label="Operadora do extrato"
            placeholder="Operadora"
            style={{ minWidth: 200 }}
            loading={operadoras.isLoading}
            value={operadora}
            onChange={(v: string) => setOperadora(v)}
            options={(operadoras.data ?? []).map((o) => ({ value: o._id, label: o.descricao }))}
          />
          <Upload
            accept=".csv,.txt,text/csv,text/plain"
            showUploadList={false}
            disabled={!operadora || importar.isPending}
            beforeUpload={(arquivo) => {
              importar.mutate(arquivo);
              return false;
            }}
          >
            <Button icon={<UploadOutlined />} disabled={!operadora} loading={importar.isPending}>
              Escolher arquivo e importar
            </Button>
          </Upload>
        </Flex>
        {erro && <Alert type="error" showIcon title={erro} />}
        {resultado && <ResultadoImportacao r={resultado} />}
        {(extratos.data?.length ?? 0) > 0 && (
          <Table
            size="small"
            rowKey="_id"
            title={() => 'Extratos importados'}
            dataSource={extratos.data}
            pagination={{ pageSize: 5, hideOnSinglePage: true }}
            scroll={{ x: true }}
            columns={[
              {
                title: 'Importado em',
                key: 'em',
                render: (_, e) => dayjs(e.createdAt).format('DD/MM/YYYY HH:mm'),
              },
              { title: 'Arquivo', dataIndex: 'nome' },
              { title: 'Operadora', key: 'op', render: (_, e) => e.operadora.descricao },
              {
                title: 'Pagamentos',
                key: 'per',
                render: (_, e) => `${dataBr(e.resumo.dataInicial)} a ${dataBr(e.resumo.dataFinal)}`,
              },
              { title: 'Linhas', key: 'l', align: 'right', render: (_, e) => e.resumo.novas },
              { title: 'Baixadas', key: 'b', align: 'right', render: (_, e) => e.resumo.baixadas },
              { title: 'Divergências', key: 'd', align: 'right', render: (_, e) => e.resumo.divergencias },
              {
                title: 'Recebido',
                key: 'r',
                align: 'right',
                render: (_, e) => formatarMoeda(e.resumo.recebido),
              },
            ]}
          />
        )}
      </Flex>
    </Card>
  );
}

function ResultadoImportacao({ r }: { r: RespostaImportacaoExtrato }) {
  const s = r.resumo;
  return (
    <Flex vertical gap="small" data-testid="resultado-importacao">
      <Alert
        type={s.divergencias > 0 || r.erros.length > 0 ? 'warning' : 'success'}
        showIcon
        title={
          s.novas === 0
            ? `Todas as ${s.linhas} linhas deste arquivo já tinham sido importadas: nada mudou.`
            : `${s.novas} linhas importadas (${s.jaImportadas} já importadas antes), ${s.conciliadas} conciliadas, ` +
              `${s.baixadas} baixadas, ${s.divergencias} divergências. Recebido: ${formatarMoeda(s.recebido)}.`
        }
      />
      {r.erros.length > 0 && (
        <Alert
          type="error"
          title={`${r.erros.length} linha(s) não lida(s)`}
          description={r.erros.slice(0, 20).map((e) => (
            <div key={`${e.linha}-${e.coluna ?? ''}`}>
              Linha {e.linha}: {e.mensagem}
            </div>
          ))}
        />
      )}
      {r.divergencias.length > 0 && (
        <Table<DivergenciaExtrato>
          size="small"
          rowKey={(d) => `${d.tipo}-${d.linha ?? ''}-${d.titulo?._id ?? ''}`}
          title={() => 'Divergências'}
          dataSource={r.divergencias}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          scroll={{ x: true }}
          columns={[
            {
              title: 'Divergência',
              key: 'tipo',
              render: (_, d) => <Tag color={COR_DIVERGENCIA[d.tipo]}>{ROTULOS_DIVERGENCIA[d.tipo]}</Tag>,
            },
            { title: 'Linha', dataIndex: 'linha' },
            { title: 'NSU', dataIndex: 'nsu' },
            { title: 'Venda', key: 'venda', render: (_, d) => dataBr(d.dataVenda) },
            { title: 'Parcela', dataIndex: 'parcela' },
            { title: 'Previsto', key: 'prev', render: (_, d) => dataBr(d.dataPrevista) },
            { title: 'Pago em', key: 'pag', render: (_, d) => dataBr(d.dataPagamento) },
            {
              title: 'Esperado',
              key: 'esp',
              align: 'right',
              render: (_, d) => (d.esperado ? formatarMoeda(d.esperado) : ''),
            },
            {
              title: 'Pago',
              key: 'pago',
              align: 'right',
              render: (_, d) => (d.pago ? formatarMoeda(d.pago) : ''),
            },
            {
              title: 'Diferença',
              key: 'dif',
              align: 'right',
              render: (_, d) => (d.diferenca ? formatarMoeda(d.diferenca) : ''),
            },
            { title: 'Observação', key: 'obs', render: (_, d) => d.motivo ?? d.titulo?.descricao ?? '' },
          ]}
        />
      )}
    </Flex>
  );
}
