import { PlusOutlined, ReloadOutlined, RollbackOutlined, SwapOutlined } from '@ant-design/icons';
import {
  DESCRICAO_ORIGEM_MOVIMENTACAO,
  formatarMoeda,
  type LinhaExtratoConta,
  type SaldoConta,
} from '@retaguarda/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  DatePicker,
  Empty,
  Flex,
  Form,
  Input,
  Modal,
  Popconfirm,
  Radio,
  Select,
  Statistic,
  Table,
  Tag,
  Tooltip,
  Typography,
  theme,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { MenuExportacao } from '../../lib/exportar/menu-exportacao.tsx';
import { novoId } from '../../lib/ids/novo-id.ts';
import {
  ajustar,
  chavesMovimentacao,
  estornar,
  extratoQuery,
  type OpcaoPlano,
  planoOpcoesQuery,
  saldosQuery,
  transferir,
} from './api.ts';
import { tabelaDoExtrato } from './exportacao.ts';
import { valorDigitado } from './valor.ts';

// financeiroMovimentacao (issue 18): one account's statement over a period — opening balance, each movement with
// the running balance after it, totals in and out, closing balance — plus a transfer between accounts, an
// adjustment, and the reversal of a manual movement (a transfer's reversal undoes both accounts' legs).

const hoje = () => dayjs().format('YYYY-MM-DD');
const inicioMes = () => dayjs().startOf('month').format('YYYY-MM-DD');
const dataBr = (d: string) => dayjs(d).format('DD/MM/YYYY');

const rotuloConta = (c: SaldoConta) => `${c.descricao}${c.ativo ? '' : ' (inativa)'}`;

// App gives the page's dialogs and toasts (App.useApp) the theme; the shell has none above the routes.
export function MovimentacaoPage() {
  return (
    <App component={false}>
      <MovimentacaoPageConteudo />
    </App>
  );
}

