import { CloseOutlined, UploadOutlined } from '@ant-design/icons';
import {
  type ErroLinhaContagem,
  escreverEstoque,
  formatarDataHora,
  type ItemInventario,
  lerEstoque,
  lerQuantidadeContada,
  podeContar,
} from '@retaguarda/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Flex,
  Grid,
  Input,
  type InputRef,
  Modal,
  Switch,
  Table,
  Tooltip,
  Typography,
} from 'antd';
import { useMemo, useRef, useState } from 'react';
import { notificar } from '../../lib/notify/notificar.ts';
import {
  chavesInventario,
  contarItens,
  type FolhaInventario,
  importarArquivo,
  type RecusaImportacao,
} from './api.ts';
import { buscarNaFolha, formatarQuantidade, textoDoArquivo } from './regras.ts';

// The counting tab: a keyboard entry bar (scan or type a code or a name, Enter, type the quantity, Enter — the
// focus goes back to the code), the sheet below it, and the import of a collector or spreadsheet file. A blind
// count never shows the system quantity (the server does not even send it).

type Alvo = { tipo: 'item'; item: ItemInventario } | { tipo: 'codigo'; codigo: string };

export function Contagem({ folha, podeIncluir }: { folha: FolhaInventario; podeIncluir: boolean }) {
  const queryClient = useQueryClient();
  const { inventario: inv, itens } = folha;
  const ativa = podeContar(inv.status) && podeIncluir;
  const estreita = Grid.useBreakpoint().md === false;
  const [busca, setBusca] = useState('');
  const [alvo, setAlvo] = useState<Alvo | null>(null);
  const [quantidade, setQuantidade] = useState('');
  const [erro, setErro] = useState<string | null>(null);
  const [somar, setSomar] = useState(false);
  const [soPendentes, setSoPendentes] = useState(false);
  const [ultimo, setUltimo] = useState<string | null>(null);
  const [recusaArquivo, setRecusaArquivo] = useState<RecusaImportacao | null>(null);
  const buscaRef = useRef<InputRef>(null);
  const quantidadeRef = useRef<InputRef>(null);
  const arquivoRef = useRef<HTMLInputElement>(null);

  const achados = useMemo(() => (busca.trim() ? buscarNaFolha(itens, busca) : itens), [itens, busca]);
  const visiveis = soPendentes ? achados.filter((i) => i.quantidade === null) : achados;

  /** The sheet in the cache takes the typed quantity at once: no refetch of thousands of lines per Enter. */
  function aplicarNaFolha(produto: string, q: bigint | null) {
    queryClient.setQueryData<FolhaInventario>(chavesInventario.folha(inv._id), (atual) => {
      if (!atual) return atual;
      let contados = atual.inventario.contados;
      const novos = atual.itens.map((i) => {
        if (i.produto._id !== produto) return i;
        const antes = i.quantidade === null ? null : lerEstoque(i.quantidade);
        const depois = q === null ? null : somar && antes !== null ? antes + q : q;
        contados += (depois === null ? 0 : 1) - (antes === null ? 0 : 1);
        return {
          ...i,
          quantidade: depois === null ? null : escreverEstoque(depois),
          contadoEm: depois === null ? null : new Date().toISOString(),
        };
      });
      const status =
        contados > 0 && atual.inventario.status === 'aberto' ? 'emContagem' : atual.inventario.status;
      return { ...atual, itens: novos, inventario: { ...atual.inventario, contados, status } };
    });
    void queryClient.invalidateQueries({ queryKey: [...chavesInventario.todas, 'lista'] });
  }

  const gravar = useMutation({
    mutationFn: async ({ a, q }: { a: Alvo; q: bigint | null }) => {
      const texto = q === null ? null : escreverEstoque(q);
      if (a.tipo === 'item') {
        await contarItens(inv._id, [{ produto: a.item.produto._id, quantidade: texto }], somar);
        return null;
      }
      // A code not on the sheet: the import resolves it (barcode or internal code) and adds the product.
      const r = await importarArquivo(inv._id, `${a.codigo};${texto ?? '0'}`, somar);
      if (!r.ok) throw new Error(r.erros[0]?.mensagem ?? r.mensagem);
      return a.codigo;
    },
    onSuccess: (novoCodigo, { a, q }) => {
      const nome = a.tipo === 'item' ? a.item.produto.descricao : `código ${a.codigo}`;
      setUltimo(
        q === null
          ? `${nome}: contagem apagada`
          : `${nome}: ${somar ? '+' : ''}${formatarQuantidade(escreverEstoque(q))}`,
      );
      if (novoCodigo !== null)
        void queryClient.invalidateQueries({ queryKey: chavesInventario.folha(inv._id) });
      else if (a.tipo === 'item') aplicarNaFolha(a.item.produto._id, q);
      setBusca('');
      setAlvo(null);
      setQuantidade('');
      setErro(null);
      buscaRef.current?.focus();
    },
    onError: (e) => setErro(e.message),
  });

  function escolher(item: ItemInventario) {
    setAlvo({ tipo: 'item', item });
    setBusca(
      item.produto.codigoInterno === null ? item.produto.descricao : String(item.produto.codigoInterno),
    );
    setErro(null);
    setTimeout(() => quantidadeRef.current?.focus(), 0);
  }

  function confirmarBusca() {
    const t = busca.trim();
    if (!t) return;
    const r = buscarNaFolha(itens, t);
    if (r[0]) {
      escolher(r[0]);
    } else if (/^[0-9A-Za-z-]{1,60}$/.test(t)) {
      setAlvo({ tipo: 'codigo', codigo: t });
      setErro(null);
      setTimeout(() => quantidadeRef.current?.focus(), 0);
    } else {
      setErro(`Nenhum produto da folha com "${t}".`);
    }
  }

  function confirmarQuantidade() {
    if (!alvo) {
      setErro('Informe o produto.');
      buscaRef.current?.focus();
      return;
    }
    const q = lerQuantidadeContada(quantidade);
    if ('erro' in q) {
      setErro(q.erro);
      return;
    }
    gravar.mutate({ a: alvo, q: q.quantidade });
  }

  async function importar(arquivo: File) {
    const conteudo = textoDoArquivo(await arquivo.arrayBuffer());
    const r = await importarArquivo(inv._id, conteudo, somar);
    if (arquivoRef.current) arquivoRef.current.value = '';
    if (!r.ok) {
      setRecusaArquivo(r);
      return;
    }
    notificar({
      tipo: 'success',
      mensagem: `Arquivo importado: ${r.linhasArquivo} ${r.linhasArquivo === 1 ? 'linha' : 'linhas'}, ${r.produtos} ${r.produtos === 1 ? 'produto' : 'produtos'}.`,
    });
    void queryClient.invalidateQueries({ queryKey: chavesInventario.todas });
  }

  const descricaoAlvo =
    alvo?.tipo === 'item'
      ? `${alvo.item.produto.descricao}${alvo.item.quantidade !== null ? ` (contado: ${formatarQuantidade(alvo.item.quantidade)})` : ''}`
      : alvo
        ? `Código ${alvo.codigo} (fora da folha: será incluído)`
        : null;

  return (
    <Flex vertical gap={12}>
      {ativa && (
        <Card size="small" title="Digitar contagem" data-testid="entrada-contagem">
          <Flex gap={12} wrap align="flex-start">
            <Flex vertical gap={4} style={{ flex: 2, minWidth: 260 }}>
              <label htmlFor="inv-busca">Produto (código, código de barras ou nome)</label>
              <Input
                id="inv-busca"
                ref={buscaRef}
                autoFocus
                allowClear
                autoComplete="off"
                placeholder="Leia o código de barras ou digite e tecle Enter"
                value={busca}
                onChange={(e) => {
                  setBusca(e.target.value);
                  setAlvo(null);
                  setErro(null);
                }}
                onPressEnter={confirmarBusca}
              />
              <Typography.Text type="secondary" data-testid="produto-escolhido">
                {descricaoAlvo ?? ' '}
              </Typography.Text>
            </Flex>
            <Flex vertical gap={4} style={{ width: 160 }}>
              <label htmlFor="inv-quantidade">Quantidade</label>
              <Input
                id="inv-quantidade"
                ref={quantidadeRef}
                inputMode="decimal"
                autoComplete="off"
                placeholder="0,000"
                value={quantidade}
                onChange={(e) => {
                  setQuantidade(e.target.value);
                  setErro(null);
                }}
                onPressEnter={confirmarQuantidade}
                status={erro ? 'error' : undefined}
              />
            </Flex>
            <Flex vertical gap={4}>
              <span aria-hidden>&nbsp;</span>
              <Button type="primary" loading={gravar.isPending} onClick={confirmarQuantidade}>
                Gravar
              </Button>
            </Flex>
            <Flex vertical gap={8} style={{ paddingTop: 26 }}>
              <Checkbox checked={somar} onChange={(e) => setSomar(e.target.checked)}>
                Somar ao já contado
              </Checkbox>
            </Flex>
            <Flex vertical gap={4} style={{ marginLeft: 'auto' }}>
              <span aria-hidden>&nbsp;</span>
              <input
                ref={arquivoRef}
                type="file"
                accept=".csv,.txt,text/csv,text/plain"
                hidden
                aria-label="Arquivo do coletor"
                data-testid="arquivo-contagem"
                onChange={(e) => {
                  const f = e.target.files?.[0];
                  if (f) void importar(f);
                }}
              />
              <Tooltip title="Uma linha por produto: código;quantidade (aceita ; , ou tabulação e vírgula decimal)">
                <Button icon={<UploadOutlined />} onClick={() => arquivoRef.current?.click()}>
                  Importar arquivo
                </Button>
              </Tooltip>
            </Flex>
          </Flex>
          {erro && (
            <Alert type="error" showIcon title={erro} style={{ marginTop: 8 }} data-testid="erro-contagem" />
          )}
          {ultimo && !erro && (
            <Typography.Text type="success" data-testid="ultimo-gravado">
              Gravado — {ultimo}
            </Typography.Text>
          )}
        </Card>
      )}
      {!ativa && podeContar(inv.status) && (
        <Alert
          type="info"
          showIcon
          title="Você pode ver a folha, mas não contar: falta a permissão Inventário - Incluir."
        />
      )}
      <Flex gap={12} align="center" wrap>
        {!ativa && (
          <Input.Search
            aria-label="Buscar na folha"
            placeholder="Buscar na folha"
            allowClear
            style={{ maxWidth: 320 }}
            value={busca}
            onChange={(e) => setBusca(e.target.value)}
          />
        )}
        <Flex gap={8} align="center">
          <Switch id="inv-pendentes" size="small" checked={soPendentes} onChange={setSoPendentes} />
          <label htmlFor="inv-pendentes">Somente não contados</label>
        </Flex>
        <Typography.Text type="secondary">
          {visiveis.length} de {itens.length} produtos
        </Typography.Text>
      </Flex>
      <Table<ItemInventario>
        size="small"
        rowKey={(i) => i.produto._id}
        dataSource={visiveis}
        pagination={{ pageSize: 50, showSizeChanger: false, hideOnSinglePage: true }}
        // On a phone the sheet keeps product, system, counted and the button (shelf, code, unit and time hide)
        // and fits the screen; on a desktop every column, scrolling inside its box when narrow.
        scroll={estreita ? undefined : { x: 900 }}
        data-testid="folha-contagem"
        onRow={(i) => (ativa ? { onDoubleClick: () => escolher(i) } : {})}
        columns={[
          {
            title: 'Localização',
            dataIndex: 'localizacao',
            width: 140,
            ellipsis: true,
            responsive: ['md'],
          },
          {
            title: 'Código',
            key: 'codigo',
            width: 90,
            responsive: ['md'],
            render: (_, i) => i.produto.codigoInterno ?? '',
          },
          { title: 'Produto', key: 'produto', ellipsis: !estreita, render: (_, i) => i.produto.descricao },
          {
            title: 'Un.',
            key: 'un',
            width: 60,
            responsive: ['md'],
            render: (_, i) => i.produto.unidade ?? '',
          },
          ...(inv.cega
            ? []
            : [
                {
                  title: 'Sistema',
                  key: 'sistema',
                  width: estreita ? 80 : 110,
                  align: 'right' as const,
                  render: (_: unknown, i: ItemInventario) => formatarQuantidade(i.saldoSistema),
                },
              ]),
          {
            title: 'Contado',
            key: 'contado',
            width: estreita ? 80 : 110,
            align: 'right',
            render: (_, i) =>
              i.quantidade === null ? (
                <Typography.Text type="secondary">—</Typography.Text>
              ) : (
                <strong>{formatarQuantidade(i.quantidade)}</strong>
              ),
          },
          {
            title: 'Contado em',
            key: 'em',
            width: 150,
            responsive: ['md'],
            render: (_, i) => (i.contadoEm ? formatarDataHora(i.contadoEm) : ''),
          },
          ...(ativa
            ? [
                {
                  title: '',
                  key: 'acoes',
                  width: 90,
                  render: (_: unknown, i: ItemInventario) => (
                    <Flex gap={4}>
                      <Button size="small" onClick={() => escolher(i)}>
                        Contar
                      </Button>
                      {i.quantidade !== null && (
                        <Tooltip title="Apagar a contagem">
                          <Button
                            size="small"
                            type="text"
                            icon={<CloseOutlined />}
                            aria-label={`Apagar a contagem de ${i.produto.descricao}`}
                            onClick={() => gravar.mutate({ a: { tipo: 'item', item: i }, q: null })}
                          />
                        </Tooltip>
                      )}
                    </Flex>
                  ),
                },
              ]
            : []),
        ]}
      />
      {recusaArquivo && <RecusaArquivo recusa={recusaArquivo} aoFechar={() => setRecusaArquivo(null)} />}
    </Flex>
  );
}

