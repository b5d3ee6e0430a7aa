import { ArrowLeftOutlined, CheckOutlined } from '@ant-design/icons';
import { formatarDataHora, formatarMoeda } from '@retaguarda/domain';
import {
  exigeLiberacaoDiferenca,
  type MovimentacaoPostada,
  type MovimentoCaixaDetalhe,
} from '@retaguarda/domain/caixa/conciliacao';
import { type LinhaConferencia, ROTULOS_FECHAMENTO as R } from '@retaguarda/domain/caixa/fechamento';
import { PERMISSAO } from '@retaguarda/domain/catalogos/permissoes';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Empty,
  Flex,
  Input,
  Result,
  Skeleton,
  Space,
  Table,
  Typography,
  theme,
} from 'antd';
import type React from 'react';
import { useState } from 'react';
import { definirEmpresaDasChamadas, ErroApi } from '../../lib/api/cliente.ts';
import { notificar } from '../../lib/notify/notificar.ts';
import { useTemPermissao } from '../auth/empresas-usuario.tsx';
import { useLiberacaoSupervisor } from '../liberacao/liberacao-supervisor.tsx';
import { chavesConciliacao, conciliarFechamento, detalheFechamentoQuery } from './api.ts';
import { Diferenca, TagStatusCaixa } from './comum.tsx';

// One cashier closing as the finance clerk checks it (spec 1 section 3 "Cash closing"): who opened and closed it,
// the drawer (opening fund + cash sales + supplies - bleed-offs = expected), each bleed-off and supply with its
// motive, operator and supervisor, sales per payment type, expected vs counted per type and the difference.
// "Conciliar" confirms it; a closing with a divergence needs permission 42 (Fechar Caixa com Diferença), so a
// clerk without it gets the supervisor's release dialog the POS uses. The finance movements the reconciliation
// posted (cash into the store's cash account, the difference as Quebra/Sobra de caixa) are listed below.

