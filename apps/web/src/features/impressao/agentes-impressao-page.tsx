import { PlusOutlined, StopOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Input, Modal, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { api } from '../../lib/api/cliente.ts';
import { notificar } from '../../lib/notify/notificar.ts';
import { useSessao } from '../../lib/session/sessao.ts';
import { chavesImpressao } from './api.ts';

// agentesImpressao (issue 14 point 5): the print agents of the current store. Each has its own token, good
// only to claim and acknowledge this store's print jobs; a new one shows its token once, to paste on the
// store PC (PRINT_AGENT_TOKEN); revoking one stops it at its next request.

interface Agente {
  _id: string;
  descricao: string;
  criadoPor: { _id: string; nome: string | null } | null;
  criadoEm: string;
  expiraEm: string;
  ultimoUsoEm: string | null;
  revogadoEm: string | null;
}

const dataHora = (iso: string | null) => (iso ? new Date(iso).toLocaleString('pt-BR') : '—');

export function AgentesImpressaoPage() {
  const empresa = useSessao((s) => s.empresa);
  const [modal, contextoModal] = Modal.useModal();
  const cliente = useQueryClient();
  const [descricao, setDescricao] = useState('');
  const [tokenNovo, setTokenNovo] = useState<string>();
  const chave = [...chavesImpressao.todas, 'agentes', empresa?._id ?? ''] as const;
  const consulta = useQuery({
    queryKey: chave,
    enabled: Boolean(empresa),
    queryFn: () =>
      api.post<Agente[]>('impressao/agentes', { empresa: empresa?._id }, { acao: 'ao listar os agentes' }),
  });

  async function criar() {
    if (!empresa) return;
    try {
      const r = await api.post<{ token: string }>(
        'impressao/tokenAgente',
        { empresa: empresa._id, descricao: descricao.trim() || 'Agente de impressão' },
        { acao: 'ao criar o agente' },
      );
      setTokenNovo(r.token);
      setDescricao('');
      await cliente.invalidateQueries({ queryKey: chave });
    } catch {
      // The API client showed the server's message.
    }
  }

  function revogar(a: Agente) {
    modal.confirm({
      title: `Revogar o agente "${a.descricao}"?`,
      content: 'O agente deixa de imprimir no próximo pedido ao servidor. Para voltar, crie um novo agente.',
      okText: 'Revogar',
      okButtonProps: { danger: true },
      cancelText: 'Cancelar',
      onOk: async () => {
        try {
          await api.post(`impressao/agentes/${a._id}/revogar`, {}, { acao: 'ao revogar o agente' });
          notificar({ tipo: 'success', mensagem: `Agente "${a.descricao}" revogado.` });
          await cliente.invalidateQueries({ queryKey: chave });
        } catch {
          // The API client showed the server's message.
        }
      },
    });
  }

  return (
    <Card title={`Agentes de Impressão${empresa ? ` - ${empresa.descricao}` : ''}`}>
      {contextoModal}
      <Flex vertical gap={16}>
        <Flex gap={8} wrap>
          <Input
            aria-label="Descrição do novo agente"
            placeholder="Descrição (ex.: PC do caixa)"
            maxLength={60}
            style={{ maxWidth: 320 }}
            value={descricao}
            onChange={(e) => setDescricao(e.target.value)}
          />
          <Button type="primary" icon={<PlusOutlined />} onClick={criar} disabled={!empresa}>
            Novo agente
          </Button>
        </Flex>
        {tokenNovo && (
          <Alert
            type="success"
            showIcon
            closable
            onClose={() => setTokenNovo(undefined)}
            title="Token do agente (mostrado só agora): use em PRINT_AGENT_TOKEN no computador da loja."
            description={
              <Typography.Paragraph
                copyable={{ text: tokenNovo }}
                style={{ wordBreak: 'break-all', margin: 0 }}
              >
                <code>{tokenNovo}</code>
              </Typography.Paragraph>
            }
          />
        )}
        <Table<Agente>
          rowKey="_id"
          size="small"
          loading={consulta.isLoading}
          dataSource={consulta.data ?? []}
          pagination={false}
          locale={{ emptyText: 'Nenhum agente de impressão nesta loja.' }}
          columns={[
            { title: 'Descrição', dataIndex: 'descricao' },
            { title: 'Criado por', render: (_, a) => a.criadoPor?.nome ?? '—' },
            { title: 'Criado em', render: (_, a) => dataHora(a.criadoEm) },
            { title: 'Último uso', render: (_, a) => dataHora(a.ultimoUsoEm) },
            { title: 'Validade', render: (_, a) => dataHora(a.expiraEm) },
            {
              title: 'Situação',
              render: (_, a) =>
                a.revogadoEm ? (
                  <Tag color="red">Revogado em {dataHora(a.revogadoEm)}</Tag>
                ) : (
                  <Tag color="green">Ativo</Tag>
                ),
            },
            {
              title: 'Ações',
              render: (_, a) =>
                a.revogadoEm ? null : (
                  <Button danger size="small" icon={<StopOutlined />} onClick={() => revogar(a)}>
                    Revogar
                  </Button>
                ),
            },
          ]}
        />
      </Flex>
    </Card>
  );
}
