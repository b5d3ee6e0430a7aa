import {
  CheckCircleOutlined,
  DeleteOutlined,
  DragOutlined,
  EditOutlined,
  MoreOutlined,
  PlusOutlined,
  StopOutlined,
} from '@ant-design/icons';
import { PERMISSAO } from '@retaguarda/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TreeDataNode, TreeProps } from 'antd';
import {
  Alert,
  App,
  Button,
  Card,
  Dropdown,
  Empty,
  Flex,
  Form,
  Input,
  Modal,
  Select,
  Skeleton,
  Tag,
  Tree,
  TreeSelect,
  Typography,
} from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import { chaves } from '../../lib/api/chaves.ts';
import { useSessao } from '../../lib/session/sessao.ts';
import { useTemPermissao } from '../auth/empresas-usuario.tsx';
import { alterarNo, criarPlanoPadrao, excluirNo, incluirNo, type NoPlano, planoQuery } from './api.ts';
import { montarArvore, paiDe, proximoCodigo, type RamoPlano } from './arvore.ts';

// financeiroPlanoConta (issue 18): the chart of accounts as a tree — code, name, Receita/Despesa. Drag a node onto
// another to move it under it (or 'Mover para…' in its menu, the keyboard way); the server refuses a node under
// itself or its own descendants and a deletion of a node in use, and the screen shows its message.

type Dialogo =
  | { tipo: 'incluir'; pai: NoPlano | null }
  | { tipo: 'editar'; no: NoPlano }
  | { tipo: 'mover'; no: NoPlano };

const mensagem = (e: unknown) => (e instanceof Error ? e.message : 'Falha ao gravar.');

// App gives the page's dialogs and toasts (App.useApp) the theme; the shell has none above the routes.
export function PlanoContasPage() {
  return (
    <App component={false}>
      <PlanoContasPageConteudo />
    </App>
  );
}

