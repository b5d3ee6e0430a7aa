import {
  DeleteOutlined,
  DownloadOutlined,
  EditOutlined,
  EyeOutlined,
  HistoryOutlined,
  PlusOutlined,
  SettingOutlined,
} from '@ant-design/icons';
import { type Campo, type DefinicaoRecurso, itensDoGrupo, rotuloDoCodigo } from '@retaguarda/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Checkbox,
  Dropdown,
  Flex,
  Input,
  Popconfirm,
  Popover,
  Space,
  Table,
  type TableColumnType,
  type TableProps,
  Tooltip,
} from 'antd';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { chaves } from '../../lib/api/chaves.ts';
import { ErroApi } from '../../lib/api/cliente.ts';
import { notificar } from '../../lib/notify/notificar.ts';
import { useSessao } from '../../lib/session/sessao.ts';
import { buscarRegistros, excluirRegistro, listaQuery } from './api.ts';
import { type EstadoLista, escreverEstadoLista, lerEstadoLista, TAMANHOS_PAGINA } from './estado-lista.ts';
import { type Registro, textoDoValor } from './exibicao.ts';
import { montarFiltro, tipoFiltro } from './filtro-lista.ts';
import { FormularioRecurso } from './formulario-recurso.tsx';
import { HistoricoRecurso } from './historico-recurso.tsx';
import type { Personalizacao } from './personalizacao.ts';
import { useCadastroNaFranqueadora } from './use-cadastro-franqueadora.ts';
import { usePermissoesRecurso } from './use-permissoes-recurso.ts';

// Generic list of a resource: server-side search, filters, sort and pagination (getPopulate + contar), a
// column chooser, export, soft delete with confirmation, and every action hidden without its permission.
// The whole state lives in the address (estado-lista.ts).

export const MENSAGEM_EXCLUIDO = 'Registro excluído com sucesso!';
const LIMITE_EXPORTACAO = 20_000;

/** Columns the chooser offers: every public field that reads as text in a cell. */
function colunasDisponiveis(def: DefinicaoRecurso): string[] {
  return Object.entries(def.campos)
    .filter(
      ([n, c]) =>
        !c.privado && (c.tipo !== 'json' || c.opcoes) && !(n === 'empresa' && def.escopo === 'empresa'),
    )
    .map(([n]) => n);
}

function opcoesFiltro(campo: Campo): { text: string; value: string }[] | undefined {
  if (campo.tipo === 'booleano')
    return [
      { text: 'Sim', value: 'true' },
      { text: 'Não', value: 'false' },
    ];
  if (campo.tipo === 'texto' && campo.opcoes)
    return campo.opcoes.map((o) => ({ text: rotuloDoCodigo(o), value: o }));
  if (campo.tipo === 'catalogo')
    return (itensDoGrupo(campo.catalogo) ?? []).map((i) => ({
      text: rotuloDoCodigo(i.descricao),
      value: String(i.id),
    }));
  if ((campo.tipo === 'inteiro' || campo.tipo === 'decimal') && campo.catalogoId)
    return (itensDoGrupo(campo.catalogoId) ?? []).map((i) => ({
      text: rotuloDoCodigo(i.descricao),
      value: String(i.id),
    }));
  return undefined;
}

