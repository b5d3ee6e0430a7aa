import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Space, Table, Tag, Upload } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { notificar } from '../../lib/notify/notificar.ts';
import { useSessao } from '../../lib/session/sessao.ts';
import { chavesFiscal, enviarXmlEntrada, listarEntradas, type NotaEntrada } from './api.ts';
import { formatarDataHora, formatarMoeda, SeletorEmpresa } from './comum.tsx';
import { NotaEntradaEstoque, rotuloStatusEntrada } from './entrada-estoque.tsx';

// entradaNotaFiscal (issue 7 item 8, issue 17): upload a supplier's NF-e XML, see its items with the supplier's
// codes, link each to one of our products with a conversion factor (supplier unit -> product unit), post it to
// stock and reverse the posting (entrada-estoque.tsx). The server refuses a key already imported.

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
          {
            title: 'Status',
            dataIndex: 'status',
            width: 170,
            render: (v: string) => (
              <Tag color={rotuloStatusEntrada(v).cor}>{rotuloStatusEntrada(v).texto}</Tag>
            ),
          },
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
      {aberta && <NotaEntradaEstoque key={aberta} id={aberta} />}
    </Space>
  );
}
