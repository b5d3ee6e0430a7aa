import { diaComercial, lerDinheiro, PERMISSAO, STATUS_TITULO, type TituloAgenda } from '@retaguarda/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Descriptions,
  Drawer,
  Flex,
  Input,
  Modal,
  Popconfirm,
  Skeleton,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { ErroApi } from '../../lib/api/cliente.ts';
import { notificar } from '../../lib/notify/notificar.ts';
import { useTemPermissao } from '../auth/empresas-usuario.tsx';
import { type BaixaTitulo, cancelarTitulo, chavesAgenda, estornarBaixa, tituloQuery } from './api.ts';
import { dataBr, moeda, moedaCentavos } from './formato.ts';
import { TagStatus } from './tag-status.tsx';

// A title with its settlements: each one that stands can be reversed (the account gets the opposite movement,
// the title its open amount back); a title without settlements can be cancelled with a motive.

export function DetalheTitulo({
  titulo,
  aoFechar,
  aoBaixar,
}: {
  titulo: TituloAgenda;
  aoFechar: () => void;
  aoBaixar: (t: TituloAgenda) => void;
}) {
  const q = useQuery(tituloQuery(titulo._id));
  const cliente = useQueryClient();
  const podeAlterar = useTemPermissao(titulo.empresa, PERMISSAO.financeiroAgendaAlterar);
  const podeExcluir = useTemPermissao(titulo.empresa, PERMISSAO.financeiroAgendaExcluir);
  const [cancelando, setCancelando] = useState(false);
  const [motivo, setMotivo] = useState('');
  const [erro, setErro] = useState<string | null>(null);
  const t = q.data;
  const atualizar = () => cliente.invalidateQueries({ queryKey: chavesAgenda.todas });

  const estornar = useMutation({
    mutationFn: (b: BaixaTitulo) => estornarBaixa(b._id, diaComercial(new Date())),
    onSuccess: async () => {
      await atualizar();
      notificar({ tipo: 'success', mensagem: 'Baixa estornada.' });
    },
  });
  const cancelar = useMutation({
    mutationFn: () => cancelarTitulo(titulo._id, motivo),
    onSuccess: async () => {
      await atualizar();
      notificar({ tipo: 'success', mensagem: 'Título cancelado.' });
      setCancelando(false);
    },
    onError: (e) => setErro(e instanceof ErroApi ? e.message : String(e)),
  });
  const aberto = t && (t.status.id === STATUS_TITULO.aberto || t.status.id === STATUS_TITULO.pagoParcial);
  const temBaixa = t?.baixas.some((b) => !b.estornada) ?? false;

  return (
    <Drawer
      open
      size={640}
      title={`${titulo.tipo === 'pagar' ? 'Conta a pagar' : 'Conta a receber'}: ${titulo.descricao}`}
      onClose={aoFechar}
      extra={
        <Flex gap={8}>
          {aberto && podeAlterar && (
            <Button type="primary" onClick={() => aoBaixar({ ...titulo, ...t })}>
              {titulo.tipo === 'pagar' ? 'Pagar' : 'Receber'}
            </Button>
          )}
          {t && t.status.id !== STATUS_TITULO.cancelado && !temBaixa && podeExcluir && (
            <Button danger onClick={() => setCancelando(true)}>
              Cancelar título
            </Button>
          )}
        </Flex>
      }
    >
      {!t ? (
        <Skeleton active />
      ) : (
        <Flex vertical gap={16}>
          <Descriptions
            size="small"
            column={{ xs: 1, sm: 2 }}
            bordered
            items={[
              { label: 'Loja', children: titulo.empresaDescricao },
              { label: 'Status', children: <TagStatus titulo={{ ...titulo, ...t }} /> },
              { label: 'Valor', children: moeda(t.valor) },
              { label: 'Em aberto', children: moeda(t.valorAberto) },
              { label: 'Pago', children: moeda(t.valorPago) },
              { label: 'Vencimento', children: dataBr(t.vencimento) },
              { label: 'Competência', children: dataBr(t.competencia) },
              { label: 'Parcela', children: `${t.parcela}/${t.parcelas}` },
              { label: 'Plano de contas', children: t.planoConta.descricao },
              { label: 'Pessoa', children: t.pessoa?.nome ?? t.operadora?.descricao ?? '—' },
              { label: 'Documento', children: t.documento ?? '—' },
              ...(Number(t.taxa) > 0 ? [{ label: 'Taxa da operadora', children: moeda(t.taxa) }] : []),
              ...(t.observacao ? [{ label: 'Observação', children: t.observacao, span: 2 }] : []),
            ]}
          />
          <Typography.Title level={5} style={{ margin: 0 }}>
            Baixas
          </Typography.Title>
          <Table<BaixaTitulo>
            size="small"
            rowKey="_id"
            pagination={false}
            dataSource={t.baixas}
            locale={{ emptyText: 'Nenhuma baixa.' }}
            scroll={{ x: 560 }}
            columns={[
              { title: 'Data', dataIndex: 'data', render: dataBr },
              { title: 'Conta', render: (_, b) => b.conta.descricao },
              { title: 'Valor', dataIndex: 'valor', align: 'right', render: moeda },
              {
                title: 'Juros + multa − desc.',
                align: 'right',
                render: (_, b) =>
                  moedaCentavos(lerDinheiro(b.juros) + lerDinheiro(b.multa) - lerDinheiro(b.desconto)),
              },
              {
                title: '',
                render: (_, b) =>
                  b.estornada ? (
                    <Tag>Estornada</Tag>
                  ) : podeAlterar ? (
                    <Popconfirm
                      title="Estornar esta baixa?"
                      description="O valor volta à conta e ao saldo em aberto do título."
                      okText="Estornar"
                      cancelText="Voltar"
                      onConfirm={() => estornar.mutateAsync(b)}
                    >
                      <Button
                        size="small"
                        danger
                        loading={estornar.isPending && estornar.variables?._id === b._id}
                      >
                        Estornar
                      </Button>
                    </Popconfirm>
                  ) : null,
              },
            ]}
          />
        </Flex>
      )}
      <Modal
        open={cancelando}
        title="Cancelar título"
        okText="Cancelar título"
        okButtonProps={{ danger: true, disabled: !motivo.trim(), loading: cancelar.isPending }}
        cancelText="Voltar"
        onOk={() => {
          setErro(null);
          cancelar.mutate();
        }}
        onCancel={() => setCancelando(false)}
      >
        <Flex vertical gap={8}>
          <label htmlFor="motivo-cancelamento">Motivo</label>
          <Input.TextArea
            id="motivo-cancelamento"
            rows={3}
            maxLength={300}
            value={motivo}
            onChange={(e) => setMotivo(e.target.value)}
          />
          {erro && <Alert type="error" showIcon title={erro} />}
        </Flex>
      </Modal>
    </Drawer>
  );
}