export function DetalheFechamento({ id, aoVoltar }: { id: string; aoVoltar: () => void }) {
  const consulta = useQuery(detalheFechamentoQuery(id));
  const d = consulta.data;
  if (consulta.isError)
    return (
      <Result
        status="warning"
        title="Fechamento não encontrado."
        extra={<Button onClick={aoVoltar}>Voltar</Button>}
      />
    );
  if (!d) return <Skeleton active />;
  const f = d.fechamento;
  const fig = d.figuras;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="detalhe-fechamento">
      <Flex gap={12} align="center" wrap>
        <Button icon={<ArrowLeftOutlined />} onClick={aoVoltar}>
          Fechamentos
        </Button>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {f.caixa.descricao} · {f.empresa.descricao}
        </Typography.Title>
        <TagStatusCaixa status={f.status} />
        <Conciliar id={id} empresa={f.empresa._id} status={f.status.id} diferenca={f.diferenca} />
      </Flex>
      {fig.diferencaTotal !== null && (
        <Alert
          type={Number(fig.diferencaTotal) === 0 ? 'success' : 'error'}
          showIcon
          data-testid="alerta-diferenca"
          title={
            <span>
              {R.diferencaTotal}: <Diferenca valor={fig.diferencaTotal} testid="diferenca-total" />
              {/* Reconciled: who accepted it there; else who released it at the POS closing. */}
              {(d.conciliacao?.supervisor ?? f.supervisorDiferenca) && (
                <Typography.Text type="secondary" data-testid="aceita-por">
                  {' · '}
                  {d.conciliacao?.supervisor
                    ? `aceita por ${d.conciliacao.supervisor.nome}`
                    : `liberada no fechamento por ${f.supervisorDiferenca?.nome ?? ''}`}
                </Typography.Text>
              )}
            </span>
          }
        />
      )}
      {/* Reconciled: what reached finance comes first. */}
      {f.status.id === 5 && <LancamentosFinanceiros status={f.status.id} linhas={d.movimentacoes} />}
      <Flex gap={16} wrap align="start">
        <Card size="small" title="Período" style={{ flex: '1 1 360px' }}>
          <Descriptions column={1} size="small" data-testid="dados-periodo">
            <Descriptions.Item label="Abertura">
              {formatarDataHora(f.dataAbertura)} · {f.operadorAbertura?.nome ?? '-'}
            </Descriptions.Item>
            <Descriptions.Item label="Fechamento">
              {f.dataFechamento ? formatarDataHora(f.dataFechamento) : '-'} ·{' '}
              {f.operadorFechamento?.nome ?? '-'}
            </Descriptions.Item>
            <Descriptions.Item label="Vendas encerradas">
              {d.vendasEncerradas.quantidade} · {formatarMoeda(d.vendasEncerradas.total)}
            </Descriptions.Item>
            {f.supervisorDiferenca && (
              <Descriptions.Item label="Supervisor do fechamento">
                {f.supervisorDiferenca.nome}
              </Descriptions.Item>
            )}
            {d.observacao && (
              <Descriptions.Item label="Observação do fechamento">{d.observacao}</Descriptions.Item>
            )}
          </Descriptions>
        </Card>
        {d.conciliacao && (
          <Card size="small" title="Conciliação" style={{ flex: '1 1 360px' }}>
            <Descriptions column={1} size="small" data-testid="dados-conciliacao">
              <Descriptions.Item label="Conciliado">
                {d.conciliacao.em ? formatarDataHora(d.conciliacao.em) : '-'} ·{' '}
                {d.conciliacao.por?.nome ?? '-'}
              </Descriptions.Item>
              {d.conciliacao.supervisor && (
                <Descriptions.Item label="Diferença aceita por">
                  {d.conciliacao.supervisor.nome}
                </Descriptions.Item>
              )}
              {d.conciliacao.observacao && (
                <Descriptions.Item label="Observação da conciliação">
                  {d.conciliacao.observacao}
                </Descriptions.Item>
              )}
            </Descriptions>
          </Card>
        )}
        <Card size="small" title={R.gaveta} style={{ flex: '1 1 360px' }}>
          <Descriptions column={1} size="small" bordered data-testid="gaveta">
            <Descriptions.Item label={R.valorAbertura}>{formatarMoeda(fig.valorAbertura)}</Descriptions.Item>
            <Descriptions.Item label={`+ ${R.vendasDinheiro}`}>
              {formatarMoeda(fig.vendasDinheiro)}
            </Descriptions.Item>
            <Descriptions.Item label={`+ ${R.suprimentos} (${fig.quantidadeSuprimentos})`}>
              {formatarMoeda(fig.totalSuprimentos)}
            </Descriptions.Item>
            <Descriptions.Item label={`- ${R.sangrias} (${fig.quantidadeSangrias})`}>
              {formatarMoeda(fig.totalSangrias)}
            </Descriptions.Item>
            <Descriptions.Item label={`= ${R.dinheiroEsperado}`}>
              <Typography.Text strong data-testid="dinheiro-esperado">
                {formatarMoeda(fig.dinheiroEsperado)}
              </Typography.Text>
            </Descriptions.Item>
          </Descriptions>
        </Card>
      </Flex>
      <Flex gap={16} wrap align="start">
        <Card size="small" title={R.vendasPorForma} style={{ flex: '1 1 360px' }}>
          <Table
            size="small"
            pagination={false}
            rowKey="tipo"
            dataSource={fig.vendasPorForma}
            data-testid="vendas-forma"
            locale={{ emptyText: 'Nenhuma venda recebida.' }}
            columns={[
              { title: 'Forma', dataIndex: 'descricao' },
              { title: 'Qtde', dataIndex: 'quantidade', align: 'right', width: 70 },
              { title: 'Valor', dataIndex: 'valor', align: 'right', render: (v: string) => formatarMoeda(v) },
            ]}
            summary={() => (
              <Table.Summary.Row>
                <Table.Summary.Cell index={0} colSpan={2}>
                  <Typography.Text strong>{R.totalVendasRegistradas}</Typography.Text>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={1} align="right">
                  <Typography.Text strong>{formatarMoeda(fig.totalVendasRegistradas)}</Typography.Text>
                </Table.Summary.Cell>
              </Table.Summary.Row>
            )}
          />
        </Card>
        <Card size="small" title={R.conferencia} style={{ flex: '1 1 460px' }}>
          <Table<LinhaConferencia>
            size="small"
            pagination={false}
            rowKey="tipo"
            dataSource={fig.conferencia}
            data-testid="conferencia"
            onRow={(l) => ({ 'data-testid': `conferencia-${l.tipo}` }) as React.HTMLAttributes<HTMLElement>}
            columns={[
              { title: 'Forma', dataIndex: 'descricao' },
              {
                title: R.esperado,
                dataIndex: 'esperado',
                align: 'right',
                render: (v: string) => formatarMoeda(v),
              },
              {
                title: R.contado,
                dataIndex: 'contado',
                align: 'right',
                render: (v: string | null) => (v === null ? '-' : formatarMoeda(v)),
              },
              {
                title: R.diferenca,
                dataIndex: 'diferenca',
                align: 'right',
                render: (v: string | null) => <Diferenca valor={v} />,
              },
            ]}
          />
          {!fig.contado && <Typography.Paragraph type="secondary">{R.semContagem}</Typography.Paragraph>}
        </Card>
      </Flex>
      <Flex gap={16} wrap align="start">
        <MovimentosCaixa titulo="Sangrias" testid="sangrias" linhas={d.sangrias} />
        <MovimentosCaixa titulo="Suprimentos" testid="suprimentos" linhas={d.suprimentos} />
      </Flex>
      {f.status.id !== 5 && <LancamentosFinanceiros status={f.status.id} linhas={d.movimentacoes} />}
    </Space>
  );
}

