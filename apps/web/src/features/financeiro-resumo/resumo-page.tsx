import { ReloadOutlined } from '@ant-design/icons';
import { formatarData, formatarMoeda, type ResumoFinanceiro } from '@retaguarda/domain';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Empty, Flex, Form, Row, Select, Statistic, Table, Typography, theme } from 'antd';
import { useState } from 'react';
import { GraficoBarras } from '../../lib/graficos/grafico-barras.tsx';
import { useSessao } from '../../lib/session/sessao.ts';
import { nomeEmpresa, useEmpresasUsuario } from '../auth/empresas-usuario.tsx';
import { resumoFinanceiroQuery } from './api.ts';

// financeiroResumo (issue 18): the owner's first look at money — each account's balance, what is due today and
// overdue, what the card acquirers will pay in the next 30 days, and the cash flow realised against the forecast
// (30 days back and ahead). Everything is read from the ledger and the open titles; nothing is typed here.

const diaCurto = (dia: string) => formatarData(`${dia}T12:00:00-03:00`).slice(0, 5);

export function ResumoFinanceiroPage() {
  const sessao = useSessao((s) => s.empresa?._id);
  const { empresas } = useEmpresasUsuario();
  const [escolhidas, setEscolhidas] = useState<string[] | null>(null);
  const lojas = escolhidas ?? (sessao ? [sessao] : []);
  const resumo = useQuery({ ...resumoFinanceiroQuery(lojas), enabled: lojas.length > 0 });
  const d = resumo.data;

  return (
    <Flex vertical gap={16}>
      <Flex gap={8} wrap justify="space-between" align="center">
        <Form layout="inline">
          <Form.Item label="Empresas" htmlFor="resumo-empresas">
            <Select
              id="resumo-empresas"
              mode="multiple"
              aria-label="Empresas"
              style={{ minWidth: 260, maxWidth: 520 }}
              maxTagCount="responsive"
              value={lojas}
              onChange={(v: string[]) => setEscolhidas(v)}
              options={empresas.map((e) => ({ value: e._id, label: nomeEmpresa(e) }))}
            />
          </Form.Item>
        </Form>
        <Button icon={<ReloadOutlined />} onClick={() => void resumo.refetch()} loading={resumo.isFetching}>
          Atualizar
        </Button>
      </Flex>
      {!d ? (
        <Empty description={lojas.length ? 'Carregando…' : 'Escolha ao menos uma empresa.'} />
      ) : (
        <Conteudo d={d} />
      )}
    </Flex>
  );
}

function Conteudo({ d }: { d: ResumoFinanceiro }) {
  const { token } = theme.useToken();
  const cartao = (titulo: string, valor: string, qtd: number, id: string, alerta = false) => (
    <Col xs={12} lg={6}>
      <Card size="small">
        <Statistic
          title={titulo}
          value={formatarMoeda(valor)}
          data-testid={id}
          styles={{ content: alerta && Number(valor) > 0 ? { color: token.colorError } : undefined }}
        />
        <Typography.Text type="secondary">
          {qtd} {qtd === 1 ? 'título' : 'títulos'}
        </Typography.Text>
      </Card>
    </Col>
  );

  return (
    <>
      <Row gutter={[12, 12]}>
        {cartao('A pagar hoje', d.pagar.hoje.valor, d.pagar.hoje.quantidade, 'resumo-pagar-hoje')}
        {cartao(
          'A pagar vencido',
          d.pagar.vencidos.valor,
          d.pagar.vencidos.quantidade,
          'resumo-pagar-vencido',
          true,
        )}
        {cartao('A receber hoje', d.receber.hoje.valor, d.receber.hoje.quantidade, 'resumo-receber-hoje')}
        {cartao(
          'A receber vencido',
          d.receber.vencidos.valor,
          d.receber.vencidos.quantidade,
          'resumo-receber-vencido',
          true,
        )}
      </Row>
      <Card
        size="small"
        title="Fluxo de caixa: realizado e previsto (30 dias antes e depois de hoje)"
        extra={
          <Typography.Text type="secondary">Barras claras: previsto (títulos em aberto)</Typography.Text>
        }
      >
        <GraficoBarras
          rotulo="Fluxo de caixa realizado e previsto por dia"
          corTexto={token.colorTextSecondary}
          corLinha={token.colorBorderSecondary}
          series={[
            { nome: 'Entradas', cor: token.colorSuccess },
            { nome: 'Saídas', cor: token.colorError },
          ]}
          // Up to today what happened (today also what is still due); after today, lighter, what is due.
          grupos={d.fluxo.map((f) => ({
            rotulo: diaCurto(f.dia),
            tenue: f.dia > d.hoje,
            valores: [
              Number(f.entradas) + Number(f.previstoEntradas),
              -(Number(f.saidas) + Number(f.previstoSaidas)),
            ],
          }))}
        />
      </Card>
      <Row gutter={[12, 12]}>
        <Col xs={24} lg={12}>
          <Card size="small" title={`Saldos das contas — total ${formatarMoeda(d.saldoTotal)}`}>
            <Table
              data-testid="resumo-contas"
              size="small"
              rowKey="_id"
              pagination={false}
              dataSource={d.contas}
              locale={{ emptyText: 'Nenhuma conta cadastrada.' }}
              columns={[
                { title: 'Conta', dataIndex: 'descricao' },
                { title: 'Loja', key: 'loja', render: (_: unknown, c) => c.empresa.descricao },
                {
                  title: 'Saldo',
                  dataIndex: 'saldo',
                  align: 'right',
                  render: (v: string) => (
                    <span
                      style={{ color: Number(v) < 0 ? token.colorError : undefined, whiteSpace: 'nowrap' }}
                    >
                      {formatarMoeda(v)}
                    </span>
                  ),
                },
              ]}
            />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card size="small" title="Recebíveis de cartão nos próximos 30 dias">
            <Table
              data-testid="resumo-operadoras"
              size="small"
              rowKey={(o) => o.operadora._id ?? 'sem'}
              pagination={false}
              dataSource={d.recebiveisOperadora}
              locale={{ emptyText: 'Nenhum recebível de cartão previsto.' }}
              columns={[
                { title: 'Operadora', key: 'op', render: (_: unknown, o) => o.operadora.descricao },
                { title: 'Títulos', dataIndex: 'quantidade', align: 'right' },
                {
                  title: 'Bruto',
                  dataIndex: 'bruto',
                  align: 'right',
                  render: (v: string) => formatarMoeda(v),
                },
                { title: 'Taxa', dataIndex: 'taxa', align: 'right', render: (v: string) => formatarMoeda(v) },
                {
                  title: 'Líquido',
                  dataIndex: 'liquido',
                  align: 'right',
                  render: (v: string) => formatarMoeda(v),
                },
              ]}
            />
          </Card>
        </Col>
      </Row>
    </>
  );
}
