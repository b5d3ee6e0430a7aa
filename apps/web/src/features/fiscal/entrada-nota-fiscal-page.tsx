import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Descriptions, Input, Space, Table, Tag, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { notificar } from '../../lib/notify/notificar.ts';
import { useSessao } from '../../lib/session/sessao.ts';
import { SeletorReferencia } from '../recursos/seletor-referencia.tsx';
import {
  buscarEntrada,
  chavesFiscal,
  enviarXmlEntrada,
  type ItemEntrada,
  listarEntradas,
  type NotaEntrada,
  vincularItens,
} from './api.ts';
import { formatarChave, formatarDataHora, formatarMoeda, SeletorEmpresa } from './comum.tsx';
import { fatorValido, normalizarFator } from './regras.ts';

// entradaNotaFiscal (issue 7 item 8): upload a supplier's NF-e XML, see its items with the supplier's
// codes, link each to one of our products with a conversion factor (supplier unit -> product unit). The
// server refuses a key already imported. The stock entry itself belongs to the stock issue.

export function EntradaNotaFiscalPage() {
  const empresaSessao = useSessao((s) => s.empresa?._id);
  const [empresa, setEmpresa] = useState(empresaSessao);
  const [params, setParams] = useSearchParams();
  const aberta = params.get('nota');
  const queryClient = useQueryClient();
  const abrir = (id: string | null) =>
    setParams((p) => {
      const n = new URLSearchParams(p);
      if (id) n.set('nota', id);
      else n.delete('nota');
      return n;
    });
  const lista = useQuery({
    queryKey: chavesFiscal.entradas(empresa ?? ''),
    queryFn: () => listarEntradas(empresa ?? ''),
    enabled: Boolean(empresa),
  });
  const enviar = useMutation({
    mutationFn: async (arquivo: File) => enviarXmlEntrada(empresa ?? '', await arquivo.text()),
    onSuccess: (nota) => {
      notificar({ tipo: 'success', mensagem: `NF-e nº ${nota.numero} de ${nota.emitente.xNome} importada.` });
      void queryClient.invalidateQueries({ queryKey: chavesFiscal.entradas(empresa ?? '') });
      queryClient.setQueryData(chavesFiscal.entrada(nota._id), nota);
      abrir(nota._id);
    },
  });

  return (
    <Space orientation="vertical" style={{ width: '100%' }} size="middle">
      <Space wrap>
        <span>Empresa</span>
        <SeletorEmpresa valor={empresa} aoMudar={setEmpresa} />
        <Upload
          accept=".xml,text/xml,application/xml"
          showUploadList={false}
          beforeUpload={(f) => {
            enviar.mutate(f);
            return false;
          }}
        >
          <Button type="primary" loading={enviar.isPending} disabled={!empresa}>
            Importar XML da NF-e
          </Button>
        </Upload>
      </Space>
      <Table<NotaEntrada>
        rowKey="_id"
        size="small"
        loading={lista.isFetching}
        dataSource={lista.data ?? []}
        pagination={{ pageSize: 10, showSizeChanger: false }}
        onRow={(n) => ({ onDoubleClick: () => abrir(n._id) })}
        columns={[
          { title: 'Número', dataIndex: 'numero', width: 90 },
          { title: 'Série', dataIndex: 'serie', width: 70 },
          { title: 'Fornecedor', key: 'emitente', render: (_, n) => n.emitente.xNome, ellipsis: true },
          { title: 'CNPJ', key: 'cnpj', width: 160, render: (_, n) => n.emitente.CNPJ },
          { title: 'Emissão', dataIndex: 'dhEmi', width: 170, render: (v: string) => formatarDataHora(v) },
          {
            title: 'Valor',
            dataIndex: 'valorTotal',
            width: 120,
            align: 'right',
            render: (v: string) => formatarMoeda(v),
          },
          { title: 'Status', dataIndex: 'status', width: 110, render: (v: string) => <Tag>{v}</Tag> },
          {
            title: '',
            key: 'abrir',
            width: 90,
            render: (_, n) => (
              <Button size="small" onClick={() => abrir(n._id)}>
                Itens
              </Button>
            ),
          },
        ]}
      />
      {aberta && <ItensNota key={aberta} id={aberta} />}
    </Space>
  );
}

interface Vinculo {
  produtoGeral: string | null;
  fatorConversao: string;
}