function MovimentacaoPageConteudo() {
  const [params, setParams] = useSearchParams();
  const conta = params.get('conta') ?? undefined;
  const de = params.get('de') ?? inicioMes();
  const ate = params.get('ate') ?? hoje();
  const [dialogo, setDialogo] = useState<'transferencia' | 'ajuste' | null>(null);
  const { token } = theme.useToken();
  const queryClient = useQueryClient();
  const { message } = App.useApp();

  const contas = useQuery(saldosQuery());
  const extrato = useQuery({ ...extratoQuery(conta ?? '', de, ate), enabled: Boolean(conta) });
  const x = extrato.data && extrato.data.conta._id === conta ? extrato.data : undefined;

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

  const recarregar = () => queryClient.invalidateQueries({ queryKey: chavesMovimentacao.todas });
  const estorno = useMutation({
    mutationFn: (m: LinhaExtratoConta) => estornar(m._id, [m.data, hoje()].sort()[1] ?? hoje()),
    onSuccess: async () => {
      message.success('Movimentação estornada.');
      await recarregar();
    },
  });

  const cor = (valor: string) => (valor.startsWith('-') ? token.colorError : token.colorSuccess);

  return (
    <Flex vertical gap={12}>
      <Flex gap={12} wrap align="center">
        <Flex gap={8} align="center" style={{ minWidth: 300, flex: 1, maxWidth: 460 }}>
          <label htmlFor="mov-conta">Conta</label>
          <Select
            id="mov-conta"
            aria-label="Conta"
            showSearch={{ optionFilterProp: 'label' }}
            style={{ flex: 1 }}
            placeholder="Escolha a conta"
            loading={contas.isPending}
            value={conta}
            onChange={(v: string) => mudar({ conta: v })}
            options={(contas.data ?? []).map((c) => ({
              value: c._id,
              label: rotuloConta(c),
              saldo: c.saldo,
            }))}
            optionRender={(o) => (
              <Flex justify="space-between" gap={8}>
                <span>{o.label}</span>
                <Typography.Text type="secondary">{formatarMoeda(String(o.data.saldo))}</Typography.Text>
              </Flex>
            )}
          />
        </Flex>
        <Flex gap={8} align="center">
          <span>Período</span>
          <DatePicker.RangePicker
            aria-label="Período"
            format="DD/MM/YYYY"
            allowClear={false}
            value={[dayjs(de), dayjs(ate)]}
            onChange={(v) => mudar({ de: v?.[0]?.format('YYYY-MM-DD'), ate: v?.[1]?.format('YYYY-MM-DD') })}
          />
        </Flex>
        <Flex gap={8} wrap>
          <Button
            icon={<ReloadOutlined />}
            loading={extrato.isFetching || contas.isFetching}
            onClick={recarregar}
          >
            Atualizar
          </Button>
          <Button icon={<SwapOutlined />} onClick={() => setDialogo('transferencia')}>
            Transferência
          </Button>
          <Button icon={<PlusOutlined />} onClick={() => setDialogo('ajuste')}>
            Ajuste
          </Button>
          <MenuExportacao montar={() => (x ? tabelaDoExtrato(x) : null)} desabilitado={!x} />
        </Flex>
      </Flex>

      {!conta ? (
        <Card>
          <Empty description="Escolha a conta e o período para ver o extrato." />
          <SaldosContas contas={contas.data ?? []} aoEscolher={(c) => mudar({ conta: c })} />
        </Card>
      ) : (
        <>
          <Card size="small" data-testid="resumo-extrato">
            <Flex gap={32} wrap>
              <Statistic title="Saldo inicial" value={x ? formatarMoeda(x.saldoInicial) : '—'} />
              <Statistic
                title="Entradas"
                value={x ? formatarMoeda(x.entradas) : '—'}
                styles={{ content: { color: token.colorSuccess } }}
              />
              <Statistic
                title="Saídas"
                value={x ? formatarMoeda(`-${x.saidas}`) : '—'}
                styles={{ content: { color: token.colorError } }}
              />
              <Statistic
                title="Saldo final"
                value={x ? formatarMoeda(x.saldoFinal) : '—'}
                data-testid="extrato-saldo-final"
              />
            </Flex>
          </Card>
          {x?.truncado && (
            <Typography.Text type="warning">
              O período tem mais movimentações do que as mostradas; os saldos e totais contam todas. Reduza o
              período.
            </Typography.Text>
          )}
          <Table<LinhaExtratoConta>
            size="small"
            rowKey="_id"
            data-testid="tabela-extrato"
            loading={extrato.isFetching}
            dataSource={x?.movimentacoes ?? []}
            pagination={false}
            scroll={{ x: 980 }}
            locale={{ emptyText: 'Nenhuma movimentação no período.' }}
            columns={[
              { title: 'Data', key: 'data', width: 100, render: (_, m) => dataBr(m.data) },
              {
                title: 'Descrição',
                key: 'descricao',
                render: (_, m) => (
                  <Flex gap={4} wrap align="center">
                    <span>{m.descricao}</span>
                    {m.estornoDe && <Tag color="warning">Estorno</Tag>}
                    {m.estornada && <Tag>Estornada</Tag>}
                  </Flex>
                ),
              },
              {
                title: 'Origem',
                key: 'origem',
                width: 150,
                render: (_, m) =>
                  `${DESCRICAO_ORIGEM_MOVIMENTACAO[m.origemTipo] ?? m.origemTipo}${
                    // The default description already names the other account of a transfer.
                    m.contraPartida && !m.descricao.includes(m.contraPartida.descricao)
                      ? ` · ${m.contraPartida.descricao}`
                      : ''
                  }`,
              },
              {
                title: 'Plano de contas',
                key: 'plano',
                width: 220,
                ellipsis: true,
                render: (_, m) => (m.planoConta ? `${m.planoConta.codigo} ${m.planoConta.descricao}` : '—'),
              },
              {
                title: 'Valor',
                key: 'valor',
                align: 'right',
                width: 130,
                render: (_, m) => <span style={{ color: cor(m.valor) }}>{formatarMoeda(m.valor)}</span>,
              },
              {
                title: 'Saldo',
                key: 'saldo',
                align: 'right',
                width: 140,
                render: (_, m) => <span data-testid="saldo-linha">{formatarMoeda(m.saldoAtual)}</span>,
              },
              {
                title: '',
                key: 'acoes',
                width: 56,
                render: (_, m) =>
                  m.estornavel ? (
                    <Popconfirm
                      title={
                        m.origemTipo === 'transferencia'
                          ? 'Estornar a transferência? As duas contas recebem o estorno.'
                          : 'Estornar este ajuste?'
                      }
                      okText="Estornar"
                      cancelText="Cancelar"
                      onConfirm={() => estorno.mutateAsync(m)}
                    >
                      <Tooltip title="Estornar">
                        <Button type="text" aria-label="Estornar" icon={<RollbackOutlined />} />
                      </Tooltip>
                    </Popconfirm>
                  ) : null,
              },
            ]}
          />
        </>
      )}

      {dialogo === 'transferencia' && (
        <DialogoTransferencia
          contas={contas.data ?? []}
          origem={conta}
          aoFechar={() => setDialogo(null)}
          aoGravar={recarregar}
        />
      )}
      {dialogo === 'ajuste' && (
        <DialogoAjuste
          contas={contas.data ?? []}
          conta={conta}
          aoFechar={() => setDialogo(null)}
          aoGravar={recarregar}
        />
      )}
    </Flex>
  );
}