function RecusaArquivo({ recusa, aoFechar }: { recusa: RecusaImportacao; aoFechar: () => void }) {
  return (
    <Modal
      open
      title="Arquivo não importado"
      onCancel={aoFechar}
      width={720}
      footer={
        <Button type="primary" onClick={aoFechar}>
          OK
        </Button>
      }
    >
      <Alert type="error" showIcon title={recusa.mensagem} style={{ marginBottom: 12 }} />
      <Table<ErroLinhaContagem>
        size="small"
        rowKey={(e) => `${e.linha}-${e.codigo ?? ''}-${e.mensagem}`}
        dataSource={recusa.erros}
        pagination={{ pageSize: 10, showSizeChanger: false, hideOnSinglePage: true }}
        data-testid="erros-arquivo"
        columns={[
          { title: 'Linha', dataIndex: 'linha', width: 70 },
          { title: 'Código', dataIndex: 'codigo', width: 160, render: (v: string | null) => v ?? '' },
          { title: 'Erro', dataIndex: 'mensagem' },
        ]}
      />
      {recusa.totalErros > recusa.erros.length && (
        <Typography.Text type="secondary">
          Mostrando {recusa.erros.length} de {recusa.totalErros} linhas com erro.
        </Typography.Text>
      )}
    </Modal>
  );
}
