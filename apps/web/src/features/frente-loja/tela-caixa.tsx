import { formatarMoeda, PERMISSAO, tiposPagamento } from '@retaguarda/domain';
import {
  descreverDiferenca,
  type FigurasFechamento,
  type LinhaConferencia,
  ROTULOS_FECHAMENTO as R,
} from '@retaguarda/domain/caixa/fechamento';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Flex,
  Form,
  Input,
  InputNumber,
  Modal,
  Table,
  Tag,
  Typography,
  theme,
} from 'antd';
import type React from 'react';
import { useState } from 'react';
import { ErroApi } from '../../lib/api/cliente.ts';
import { notificar } from '../../lib/notify/notificar.ts';
import { useSessao } from '../../lib/session/sessao.ts';
import { useLiberacaoSupervisor } from '../liberacao/liberacao-supervisor.tsx';
import type { DadosFrenteLoja, EstadoPeriodo } from './dados-referencia.ts';
import { documentoFechamento, documentoMovimento, imprimirDocumento } from './impressao-caixa.ts';
import { caixaApi, type RelatorioFechamento } from './venda-api.ts';

// Cashier of the terminal's register (spec 1 section 4 and issue 5 point 2): open a period, supply and
// bleed-off slips, close with the count per payment type, reconcile, closing report.

const DIFERENCA_SEM_PERMISSAO = /diferen/i;