export function ListaRecurso({
  def,
  personalizacao,
}: {
  def: DefinicaoRecurso;
  personalizacao?: Personalizacao;
}) {
  const [params, setParams] = useSearchParams();
  const estado = lerEstadoLista(params);
  const daDefinicao = usePermissoesRecurso(def);
  const permissoes = personalizacao?.somenteAlterar
    ? { ...daDefinicao, incluir: false, excluir: false }
    : daDefinicao;
  const empresa = useSessao((s) => s.empresa);
  // No 'Incluir' because the franchise manager registers it: say so instead of a missing button.
  const notaFranquia = useCadastroNaFranqueadora(def, !permissoes.incluir && !personalizacao?.somenteAlterar);
  const queryClient = useQueryClient();
  const [busca, setBusca] = useState(estado.busca);
  // The screen is reused from one resource to the next: what was typed (and not searched) in the box of
  // the previous list must not show over this one's unfiltered list.
  const [buscaDe, setBuscaDe] = useState(def.tabela);
  if (buscaDe !== def.tabela) {
    setBuscaDe(def.tabela);
    setBusca(estado.busca);
  }
  const [exportando, setExportando] = useState(false);

  const mudar = (parcial: Partial<EstadoLista>, substituir = false) => {
    const novos = escreverEstadoLista({ ...estado, ...parcial });
    // The screen's tab (TelaRecurso) is not list state: it stays.
    const aba = params.get('aba');
    if (aba) novos.set('aba', aba);
    setParams(novos, { replace: substituir });
  };

  const visiveis =
    estado.colunas.length > 0 ? estado.colunas.filter((c) => def.campos[c]) : [...def.lista.colunas];
  const filtro = useMemo(
    () => montarFiltro(def, estado.busca, estado.filtros, empresa?._id),
    [def, estado.busca, estado.filtros, empresa?._id],
  );
  const populate = visiveis.filter((c) => {
    const t = def.campos[c]?.tipo;
    return t === 'ref' || t === 'refs';
  });
  const consulta = {
    filtro,
    sort: estado.ordem || undefined,
    limit: estado.tamanho,
    skip: (estado.pagina - 1) * estado.tamanho,
    ...(populate.length > 0 ? { populateObj: populate } : {}),
  };
  const lista = useQuery({ ...listaQuery(def, consulta), enabled: permissoes.acessar });

  const excluir = useMutation({
    mutationFn: (id: string) => excluirRegistro(def.tabela, id),
    onSuccess: () => {
      notificar({ tipo: 'success', mensagem: MENSAGEM_EXCLUIDO });
      void queryClient.invalidateQueries({ queryKey: chaves.recursoTodos(def.tabela) });
    },
  });

  async function exportar(formato: 'csv' | 'xlsx') {
    setExportando(true);
    try {
      const { paraCsv, paraXlsx, baixarArquivo } = await import('../../lib/exportar/exportar.ts');
      const linhas: Registro[] = [];
      const total = Math.min(lista.data?.total ?? LIMITE_EXPORTACAO, LIMITE_EXPORTACAO);
      for (let skip = 0; skip < total; skip += 1000) {
        const parte = await buscarRegistros(
          def.tabela,
          { ...consulta, limit: 1000, skip },
          { acao: 'ao exportar' },
        );
        linhas.push(...parte);
        if (parte.length < 1000) break;
      }
      const tabela = [
        visiveis.map((c) => def.campos[c]?.rotulo ?? c),
        ...linhas.map((l) => visiveis.map((c) => (def.campos[c] ? textoDoValor(def.campos[c], l[c]) : ''))),
      ];
      if (formato === 'csv') baixarArquivo(`${def.tabela}.csv`, paraCsv(tabela), 'text/csv;charset=utf-8');
      else
        baixarArquivo(
          `${def.tabela}.xlsx`,
          new Uint8Array(await paraXlsx(tabela, def.titulo)),
          'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        );
    } catch (erro) {
      // Errors of the API were shown by its client; anything else (file generation) is shown here.
      if (!(erro instanceof ErroApi)) {
        notificar({
          tipo: 'error',
          mensagem: `Falha ao exportar: ${erro instanceof Error ? erro.message : String(erro)}`,
        });
      }
    } finally {
      setExportando(false);
    }
  }

  const colunas: TableColumnType<Registro>[] = visiveis.flatMap((nome): TableColumnType<Registro>[] => {
    const campo = def.campos[nome];
    if (!campo) return [];
    // References sort by id, catalogues by their stored object: neither reads as an order to a user.
    const ordenavel = !['json', 'ref', 'refs', 'catalogo'].includes(campo.tipo);
    const opcoes = opcoesFiltro(campo);
    const filtravel = tipoFiltro(campo) !== undefined && campo.tipo !== 'ref';
    const filtrado = estado.filtros[nome];
    return [
      {
        key: nome,
        dataIndex: nome,
        title: campo.rotulo,
        ellipsis: true,
        sorter: ordenavel,
        sortOrder: estado.ordem === nome ? 'ascend' : estado.ordem === `-${nome}` ? 'descend' : null,
        filteredValue: filtrado ? [filtrado] : null,
        filterMultiple: false,
        ...(filtravel && opcoes ? { filters: opcoes } : {}),
        ...(filtravel && !opcoes
          ? {
              filterDropdown: ({ selectedKeys, setSelectedKeys, confirm }) => (
                <Input.Search
                  aria-label={`Filtrar ${campo.rotulo}`}
                  placeholder={`Filtrar ${campo.rotulo}`}
                  allowClear
                  style={{ padding: 8, width: 240 }}
                  value={String(selectedKeys[0] ?? '')}
                  onChange={(e) => setSelectedKeys(e.target.value ? [e.target.value] : [])}
                  onSearch={() => confirm()}
                />
              ),
            }
          : {}),
        render: (valor: unknown) => textoDoValor(campo, valor),
      },
    ];
  });

  for (const { chave, titulo, Celula } of personalizacao?.colunasExtras ?? [])
    colunas.push({
      key: chave,
      title: titulo,
      align: 'right',
      render: (_: unknown, linha) => <Celula linha={linha} />,
    });
  colunas.push({
    key: 'acoes',
    title: 'Ações',
    width: 132,
    fixed: 'right',
    render: (_: unknown, linha) => (
      <Space size={0}>
        <Tooltip title={permissoes.alterar ? 'Alterar' : 'Visualizar'}>
          <Button
            type="text"
            aria-label={permissoes.alterar ? 'Alterar' : 'Visualizar'}
            icon={permissoes.alterar ? <EditOutlined /> : <EyeOutlined />}
            onClick={() => mudar({ abrir: linha._id ?? '' })}
          />
        </Tooltip>
        <Tooltip title="Histórico">
          <Button
            type="text"
            aria-label="Histórico"
            icon={<HistoryOutlined />}
            onClick={() => mudar({ historico: linha._id ?? '' })}
          />
        </Tooltip>
        {permissoes.excluir && (
          <Popconfirm
            title="Excluir registro"
            description="Deseja realmente excluir este registro?"
            okText="Excluir"
            cancelText="Cancelar"
            okButtonProps={{ danger: true }}
            onConfirm={() => excluir.mutateAsync(linha._id ?? '')}
          >
            <Button type="text" danger aria-label="Excluir" icon={<DeleteOutlined />} />
          </Popconfirm>
        )}
      </Space>
    ),
  });

  const aoMudarTabela: TableProps<Registro>['onChange'] = (paginacao, filtros, ordenacao, extra) => {
    const s = Array.isArray(ordenacao) ? ordenacao[0] : ordenacao;
    const campo = s?.order ? String(s.columnKey ?? s.field ?? '') : '';
    const novosFiltros: Record<string, string> = {};
    for (const [k, v] of Object.entries(filtros)) {
      const primeiro = v?.[0];
      if (primeiro !== undefined && primeiro !== null && primeiro !== '') novosFiltros[k] = String(primeiro);
    }
    mudar({
      pagina: extra.action === 'paginate' ? (paginacao.current ?? 1) : 1,
      tamanho: paginacao.pageSize ?? estado.tamanho,
      ordem: campo ? `${s?.order === 'descend' ? '-' : ''}${campo}` : '',
      filtros: novosFiltros,
    });
  };

  const escolhaColunas = (
    <Checkbox.Group
      style={{ display: 'flex', flexDirection: 'column', gap: 4, maxHeight: 320, overflowY: 'auto' }}
      value={visiveis}
      options={colunasDisponiveis(def).map((c) => ({ value: c, label: def.campos[c]?.rotulo ?? c }))}
      onChange={(v) => mudar({ colunas: (v as string[]).length > 0 ? (v as string[]) : [] })}
    />
  );

  const temFiltros = estado.busca !== '' || Object.keys(estado.filtros).length > 0;

  return (
    <div data-testid={`lista-${def.tabela}`}>
      <Flex gap={8} wrap justify="space-between" style={{ marginBottom: 12 }}>
        <Flex gap={8} wrap>
          <Input.Search
            aria-label="Pesquisar"
            placeholder="Pesquisar"
            allowClear
            style={{ width: 320 }}
            value={busca}
            onChange={(e) => setBusca(e.target.value)}
            onSearch={(v) => mudar({ busca: v.trim(), pagina: 1 })}
          />
          {temFiltros && (
            <Button
              onClick={() => {
                setBusca('');
                mudar({ busca: '', filtros: {}, pagina: 1 });
              }}
            >
              Limpar filtros
            </Button>
          )}
        </Flex>
        <Flex gap={8} wrap>
          <Popover trigger="click" title="Colunas visíveis" content={escolhaColunas} placement="bottomRight">
            <Button icon={<SettingOutlined />}>Colunas</Button>
          </Popover>
          <Dropdown
            trigger={['click']}
            menu={{
              items: [
                { key: 'csv', label: 'Exportar CSV' },
                { key: 'xlsx', label: 'Exportar Excel (XLSX)' },
              ],
              onClick: ({ key }) => void exportar(key as 'csv' | 'xlsx'),
            }}
          >
            <Button icon={<DownloadOutlined />} loading={exportando}>
              Exportar
            </Button>
          </Dropdown>
          {personalizacao?.acoesLista?.({
            podeIncluir: permissoes.incluir,
            recarregar: () =>
              void queryClient.invalidateQueries({ queryKey: chaves.recursoTodos(def.tabela) }),
          })}
          {permissoes.incluir && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => mudar({ abrir: 'novo' })}>
              Incluir
            </Button>
          )}
        </Flex>
      </Flex>
      {notaFranquia && (
        <Alert
          type="info"
          showIcon
          title={notaFranquia}
          data-testid="nota-franquia"
          style={{ marginBottom: 12 }}
        />
      )}
      <Table<Registro>
        rowKey={(l) => l._id ?? ''}
        size="middle"
        loading={lista.isFetching}
        dataSource={lista.data?.linhas ?? []}
        columns={colunas}
        onChange={aoMudarTabela}
        scroll={{ x: 'max-content' }}
        locale={{
          emptyText: temFiltros
            ? 'Nenhum registro encontrado com esses filtros'
            : 'Nenhum registro cadastrado',
        }}
        pagination={{
          current: estado.pagina,
          pageSize: estado.tamanho,
          total: lista.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: TAMANHOS_PAGINA.map(String),
          showTotal: (total, [de, ate]) => `${de}-${ate} de ${total}`,
        }}
        onRow={(linha) => ({ onDoubleClick: () => mudar({ abrir: linha._id ?? '' }) })}
      />
      {estado.abrir && (
        <FormularioRecurso
          key={estado.abrir}
          def={def}
          id={estado.abrir}
          personalizacao={personalizacao}
          permissoes={permissoes}
          aoFechar={() => mudar({ abrir: '' })}
          aoCriar={(id) => mudar({ abrir: id }, true)}
          aoVerHistorico={(id) => mudar({ historico: id })}
        />
      )}
      {estado.historico && (
        <HistoricoRecurso def={def} id={estado.historico} aoFechar={() => mudar({ historico: '' })} />
      )}
    </div>
  );
}