function PlanoContasPageConteudo() {
  const plano = useQuery(planoQuery());
  const queryClient = useQueryClient();
  const { message, modal } = App.useApp();
  const empresa = useSessao((s) => s.empresa?._id);
  const podeIncluir = useTemPermissao(empresa, PERMISSAO.financeiroPlanoContaIncluir);
  const podeAlterar = useTemPermissao(empresa, PERMISSAO.financeiroPlanoContaAlterar);
  const podeExcluir = useTemPermissao(empresa, PERMISSAO.financeiroPlanoContaExcluir);
  const [dialogo, setDialogo] = useState<Dialogo | null>(null);
  const [expandidas, setExpandidas] = useState<string[] | null>(null);
  const nos = plano.data ?? [];
  const arvore = useMemo(() => montarArvore(nos), [nos]);
  const porId = useMemo(() => new Map(nos.map((n) => [n._id, n])), [nos]);

  const recarregar = () =>
    queryClient.invalidateQueries({ queryKey: chaves.recursoTodos('financeiroPlanoConta') });
  const padrao = useMutation({
    mutationFn: criarPlanoPadrao,
    onSuccess: async () => {
      message.success('Plano de contas padrão criado.');
      await recarregar();
    },
  });
  const mover = useMutation({
    mutationFn: ({ no, pai }: { no: NoPlano; pai: string | null }) =>
      alterarNo(no._id, { financeiroPlanoContaPai: pai }),
    onSuccess: async () => {
      message.success('Conta movida.');
      await recarregar();
    },
  });

  function alternarAtivo(no: NoPlano) {
    alterarNo(no._id, { ativo: no.ativo === false })
      .then(async () => {
        message.success(no.ativo === false ? 'Conta reativada.' : 'Conta desativada.');
        await recarregar();
      })
      .catch((e) => {
        modal.error({ title: 'Não foi possível alterar', content: mensagem(e) });
      });
  }

  function excluir(no: NoPlano) {
    modal.confirm({
      title: `Excluir ${no.codigo} ${no.descricao}?`,
      okText: 'Excluir',
      okButtonProps: { danger: true },
      cancelText: 'Cancelar',
      onOk: () =>
        excluirNo(no._id)
          .then(async () => {
            message.success('Conta excluída.');
            await recarregar();
          })
          .catch((e) => {
            modal.error({ title: 'Não foi possível excluir', content: mensagem(e) });
          }),
    });
  }

  const titulo = (no: NoPlano): ReactNode => {
    const inativa = no.ativo === false;
    return (
      <Flex gap={8} align="center" justify="space-between" data-testid={`no-${no.codigo}`}>
        <Flex gap={8} align="center" wrap style={{ opacity: inativa ? 0.55 : 1 }}>
          <Typography.Text code>{no.codigo}</Typography.Text>
          <span>{no.descricao}</span>
          <Tag color={no.natureza === 'Receita' ? 'success' : 'error'}>{no.natureza}</Tag>
          {inativa && <Tag>Inativa</Tag>}
          {no.chave && <Tag color="processing">Sistema</Tag>}
        </Flex>
        <Dropdown
          trigger={['click']}
          menu={{
            items: [
              { key: 'filha', icon: <PlusOutlined />, label: 'Adicionar filha', disabled: !podeIncluir },
              { key: 'editar', icon: <EditOutlined />, label: 'Renomear', disabled: !podeAlterar },
              { key: 'mover', icon: <DragOutlined />, label: 'Mover para…', disabled: !podeAlterar },
              {
                key: 'ativo',
                icon: inativa ? <CheckCircleOutlined /> : <StopOutlined />,
                label: inativa ? 'Reativar' : 'Desativar',
                disabled: !podeAlterar,
              },
              {
                key: 'excluir',
                icon: <DeleteOutlined />,
                label: 'Excluir',
                danger: true,
                disabled: !podeExcluir,
              },
            ],
            onClick: ({ key, domEvent }) => {
              domEvent.stopPropagation();
              if (key === 'filha') setDialogo({ tipo: 'incluir', pai: no });
              else if (key === 'editar') setDialogo({ tipo: 'editar', no });
              else if (key === 'mover') setDialogo({ tipo: 'mover', no });
              else if (key === 'ativo') alternarAtivo(no);
              else excluir(no);
            },
          }}
        >
          <Button
            type="text"
            size="small"
            aria-label={`Ações de ${no.codigo}`}
            icon={<MoreOutlined />}
            onClick={(e) => e.stopPropagation()}
          />
        </Dropdown>
      </Flex>
    );
  };

  const paraDados = (ramos: RamoPlano[]): TreeDataNode[] =>
    ramos.map((r) => ({ key: r.no._id, title: titulo(r.no), children: paraDados(r.filhos) }));
  const dados = paraDados(arvore);
  const abertas = expandidas ?? arvore.map((r) => r.no._id);

  // Dropped on a node: it becomes the parent; dropped between nodes: the target's parent.
  const aoSoltar: TreeProps['onDrop'] = (info) => {
    const no = porId.get(String(info.dragNode.key));
    const alvo = porId.get(String(info.node.key));
    if (!no || !alvo) return;
    const pai = info.dropToGap ? paiDe(alvo) : alvo._id;
    if (pai === paiDe(no)) return;
    mover.mutate(
      { no, pai },
      { onError: (e) => modal.error({ title: 'Não foi possível mover', content: mensagem(e) }) },
    );
  };

  return (
    <Flex vertical gap={12}>
      <Flex justify="end" align="center" wrap gap={8}>
        <Flex gap={8}>
          <Button onClick={() => setExpandidas(nos.map((n) => n._id))}>Expandir tudo</Button>
          <Button onClick={() => setExpandidas([])}>Recolher</Button>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            disabled={!podeIncluir}
            onClick={() => setDialogo({ tipo: 'incluir', pai: null })}
          >
            Nova conta raiz
          </Button>
        </Flex>
      </Flex>
      <Typography.Text type="secondary">
        {podeAlterar
          ? 'Arraste uma conta sobre outra para colocá-la abaixo dela, ou use “Mover para…” no menu da conta.'
          : 'Somente leitura nesta empresa: o plano de contas é do grupo e é mantido por quem tem permissão de alterá-lo (na franquia, na empresa gestora).'}
      </Typography.Text>
      <Card size="small">
        {plano.isPending ? (
          <Skeleton active />
        ) : nos.length === 0 ? (
          <Empty description="O plano de contas está vazio.">
            <Button
              type="primary"
              loading={padrao.isPending}
              disabled={!podeIncluir}
              onClick={() => padrao.mutate()}
            >
              Criar plano padrão
            </Button>
          </Empty>
        ) : (
          <Tree
            blockNode
            showLine
            draggable={podeAlterar ? { icon: false } : false}
            treeData={dados}
            expandedKeys={abertas}
            onExpand={(k) => setExpandidas(k.map(String))}
            onDrop={aoSoltar}
            selectable={false}
            data-testid="arvore-plano"
          />
        )}
      </Card>
      {dialogo?.tipo === 'mover' && (
        <DialogoMover
          no={dialogo.no}
          nos={nos}
          arvore={arvore}
          aoFechar={() => setDialogo(null)}
          aoMover={(pai) => mover.mutateAsync({ no: dialogo.no, pai })}
        />
      )}
      {(dialogo?.tipo === 'incluir' || dialogo?.tipo === 'editar') && (
        <DialogoNo dialogo={dialogo} nos={nos} aoFechar={() => setDialogo(null)} aoGravar={recarregar} />
      )}
    </Flex>
  );
}

const RAIZ = '__raiz__';

