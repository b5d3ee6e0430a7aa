import { formatarMoeda } from '@retaguarda/domain';
import { Alert, Button, Flex, Spin, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { notificar } from '../../lib/notify/notificar.ts';
import {
  buscarHistoricoCliente,
  type HistoricoCliente,
  HistoricoClienteDialog,
  MENSAGEM_FALHA_HISTORICO,
} from '../frente-loja/historico-cliente.tsx';

// The customer's history as soon as the attendant picks him (POST historicoCliente): the notes of the
// registration (allergies, gate codes...) and his latest orders, so "the same as last time" is one look
// away. The full list is the POS's history dialog. A failure shows the spec's message.

const quantidade = (q: string) => String(Number(q)).replace('.', ',');

export function HistoricoResumo({ cliente }: { cliente: { _id: string; nome: string } }) {
  const [dados, setDados] = useState<HistoricoCliente | null>(null);
  const [falhou, setFalhou] = useState(false);
  const [aberto, setAberto] = useState<{ _id: string; nome: string } | null>(null);
  const fechar = useCallback(() => setAberto(null), []);

  useEffect(() => {
    let vivo = true;
    setDados(null);
    setFalhou(false);
    buscarHistoricoCliente(cliente._id).then(
      (h) => vivo && setDados(h),
      () => {
        if (!vivo) return;
        setFalhou(true);
        notificar({ tipo: 'error', mensagem: MENSAGEM_FALHA_HISTORICO });
      },
    );
    return () => {
      vivo = false;
    };
  }, [cliente._id]);

  return (
    <div data-testid="historico-resumo" style={{ marginTop: 10 }}>
      {falhou && <Typography.Text type="danger">{MENSAGEM_FALHA_HISTORICO}</Typography.Text>}
      {!falhou && !dados && <Spin size="small" />}
      {dados && dados.cliente.historico.length > 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 8 }}
          title="Observações do cadastro"
          description={dados.cliente.historico.join(' · ')}
        />
      )}
      {dados && (
        <Flex vertical gap={4}>
          <Flex justify="space-between" align="center">
            <Typography.Text strong>
              {dados.vendas.length === 0 ? 'Primeiro pedido deste cliente.' : 'Últimos pedidos'}
            </Typography.Text>
            {dados.vendas.length > 0 && (
              <Button size="small" type="link" onClick={() => setAberto(cliente)}>
                Ver histórico
              </Button>
            )}
          </Flex>
          {dados.vendas.slice(0, 3).map((v) => (
            <Typography.Text
              key={v._id}
              type="secondary"
              data-testid="historico-ultimo"
              style={{ fontSize: 13 }}
            >
              {new Date(v.data).toLocaleDateString('pt-BR')} · {v.empresa.descricao} ·{' '}
              {formatarMoeda(v.total)}
              {': '}
              {v.itens.map((i) => `${quantidade(i.quantidade)} ${i.descricao}`).join(', ')}
            </Typography.Text>
          ))}
        </Flex>
      )}
      <HistoricoClienteDialog cliente={aberto} aoFechar={fechar} />
    </div>
  );
}
