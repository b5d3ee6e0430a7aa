import {
  custoDaReceita,
  DESCRICAO_TIPO_MOVIMENTO,
  DESCRICAO_TIPO_SOLICITACAO,
  ehTipoMovimentoEstoque,
  formatarDataHora,
  formatarMoeda,
  type ItemProducao,
  lerEstoque,
  type ProducaoDetalhe,
} from '@retaguarda/domain';
import { PERMISSAO } from '@retaguarda/domain/catalogos/permissoes';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Drawer, Flex, Input, Modal, Skeleton, Table, Typography } from 'antd';
import { useState } from 'react';
import { ErroApi } from '../../lib/api/cliente.ts';
import { notificar } from '../../lib/notify/notificar.ts';
import { useTemPermissao } from '../auth/empresas-usuario.tsx';
import {
  cancelarProducao,
  estornarProducao,
  finalizarProducao,
  producaoQuery,
  receitaProducaoQuery,
} from './api.ts';
import { decimalDigitado, formatarCusto, formatarQuantidade, TagStatus } from './comum.tsx';

// One production order: what it asked, takes and gave, and what can be done with it now — finish with the
// quantity that really came out (its unit cost previewed: the ingredients at today's average over that
// quantity), cancel a request, reverse a finished order. Refusals (negative stock naming the ingredient) are
// shown in the dialog, which stays open.

const mensagem = (erro: unknown) =>
  erro instanceof ErroApi || erro instanceof Error ? erro.message : String(erro);