function MovimentosCaixa({
  titulo,
  testid,
  linhas,
}: {
  titulo: string;
  testid: string;
  linhas: MovimentoCaixaDetalhe[];
}) {
  return (
    <Card size="small" title={titulo} style={{ flex: '1 1 460px' }}>
      <Table<MovimentoCaixaDetalhe>
        size="small"
        pagination={false}
        rowKey="_id"
        dataSource={linhas}
        data-testid={testid}
        locale={{ emptyText: `Nenhuma ${titulo === 'Sangrias' ? 'sangria' : 'suprimento'} no período.` }}
        scroll={{ x: 520 }}
        columns={[
          { title: 'Nº', dataIndex: 'numero', width: 50 },
          {
            title: 'Hora',
            dataIndex: 'data',
            width: 130,
            render: (v: string | null) => (v ? formatarDataHora(v) : ''),
          },
          {
            title: 'Valor',
            dataIndex: 'valor',
            width: 100,
            align: 'right',
            render: (v: string) => formatarMoeda(v),
          },
          { title: 'Motivo', dataIndex: 'motivo', ellipsis: true },
          {
            title: 'Operador',
            key: 'operador',
            width: 140,
            ellipsis: true,
            render: (_, m) => m.operador?.nome ?? '',
          },
          {
            title: 'Supervisor',
            key: 'supervisor',
            width: 160,
            ellipsis: true,
            render: (_, m) => m.supervisor?.nome ?? '',
          },
        ]}
      />
    </Card>
  );
}

function LancamentosFinanceiros({ status, linhas }: { status: number; linhas: MovimentacaoPostada[] }) {
  const { token } = theme.useToken();
  return (
    <Card size="small" title="Lançamentos no financeiro" data-testid="lancamentos-financeiros">
      {linhas.length === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={
            status === 5
              ? 'Conciliado: os lançamentos chegam ao financeiro em instantes.'
              : 'Ao conciliar, o dinheiro vai para a conta caixa da loja e a diferença para Quebra/Sobra de caixa.'
          }
        />
      ) : (
        <Table<MovimentacaoPostada>
          size="small"
          pagination={false}
          rowKey="_id"
          dataSource={linhas}
          data-testid="tabela-lancamentos"
          onRow={(m) =>
            ({ 'data-testid': `lancamento-${m.origemTipo}` }) as React.HTMLAttributes<HTMLElement>
          }
          columns={[
            // A day (YYYY-MM-DD), not an instant: read as one it would be the day before in -03:00.
            {
              title: 'Data',
              dataIndex: 'data',
              width: 100,
              render: (v: string) => v.split('-').reverse().join('/'),
            },
            {
              title: 'Conta',
              key: 'conta',
              width: 200,
              render: (_, m) => (
                <Typography.Link href={`#/financeiroMovimentacao?conta=${m.conta._id}`}>
                  {m.conta.descricao}
                </Typography.Link>
              ),
            },
            { title: 'Descrição', dataIndex: 'descricao' },
            {
              title: 'Plano de contas',
              key: 'plano',
              render: (_, m) => (m.planoConta ? `${m.planoConta.codigo} ${m.planoConta.descricao}` : ''),
            },
            {
              title: 'Valor',
              dataIndex: 'valor',
              width: 110,
              align: 'right',
              render: (v: string) => (
                <span style={{ color: Number(v) < 0 ? token.colorError : undefined }}>
                  {formatarMoeda(v)}
                </span>
              ),
            },
            {
              title: 'Saldo',
              dataIndex: 'saldoAtual',
              width: 110,
              align: 'right',
              render: (v: string) => formatarMoeda(v),
            },
          ]}
        />
      )}
    </Card>
  );
}

