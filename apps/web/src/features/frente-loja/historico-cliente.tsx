import { formatarMoeda, statusVenda, tiposVenda } from '@retaguarda/domain';
import { Empty, List, Modal, Spin, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { api } from '../../lib/api/cliente.ts';
import { notificar } from '../../lib/notify/notificar.ts';

// Customer history (delivery and call-center): the notes of the registration and the latest sales with
// their items, from POST historicoCliente. Any failure shows the spec's message.

export const MENSAGEM_FALHA_HISTORICO = 'Falha de Comunicação ao tentar Buscar histórico do cliente!';

export interface HistoricoCliente {
  cliente: { _id: string; nome: string; historico: string[] };
  vendas: {
    _id: string;
    empresa: { _id: string; descricao: string };
    numero: number;
    sequencialPeriodo: number | null;
    tipoVenda: number;
    status: number;
    data: string;
    total: string;
    itens: { descricao: string; quantidade: string }[];
  }[];
}

export const buscarHistoricoCliente = (cliente: string) =>
  api.post<HistoricoCliente>('historicoCliente', { cliente, limit: 10 }, { silencioso: true });

const quantidade = (q: string) => String(Number(q)).replace('.', ',');

export function HistoricoClienteDialog({
  cliente,
  aoFechar,
}: {
  cliente: { _id: string; nome: string } | null;
  aoFechar: () => void;
}) {
  const [dados, setDados] = useState<HistoricoCliente | null>(null);
  const [carregando, setCarregando] = useState(false);

  useEffect(() => {
    if (!cliente) return;
    let vivo = true;
    setDados(null);
    setCarregando(true);
    buscarHistoricoCliente(cliente._id)
      .then((h) => vivo && setDados(h))
      .catch(() => {
        if (!vivo) return;
        notificar({ tipo: 'error', mensagem: MENSAGEM_FALHA_HISTORICO });
        aoFechar();
      })
      .finally(() => vivo && setCarregando(false));
    return () => {
      vivo = false;
    };
  }, [cliente, aoFechar]);

  return (
    <Modal
      open={cliente !== null}
      title={`Histórico de ${cliente?.nome ?? ''}`}
      onCancel={aoFechar}
      footer={null}
      width={720}
      destroyOnHidden
    >
      <div data-testid="historico-cliente" style={{ maxHeight: 520, overflowY: 'auto' }}>
        {carregando && <Spin />}
        {dados && dados.cliente.historico.length > 0 && (
          <div style={{ marginBottom: 12 }}>
            <Typography.Text strong>Observações do cadastro</Typography.Text>
            <ul style={{ margin: '4px 0 0', paddingInlineStart: 20 }}>
              {dados.cliente.historico.map((h) => (
                <li key={h}>{h}</li>
              ))}
            </ul>
          </div>
        )}
        {dados && (
          <List
            size="small"
            header={<Typography.Text strong>Últimas vendas</Typography.Text>}
            dataSource={dados.vendas}
            locale={{ emptyText: <Empty description="Nenhuma venda deste cliente." /> }}
            renderItem={(v) => (
              <List.Item
                data-testid="historico-venda"
                extra={<Typography.Text strong>{formatarMoeda(v.total)}</Typography.Text>}
              >
                <List.Item.Meta
                  title={
                    <>
                      {new Date(v.data).toLocaleString('pt-BR', { dateStyle: 'short', timeStyle: 'short' })} ·{' '}
                      {tiposVenda.porId(v.tipoVenda as 53)?.descricao ?? v.tipoVenda} nº{' '}
                      {v.sequencialPeriodo ?? v.numero} · {v.empresa.descricao}{' '}
                      <Tag>{statusVenda.porId(v.status as 57)?.descricao ?? v.status}</Tag>
                    </>
                  }
                  description={v.itens.map((i) => `${quantidade(i.quantidade)} ${i.descricao}`).join(', ')}
                />
              </List.Item>
            )}
          />
        )}
      </div>
    </Modal>
  );
}
