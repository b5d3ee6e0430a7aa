import {
  custoDaReceita,
  DESCRICAO_TIPO_SOLICITACAO,
  formatarMoeda,
  lerEstoque,
  planoDeProducao,
  type ReceitaParaProducao,
  TIPO_SOLICITACAO_PRODUCAO,
  type TipoSolicitacaoProducao,
} from '@retaguarda/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Col,
  Drawer,
  Flex,
  Form,
  Input,
  Radio,
  Row,
  Select,
  Statistic,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useMemo, useState } from 'react';
import { produtosComReceitaQuery, receitaProducaoQuery, solicitarProducao } from './api.ts';
import { decimalDigitado, formatarCusto, formatarQuantidade, novoIdDocumento } from './comum.tsx';

// A new production order: the product (those with a recipe), which recipe, by recipes or by yield units, how
// many. What it takes and what it is expected to cost follow each keystroke: the domain's planoDeProducao scales
// the recipe as the server will, and custoDaReceita prices those gross quantities at each ingredient's average
// in the store (what the ledger will take them out at).

interface LinhaPrevia {
  produto: string;
  descricao: string;
  unidade: string | null;
  quantidade: string;
  fatorCorrecao: string;
  quantidadeBruta: string;
  saldo: string;
  custoMedio: string;
  custoLinha: string;
  controlaEstoque: boolean;
  falta: boolean;
}

/** The order's lines, the expected quantity and cost of `quantidade` (empty when it is not a number yet). */
export function previaDaProducao(
  receita: ReceitaParaProducao,
  tipo: TipoSolicitacaoProducao,
  quantidade: string,
): { linhas: LinhaPrevia[]; prevista: string; custoTotal: string; custoPorUnidade: string } | null {
  if (!quantidade || lerEstoque(quantidade) <= 0n) return null;
  const plano = planoDeProducao(
    {
      rendimento: receita.receita.rendimento,
      itens: receita.itens.map((i) => ({
        produto: i._id,
        quantidade: i.quantidade,
        fatorCorrecao: i.fatorCorrecao,
      })),
    },
    tipo,
    quantidade,
  );
  if (lerEstoque(plano.quantidadePrevista) <= 0n) return null;
  // Ingredients the store does not control never move: they cost nothing to this order.
  const custos = new Map(receita.itens.filter((i) => i.controlaEstoque).map((i) => [i._id, i.custoMedio]));
  const custo = custoDaReceita(
    {
      rendimento: plano.quantidadePrevista,
      itens: plano.linhas.map((l) => ({ produto: l.produto, quantidade: l.quantidadeBruta })),
    },
    custos,
  );
  const linhas = plano.linhas.map((l, i): LinhaPrevia => {
    const ing = receita.itens[i]!;
    return {
      ...l,
      descricao: ing.descricao,
      unidade: ing.unidade,
      saldo: ing.saldo,
      custoMedio: ing.custoMedio,
      custoLinha: custo.linhas[i]?.custoLinha ?? '0',
      controlaEstoque: ing.controlaEstoque,
      falta: ing.controlaEstoque && lerEstoque(l.quantidadeBruta) > lerEstoque(ing.saldo),
    };
  });
  return {
    linhas,
    prevista: plano.quantidadePrevista,
    custoTotal: custo.custoTotal,
    custoPorUnidade: custo.custoPorUnidade,
  };
}