export function DetalheProducao({ id, aoFechar }: { id: string; aoFechar: () => void }) {
  const ordem = useQuery(producaoQuery(id));
  const o = ordem.data;
  const podeAlterar = useTemPermissao(o?.empresa._id, PERMISSAO.estoqueProducaoProdutosAlterar);
  const podeExcluir = useTemPermissao(o?.empresa._id, PERMISSAO.estoqueProducaoProdutosExcluir);
  const [dialogo, setDialogo] = useState<'finalizar' | 'cancelar' | 'estornar' | null>(null);

  return (
    <Drawer
      open
      size={860}
      title={o ? `Ordem de produção nº ${o.numero} — ${o.produto.descricao}` : 'Ordem de produção'}
      onClose={aoFechar}
      footer={
        o && (
          <Flex justify="end" gap={8} wrap>
            {o.status === 'solicitada' && podeExcluir && (
              <Button danger onClick={() => setDialogo('cancelar')}>
                Cancelar ordem
              </Button>
            )}
            {o.status === 'finalizada' && podeExcluir && (
              <Button danger onClick={() => setDialogo('estornar')}>
                Estornar
              </Button>
            )}
            {o.status === 'solicitada' && podeAlterar && (
              <Button type="primary" onClick={() => setDialogo('finalizar')}>
                Finalizar produção
              </Button>
            )}
          </Flex>
        )
      }
    >
      {!o ? (
        <Skeleton active />
      ) : (
        <Flex vertical gap={16}>
          <Descriptions
            size="small"
            bordered
            column={{ xs: 1, sm: 2 }}
            items={[
              { key: 'status', label: 'Situação', children: <TagStatus status={o.status} /> },
              { key: 'empresa', label: 'Loja', children: o.empresa.descricao },
              {
                key: 'pedido',
                label: 'Pedido',
                children: `${formatarQuantidade(o.quantidadeSolicitada)} × ${DESCRICAO_TIPO_SOLICITACAO[o.tipoSolicitacao]} (rende ${formatarQuantidade(o.rendimento)} por receita)`,
              },
              {
                key: 'prevista',
                label: 'Quantidade prevista',
                children: formatarQuantidade(o.quantidadePrevista, o.produto.unidade),
              },
              {
                key: 'produzida',
                label: 'Quantidade produzida',
                children: (
                  <span data-testid="producao-produzida">
                    {formatarQuantidade(o.quantidadeProduzida, o.produto.unidade) || '—'}
                  </span>
                ),
              },
              {
                key: 'custo',
                label: 'Custo total / unitário',
                children: (
                  <span data-testid="producao-custo">
                    {o.custoTotal === null
                      ? '—'
                      : `${formatarMoeda(o.custoTotal)} / ${formatarCusto(o.custoUnitario)}`}
                  </span>
                ),
              },
              {
                key: 'criado',
                label: 'Solicitada',
                children: `${formatarDataHora(o.criadoEm)}${o.criadoPor ? ` por ${o.criadoPor.nome}` : ''}`,
              },
              ...(o.finalizadoEm
                ? [{ key: 'finalizado', label: 'Finalizada', children: formatarDataHora(o.finalizadoEm) }]
                : []),
              ...(o.canceladoEm
                ? [{ key: 'cancelado', label: 'Cancelada', children: formatarDataHora(o.canceladoEm) }]
                : []),
              ...(o.estornadoEm
                ? [{ key: 'estornado', label: 'Estornada', children: formatarDataHora(o.estornadoEm) }]
                : []),
              ...(o.motivo ? [{ key: 'motivo', label: 'Motivo', children: o.motivo }] : []),
              ...(o.observacao ? [{ key: 'obs', label: 'Observação', children: o.observacao }] : []),
            ]}
          />
          <Typography.Title level={5} style={{ margin: 0 }}>
            Ingredientes
          </Typography.Title>
          <Table<ItemProducao>
            size="small"
            rowKey={(l, i) => `${l._id}-${i}`}
            pagination={false}
            dataSource={o.itens}
            scroll={{ x: 640 }}
            columns={[
              { title: 'Ingrediente', dataIndex: 'descricao' },
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
                title: o.status === 'solicitada' ? 'A consumir' : 'Consumido',
                key: 'bruta',
                align: 'right',
                render: (_: unknown, l) => formatarQuantidade(l.quantidadeBruta, l.unidade),
              },
              { title: 'Custo unitário', dataIndex: 'custoUnitario', align: 'right', render: formatarCusto },
              {
                title: 'Valor',
                dataIndex: 'valor',
                align: 'right',
                render: (v: string | null) => (v === null ? '' : formatarMoeda(v)),
              },
            ]}
          />
          {o.movimentos.length > 0 && (
            <>
              <Typography.Title level={5} style={{ margin: 0 }}>
                Movimentos de estoque
              </Typography.Title>
              <Table
                size="small"
                rowKey="_id"
                pagination={false}
                dataSource={o.movimentos}
                scroll={{ x: 640 }}
                columns={[
                  {
                    title: 'Tipo',
                    dataIndex: 'tipo',
                    render: (t: number) =>
                      ehTipoMovimentoEstoque(t) ? DESCRICAO_TIPO_MOVIMENTO[t] : String(t),
                  },
                  {
                    title: 'Produto',
                    dataIndex: 'produto',
                    render: (p: string) =>
                      p === o.produto._id
                        ? o.produto.descricao
                        : (o.itens.find((i) => i._id === p)?.descricao ?? p),
                  },
                  {
                    title: 'Quantidade',
                    dataIndex: 'quantidade',
                    align: 'right',
                    render: (v: string) => formatarQuantidade(v),
                  },
                  {
                    title: 'Custo unitário',
                    dataIndex: 'custoUnitario',
                    align: 'right',
                    render: formatarCusto,
                  },
                  {
                    title: 'Valor',
                    dataIndex: 'valor',
                    align: 'right',
                    render: (v: string) => formatarMoeda(v),
                  },
                ]}
              />
            </>
          )}
        </Flex>
      )}
      {o && dialogo === 'finalizar' && <DialogoFinalizar ordem={o} aoFechar={() => setDialogo(null)} />}
      {o && (dialogo === 'cancelar' || dialogo === 'estornar') && (
        <DialogoMotivo ordem={o} acao={dialogo} aoFechar={() => setDialogo(null)} />
      )}
    </Drawer>
  );
}

