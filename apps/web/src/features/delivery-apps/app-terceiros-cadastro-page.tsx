import { SaveOutlined } from '@ant-design/icons';
import { erroZodPtBr } from '@retaguarda/domain';
import {
  type IntegracaoSaida,
  type MapeamentoItemSaida,
  mapeamentoItemEntradaSchema,
} from '@retaguarda/domain/delivery-apps/index';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Form, Input, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { notificar } from '../../lib/notify/notificar.ts';
import { chavesDelivery, integracoesQuery, mapeamentosQuery, pedidosQuery, salvarMapeamento } from './api.ts';
import { LinksDelivery, SeletorIntegracao, SePermitido, vazio } from './comum.tsx';
import { SeletorProdutoDelivery } from './seletor-produto.tsx';

// Route appTerceirosCadastro (issue 20 "Delivery apps"): the app items of one integration and the product of
// ours each one is sold as. An item met once is remembered: the next orders with it become sales by
// themselves. Items of orders waiting for a mapping come first; a new code can be mapped before any order.

interface Linha {
  codigoExterno: string;
  nomeExterno: string | null;
  produto: { _id: string; descricao: string } | null;
  /** Orders needing attention that wait for this item. */
  pedidos: number;
}

/** Pending items of the orders needing attention (first), then the remembered ones. */
function linhasDe(mapeados: readonly MapeamentoItemSaida[], pendentes: Map<string, Linha>): Linha[] {
  const porCodigo = new Map(mapeados.map((m) => [m.codigoExterno, m]));
  const primeiro = [...pendentes.values()]
    .filter((p) => !porCodigo.get(p.codigoExterno)?.produto)
    .map((p) => ({
      ...p,
      nomeExterno: p.nomeExterno ?? porCodigo.get(p.codigoExterno)?.nomeExterno ?? null,
    }));
  const vistos = new Set(primeiro.map((p) => p.codigoExterno));
  const resto = mapeados
    .filter((m) => !vistos.has(m.codigoExterno))
    .map((m) => ({
      codigoExterno: m.codigoExterno,
      nomeExterno: m.nomeExterno,
      produto: m.produto,
      pedidos: pendentes.get(m.codigoExterno)?.pedidos ?? 0,
    }));
  return [...primeiro, ...resto];
}

/** Read by screen readers, not shown. */
const OCULTO = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
} as const;

function LinhaProduto({ integracao, linha }: { integracao: IntegracaoSaida; linha: Linha }) {
  const cliente = useQueryClient();
  const [produto, setProduto] = useState<string | null>(linha.produto?._id ?? null);
  const [salvando, setSalvando] = useState(false);
  const mudou = produto !== (linha.produto?._id ?? null);
  const salvar = async () => {
    if (!produto) return;
    setSalvando(true);
    try {
      await salvarMapeamento({
        integracao: integracao._id,
        codigoExterno: linha.codigoExterno,
        ...(linha.nomeExterno ? { nomeExterno: linha.nomeExterno } : {}),
        produto,
      });
      notificar({ tipo: 'success', mensagem: `Item ${linha.nomeExterno ?? linha.codigoExterno} mapeado.` });
      await cliente.invalidateQueries({ queryKey: chavesDelivery.todas });
    } catch {
      // The API client showed the server's message.
    } finally {
      setSalvando(false);
    }
  };
  return (
    <Flex gap={8} align="center">
      <div style={{ width: 340 }}>
        <label htmlFor={`produto-${linha.codigoExterno}`} style={OCULTO}>
          Produto de {linha.nomeExterno ?? linha.codigoExterno}
        </label>
        <SeletorProdutoDelivery
          id={`produto-${linha.codigoExterno}`}
          integracao={integracao._id}
          valor={produto}
          atual={linha.produto}
          aoMudar={setProduto}
        />
      </div>
      <SePermitido empresa={integracao.empresa._id}>
        <Button
          icon={<SaveOutlined />}
          loading={salvando}
          disabled={!produto || !mudou}
          aria-label={`Salvar ${linha.codigoExterno}`}
          onClick={() => void salvar()}
        >
          Salvar
        </Button>
      </SePermitido>
    </Flex>
  );
}

