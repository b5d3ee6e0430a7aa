import { useMutation } from '@tanstack/react-query';
import { Card, Empty, Space, Table, Tag } from 'antd';
import { type DocumentoDfe, relatorioDfe } from './api.ts';
import { formatarDataHora, formatarMoeda } from './comum.tsx';
import { FiltroRelatorio } from './filtro-relatorio.tsx';

// relatorioDFE: every electronic fiscal document of the period — NFC-e issued (with situation, SEFAZ
// answer and protocol) and supplier NF-e received — with a summary per direction/model/situation and the
// voided number ranges (inutilizações), the accountant's checklist that no number is left open.

const COR_SITUACAO: Record<string, string> = {
  autorizada: 'success',
  cancelada: 'default',
  contingencia: 'warning',
  erro: 'error',
  substituida: 'default',
  inutilizada: 'default',
};

export function RelatorioDfePage() {
  const gerar = useMutation({ mutationFn: relatorioDfe });
  const d = gerar.data;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <FiltroRelatorio aoGerar={(c) => gerar.mutate(c)} carregando={gerar.isPending} />
      {!d ? (
        <Empty description="Escolha as empresas e o período e clique em Gerar." />
      ) : (
        <>
          <Card size="small" title="Resumo">
            <Table
              size="small"
              pagination={false}
              rowKey={(l) => `${l.direcao}|${l.modelo}|${l.situacao}`}
              dataSource={d.resumo}
              columns={[
                {
                  title: 'Direção',
                  dataIndex: 'direcao',
                  render: (v: string) => (v === 'emitida' ? 'Emitidas' : 'Recebidas'),
                },
                {
                  title: 'Modelo',
                  dataIndex: 'modelo',
                  render: (v: string) => (v === '65' ? '65 - NFC-e' : `${v} - NF-e`),
                },
                {
                  title: 'Situação',
                  dataIndex: 'situacao',
                  render: (v: string) => <Tag color={COR_SITUACAO[v]}>{v}</Tag>,
                },
                { title: 'Quantidade', dataIndex: 'quantidade', align: 'right' },
                { title: 'Valor', dataIndex: 'valor', align: 'right', render: formatarMoeda },
              ]}
            />
          </Card>
          <Card size="small" title="Documentos">
            <Table<DocumentoDfe>
              size="small"
              rowKey="_id"
              dataSource={d.documentos}
              pagination={{ pageSize: 15, showSizeChanger: false }}
              scroll={{ x: 1200 }}
              columns={[
                {
                  title: 'Emissão',
                  dataIndex: 'dhEmi',
                  width: 160,
                  render: (v: string) => formatarDataHora(v),
                },
                { title: 'Modelo', dataIndex: 'modelo', width: 70 },
                { title: 'Série', dataIndex: 'serie', width: 60 },
                { title: 'Número', dataIndex: 'numero', width: 80 },
                { title: 'Empresa', dataIndex: 'empresa', width: 130, ellipsis: true },
                { title: 'Participante', dataIndex: 'participante', ellipsis: true },
                {
                  title: 'Situação',
                  dataIndex: 'situacao',
                  width: 120,
                  render: (v: string) => <Tag color={COR_SITUACAO[v]}>{v}</Tag>,
                },
                {
                  title: 'Retorno',
                  key: 'retorno',
                  ellipsis: true,
                  render: (_, l) => (l.cStat ? `${l.cStat} - ${l.xMotivo}` : l.xMotivo),
                },
                { title: 'Protocolo', dataIndex: 'protocolo', width: 150 },
                { title: 'Chave', dataIndex: 'chave', width: 200, ellipsis: true },
                { title: 'Valor', dataIndex: 'valor', width: 110, align: 'right', render: formatarMoeda },
              ]}
            />
          </Card>
          {d.inutilizacoes.length > 0 && (
            <Card size="small" title="Inutilizações">
              <Table
                size="small"
                rowKey={(l) => `${l.serie}-${l.numeroInicial}-${l.protocolo}`}
                pagination={false}
                dataSource={d.inutilizacoes}
                columns={[
                  { title: 'Data', dataIndex: 'dataHora', render: (v: string) => formatarDataHora(v) },
                  { title: 'Empresa', dataIndex: 'empresa' },
                  { title: 'Série', dataIndex: 'serie' },
                  { title: 'Números', key: 'n', render: (_, l) => `${l.numeroInicial} a ${l.numeroFinal}` },
                  { title: 'Justificativa', dataIndex: 'justificativa', ellipsis: true },
                  { title: 'Protocolo', dataIndex: 'protocolo' },
                ]}
              />
            </Card>
          )}
        </>
      )}
    </Space>
  );
}
