import { recursos } from '@retaguarda/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Flex,
  Form,
  Input,
  Progress,
  Segmented,
  Select,
  Switch,
  Table,
} from 'antd';
import { useState } from 'react';
import { chaves } from '../../lib/api/chaves.ts';
import { api } from '../../lib/api/cliente.ts';
import { notificar } from '../../lib/notify/notificar.ts';
import { buscarRegistros } from '../recursos/api.ts';
import { SeletorReferencia } from '../recursos/seletor-referencia.tsx';
import { usePermissoesRecurso } from '../recursos/use-permissoes-recurso.ts';
import { type Correcao, type LinhaPrevia, type ProdutoCorrecao, previa } from './correcao.ts';

// correcaoProdutos: bulk corrections of products with a preview. The products are chosen by text, category
// and family; the change (price by value or percentage, active flag, NCM) is computed here (correcao.ts), shown before/after, and applied as partial updates
// of each product (PUT produtoGeral/{id}, audited and permission-checked by the server like any edit).

type Campo = Correcao['campo'];
const CAMPOS: { value: Campo; label: string }[] = [
  { value: 'preco', label: 'Preço' },
  { value: 'ativo', label: 'Ativo' },
  { value: 'ncm', label: 'NCM' },
];
const LIMITE = 1000;