function NovoItem({ integracao }: { integracao: IntegracaoSaida }) {
  const cliente = useQueryClient();
  const [codigo, setCodigo] = useState('');
  const [nome, setNome] = useState('');
  const [produto, setProduto] = useState<string | null>(null);
  const [erro, setErro] = useState<string>();
  const salvar = async () => {
    const lido = mapeamentoItemEntradaSchema.safeParse(
      {
        integracao: integracao._id,
        codigoExterno: codigo,
        ...(nome.trim() ? { nomeExterno: nome.trim() } : {}),
        produto: produto ?? '',
      },
      { error: erroZodPtBr },
    );
    if (!lido.success) {
      const p = lido.error.issues[0];
      setErro(
        p?.path[0] === 'produto'
          ? 'Escolha o produto.'
          : p?.path[0] === 'codigoExterno'
            ? 'Informe o código do item no aplicativo.'
            : p?.message,
      );
      return;
    }
    setErro(undefined);
    try {
      await salvarMapeamento(lido.data);
      notificar({ tipo: 'success', mensagem: `Item ${lido.data.codigoExterno} mapeado.` });
      setCodigo('');
      setNome('');
      setProduto(null);
      await cliente.invalidateQueries({ queryKey: chavesDelivery.mapeamentos(integracao._id) });
    } catch {
      // The API client showed the server's message.
    }
  };
  return (
    <Form layout="inline" onFinish={() => void salvar()} style={{ rowGap: 8 }}>
      <Form.Item label="Código no aplicativo" htmlFor="novo-codigo">
        <Input
          id="novo-codigo"
          value={codigo}
          onChange={(e) => setCodigo(e.target.value)}
          style={{ width: 180 }}
        />
      </Form.Item>
      <Form.Item label="Nome no aplicativo" htmlFor="novo-nome">
        <Input id="novo-nome" value={nome} onChange={(e) => setNome(e.target.value)} style={{ width: 220 }} />
      </Form.Item>
      <Form.Item label="Produto" htmlFor="novo-produto">
        <div style={{ width: 300 }}>
          <SeletorProdutoDelivery
            id="novo-produto"
            integracao={integracao._id}
            valor={produto}
            aoMudar={setProduto}
          />
        </div>
      </Form.Item>
      <SePermitido empresa={integracao.empresa._id}>
        <Button htmlType="submit">Mapear item</Button>
      </SePermitido>
      {erro && <Typography.Text type="danger">{erro}</Typography.Text>}
    </Form>
  );
}

export function AppTerceirosCadastroPage() {
  const integracoes = useQuery(integracoesQuery());
  const [params, setParams] = useSearchParams();
  const lista = integracoes.data ?? [];
  const escolhida = lista.find((i) => i._id === params.get('integracao')) ?? lista[0];
  const mapeamentos = useQuery({ ...mapeamentosQuery(escolhida?._id ?? ''), enabled: Boolean(escolhida) });
  const pedidos = useQuery({ ...pedidosQuery(), enabled: Boolean(escolhida) });

  const pendentes = new Map<string, Linha>();
  for (const p of pedidos.data ?? []) {
    if (p.integracao !== escolhida?._id || p.situacao !== 'atencao') continue;
    for (const item of p.itensSemProduto) {
      const atual = pendentes.get(item.codigo);
      pendentes.set(item.codigo, {
        codigoExterno: item.codigo,
        nomeExterno: item.nome || null,
        produto: null,
        pedidos: (atual?.pedidos ?? 0) + 1,
      });
    }
  }
  const linhas = escolhida ? linhasDe(mapeamentos.data ?? [], pendentes) : [];
  const aguardando = linhas.filter((l) => !l.produto).length;

  return (
    <Card title="Mapeamento de itens dos aplicativos" extra={<LinksDelivery atual="appTerceirosCadastro" />}>
      <Flex vertical gap={16}>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          Cada item do cardápio do aplicativo vira um produto nosso na venda. Mapeie uma vez: os próximos
          pedidos com o item entram sozinhos.
        </Typography.Paragraph>
        <SeletorIntegracao
          id="mapeamento-integracao"
          integracoes={lista}
          valor={escolhida?._id}
          carregando={integracoes.isLoading}
          aoMudar={(id) => setParams({ integracao: id }, { replace: true })}
        />
        {escolhida && aguardando > 0 && (
          <Alert
            type="warning"
            showIcon
            title={`${aguardando} item(ns) de pedidos que precisam de atenção sem produto.`}
            description={
              <>
                Depois de mapear, reprocesse os pedidos em <Link to="/appIntegracaoDelivery">Pedidos</Link>.
              </>
            }
          />
        )}
        {escolhida && (
          <>
            <Table<Linha>
              rowKey="codigoExterno"
              size="small"
              loading={mapeamentos.isLoading}
              dataSource={linhas}
              pagination={linhas.length > 50 ? { pageSize: 50 } : false}
              locale={{ emptyText: vazio('Nenhum item mapeado nesta integração.') }}
              columns={[
                {
                  title: 'Código no aplicativo',
                  render: (_, l) => <Typography.Text code>{l.codigoExterno}</Typography.Text>,
                },
                { title: 'Nome no aplicativo', render: (_, l) => l.nomeExterno ?? '—' },
                {
                  title: 'Situação',
                  render: (_, l) =>
                    l.produto ? (
                      <Tag color="green">Mapeado</Tag>
                    ) : (
                      <Tag color="red">Sem produto{l.pedidos > 0 ? ` · ${l.pedidos} pedido(s)` : ''}</Tag>
                    ),
                },
                {
                  title: 'Produto',
                  render: (_, l) => (
                    <LinhaProduto
                      key={`${l.codigoExterno}:${l.produto?._id ?? ''}`}
                      integracao={escolhida}
                      linha={l}
                    />
                  ),
                },
              ]}
            />
            <Card size="small" title="Mapear outro item">
              <NovoItem key={escolhida._id} integracao={escolhida} />
            </Card>
          </>
        )}
        {!integracoes.isLoading && lista.length === 0 && (
          <Alert
            type="info"
            showIcon
            title="Nenhuma integração cadastrada."
            description={<Link to="/appTerceiros">Cadastrar credenciais</Link>}
          />
        )}
      </Flex>
    </Card>
  );
}
