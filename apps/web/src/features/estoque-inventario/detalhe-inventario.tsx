import { ArrowLeftOutlined, PrinterOutlined } from '@ant-design/icons';
import { formatarDataHora, podeCancelar, podeContar, podeEstornar } from '@retaguarda/domain';
import { PERMISSAO } from '@retaguarda/domain/catalogos/permissoes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Descriptions,
  Flex,
  Input,
  Modal,
  Progress,
  Result,
  Skeleton,
  Space,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { imprimirRelatorio } from '../../lib/exportar/imprimir.ts';
import { notificar } from '../../lib/notify/notificar.ts';
import { useTemPermissao } from '../auth/empresas-usuario.tsx';
import {
  cancelarInventario,
  chavesInventario,
  conferirInventario,
  estornarInventario,
  folhaQuery,
  reabrirInventario,
} from './api.ts';
import { TagStatus } from './comum.tsx';
import { Contagem } from './contagem.tsx';
import { folhaParaImpressao, tituloInventario } from './regras.ts';
import { Revisao } from './revisao.tsx';

/** One count: its header and actions, the counting tab and the review tab (who may review sees it). */
export function DetalheInventario({
  id,
  aba,
  aoMudarAba,
  aoVoltar,
}: {
  id: string;
  aba: 'contagem' | 'revisao';
  aoMudarAba: (aba: 'contagem' | 'revisao') => void;
  aoVoltar: () => void;
}) {
  const queryClient = useQueryClient();
  const folha = useQuery(folhaQuery(id));
  const empresa = folha.data?.inventario.empresa._id;
  const podeIncluir = useTemPermissao(empresa, PERMISSAO.estoqueInventarioIncluir);
  const podeAlterar = useTemPermissao(empresa, PERMISSAO.estoqueInventarioAlterar);
  const podeExcluir = useTemPermissao(empresa, PERMISSAO.estoqueInventarioExcluir);
  const [cancelando, setCancelando] = useState(false);
  const [estornando, setEstornando] = useState(false);
  const atualizar = () => queryClient.invalidateQueries({ queryKey: chavesInventario.todas });
  const conferir = useMutation({
    mutationFn: () => conferirInventario(id),
    onSuccess: () => {
      notificar({ tipo: 'success', mensagem: 'Contagem concluída: revise as diferenças e efetive.' });
      void atualizar();
      aoMudarAba('revisao');
    },
  });
  const reabrir = useMutation({ mutationFn: () => reabrirInventario(id), onSuccess: () => void atualizar() });

  const voltar = (
    <Button icon={<ArrowLeftOutlined />} onClick={aoVoltar}>
      Inventários
    </Button>
  );
  if (folha.isPending) return <Skeleton active />;
  if (folha.isError || !folha.data) {
    return <Result status="warning" title="Não foi possível abrir o inventário." extra={voltar} />;
  }
  const { inventario: inv, itens } = folha.data;
  const contando = podeContar(inv.status);
  const percentual = inv.itens ? Math.floor((inv.contados / inv.itens) * 100) : 0;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Flex gap={12} align="center" wrap>
        {voltar}
        <Typography.Title level={4} style={{ margin: 0 }} data-testid="titulo-inventario">
          {tituloInventario(inv)}
        </Typography.Title>
        <TagStatus status={inv.status} />
        {inv.cega && <Tag>Contagem cega</Tag>}
        <Flex gap={8} wrap style={{ marginLeft: 'auto' }}>
          <Button
            icon={<PrinterOutlined />}
            onClick={() => imprimirRelatorio(folhaParaImpressao(inv, itens), formatarDataHora(new Date()))}
          >
            Imprimir folha
          </Button>
          {contando && podeAlterar && (
            <Button
              type="primary"
              loading={conferir.isPending}
              disabled={inv.contados === 0}
              title={inv.contados === 0 ? 'Conte ao menos um produto' : undefined}
              onClick={() => conferir.mutate()}
            >
              Concluir contagem
            </Button>
          )}
          {inv.status === 'conferido' && podeAlterar && (
            <Button loading={reabrir.isPending} onClick={() => reabrir.mutate()}>
              Reabrir contagem
            </Button>
          )}
          {podeCancelar(inv.status) && podeExcluir && (
            <Button danger onClick={() => setCancelando(true)}>
              Cancelar inventário
            </Button>
          )}
          {podeEstornar(inv.status) && podeExcluir && (
            <Button danger onClick={() => setEstornando(true)}>
              Estornar inventário
            </Button>
          )}
        </Flex>
      </Flex>
      <Descriptions
        size="small"
        bordered
        column={{ xs: 1, sm: 2, lg: 4 }}
        items={[
          { key: 'empresa', label: 'Empresa', children: inv.empresa.descricao },
          { key: 'data', label: 'Data da contagem', children: formatarDataHora(inv.data) },
          {
            key: 'contados',
            label: 'Contados',
            children: (
              <Flex gap={8} align="center">
                <span data-testid="contados">
                  {inv.contados} de {inv.itens}
                </span>
                <Progress percent={percentual} size="small" style={{ width: 120, margin: 0 }} />
              </Flex>
            ),
          },
          {
            key: 'criado',
            label: 'Criado por',
            children: `${inv.criadoPor?.nome ?? ''} em ${formatarDataHora(inv.createdAt)}`,
          },
          ...(inv.conferidoEm
            ? [
                {
                  key: 'conf',
                  label: 'Conferido por',
                  children: `${inv.conferidoPor?.nome ?? ''} em ${formatarDataHora(inv.conferidoEm)}`,
                },
              ]
            : []),
          ...(inv.efetivadoEm
            ? [
                {
                  key: 'efet',
                  label: 'Efetivado por',
                  children: `${inv.efetivadoPor?.nome ?? ''} em ${formatarDataHora(inv.efetivadoEm)}`,
                },
              ]
            : []),
          ...(inv.canceladoEm
            ? [
                {
                  key: 'canc',
                  label: 'Cancelado por',
                  children: `${inv.canceladoPor?.nome ?? ''} em ${formatarDataHora(inv.canceladoEm)}: ${inv.motivoCancelamento ?? ''}`,
                },
              ]
            : []),
          ...(inv.estornadoEm
            ? [
                {
                  key: 'estorno',
                  label: 'Estornado por',
                  children: (
                    <span data-testid="estornado-por">{`${inv.estornadoPor?.nome ?? ''} em ${formatarDataHora(inv.estornadoEm)}: ${inv.motivoEstorno ?? ''}`}</span>
                  ),
                },
              ]
            : []),
        ]}
      />
      {inv.status === 'conferido' && !podeAlterar && (
        <Alert type="info" showIcon title="Contagem concluída: aguardando a revisão e a efetivação." />
      )}
      <Tabs
        activeKey={podeAlterar ? aba : 'contagem'}
        onChange={(k) => aoMudarAba(k === 'revisao' ? 'revisao' : 'contagem')}
        items={[
          {
            key: 'contagem',
            label: 'Contagem',
            children: <Contagem folha={folha.data} podeIncluir={podeIncluir} />,
          },
          ...(podeAlterar
            ? [
                {
                  key: 'revisao',
                  label: 'Revisão e efetivação',
                  children: <Revisao inventario={inv} ativa={aba === 'revisao'} />,
                },
              ]
            : []),
        ]}
      />
      {cancelando && <CancelarDialog id={id} aoFechar={() => setCancelando(false)} />}
      {estornando && <EstornarDialog id={id} aoFechar={() => setEstornando(false)} />}
    </Space>
  );
}