/** The accounts' balances, shown before one is chosen. */
function SaldosContas({ contas, aoEscolher }: { contas: SaldoConta[]; aoEscolher: (conta: string) => void }) {
  if (!contas.length) return null;
  return (
    <Table<SaldoConta>
      size="small"
      rowKey="_id"
      data-testid="tabela-saldos"
      pagination={false}
      dataSource={contas}
      onRow={(c) => ({ onClick: () => aoEscolher(c._id), style: { cursor: 'pointer' } })}
      columns={[
        { title: 'Conta', key: 'descricao', render: (_, c) => rotuloConta(c) },
        { title: 'Tipo', dataIndex: 'tipo', width: 140 },
        {
          title: 'Saldo',
          key: 'saldo',
          align: 'right',
          width: 160,
          render: (_, c) => formatarMoeda(c.saldo),
        },
      ]}
    />
  );
}

interface PropsDialogo {
  contas: SaldoConta[];
  aoFechar: () => void;
  aoGravar: () => Promise<unknown>;
}

const regrasValor = [
  { required: true, message: 'Informe o valor.' },
  {
    validator: (_: unknown, v: string | undefined) =>
      !v || valorDigitado(v)
        ? Promise.resolve()
        : Promise.reject(new Error('Valor inválido: informe um valor maior que zero, como 100,00.')),
  },
];

const opcoesContas = (contas: SaldoConta[]) =>
  contas
    .filter((c) => c.ativo)
    .map((c) => ({ value: c._id, label: `${c.descricao} · ${formatarMoeda(c.saldo)}` }));