function DialogoFinalizar({ ordem, aoFechar }: { ordem: ProducaoDetalhe; aoFechar: () => void }) {
  const [texto, setTexto] = useState(ordem.quantidadePrevista.replace(/\.?0+$/, '').replace('.', ','));
  const quantidade = decimalDigitado(texto);
  const valida = quantidade !== '' && lerEstoque(quantidade) > 0n;
  // Today's averages of the ingredients in the store: what the ledger will take them out at.
  const receita = useQuery(receitaProducaoQuery(ordem.empresa._id, ordem.produto._id, ordem.indexReceita));
  const previa =
    valida && receita.data
      ? custoDaReceita(
          {
            rendimento: quantidade,
            itens: ordem.itens.map((i) => ({ produto: i._id, quantidade: i.quantidadeBruta })),
          },
          new Map(receita.data.itens.filter((i) => i.controlaEstoque).map((i) => [i._id, i.custoMedio])),
        )
      : null;
  const finalizar = useMutation({
    mutationFn: () => finalizarProducao(ordem._id, quantidade),
    onSuccess: () => {
      notificar({ tipo: 'success', mensagem: `Produção nº ${ordem.numero} finalizada.` });
      aoFechar();
    },
  });
  return (
    <Modal
      open
      title={`Finalizar a produção nº ${ordem.numero}`}
      okText="Finalizar"
      cancelText="Voltar"
      onCancel={aoFechar}
      onOk={() => finalizar.mutate()}
      okButtonProps={{ disabled: !valida, loading: finalizar.isPending }}
    >
      <Flex vertical gap={12}>
        <Typography.Text>
          Os ingredientes saem do estoque pelo custo médio e {ordem.produto.descricao} entra com o valor deles
          dividido pela quantidade realmente produzida.
        </Typography.Text>
        <label htmlFor="producao-quantidade-produzida">
          Quantidade produzida ({ordem.produto.unidade ?? 'unidades'}) — prevista{' '}
          {formatarQuantidade(ordem.quantidadePrevista)}
        </label>
        <Input
          id="producao-quantidade-produzida"
          inputMode="decimal"
          value={texto}
          status={valida ? undefined : 'error'}
          onChange={(e) => setTexto(e.target.value)}
        />
        {previa && (
          <Typography.Text data-testid="producao-previa-finalizar">
            Custo previsto: {formatarMoeda(previa.custoTotal)} ({formatarCusto(previa.custoPorUnidade)} por{' '}
            {ordem.produto.unidade ?? 'unidade'})
          </Typography.Text>
        )}
        {finalizar.isError && <Alert type="error" showIcon role="alert" title={mensagem(finalizar.error)} />}
      </Flex>
    </Modal>
  );
}

function DialogoMotivo({
  ordem,
  acao,
  aoFechar,
}: {
  ordem: ProducaoDetalhe;
  acao: 'cancelar' | 'estornar';
  aoFechar: () => void;
}) {
  const [motivo, setMotivo] = useState('');
  const executar = useMutation({
    mutationFn: () =>
      acao === 'cancelar'
        ? cancelarProducao(ordem._id, motivo.trim())
        : estornarProducao(ordem._id, motivo.trim()),
    onSuccess: () => {
      notificar({
        tipo: 'success',
        mensagem: `Produção nº ${ordem.numero} ${acao === 'cancelar' ? 'cancelada' : 'estornada'}.`,
      });
      aoFechar();
    },
  });
  return (
    <Modal
      open
      title={
        acao === 'cancelar' ? `Cancelar a ordem nº ${ordem.numero}` : `Estornar a produção nº ${ordem.numero}`
      }
      okText={acao === 'cancelar' ? 'Cancelar ordem' : 'Estornar'}
      okButtonProps={{ danger: true, disabled: !motivo.trim(), loading: executar.isPending }}
      cancelText="Voltar"
      onCancel={aoFechar}
      onOk={() => executar.mutate()}
    >
      <Flex vertical gap={12}>
        {acao === 'estornar' && (
          <Typography.Text>
            Todos os movimentos desta produção serão desfeitos: {ordem.produto.descricao} sai do estoque e os
            ingredientes voltam pelo custo em que saíram.
          </Typography.Text>
        )}
        <label htmlFor="producao-motivo">Motivo</label>
        <Input.TextArea
          id="producao-motivo"
          maxLength={300}
          autoSize={{ minRows: 2, maxRows: 4 }}
          value={motivo}
          onChange={(e) => setMotivo(e.target.value)}
        />
        {executar.isError && <Alert type="error" showIcon role="alert" title={mensagem(executar.error)} />}
      </Flex>
    </Modal>
  );
}