function DialogoMover({
  no,
  nos,
  arvore,
  aoFechar,
  aoMover,
}: {
  no: NoPlano;
  nos: readonly NoPlano[];
  arvore: RamoPlano[];
  aoFechar: () => void;
  aoMover: (pai: string | null) => Promise<unknown>;
}) {
  const [pai, setPai] = useState<string>(paiDe(no) ?? RAIZ);
  const [erro, setErro] = useState<string | null>(null);
  const [gravando, setGravando] = useState(false);
  // Every node is offered (the server is who refuses a node under itself, and says so).
  interface OpcaoArvore {
    value: string;
    title: string;
    children: OpcaoArvore[];
  }
  const opcoes = (ramos: RamoPlano[]): OpcaoArvore[] =>
    ramos.map((r) => ({
      value: r.no._id,
      title: `${r.no.codigo} ${r.no.descricao}`,
      children: opcoes(r.filhos),
    }));
  return (
    <Modal
      open
      title={`Mover ${no.codigo} ${no.descricao}`}
      okText="Mover"
      cancelText="Cancelar"
      confirmLoading={gravando}
      onCancel={aoFechar}
      onOk={async () => {
        setGravando(true);
        setErro(null);
        try {
          await aoMover(pai === RAIZ ? null : pai);
          aoFechar();
        } catch (e) {
          setErro(mensagem(e));
        } finally {
          setGravando(false);
        }
      }}
    >
      <Form layout="vertical" component="div">
        <Form.Item label="Nova conta pai" htmlFor="mover-pai">
          <TreeSelect
            id="mover-pai"
            aria-label="Nova conta pai"
            showSearch={{ treeNodeFilterProp: 'title' }}
            treeDefaultExpandAll={nos.length < 200}
            value={pai}
            onChange={(v: string) => setPai(v)}
            treeData={[{ value: RAIZ, title: '(raiz do plano)', children: [] }, ...opcoes(arvore)]}
          />
        </Form.Item>
      </Form>
      {erro && <Alert type="error" showIcon title={erro} data-testid="erro-mover" />}
    </Modal>
  );
}

function DialogoNo({
  dialogo,
  nos,
  aoFechar,
  aoGravar,
}: {
  dialogo: Extract<Dialogo, { tipo: 'incluir' | 'editar' }>;
  nos: readonly NoPlano[];
  aoFechar: () => void;
  aoGravar: () => Promise<unknown>;
}) {
  const editando = dialogo.tipo === 'editar' ? dialogo.no : null;
  const pai = dialogo.tipo === 'incluir' ? dialogo.pai : null;
  const [form] = Form.useForm<{ codigo: string; descricao: string; natureza: 'Receita' | 'Despesa' }>();
  const [erro, setErro] = useState<string | null>(null);
  const [gravando, setGravando] = useState(false);
  const iniciais = editando
    ? { codigo: editando.codigo, descricao: editando.descricao, natureza: editando.natureza }
    : { codigo: proximoCodigo(nos, pai), descricao: '', natureza: pai?.natureza ?? 'Despesa' };
  return (
    <Modal
      open
      title={
        editando
          ? `Renomear ${editando.codigo}`
          : pai
            ? `Nova conta abaixo de ${pai.codigo} ${pai.descricao}`
            : 'Nova conta raiz'
      }
      okText="Salvar"
      cancelText="Cancelar"
      confirmLoading={gravando}
      onCancel={aoFechar}
      onOk={async () => {
        const v = await form.validateFields();
        setGravando(true);
        setErro(null);
        try {
          const corpo = { codigo: v.codigo.trim(), descricao: v.descricao.trim(), natureza: v.natureza };
          if (editando) await alterarNo(editando._id, corpo);
          else await incluirNo({ ...corpo, financeiroPlanoContaPai: pai?._id ?? null, ativo: true });
          await aoGravar();
          aoFechar();
        } catch (e) {
          setErro(mensagem(e));
        } finally {
          setGravando(false);
        }
      }}
    >
      <Form form={form} layout="vertical" initialValues={iniciais}>
        <Flex gap={12}>
          <Form.Item
            name="codigo"
            label="Código"
            style={{ width: 160 }}
            rules={[{ required: true, whitespace: true, message: 'Informe o código.' }]}
          >
            <Input maxLength={30} />
          </Form.Item>
          <Form.Item name="natureza" label="Natureza" style={{ flex: 1 }}>
            <Select
              options={[
                { value: 'Receita', label: 'Receita' },
                { value: 'Despesa', label: 'Despesa' },
              ]}
            />
          </Form.Item>
        </Flex>
        <Form.Item
          name="descricao"
          label="Descrição"
          rules={[{ required: true, whitespace: true, message: 'Informe a descrição.' }]}
        >
          <Input maxLength={100} autoFocus />
        </Form.Item>
      </Form>
      {erro && <Alert type="error" showIcon title={erro} />}
    </Modal>
  );
}