function ItensNota({ id }: { id: string }) {
  const queryClient = useQueryClient();
  const nota = useQuery({ queryKey: chavesFiscal.entrada(id), queryFn: () => buscarEntrada(id) });
  const [vinculos, setVinculos] = useState<Record<string, Vinculo>>({});
  useEffect(() => {
    if (!nota.data) return;
    setVinculos(
      Object.fromEntries(
        nota.data.itens.map((i) => [
          i._id,
          { produtoGeral: i.produtoGeral, fatorConversao: i.fatorConversao ?? '1' },
        ]),
      ),
    );
  }, [nota.data]);
  const salvar = useMutation({
    mutationFn: () =>
      vincularItens(
        id,
        Object.entries(vinculos).map(([_id, v]) => ({
          _id,
          produtoGeral: v.produtoGeral,
          ...(v.produtoGeral ? { fatorConversao: normalizarFator(v.fatorConversao) } : {}),
        })),
      ),
    onSuccess: (n) => {
      queryClient.setQueryData(chavesFiscal.entrada(id), n);
      notificar({ tipo: 'success', mensagem: 'Vínculos dos itens salvos.' });
    },
  });
  const mudar = (item: string, parcial: Partial<Vinculo>) =>
    setVinculos((v) => ({
      ...v,
      [item]: { produtoGeral: null, fatorConversao: '1', ...v[item], ...parcial },
    }));
  const invalidos = Object.values(vinculos).filter((v) => v.produtoGeral && !fatorValido(v.fatorConversao));
  const n = nota.data;

  return (
    <Card
      size="small"
      loading={nota.isPending}
      title={n ? `NF-e nº ${n.numero} série ${n.serie} — ${n.emitente.xNome}` : 'NF-e'}
      extra={
        <Button
          type="primary"
          disabled={invalidos.length > 0}
          loading={salvar.isPending}
          onClick={() => salvar.mutate()}
        >
          Salvar vínculos
        </Button>
      }
    >
      {n && (
        <Descriptions size="small" column={3} style={{ marginBottom: 12 }}>
          <Descriptions.Item label="Chave" span={3}>
            {formatarChave(n.chave)}
          </Descriptions.Item>
          <Descriptions.Item label="CNPJ">{n.emitente.CNPJ}</Descriptions.Item>
          <Descriptions.Item label="Emissão">{formatarDataHora(n.dhEmi)}</Descriptions.Item>
          <Descriptions.Item label="Valor total">{formatarMoeda(n.valorTotal)}</Descriptions.Item>
        </Descriptions>
      )}
      <Table<ItemEntrada>
        rowKey="_id"
        size="small"
        pagination={false}
        scroll={{ y: 360 }}
        dataSource={n?.itens ?? []}
        columns={[
          { title: 'Item', dataIndex: 'nItem', width: 55 },
          { title: 'Código fornecedor', dataIndex: 'cProd', width: 110 },
          { title: 'Descrição', dataIndex: 'xProd', ellipsis: true },
          { title: 'NCM', dataIndex: 'NCM', width: 90 },
          { title: 'CFOP', dataIndex: 'CFOP', width: 65 },
          { title: 'Un.', dataIndex: 'uCom', width: 55 },
          {
            title: 'Qtd.',
            dataIndex: 'qCom',
            width: 80,
            align: 'right',
            render: (v: string) => Number(v).toLocaleString('pt-BR'),
          },
          {
            title: 'Valor',
            dataIndex: 'vProd',
            width: 100,
            align: 'right',
            render: (v: string) => formatarMoeda(v),
          },
          {
            title: 'Produto',
            key: 'produto',
            width: 220,
            render: (_, i) => (
              <SeletorReferencia
                tabela="produtoGeral"
                valor={vinculos[i._id]?.produtoGeral ?? null}
                onChange={(v) => mudar(i._id, { produtoGeral: typeof v === 'string' ? v : null })}
                placeholder="Vincular produto..."
              />
            ),
          },
          {
            title: 'Fator',
            key: 'fator',
            width: 90,
            render: (_, i) => {
              const v = vinculos[i._id];
              return (
                <Input
                  aria-label={`Fator de conversão do item ${i.nItem}`}
                  value={v?.fatorConversao ?? '1'}
                  disabled={!v?.produtoGeral}
                  status={v?.produtoGeral && !fatorValido(v.fatorConversao) ? 'error' : undefined}
                  onChange={(e) => mudar(i._id, { fatorConversao: e.target.value })}
                />
              );
            },
          },
        ]}
      />
    </Card>
  );
}