const PEDE_LIBERACAO = /libera[çc][ãa]o de supervisor/i;

/**
 * The reconciliation. A divergence without permission 42 asks the supervisor first (the POS's release dialog);
 * the release is bound to the closing's store, so the release request goes out with that store.
 */
function Conciliar({
  id,
  empresa,
  status,
  diferenca,
}: {
  id: string;
  empresa: string;
  status: number;
  diferenca: string | null;
}) {
  const cliente = useQueryClient();
  const { liberar } = useLiberacaoSupervisor();
  const podeManter = useTemPermissao(empresa, PERMISSAO.conciliacaoCaixaManter);
  const podeDiferenca = useTemPermissao(empresa, PERMISSAO.fecharCaixaComDiferenca);
  const [observacao, setObservacao] = useState('');
  const [enviando, setEnviando] = useState(false);
  if (status === 5) return null;

  const pedirLiberacao = async () => {
    definirEmpresaDasChamadas(empresa);
    try {
      return await liberar({
        permissao: PERMISSAO.fecharCaixaComDiferenca,
        senhaObrigatoria: true,
        mostrarMotivo: true,
      });
    } finally {
      definirEmpresaDasChamadas(null);
    }
  };

  const conciliar = async () => {
    setEnviando(true);
    try {
      const texto = observacao.trim();
      const base = { periodo: id, ...(texto ? { observacao: texto } : {}) };
      let liberacao: string | undefined;
      let motivo: string | undefined;
      if (exigeLiberacaoDiferenca(status) && !podeDiferenca) {
        const l = await pedirLiberacao();
        if (!l) return;
        liberacao = l.liberacao;
        motivo = l.motivo;
      }
      const corpo = {
        ...base,
        ...(liberacao ? { liberacao } : {}),
        ...(!texto && motivo ? { observacao: motivo } : {}),
      };
      try {
        await conciliarFechamento(corpo);
      } catch (erro) {
        // The permissions read on screen may be stale: the server's refusal asks for the supervisor too.
        if (liberacao || !(erro instanceof ErroApi && PEDE_LIBERACAO.test(erro.message))) throw erro;
        const l = await pedirLiberacao();
        if (!l) return;
        await conciliarFechamento({ ...corpo, ...(l.liberacao ? { liberacao: l.liberacao } : {}) });
      }
      notificar({ tipo: 'success', mensagem: 'Caixa conciliado.' });
      await cliente.invalidateQueries({ queryKey: chavesConciliacao.todas });
    } catch (erro) {
      notificar({
        tipo: 'error',
        mensagem: `Erro ao conciliar o caixa: ${erro instanceof Error ? erro.message : String(erro)}`,
      });
    } finally {
      setEnviando(false);
    }
  };

  return (
    <Flex gap={8} align="center" style={{ marginLeft: 'auto' }} wrap>
      <Input
        aria-label="Observação da conciliação"
        placeholder="Observação (opcional)"
        maxLength={500}
        value={observacao}
        onChange={(e) => setObservacao(e.target.value)}
        style={{ width: 260 }}
        disabled={!podeManter}
      />
      <Button
        type="primary"
        icon={<CheckOutlined />}
        loading={enviando}
        disabled={!podeManter}
        onClick={conciliar}
        data-testid="conciliar"
        title={
          !podeManter
            ? 'Sem permissão para conciliar o caixa nesta empresa.'
            : exigeLiberacaoDiferenca(status) && !podeDiferenca
              ? `Diferença de ${diferenca ? formatarMoeda(diferenca) : ''}: pede a liberação do supervisor.`
              : undefined
        }
      >
        Conciliar
      </Button>
    </Flex>
  );
}