export function TelaCaixa({
  dados,
  periodo,
  aoAlterarPeriodo,
}: {
  dados: DadosFrenteLoja;
  periodo: EstadoPeriodo;
  aoAlterarPeriodo: () => Promise<void>;
}) {
  const { liberar } = useLiberacaoSupervisor();
  const operador = useSessao((s) => s.usuario?.usuario.nome ?? null);
  const [valorAbertura, setValorAbertura] = useState<number | null>(100);
  const [movimento, setMovimento] = useState<'sangria' | 'suprimento' | null>(null);
  const [valorMov, setValorMov] = useState<number | null>(null);
  const [motivo, setMotivo] = useState('');
  const [fechando, setFechando] = useState(false);
  const [contagem, setContagem] = useState<Record<number, number | null>>({});
  const [relatorio, setRelatorio] = useState<RelatorioFechamento | null>(null);
  const [ocupado, setOcupado] = useState(false);
  const empresa = dados.empresa._id;
  const terminal = dados.terminal._id;
  const tipos = [...new Set(dados.formasPagamento.map((f) => f.tipo))].sort((a, b) => a - b);
  const cabecalho = () => ({
    empresa: (dados.empresa.nomeFantasia || dados.empresa.descricao).slice(0, 100),
    cnpj: dados.empresa.cnpj ?? null,
    terminal: dados.terminal.descricao.slice(0, 60),
    operador,
    data: new Date().toISOString(),
  });

  /** Slips go to the cashier's printer; a printing failure is told but the cash write stands. */
  const imprimir = async (documento: { layout: string }, origemId?: string) => {
    try {
      await imprimirDocumento(terminal, documento, origemId);
      notificar({ tipo: 'info', mensagem: 'Comprovante enviado para impressão.' });
    } catch (erro) {
      notificar({
        tipo: 'warning',
        mensagem: `Comprovante não impresso: ${erro instanceof Error ? erro.message : String(erro)}`,
      });
    }
  };

  const abrir = async () => {
    setOcupado(true);
    try {
      await caixaApi.abrir(empresa, terminal, (valorAbertura ?? 0).toFixed(2));
      notificar({ tipo: 'success', mensagem: 'Caixa aberto.' });
      await aoAlterarPeriodo();
    } catch {
      // toast shown
    } finally {
      setOcupado(false);
    }
  };

  const movimentar = async () => {
    if (!movimento || !valorMov) return;
    const tipo = movimento;
    const l = await liberar({
      permissao: tipo === 'sangria' ? PERMISSAO.sangria : PERMISSAO.suprimento,
      senhaObrigatoria: false,
    });
    if (!l) return;
    try {
      const r = (await caixaApi.movimentar(tipo, {
        empresa,
        terminal,
        valor: valorMov.toFixed(2),
        motivo,
        ...(l.liberacao ? { liberacao: l.liberacao } : {}),
      })) as { _id?: string; numero?: number; valor?: string; motivo?: string } | null;
      notificar({
        tipo: 'success',
        mensagem: `${tipo === 'sangria' ? 'Sangria' : 'Suprimento'} de ${formatarMoeda(valorMov)} ${tipo === 'sangria' ? 'lançada' : 'lançado'}${r?.numero ? ` (comprovante nº ${r.numero})` : ''}.`,
      });
      setMovimento(null);
      setValorMov(null);
      setMotivo('');
      void imprimir(
        documentoMovimento(
          tipo,
          { numero: r?.numero ?? null, valor: r?.valor ?? valorMov.toFixed(2), motivo: r?.motivo ?? motivo },
          cabecalho(),
          dados.terminal.descricao,
          l.supervisor?.nome ?? null,
        ),
        r?._id,
      );
    } catch {
      // toast shown
    }
  };

  const fechar = async () => {
    const corpo = {
      empresa,
      terminal,
      contagem: tipos.map((t) => ({ tipo: t, valor: (contagem[t] ?? 0).toFixed(2) })),
    };
    setOcupado(true);
    try {
      let r: RelatorioFechamento;
      try {
        r = await caixaApi.fechar(corpo);
      } catch (erro) {
        // Closing with a difference needs permission 42: ask a supervisor and try again.
        if (
          !(erro instanceof ErroApi && erro.tipo === 'envelope' && DIFERENCA_SEM_PERMISSAO.test(erro.message))
        )
          throw erro;
        const l = await liberar({
          permissao: PERMISSAO.fecharCaixaComDiferenca,
          senhaObrigatoria: true,
          mostrarMotivo: true,
        });
        if (!l) return;
        r = await caixaApi.fechar({
          ...corpo,
          ...(l.liberacao ? { liberacao: l.liberacao } : {}),
          ...(l.motivo ? { observacao: l.motivo } : {}),
        });
      }
      setRelatorio(r);
      setFechando(false);
      void imprimir(documentoFechamento(r, cabecalho(), dados.terminal.descricao), r.periodo._id);
      await aoAlterarPeriodo();
    } catch {
      // toast shown
    } finally {
      setOcupado(false);
    }
  };

  const conciliar = async () => {
    if (!relatorio) return;
    try {
      await caixaApi.conciliar(relatorio.periodo._id);
      setRelatorio(await caixaApi.relatorio(relatorio.periodo._id));
      notificar({ tipo: 'success', mensagem: 'Caixa conciliado.' });
    } catch {
      // toast shown
    }
  };

  return (
    <Flex gap={12} align="start" wrap>
      <Card title="Caixa do terminal" style={{ flex: '1 1 420px' }} data-testid="tela-caixa">
        {!dados.terminal.caixa && <Alert type="error" showIcon title="Terminal sem caixa configurado." />}
        {periodo.periodoAberto ? (
          <>
            <Descriptions column={1} size="small">
              <Descriptions.Item label="Situação">
                <Tag color="success" data-testid="caixa-situacao">
                  Aberto
                </Tag>
              </Descriptions.Item>
              <Descriptions.Item label="Abertura">
                {periodo.dataAbertura ? new Date(periodo.dataAbertura).toLocaleString('pt-BR') : '-'}
              </Descriptions.Item>
            </Descriptions>
            <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr 1fr', gap: 8, marginTop: 12 }}>
              <Button size="large" style={{ minHeight: 56 }} onClick={() => setMovimento('sangria')}>
                Sangria
              </Button>
              <Button size="large" style={{ minHeight: 56 }} onClick={() => setMovimento('suprimento')}>
                Suprimento
              </Button>
              <Button
                size="large"
                style={{ minHeight: 56 }}
                type="primary"
                danger
                onClick={() => setFechando(true)}
              >
                Fechar caixa
              </Button>
            </div>
          </>
        ) : (
          <Form layout="vertical" onFinish={abrir}>
            <Typography.Paragraph>
              <Tag color="default" data-testid="caixa-situacao">
                Fechado
              </Tag>
              {periodo.existePeriodoAberto
                ? 'Há período aberto em outro caixa da loja.'
                : 'Nenhum período aberto.'}
            </Typography.Paragraph>
            <Form.Item label="Fundo de troco (abertura)" htmlFor="caixa-abertura">
              <InputNumber
                id="caixa-abertura"
                size="large"
                prefix="R$"
                min={0}
                precision={2}
                decimalSeparator=","
                value={valorAbertura}
                onChange={setValorAbertura}
                style={{ width: '100%' }}
              />
            </Form.Item>
            <Button
              type="primary"
              size="large"
              htmlType="submit"
              loading={ocupado}
              disabled={!dados.terminal.caixa}
            >
              Abrir caixa
            </Button>
          </Form>
        )}
      </Card>
      {relatorio && (
        <RelatorioCaixa
          relatorio={relatorio}
          aoConciliar={conciliar}
          aoImprimir={() =>
            void imprimir(
              documentoFechamento(relatorio, cabecalho(), dados.terminal.descricao),
              relatorio.periodo._id,
            )
          }
        />
      )}
      <Modal
        open={movimento !== null}
        title={movimento === 'sangria' ? 'Sangria' : 'Suprimento'}
        okText="Lançar"
        onOk={movimentar}
        onCancel={() => setMovimento(null)}
        okButtonProps={{ disabled: !valorMov, size: 'large' }}
        destroyOnHidden
      >
        <Form layout="vertical">
          <Form.Item label="Valor" htmlFor="mov-valor">
            <InputNumber
              id="mov-valor"
              size="large"
              prefix="R$"
              min={0}
              precision={2}
              decimalSeparator=","
              value={valorMov}
              onChange={setValorMov}
              style={{ width: '100%' }}
              autoFocus
            />
          </Form.Item>
          <Form.Item label="Motivo" htmlFor="mov-motivo">
            <Input
              id="mov-motivo"
              size="large"
              maxLength={200}
              value={motivo}
              onChange={(e) => setMotivo(e.target.value)}
            />
          </Form.Item>
        </Form>
      </Modal>
      <Modal
        open={fechando}
        title="Fechar caixa: contagem por forma de pagamento"
        okText="Fechar caixa"
        onOk={fechar}
        onCancel={() => setFechando(false)}
        okButtonProps={{ size: 'large', loading: ocupado }}
        destroyOnHidden
      >
        <Form layout="horizontal" labelCol={{ span: 12 }}>
          {tipos.map((t) => {
            const rotulo = tiposPagamento.porId(t)?.descricao ?? String(t);
            return (
              <Form.Item key={t} label={rotulo} htmlFor={`contagem-${t}`} style={{ marginBottom: 8 }}>
                <InputNumber
                  id={`contagem-${t}`}
                  aria-label={`Contagem ${rotulo}`}
                  prefix="R$"
                  min={0}
                  precision={2}
                  decimalSeparator=","
                  value={contagem[t] ?? null}
                  onChange={(v) => setContagem((c) => ({ ...c, [t]: v }))}
                  style={{ width: '100%' }}
                />
              </Form.Item>
            );
          })}
        </Form>
      </Modal>
    </Flex>
  );
}