function CancelarDialog({ id, aoFechar }: { id: string; aoFechar: () => void }) {
  const queryClient = useQueryClient();
  const [motivo, setMotivo] = useState('');
  const [tocado, setTocado] = useState(false);
  const cancelar = useMutation({
    mutationFn: () => cancelarInventario(id, motivo.trim()),
    onSuccess: () => {
      notificar({ tipo: 'success', mensagem: 'Inventário cancelado.' });
      void queryClient.invalidateQueries({ queryKey: chavesInventario.todas });
      aoFechar();
    },
  });
  const valido = motivo.trim().length > 0;
  return (
    <Modal
      open
      title="Cancelar inventário"
      okText="Cancelar inventário"
      okButtonProps={{ danger: true }}
      cancelText="Voltar"
      confirmLoading={cancelar.isPending}
      onCancel={aoFechar}
      onOk={() => {
        setTocado(true);
        if (valido) cancelar.mutate();
      }}
    >
      <Typography.Paragraph>Um inventário cancelado não pode mais ser efetivado.</Typography.Paragraph>
      <label htmlFor="inv-motivo-cancelamento">Motivo</label>
      <Input.TextArea
        id="inv-motivo-cancelamento"
        maxLength={300}
        value={motivo}
        status={tocado && !valido ? 'error' : undefined}
        onChange={(e) => setMotivo(e.target.value)}
      />
      {tocado && !valido && (
        <Typography.Text type="danger">Informe o motivo do cancelamento.</Typography.Text>
      )}
    </Modal>
  );
}

/** Reverses a posted count: reversing moves of its adjustments at the count's date (once). */
function EstornarDialog({ id, aoFechar }: { id: string; aoFechar: () => void }) {
  const queryClient = useQueryClient();
  const [motivo, setMotivo] = useState('');
  const [tocado, setTocado] = useState(false);
  const estornar = useMutation({
    mutationFn: () => estornarInventario(id, motivo.trim()),
    onSuccess: (res) => {
      notificar({
        tipo: 'success',
        mensagem: `Inventário estornado: ${res.movimentos} ${res.movimentos === 1 ? 'ajuste desfeito' : 'ajustes desfeitos'} no estoque.`,
      });
      // Balances, kardex and position change with the reversing moves.
      void queryClient.invalidateQueries({ queryKey: chavesInventario.estoque });
      aoFechar();
    },
  });
  const valido = motivo.trim().length > 0;
  return (
    <Modal
      open
      title="Estornar inventário"
      okText="Estornar inventário"
      okButtonProps={{ danger: true }}
      cancelText="Voltar"
      confirmLoading={estornar.isPending}
      onCancel={aoFechar}
      onOk={() => {
        setTocado(true);
        if (valido) estornar.mutate();
      }}
    >
      <Typography.Paragraph>
        Cada ajuste lançado por este inventário será desfeito por um estorno com a data da contagem. Os
        ajustes continuam no kardex, e o inventário não pode ser estornado de novo.
      </Typography.Paragraph>
      <label htmlFor="inv-motivo-estorno">Motivo</label>
      <Input.TextArea
        id="inv-motivo-estorno"
        maxLength={300}
        value={motivo}
        status={tocado && !valido ? 'error' : undefined}
        onChange={(e) => setMotivo(e.target.value)}
      />
      {tocado && !valido && <Typography.Text type="danger">Informe o motivo do estorno.</Typography.Text>}
    </Modal>
  );
}
