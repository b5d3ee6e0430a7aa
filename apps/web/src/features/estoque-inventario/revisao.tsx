import { DownloadOutlined, PrinterOutlined } from '@ant-design/icons';
import {
  type DiferencaInventario,
  formatarDataHora,
  formatarMoeda,
  formatarNumero,
  type InventarioResumo,
  type TratamentoNaoContados,
} from '@retaguarda/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Modal, Radio, Statistic, Table, Tag, Typography, theme } from 'antd';
import { useState } from 'react';
import { baixarArquivo, paraCsv } from '../../lib/exportar/exportar.ts';
import { imprimirRelatorio } from '../../lib/exportar/imprimir.ts';
import { notificar } from '../../lib/notify/notificar.ts';
import { chavesInventario, efetivarInventario, revisaoQuery } from './api.ts';
import { formatarQuantidade, linhasCsvDiferencas, tituloInventario } from './regras.ts';

// The review: every difference at the count's date (counted − the ledger's balance at that date, as it is
// now), valued at the cost the adjustment will carry, largest value first, with the totals of surplus and
// shortage; then the posting, once. After posting it shows what was posted, each line with its move.

const produtos = (n: number) => `${n} ${n === 1 ? 'produto' : 'produtos'}`;

export function Revisao({ inventario: inv, ativa }: { inventario: InventarioResumo; ativa: boolean }) {
  const { token } = theme.useToken();
  const queryClient = useQueryClient();
  const [modal, contexto] = Modal.useModal();
  const [naoContados, setNaoContados] = useState<TratamentoNaoContados>('ignorar');
  const revisao = useQuery({ ...revisaoQuery(inv._id, naoContados), enabled: ativa });
  // A reversed count keeps the figures it was posted with (the adjustments stay in the kardex, undone).
  const efetivado = inv.status === 'efetivado' || inv.status === 'estornado';
  const efetivar = useMutation({
    mutationFn: () => efetivarInventario(inv._id, r && r.totais.naoContados > 0 ? naoContados : undefined),
    onSuccess: (res) => {
      notificar({
        tipo: 'success',
        mensagem: res.repetido
          ? `Este inventário já tinha sido efetivado por ${res.inventario.efetivadoPor?.nome ?? ''}.`
          : `Inventário efetivado: ${res.movimentos} ${res.movimentos === 1 ? 'ajuste lançado' : 'ajustes lançados'} no estoque.`,
      });
      // Balances, kardex and position of the whole stock area change with the adjustments.
      void queryClient.invalidateQueries({ queryKey: chavesInventario.estoque });
    },
  });
  const r = revisao.data;
  const cor = (v: string) =>
    Number(v) > 0 ? token.colorSuccess : Number(v) < 0 ? token.colorError : undefined;

  function confirmar() {
    if (!r) return;
    void modal.confirm({
      title: 'Efetivar o inventário?',
      content: (
        <Flex vertical gap={4}>
          <span>
            {r.totais.itensComDiferenca}{' '}
            {r.totais.itensComDiferenca === 1 ? 'ajuste será lançado' : 'ajustes serão lançados'} no estoque
            com a data da contagem ({formatarDataHora(inv.data)}).
          </span>
          <span>
            Sobras {formatarMoeda(r.totais.sobra)} · Faltas {formatarMoeda(r.totais.falta)} · Líquido{' '}
            {formatarMoeda(r.totais.liquido)}
          </span>
          {r.totais.naoContados > 0 && (
            <span>
              {r.totais.naoContados} não contados:{' '}
              {naoContados === 'zerar' ? 'serão zerados' : 'ficam como estão'}.
            </span>
          )}
          <span>Depois de efetivado, o inventário não pode ser alterado nem cancelado.</span>
        </Flex>
      ),
      okText: 'Efetivar',
      cancelText: 'Voltar',
      onOk: () => efetivar.mutateAsync(),
    });
  }

  if (!r)
    return revisao.isError ? (
      <Alert type="error" showIcon title="Não foi possível calcular as diferenças." />
    ) : (
      <Card loading />
    );
  return (
    <Flex vertical gap={12}>
      {contexto}
      <Flex gap={12} wrap data-testid="totais-revisao">
        <Card size="small" style={{ minWidth: 170 }}>
          <Statistic
            title="Sobras"
            value={formatarMoeda(r.totais.sobra)}
            styles={{ content: { color: token.colorSuccess } }}
          />
          <Typography.Text type="secondary">{produtos(r.totais.itensSobra)}</Typography.Text>
        </Card>
        <Card size="small" style={{ minWidth: 170 }}>
          <Statistic
            title="Faltas"
            value={formatarMoeda(r.totais.falta)}
            styles={{ content: { color: token.colorError } }}
          />
          <Typography.Text type="secondary">{produtos(r.totais.itensFalta)}</Typography.Text>
        </Card>
        <Card size="small" style={{ minWidth: 170 }}>
          <Statistic
            title="Líquido"
            value={formatarMoeda(r.totais.liquido)}
            styles={{ content: { color: cor(r.totais.liquido) } }}
          />
          <Typography.Text type="secondary">
            {r.totais.itensComDiferenca} de {r.totais.itens} com diferença
          </Typography.Text>
        </Card>
        <Card size="small" style={{ minWidth: 170 }}>
          <Statistic title="Não contados" value={r.totais.naoContados} />
        </Card>
      </Flex>
      {!efetivado && r.movimentosDepoisDoInstantaneo > 0 && (
        <Alert
          type="info"
          showIcon
          title={`${r.movimentosDepoisDoInstantaneo} ${r.movimentosDepoisDoInstantaneo === 1 ? 'movimento lançado' : 'movimentos lançados'} depois da criação deste inventário com data anterior à contagem (por exemplo, vendas sincronizadas depois) já ${r.movimentosDepoisDoInstantaneo === 1 ? 'está' : 'estão'} no saldo da data: as diferenças usam o saldo na data da contagem como ele está agora.`}
        />
      )}
      {inv.status === 'emContagem' || inv.status === 'aberto' ? (
        <Alert
          type="warning"
          showIcon
          title="Prévia: conclua a contagem para efetivar. As diferenças mudam enquanto a contagem continua."
        />
      ) : null}
      <Flex gap={12} align="center" wrap>
        {!efetivado && r.totais.naoContados > 0 && (
          <Radio.Group
            aria-label="Produtos não contados"
            value={naoContados}
            onChange={(e) => setNaoContados(e.target.value)}
            options={[
              { value: 'ignorar', label: 'Não contados ficam como estão' },
              { value: 'zerar', label: 'Zerar os não contados' },
            ]}
          />
        )}
        <Flex gap={8} style={{ marginLeft: 'auto' }}>
          <Button
            icon={<DownloadOutlined />}
            onClick={() =>
              baixarArquivo(
                `inventario-${inv.numero}-diferencas.csv`,
                paraCsv(linhasCsvDiferencas(r)),
                'text/csv;charset=utf-8',
              )
            }
          >
            Exportar CSV
          </Button>
          <Button
            icon={<PrinterOutlined />}
            onClick={() =>
              imprimirRelatorio(
                {
                  titulo: `Diferenças — ${tituloInventario(inv)}`,
                  filtros: [
                    `Empresa: ${inv.empresa.descricao}`,
                    `Data da contagem: ${formatarDataHora(inv.data)}`,
                  ],
                  colunas: [
                    { titulo: 'Código' },
                    { titulo: 'Produto' },
                    { titulo: 'Saldo na data', direita: true },
                    { titulo: 'Contado', direita: true },
                    { titulo: 'Diferença', direita: true },
                    { titulo: 'Custo', direita: true },
                    { titulo: 'Valor', direita: true },
                  ],
                  linhas: r.diferencas.map((d) => [
                    String(d.produto.codigoInterno ?? ''),
                    d.produto.descricao,
                    formatarQuantidade(d.saldo),
                    formatarQuantidade(d.contada),
                    formatarQuantidade(d.diferenca),
                    formatarNumero(d.custo, 4),
                    formatarMoeda(d.valor),
                  ]),
                  rodape: [
                    ['', 'Sobras', '', '', '', '', formatarMoeda(r.totais.sobra)],
                    ['', 'Faltas', '', '', '', '', formatarMoeda(r.totais.falta)],
                  ],
                },
                formatarDataHora(new Date()),
              )
            }
          >
            Imprimir
          </Button>
          {inv.status === 'conferido' && (
            <Button type="primary" loading={efetivar.isPending} onClick={confirmar}>
              Efetivar inventário
            </Button>
          )}
        </Flex>
      </Flex>
      {inv.status === 'estornado' && (
        <Alert
          type="warning"
          showIcon
          title={`Estornado por ${inv.estornadoPor?.nome ?? ''} em ${inv.estornadoEm ? formatarDataHora(inv.estornadoEm) : ''}: os ajustes foram desfeitos por estornos com a data da contagem.`}
        />
      )}
      {inv.status === 'efetivado' && (
        <Alert
          type="success"
          showIcon
          title={`Efetivado por ${inv.efetivadoPor?.nome ?? ''} em ${inv.efetivadoEm ? formatarDataHora(inv.efetivadoEm) : ''}: os ajustes estão no estoque com a data da contagem.`}
        />
      )}
      <Table<DiferencaInventario>
        size="small"
        rowKey={(d) => d.produto._id}
        dataSource={r.diferencas}
        loading={revisao.isFetching}
        pagination={{ pageSize: 50, showSizeChanger: false, hideOnSinglePage: true }}
        scroll={{ x: 1000 }}
        data-testid="diferencas"
        locale={{ emptyText: 'Nenhuma diferença: o contado bate com o saldo na data.' }}
        columns={[
          { title: 'Código', key: 'codigo', width: 80, render: (_, d) => d.produto.codigoInterno ?? '' },
          { title: 'Produto', key: 'produto', ellipsis: true, render: (_, d) => d.produto.descricao },
          { title: 'Localização', dataIndex: 'localizacao', width: 130, ellipsis: true },
          {
            title: 'Saldo na data',
            dataIndex: 'saldo',
            width: 110,
            align: 'right',
            render: formatarQuantidade,
          },
          { title: 'Contado', dataIndex: 'contada', width: 100, align: 'right', render: formatarQuantidade },
          {
            title: 'Diferença',
            dataIndex: 'diferenca',
            width: 100,
            align: 'right',
            render: (v: string) => (
              <span style={{ color: cor(v), fontWeight: 600 }}>{formatarQuantidade(v)}</span>
            ),
          },
          {
            title: 'Custo',
            key: 'custo',
            width: 110,
            align: 'right',
            render: (_, d) => (
              <span
                title={
                  d.custoInformado ? 'Sem custo médio: custo do cadastro do produto' : 'Custo médio na data'
                }
              >
                {formatarMoeda(d.custo)}
                {d.custoInformado ? ' *' : ''}
              </span>
            ),
          },
          {
            title: 'Valor',
            dataIndex: 'valor',
            width: 120,
            align: 'right',
            render: (v: string) => <span style={{ color: cor(v) }}>{formatarMoeda(v)}</span>,
          },
          ...(efetivado
            ? [
                {
                  title: 'Ajuste',
                  key: 'ajuste',
                  width: 150,
                  // The product's kardex in the store, where the adjustment sits at the count's date.
                  render: (_: unknown, d: DiferencaInventario) =>
                    d.movimento ? (
                      <Flex gap={4} align="center">
                        {inv.status === 'estornado' ? (
                          <Tag color="magenta">Estornado</Tag>
                        ) : (
                          <Tag color="success">Lançado</Tag>
                        )}
                        <Typography.Link
                          href={`#/relatorioMovimentacaoProdutos?empresa=${inv.empresa._id}&produto=${d.produto._id}`}
                        >
                          Kardex
                        </Typography.Link>
                      </Flex>
                    ) : null,
                },
              ]
            : []),
        ]}
      />
      {r.diferencas.some((d) => d.custoInformado) && (
        <Typography.Text type="secondary">
          * Produto sem custo médio na loja: a sobra entra pelo custo do cadastro do produto.
        </Typography.Text>
      )}
    </Flex>
  );
}
