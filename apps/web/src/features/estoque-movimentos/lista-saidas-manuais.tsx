import { RollbackOutlined } from '@ant-design/icons';
import {
  DESCRICAO_MOTIVO_SAIDA,
  escreverDinheiro,
  formatarDataHora,
  formatarMoeda,
  type ItemSaidaManual,
  lerDinheiro,
  type SaidaManualDocumento,
} from '@retaguarda/domain';
import { PERMISSAO } from '@retaguarda/domain/catalogos/permissoes';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, DatePicker, Grid, Table, Tag, Tooltip, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { type Key, useState } from 'react';
import { useTemPermissao } from '../auth/empresas-usuario.tsx';
import { saidasManuaisQuery } from './api.ts';
import { type AlvoEstorno, EstornarDialog } from './estornar-dialog.tsx';
import { formatarCusto, formatarQuantidade } from './formato.ts';

// The store's recent manual exits (GET /api/estoque/saidaManual): one row per document, its lines below it,
// each line reversible once by who holds Saída Manual - Excluir.

const DIA = 'YYYY-MM-DD';

export function ListaSaidasManuais({ empresa, destaque }: { empresa: string; destaque: string | null }) {
  const [periodo, setPeriodo] = useState<[Dayjs, Dayjs]>(() => [dayjs().subtract(30, 'day'), dayjs()]);
  const estreita = Grid.useBreakpoint().md === false;
  const [abertos, setAbertos] = useState<readonly Key[]>([]);
  const [alvo, setAlvo] = useState<AlvoEstorno | null>(null);
  const podeEstornar = useTemPermissao(empresa, PERMISSAO.estoqueSaidaManualExcluir);
  const lista = useQuery(saidasManuaisQuery(empresa, periodo[0].format(DIA), periodo[1].format(DIA)));
  // The document just posted opens by itself.
  const expandidos = destaque && !abertos.includes(destaque) ? [...abertos, destaque] : abertos;

  const linhas = (d: SaidaManualDocumento) => (
    <Table<ItemSaidaManual>
      size="small"
      rowKey="_id"
      pagination={false}
      dataSource={d.itens}
      data-testid={`itens-saida-${d._id}`}
      columns={[
        {
          title: 'Produto',
          key: 'produto',
          render: (_, i) => (
            <>
              {i.produto.codigoInterno !== null && (
                <Typography.Text type="secondary">{i.produto.codigoInterno} · </Typography.Text>
              )}
              {i.produto.descricao}
            </>
          ),
        },
        {
          title: 'Quantidade',
          key: 'quantidade',
          align: 'right',
          render: (_, i) => (
            <Typography.Text delete={i.estorno !== null}>
              {formatarQuantidade(i.quantidade, i.produto.unidade)} {i.produto.unidade ?? ''}
            </Typography.Text>
          ),
        },
        { title: 'Custo', key: 'custo', align: 'right', render: (_, i) => formatarCusto(i.custoUnitario) },
        {
          title: 'Valor',
          key: 'valor',
          align: 'right',
          render: (_, i) => (
            <Typography.Text delete={i.estorno !== null}>{formatarMoeda(i.valor)}</Typography.Text>
          ),
        },
        {
          title: 'Situação',
          key: 'situacao',
          width: 150,
          render: (_, i) =>
            i.estorno ? (
              <Tooltip
                title={`Estornada em ${formatarDataHora(i.estorno.data)}${i.estorno.usuario ? ` por ${i.estorno.usuario.nome}` : ''}: ${i.estorno.motivo ?? ''}`}
              >
                <Tag color="warning">Estornada</Tag>
              </Tooltip>
            ) : podeEstornar ? (
              <Button
                size="small"
                icon={<RollbackOutlined />}
                onClick={() =>
                  setAlvo({
                    movimento: i._id,
                    descricao: `Estornar a saída de ${formatarQuantidade(i.quantidade, i.produto.unidade)} ${i.produto.unidade ?? ''} de ${i.produto.descricao} (${formatarMoeda(i.valor)})? A quantidade volta ao estoque pelo mesmo custo.`,
                  })
                }
              >
                Estornar
              </Button>
            ) : (
              <Tag color="success">Lançada</Tag>
            ),
        },
      ]}
    />
  );

  const seletorPeriodo = (
    <DatePicker.RangePicker
      aria-label="Período das saídas"
      format="DD/MM/YYYY"
      allowClear={false}
      value={periodo}
      maxDate={dayjs()}
      onChange={(v) => {
        if (v?.[0] && v[1]) setPeriodo([v[0], v[1]]);
      }}
    />
  );
  return (
    <Card size="small" title="Saídas lançadas" extra={estreita ? undefined : seletorPeriodo}>
      {/* On a phone the period goes under the title: beside it, it left the title three letters. */}
      {estreita && <div style={{ marginBottom: 8 }}>{seletorPeriodo}</div>}
      <Table<SaidaManualDocumento>
        size="small"
        rowKey="_id"
        loading={lista.isFetching}
        dataSource={lista.data ?? []}
        pagination={{ pageSize: 10, showSizeChanger: false, hideOnSinglePage: true }}
        data-testid="lista-saidas"
        locale={{ emptyText: 'Nenhuma saída manual no período.' }}
        expandable={{
          expandedRowRender: linhas,
          expandedRowKeys: expandidos,
          onExpandedRowsChange: (chaves) => setAbertos(chaves),
          expandRowByClick: true,
        }}
        columns={[
          { title: 'Data', dataIndex: 'data', width: 150, render: (v: string) => formatarDataHora(v) },
          {
            title: 'Motivo',
            key: 'motivo',
            render: (_, d) => (
              <>
                <Tag>{d.motivo ? DESCRICAO_MOTIVO_SAIDA[d.motivo] : 'Sem motivo'}</Tag>
                {d.observacao && <Typography.Text type="secondary">{d.observacao}</Typography.Text>}
              </>
            ),
          },
          {
            title: 'Produtos',
            key: 'produtos',
            align: 'right',
            width: 90,
            render: (_, d) => d.itens.length,
          },
          {
            title: 'Valor',
            key: 'valor',
            align: 'right',
            width: 170,
            render: (_, d) =>
              d.valorEstornado === '0.00' ? (
                formatarMoeda(d.valorTotal)
              ) : (
                <Tooltip title={`${formatarMoeda(d.valorEstornado)} estornados`}>
                  {formatarMoeda(escreverDinheiro(lerDinheiro(d.valorTotal) - lerDinheiro(d.valorEstornado)))}{' '}
                  <Tag color="warning">estorno</Tag>
                </Tooltip>
              ),
          },
          { title: 'Usuário', key: 'usuario', width: 160, render: (_, d) => d.usuario?.nome ?? '' },
        ]}
      />
      <EstornarDialog alvo={alvo} aoFechar={() => setAlvo(null)} />
    </Card>
  );
}