export function RelatorioCaixa({
  relatorio,
  aoConciliar,
  aoImprimir,
}: {
  relatorio: RelatorioFechamento;
  aoConciliar: () => void;
  aoImprimir?: () => void;
}) {
  const r = relatorio as RelatorioFechamento & { figuras?: FigurasFechamento };
  const f = r.figuras;
  return (
    <Card
      title="Relatório de fechamento"
      style={{ flex: '1 1 520px' }}
      data-testid="relatorio-caixa"
      extra={
        <Flex gap={8}>
          {aoImprimir && (
            <Button onClick={aoImprimir} data-testid="imprimir-fechamento">
              Imprimir
            </Button>
          )}
          <Button onClick={aoConciliar} disabled={r.periodo.periodoAberto || r.periodo.status.id === 5}>
            Conciliar
          </Button>
        </Flex>
      }
    >
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label="Situação">
          <span data-testid="relatorio-status">{r.periodo.status.descricao ?? r.periodo.status.id}</span>
        </Descriptions.Item>
      </Descriptions>
      {f && f.diferencaTotal !== null && (
        <Alert
          style={{ marginTop: 12 }}
          type={descreverDiferenca(f.diferencaTotal).sentido === 'confere' ? 'success' : 'error'}
          showIcon
          data-testid="relatorio-diferenca-total"
          title={
            <span>
              {R.diferencaTotal}: <Diferenca valor={f.diferencaTotal} testid="relatorio-diferenca" />
            </span>
          }
        />
      )}
      {f ? (
        <>
          <Typography.Title level={5} style={{ marginTop: 12 }}>
            {R.vendasPorForma}
          </Typography.Title>
          <Table
            size="small"
            pagination={false}
            rowKey="tipo"
            dataSource={f.vendasPorForma}
            data-testid="relatorio-vendas-forma"
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
                  <Typography.Text strong data-testid="relatorio-vendas-registradas">
                    {formatarMoeda(f.totalVendasRegistradas)}
                  </Typography.Text>
                </Table.Summary.Cell>
              </Table.Summary.Row>
            )}
          />
          <Typography.Title level={5} style={{ marginTop: 12 }}>
            {R.gaveta}
          </Typography.Title>
          <Descriptions column={1} size="small" bordered data-testid="relatorio-gaveta">
            <Descriptions.Item label={R.valorAbertura}>{formatarMoeda(f.valorAbertura)}</Descriptions.Item>
            <Descriptions.Item label={`+ ${R.vendasDinheiro}`}>
              {formatarMoeda(f.vendasDinheiro)}
            </Descriptions.Item>
            <Descriptions.Item label={`+ ${R.suprimentos} (${f.quantidadeSuprimentos})`}>
              {formatarMoeda(f.totalSuprimentos)}
            </Descriptions.Item>
            <Descriptions.Item label={`- ${R.sangrias} (${f.quantidadeSangrias})`}>
              {formatarMoeda(f.totalSangrias)}
            </Descriptions.Item>
            <Descriptions.Item label={`= ${R.dinheiroEsperado}`}>
              <Typography.Text strong>{formatarMoeda(f.dinheiroEsperado)}</Typography.Text>
            </Descriptions.Item>
          </Descriptions>
          <Typography.Title level={5} style={{ marginTop: 12 }}>
            {R.conferencia}
          </Typography.Title>
          <Table<LinhaConferencia>
            size="small"
            pagination={false}
            rowKey="tipo"
            dataSource={f.conferencia}
            data-testid="relatorio-conferencia"
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
          {!f.contado && <Typography.Paragraph type="secondary">{R.semContagem}</Typography.Paragraph>}
          <Descriptions column={1} size="small" bordered style={{ marginTop: 12 }}>
            <Descriptions.Item
              label={
                <span>
                  {R.totalVendasContagem}
                  <br />
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {R.formulaContagem}
                  </Typography.Text>
                </span>
              }
            >
              <Typography.Text strong data-testid="relatorio-total-vendas">
                {formatarMoeda(f.totalVendasContagem)}
              </Typography.Text>
            </Descriptions.Item>
          </Descriptions>
        </>
      ) : (
        <Typography.Paragraph type="secondary">Relatório sem os valores detalhados.</Typography.Paragraph>
      )}
    </Card>
  );
}

/** A difference with its sign and word; shortage in the error colour, overage in the warning one. */
function Diferenca({ valor, testid }: { valor: string | null; testid?: string }) {
  const { token } = theme.useToken();
  if (valor === null) return <span>-</span>;
  const d = descreverDiferenca(valor);
  const cor =
    d.sentido === 'falta'
      ? token.colorError
      : d.sentido === 'sobra'
        ? token.colorWarning
        : token.colorSuccess;
  return (
    <Typography.Text strong style={{ color: cor }} data-testid={testid}>
      {d.texto}
    </Typography.Text>
  );
}
