import {
  DeleteOutlined,
  EditOutlined,
  FolderOpenOutlined,
  LockOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { formatarDataHora, permissaoPorId } from '@retaguarda/domain';
import {
  permissaoDoRelatorio,
  RELATORIOS_DO_SISTEMA,
  type RelatorioSalvo,
  type VisibilidadeRelatorio,
} from '@retaguarda/domain/relatorios-salvos/relatorio-salvo';
import { useQuery } from '@tanstack/react-query';
import {
  Button,
  Empty,
  Flex,
  Form,
  Input,
  Modal,
  Popconfirm,
  Radio,
  Space,
  Table,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { notificar } from '../../lib/notify/notificar.ts';
import { rotaPorNome } from '../../routes/rotas.ts';
import { usePermissoes } from '../layout/main-layout.tsx';
import {
  relatoriosSalvosQuery,
  useAlterarRelatorioSalvo,
  useExcluirRelatorioSalvo,
} from '../relatorios-comum/api.ts';
import { urlDoRelatorioSalvo } from '../relatorios-comum/estado-url.ts';

// relatoriosCriados (issue 19): the reports the user saved and the ones shared with the group that the user may
// open. One click opens the base report with the saved filter, columns, grouping and chart; the owner renames,
// shares or deletes it. Saving happens on the report itself ("Salvar relatório").

const semAcento = (t: string) =>
  t
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

interface Edicao {
  descricao: string;
  visibilidade: VisibilidadeRelatorio;
}

export function RelatoriosCriadosPage() {
  const lista = useQuery(relatoriosSalvosQuery());
  const permissoes = usePermissoes();
  const navegar = useNavigate();
  const alterar = useAlterarRelatorioSalvo();
  const excluir = useExcluirRelatorioSalvo();
  const [busca, setBusca] = useState('');
  const [editando, setEditando] = useState<RelatorioSalvo | null>(null);
  const [form] = Form.useForm<Edicao>();

  const titulo = (r: RelatorioSalvo) => rotaPorNome(r.relatorio)?.titulo ?? r.relatorio;
  const podeAbrir = (r: RelatorioSalvo) => permissoes.data?.has(permissaoDoRelatorio(r.relatorio)) ?? false;
  const abrir = (r: RelatorioSalvo) => navegar(urlDoRelatorioSalvo(r));
  const termos = semAcento(busca).split(/\s+/).filter(Boolean);
  const dados = (lista.data ?? []).filter((r) => {
    const texto = semAcento(`${r.descricao} ${titulo(r)} ${r.dono.nome}`);
    return termos.every((t) => texto.includes(t));
  });

  async function salvarEdicao(v: Edicao) {
    if (!editando) return;
    await alterar.mutateAsync({ id: editando._id, alteracao: v });
    notificar({ tipo: 'success', mensagem: 'Relatório salvo alterado.' });
    setEditando(null);
  }

  const colunas: ColumnsType<RelatorioSalvo> = [
    {
      title: 'Nome',
      key: 'descricao',
      render: (_, r) =>
        podeAbrir(r) ? (
          <Link to={urlDoRelatorioSalvo(r)} aria-label={`Abrir ${r.descricao}`}>
            {r.descricao}
          </Link>
        ) : (
          <Tooltip
            title={`Sem a permissão ${permissaoPorId(permissaoDoRelatorio(r.relatorio))?.permissao ?? ''}`}
          >
            <Typography.Text disabled>
              <LockOutlined /> {r.descricao}
            </Typography.Text>
          </Tooltip>
        ),
    },
    {
      title: 'Relatório base',
      key: 'relatorio',
      render: (_, r) => (
        <Flex vertical>
          <span>{titulo(r)}</span>
          <Typography.Text type="secondary">{RELATORIOS_DO_SISTEMA[r.relatorio]}</Typography.Text>
        </Flex>
      ),
    },
    {
      title: 'Visibilidade',
      key: 'visibilidade',
      width: 150,
      render: (_, r) =>
        r.visibilidade === 'grupo' ? (
          <Tag icon={<TeamOutlined />} color="processing">
            Compartilhado
          </Tag>
        ) : (
          <Tag icon={<LockOutlined />}>Privado</Tag>
        ),
    },
    { title: 'Criado por', key: 'dono', render: (_, r) => (r.proprio ? 'Você' : r.dono.nome) },
    {
      title: 'Alterado em',
      key: 'updatedAt',
      width: 150,
      render: (_, r) => formatarDataHora(r.updatedAt),
    },
    {
      title: 'Ações',
      key: 'acoes',
      width: 210,
      render: (_, r) => (
        <Space size={4}>
          <Button
            size="small"
            type="primary"
            icon={<FolderOpenOutlined />}
            disabled={!podeAbrir(r)}
            onClick={() => abrir(r)}
          >
            Abrir
          </Button>
          {r.proprio && (
            <>
              <Button
                size="small"
                icon={<EditOutlined />}
                aria-label={`Renomear ${r.descricao}`}
                onClick={() => {
                  form.setFieldsValue({ descricao: r.descricao, visibilidade: r.visibilidade });
                  setEditando(r);
                }}
              />
              <Popconfirm
                title="Excluir este relatório salvo?"
                okText="Excluir"
                cancelText="Cancelar"
                okButtonProps={{ danger: true }}
                onConfirm={() => excluir.mutateAsync(r._id).catch(() => undefined)}
              >
                <Button size="small" danger icon={<DeleteOutlined />} aria-label={`Excluir ${r.descricao}`} />
              </Popconfirm>
            </>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Flex vertical gap={16}>
      <Flex gap={12} align="center" wrap justify="space-between">
        <Input.Search
          aria-label="Buscar relatório salvo"
          placeholder="Buscar por nome, relatório base ou autor"
          allowClear
          style={{ maxWidth: 420 }}
          value={busca}
          onChange={(e) => setBusca(e.target.value)}
        />
        <Link to="/relatoriosDoSistema">Relatórios do Sistema</Link>
      </Flex>
      <Table<RelatorioSalvo>
        data-testid="relatorios-criados"
        size="small"
        rowKey="_id"
        loading={lista.isPending}
        dataSource={dados}
        columns={colunas}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        scroll={{ x: 'max-content' }}
        locale={{
          emptyText: (
            <Empty description="Nenhum relatório salvo. Abra um relatório e clique em Salvar relatório." />
          ),
        }}
      />
      <Modal
        title="Renomear relatório salvo"
        open={editando !== null}
        okText="Salvar"
        cancelText="Cancelar"
        confirmLoading={alterar.isPending}
        onOk={() => form.submit()}
        onCancel={() => setEditando(null)}
        destroyOnHidden
      >
        <Form<Edicao>
          form={form}
          layout="vertical"
          onFinish={(v) => void salvarEdicao(v).catch(() => undefined)}
        >
          <Form.Item
            name="descricao"
            label="Nome"
            rules={[
              { required: true, whitespace: true, message: 'Informe o nome do relatório.' },
              { max: 100, message: 'Texto longo demais: no máximo 100 caracteres.' },
            ]}
          >
            <Input autoFocus maxLength={100} />
          </Form.Item>
          <Form.Item name="visibilidade" label="Quem vê">
            <Radio.Group
              options={[
                { value: 'privado', label: 'Somente eu' },
                { value: 'grupo', label: 'Usuários do grupo com acesso a este relatório' },
              ]}
            />
          </Form.Item>
        </Form>
      </Modal>
    </Flex>
  );
}