function Tela() {
  const { modal } = App.useApp();
  const client = useQueryClient();
  const permissoes = usePermissoesRecurso(recursos.produtoGeral);
  const [texto, setTexto] = useState('');
  const [categoria, setCategoria] = useState<string | null>(null);
  const [familia, setFamilia] = useState<string | null>(null);
  const [campo, setCampo] = useState<Campo>('preco');
  const [modoPreco, setModoPreco] = useState<'percentual' | 'valor'>('percentual');
  const [valor, setValor] = useState('');
  const [ativo, setAtivo] = useState(true);
  const [linhas, setLinhas] = useState<LinhaPrevia[] | null>(null);
  const [progresso, setProgresso] = useState(0);

  function correcao(): Correcao | undefined {
    if (campo === 'preco') {
      const n = valor.trim().replace(',', '.');
      if (!/^-?\d+(\.\d+)?$/.test(n)) return undefined;
      return modoPreco === 'valor'
        ? { campo, modo: 'valor', valor: n }
        : { campo, modo: 'percentual', percentual: n };
    }
    if (campo === 'ativo') return { campo, ativo };
    return /^\d{8}$/.test(valor.trim()) ? { campo, ncm: valor.trim() } : undefined;
  }

  const visualizar = useMutation({
    mutationFn: async () => {
      const c = correcao();
      if (!c) throw new Error('Informe um valor válido para a correção.');
      const partes: Record<string, unknown>[] = [];
      if (texto.trim()) partes.push({ descricao: { $regex: texto.trim(), $options: 'i' } });
      if (categoria) partes.push({ categorias: { $in: [categoria] } });
      if (familia) partes.push({ familias: { $in: [familia] } });
      const filtro = partes.length === 0 ? {} : partes.length === 1 ? (partes[0] ?? {}) : { $and: partes };
      const produtos = await buscarRegistros('produtoGeral', {
        filtro,
        limit: LIMITE,
        skip: 0,
        sort: 'descricao',
      });
      return previa(produtos as unknown as ProdutoCorrecao[], c);
    },
    onSuccess: setLinhas,
    onError: (e) => notificar({ tipo: 'warning', mensagem: e.message }),
  });

  const alteradas = (linhas ?? []).filter((l) => l.corpo);

  const aplicar = useMutation({
    mutationFn: async () => {
      let feitas = 0;
      for (const l of alteradas) {
        await api.put(`produtoGeral/${l._id}`, l.corpo, { acao: `ao corrigir ${l.descricao}` });
        feitas++;
        setProgresso(Math.round((feitas / alteradas.length) * 100));
      }
      return feitas;
    },
    onSettled: () => void client.invalidateQueries({ queryKey: chaves.recursoTodos('produtoGeral') }),
    onSuccess: (feitas) => {
      notificar({ tipo: 'success', mensagem: `${feitas} produto(s) corrigido(s).` });
      setLinhas(null);
      setProgresso(0);
    },
  });

  return (
    <Flex vertical gap={16} data-testid="correcao-produtos">
      <Card size="small" title="Produtos">
        <Form layout="vertical" component="div">
          <Flex gap={12} wrap>
            <Form.Item label="Descrição contém" htmlFor="correcao-texto" style={{ width: 280 }}>
              <Input
                id="correcao-texto"
                value={texto}
                onChange={(e) => setTexto(e.target.value)}
                allowClear
              />
            </Form.Item>
            <Form.Item label="Categoria" style={{ width: 260 }}>
              <SeletorReferencia
                tabela="agrupador"
                valor={categoria}
                onChange={(v) => setCategoria(v as string | null)}
              />
            </Form.Item>
            <Form.Item label="Família" style={{ width: 260 }}>
              <SeletorReferencia
                tabela="agrupador"
                valor={familia}
                onChange={(v) => setFamilia(v as string | null)}
              />
            </Form.Item>
          </Flex>
        </Form>
      </Card>
      <Card size="small" title="Correção">
        <Form layout="vertical" component="div">
          <Flex gap={12} wrap align="end">
            <Form.Item label="Campo" htmlFor="correcao-campo" style={{ width: 180 }}>
              <Select
                id="correcao-campo"
                value={campo}
                options={CAMPOS}
                onChange={(v: Campo) => setCampo(v)}
              />
            </Form.Item>
            {campo === 'preco' && (
              <Form.Item label="Modo">
                <Segmented
                  value={modoPreco}
                  onChange={(v) => setModoPreco(v as 'percentual' | 'valor')}
                  options={[
                    { value: 'percentual', label: 'Reajuste (%)' },
                    { value: 'valor', label: 'Novo valor (R$)' },
                  ]}
                />
              </Form.Item>
            )}
            {(campo === 'preco' || campo === 'ncm') && (
              <Form.Item
                label={campo === 'ncm' ? 'Novo NCM' : 'Valor'}
                htmlFor="correcao-valor"
                style={{ width: 180 }}
              >
                <Input id="correcao-valor" value={valor} onChange={(e) => setValor(e.target.value)} />
              </Form.Item>
            )}
            {campo === 'ativo' && (
              <Form.Item label="Ativo">
                <Switch checked={ativo} onChange={setAtivo} checkedChildren="Sim" unCheckedChildren="Não" />
              </Form.Item>
            )}
            <Form.Item>
              <Button type="primary" loading={visualizar.isPending} onClick={() => visualizar.mutate()}>
                Pré-visualizar
              </Button>
            </Form.Item>
          </Flex>
        </Form>
      </Card>
      {linhas && (
        <Card
          size="small"
          title={`Pré-visualização: ${alteradas.length} de ${linhas.length} produto(s) mudam`}
          extra={
            permissoes.alterar && (
              <Button
                type="primary"
                danger
                disabled={alteradas.length === 0}
                loading={aplicar.isPending}
                onClick={() =>
                  modal.confirm({
                    title: 'Aplicar correção',
                    content: `Alterar ${alteradas.length} produto(s)? Cada alteração fica no histórico do produto.`,
                    okText: 'Aplicar',
                    cancelText: 'Cancelar',
                    onOk: () => aplicar.mutateAsync(),
                  })
                }
              >
                Aplicar
              </Button>
            )
          }
        >
          {linhas.length === LIMITE && (
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 8 }}
              title={`Somente os primeiros ${LIMITE} produtos: refine o filtro para corrigir o restante.`}
            />
          )}
          {aplicar.isPending && <Progress percent={progresso} />}
          <Table<LinhaPrevia>
            size="small"
            rowKey="_id"
            dataSource={linhas}
            pagination={{ pageSize: 20 }}
            columns={[
              { title: 'Produto', dataIndex: 'descricao' },
              { title: 'Atual', dataIndex: 'antes' },
              {
                title: 'Novo',
                dataIndex: 'depois',
                render: (d: string, l) => (l.corpo ? <strong>{d}</strong> : d),
              },
            ]}
          />
        </Card>
      )}
    </Flex>
  );
}

export function CorrecaoProdutosPage() {
  return (
    <App component={false}>
      <Tela />
    </App>
  );
}