export function NovaProducao({
  empresa,
  aoFechar,
  aoCriar,
}: {
  empresa: string;
  aoFechar: () => void;
  aoCriar: (id: string) => void;
}) {
  // The order's id from the moment the form opens: a double click posts one order.
  const [_id] = useState(novoIdDocumento);
  const [busca, setBusca] = useState('');
  const [produto, setProduto] = useState<string>();
  const [indexReceita, setIndexReceita] = useState<number | null>(null);
  const [tipo, setTipo] = useState<TipoSolicitacaoProducao>(TIPO_SOLICITACAO_PRODUCAO.receita);
  const [quantidadeTexto, setQuantidadeTexto] = useState('1');
  const [observacao, setObservacao] = useState('');
  const produtos = useQuery(produtosComReceitaQuery(busca));
  const escolhido = produtos.data?.find((p) => p._id === produto);
  const receita = useQuery({
    ...receitaProducaoQuery(empresa, produto ?? '', indexReceita),
    enabled: Boolean(produto),
  });
  const quantidade = decimalDigitado(quantidadeTexto);
  const previa = useMemo(
    () => (receita.data ? previaDaProducao(receita.data, tipo, quantidade) : null),
    [receita.data, tipo, quantidade],
  );
  const solicitar = useMutation({
    mutationFn: () =>
      solicitarProducao({
        _id,
        empresa,
        produto: produto ?? '',
        ...(indexReceita === null ? {} : { indexReceita }),
        tipoSolicitacao: tipo,
        quantidade,
        ...(observacao.trim() ? { observacao: observacao.trim() } : {}),
      }),
    onSuccess: (o) => aoCriar(o._id),
  });
  const unidade = receita.data?.produto.unidade ?? escolhido?.unidade ?? null;
  const faltando = previa?.linhas.filter((l) => l.falta) ?? [];

  return (
    <Drawer
      open
      size={860}
      title="Nova ordem de produção"
      onClose={aoFechar}
      footer={
        <Flex justify="end" gap={8}>
          <Button onClick={aoFechar}>Fechar</Button>
          <Button
            type="primary"
            loading={solicitar.isPending}
            disabled={!produto || !previa}
            onClick={() => solicitar.mutate()}
          >
            Solicitar produção
          </Button>
        </Flex>
      }
    >
      <Form layout="vertical">
        <Form.Item label="Produto" htmlFor="producao-produto" required>
          <Select
            id="producao-produto"
            showSearch={{ filterOption: false, onSearch: setBusca }}
            placeholder="Produto com ficha técnica"
            loading={produtos.isFetching}
            value={produto}
            onChange={(v: string) => {
              setProduto(v);
              setIndexReceita(null);
            }}
            notFoundContent={produtos.isFetching ? 'Buscando…' : 'Nenhum produto com ficha técnica'}
            options={(produtos.data ?? []).map((p) => ({ value: p._id, label: p.descricao }))}
          />
        </Form.Item>
        {escolhido && escolhido.receitas.length > 1 && (
          <Form.Item label="Ficha técnica" htmlFor="producao-receita">
            <Select
              id="producao-receita"
              value={indexReceita ?? escolhido.receitas.find((r) => r.padrao)?.indexReceita ?? null}
              onChange={(v: number | null) => setIndexReceita(v)}
              options={escolhido.receitas.map((r) => ({
                value: r.indexReceita,
                label: `${r.indexReceita ?? ''} ${r.descricao ?? ''}${r.padrao ? ' (padrão)' : ''}`.trim(),
              }))}
            />
          </Form.Item>
        )}
        <Row gutter={12}>
          <Col xs={24} sm={14}>
            <Form.Item label="Solicitar por">
              <Radio.Group
                aria-label="Solicitar por"
                value={tipo}
                onChange={(e) => setTipo(e.target.value as TipoSolicitacaoProducao)}
                options={[
                  { value: 1, label: DESCRICAO_TIPO_SOLICITACAO[1] },
                  { value: 2, label: DESCRICAO_TIPO_SOLICITACAO[2] },
                ]}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={10}>
            <Form.Item
              label={tipo === 1 ? 'Quantidade de receitas' : `Quantidade (${unidade ?? 'unidades'})`}
              htmlFor="producao-quantidade"
              required
              validateStatus={quantidadeTexto && !quantidade ? 'error' : undefined}
              help={quantidadeTexto && !quantidade ? 'Informe um número maior que zero.' : undefined}
            >
              <Input
                id="producao-quantidade"
                inputMode="decimal"
                value={quantidadeTexto}
                onChange={(e) => setQuantidadeTexto(e.target.value)}
              />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item label="Observação" htmlFor="producao-observacao">
          <Input.TextArea
            id="producao-observacao"
            maxLength={300}
            autoSize={{ minRows: 1, maxRows: 3 }}
            value={observacao}
            onChange={(e) => setObservacao(e.target.value)}
          />
        </Form.Item>
      </Form>

      {receita.data && (
        <Flex vertical gap={12}>
          <Typography.Text type="secondary">
            Ficha técnica {receita.data.receita.descricao ? `“${receita.data.receita.descricao}”` : ''}: rende{' '}
            {formatarQuantidade(receita.data.receita.rendimento, unidade)} por receita
            {receita.data.receita.rendimentoKg
              ? ` (${formatarQuantidade(receita.data.receita.rendimentoKg)} kg)`
              : ''}
            .{' '}
            <span data-testid="producao-saldo-produto">
              Saldo atual de {receita.data.produto.descricao}:{' '}
              {formatarQuantidade(receita.data.saldoProduto, unidade) || '0'}
              {lerEstoque(receita.data.saldoProduto) > 0n
                ? ` a ${formatarCusto(receita.data.custoMedioProduto)} (custo médio)`
                : ''}
              .
            </span>
          </Typography.Text>
          <Row gutter={12}>
            <Col span={8}>
              <Card size="small">
                <Statistic
                  title="Quantidade prevista"
                  value={previa ? formatarQuantidade(previa.prevista, unidade) : '—'}
                  data-testid="producao-prevista"
                />
              </Card>
            </Col>
            <Col span={8}>
              <Card size="small">
                <Statistic
                  title="Custo previsto"
                  value={previa ? formatarMoeda(previa.custoTotal) : '—'}
                  data-testid="producao-custo-previsto"
                />
              </Card>
            </Col>
            <Col span={8}>
              <Card size="small">
                <Statistic
                  title={`Custo por ${unidade ?? 'unidade'}`}
                  value={previa ? formatarCusto(previa.custoPorUnidade) : '—'}
                  data-testid="producao-custo-unidade"
                />
              </Card>
            </Col>
          </Row>
          {faltando.length > 0 && (
            <Alert
              type="warning"
              showIcon
              title={`Saldo insuficiente de ${faltando.map((l) => l.descricao).join(', ')}: a finalização será recusada se a loja não permitir estoque negativo.`}
            />
          )}
          <Table<LinhaPrevia>
            size="small"
            rowKey={(l, i) => `${l.produto}-${i}`}
            pagination={false}
            dataSource={previa?.linhas ?? []}
            scroll={{ x: 720 }}
            columns={[
              {
                title: 'Ingrediente',
                dataIndex: 'descricao',
                render: (v: string, l) => (
                  <Flex gap={4} wrap>
                    {v}
                    {!l.controlaEstoque && <Tag>não controlado</Tag>}
                    {l.falta && <Tag color="warning">falta</Tag>}
                  </Flex>
                ),
              },
              {
                title: 'Receita (líquida)',
                key: 'liquida',
                align: 'right',
                render: (_: unknown, l) => formatarQuantidade(l.quantidade, l.unidade),
              },
              {
                title: 'Fator',
                dataIndex: 'fatorCorrecao',
                align: 'right',
                render: (v: string) => formatarQuantidade(v),
              },
              {
                title: 'A consumir',
                key: 'bruta',
                align: 'right',
                render: (_: unknown, l) => formatarQuantidade(l.quantidadeBruta, l.unidade),
              },
              {
                title: 'Saldo',
                key: 'saldo',
                align: 'right',
                render: (_: unknown, l) => formatarQuantidade(l.saldo, l.unidade) || '0',
              },
              { title: 'Custo médio', dataIndex: 'custoMedio', align: 'right', render: formatarCusto },
              {
                title: 'Custo previsto',
                dataIndex: 'custoLinha',
                align: 'right',
                render: (v: string) => formatarMoeda(v),
              },
            ]}
          />
        </Flex>
      )}
    </Drawer>
  );
}
