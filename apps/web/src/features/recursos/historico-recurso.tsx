import type { DefinicaoRecurso } from '@retaguarda/domain';
import { useQuery } from '@tanstack/react-query';
import { Drawer, Empty, Skeleton, Table, Tag, Timeline, Typography } from 'antd';
import dayjs from 'dayjs';
import { type Alteracao, historicoQuery } from './api.ts';
import { textoDoValor } from './exibicao.ts';

// Audit of a record: who changed what and when (GET /api/auditoria/{tabela}/{id}).

const ACOES = {
  incluir: { texto: 'Inclusão', cor: 'success' },
  alterar: { texto: 'Alteração', cor: 'processing' },
  excluir: { texto: 'Exclusão', cor: 'error' },
} as const;

function valorLegivel(def: DefinicaoRecurso, campo: string, valor: unknown): string {
  const c = def.campos[campo];
  if (valor === null || valor === undefined || valor === '') return '—';
  if (c && c.tipo !== 'json' && c.tipo !== 'ref' && c.tipo !== 'refs') return textoDoValor(c, valor);
  const texto = JSON.stringify(valor);
  return texto.length > 120 ? `${texto.slice(0, 117)}...` : texto;
}

export function HistoricoRecurso({
  def,
  id,
  aoFechar,
}: {
  def: DefinicaoRecurso;
  id: string;
  aoFechar: () => void;
}) {
  const historico = useQuery(historicoQuery(def.tabela, id));
  return (
    <Drawer open title={`Histórico de alterações - ${def.titulo}`} size={640} onClose={aoFechar}>
      {historico.isPending ? (
        <Skeleton active />
      ) : !historico.data || historico.data.length === 0 ? (
        <Empty description="Nenhuma alteração registrada" />
      ) : (
        <Timeline
          data-testid="historico-recurso"
          items={historico.data.map((h) => ({
            key: h._id,
            content: (
              <>
                <Typography.Text strong>{dayjs(h.dataHora).format('DD/MM/YYYY HH:mm:ss')}</Typography.Text>{' '}
                <Tag color={ACOES[h.acao].cor}>{ACOES[h.acao].texto}</Tag>
                <Typography.Text type="secondary">por {h.usuario?.nome ?? 'sistema'}</Typography.Text>
                {h.acao !== 'excluir' && h.alteracoes.length > 0 && (
                  <Table<Alteracao>
                    size="small"
                    style={{ marginTop: 8 }}
                    pagination={false}
                    rowKey="campo"
                    dataSource={h.alteracoes}
                    columns={[
                      {
                        title: 'Campo',
                        dataIndex: 'campo',
                        render: (c: string) => def.campos[c]?.rotulo ?? c,
                      },
                      {
                        title: 'De',
                        dataIndex: 'de',
                        render: (v: unknown, a) => valorLegivel(def, a.campo, v),
                      },
                      {
                        title: 'Para',
                        dataIndex: 'para',
                        render: (v: unknown, a) => valorLegivel(def, a.campo, v),
                      },
                    ]}
                  />
                )}
              </>
            ),
          }))}
        />
      )}
    </Drawer>
  );
}