function DialogoTransferencia({
  contas,
  origem,
  aoFechar,
  aoGravar,
}: PropsDialogo & { origem: string | undefined }) {
  // The operation's id, made once: a retry after a lost answer is the same transfer.
  const [_id] = useState(novoId);
  const [form] = Form.useForm<{
    contaOrigem: string;
    contaDestino: string;
    valor: string;
    data: Dayjs;
    descricao?: string;
  }>();
  const { message } = App.useApp();
  const gravar = useMutation({
    mutationFn: async () => {
      const v = await form.validateFields();
      return transferir({
        _id,
        contaOrigem: v.contaOrigem,
        contaDestino: v.contaDestino,
        valor: valorDigitado(v.valor) ?? v.valor,
        data: v.data.format('YYYY-MM-DD'),
        ...(v.descricao?.trim() ? { descricao: v.descricao.trim() } : {}),
      });
    },
    onSuccess: async () => {
      message.success('Transferência lançada.');
      await aoGravar();
      aoFechar();
    },
  });
  return (
    <Modal
      open
      title="Transferência entre contas"
      okText="Transferir"
      cancelText="Cancelar"
      confirmLoading={gravar.isPending}
      onOk={() => gravar.mutate()}
      onCancel={aoFechar}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ contaOrigem: origem, data: dayjs() }}>
        <Form.Item
          name="contaOrigem"
          label="Conta de origem"
          rules={[{ required: true, message: 'Escolha a conta de origem.' }]}
        >
          <Select showSearch={{ optionFilterProp: 'label' }} options={opcoesContas(contas)} />
        </Form.Item>
        <Form.Item
          name="contaDestino"
          label="Conta de destino"
          dependencies={['contaOrigem']}
          rules={[
            { required: true, message: 'Escolha a conta de destino.' },
            ({ getFieldValue }) => ({
              validator: (_, v) =>
                v && v === getFieldValue('contaOrigem')
                  ? Promise.reject(new Error('Escolha contas diferentes para a transferência.'))
                  : Promise.resolve(),
            }),
          ]}
        >
          <Select showSearch={{ optionFilterProp: 'label' }} options={opcoesContas(contas)} />
        </Form.Item>
        <Flex gap={12}>
          <Form.Item name="valor" label="Valor (R$)" style={{ flex: 1 }} rules={regrasValor}>
            <Input inputMode="decimal" placeholder="0,00" />
          </Form.Item>
          <Form.Item
            name="data"
            label="Data"
            style={{ flex: 1 }}
            rules={[{ required: true, message: 'Informe a data.' }]}
          >
            <DatePicker format="DD/MM/YYYY" style={{ width: '100%' }} />
          </Form.Item>
        </Flex>
        <Form.Item name="descricao" label="Descrição (opcional)">
          <Input maxLength={200} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function DialogoAjuste({ contas, conta, aoFechar, aoGravar }: PropsDialogo & { conta: string | undefined }) {
  const [_id] = useState(novoId);
  const [form] = Form.useForm<{
    conta: string;
    sentido: 'entrada' | 'saida';
    valor: string;
    data: Dayjs;
    planoConta?: string;
    descricao: string;
  }>();
  const plano = useQuery(planoOpcoesQuery());
  const { message } = App.useApp();
  const gravar = useMutation({
    mutationFn: async () => {
      const v = await form.validateFields();
      const valor = valorDigitado(v.valor) ?? v.valor;
      return ajustar({
        _id,
        conta: v.conta,
        valor: v.sentido === 'saida' ? `-${valor}` : valor,
        data: v.data.format('YYYY-MM-DD'),
        descricao: v.descricao.trim(),
        ...(v.planoConta ? { planoConta: v.planoConta } : {}),
      });
    },
    onSuccess: async () => {
      message.success('Ajuste lançado.');
      await aoGravar();
      aoFechar();
    },
  });
  const opcoesPlano = (plano.data ?? [])
    .filter((p: OpcaoPlano) => p.ativo !== false)
    .map((p) => ({ value: p._id, label: `${p.codigo} ${p.descricao}` }));
  return (
    <Modal
      open
      title="Ajuste de saldo"
      okText="Lançar ajuste"
      cancelText="Cancelar"
      confirmLoading={gravar.isPending}
      onOk={() => gravar.mutate()}
      onCancel={aoFechar}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ conta, data: dayjs(), sentido: 'entrada' }}>
        <Form.Item name="conta" label="Conta" rules={[{ required: true, message: 'Escolha a conta.' }]}>
          <Select showSearch={{ optionFilterProp: 'label' }} options={opcoesContas(contas)} />
        </Form.Item>
        <Form.Item name="sentido" label="Tipo">
          <Radio.Group
            optionType="button"
            options={[
              { value: 'entrada', label: 'Entrada' },
              { value: 'saida', label: 'Saída' },
            ]}
          />
        </Form.Item>
        <Flex gap={12}>
          <Form.Item name="valor" label="Valor (R$)" style={{ flex: 1 }} rules={regrasValor}>
            <Input inputMode="decimal" placeholder="0,00" />
          </Form.Item>
          <Form.Item
            name="data"
            label="Data"
            style={{ flex: 1 }}
            rules={[{ required: true, message: 'Informe a data.' }]}
          >
            <DatePicker format="DD/MM/YYYY" style={{ width: '100%' }} />
          </Form.Item>
        </Flex>
        <Form.Item name="planoConta" label="Plano de contas (opcional)">
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            loading={plano.isPending}
            options={opcoesPlano}
          />
        </Form.Item>
        <Form.Item
          name="descricao"
          label="Descrição"
          rules={[{ required: true, whitespace: true, message: 'Informe a descrição.' }]}
        >
          <Input maxLength={200} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
