import { SyncOutlined } from '@ant-design/icons';
import type { IntegracaoSaida } from '@retaguarda/domain/delivery-apps/index';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Table, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { notificar } from '../../lib/notify/notificar.ts';
import { chavesDelivery, consultarAgora, INTERVALO_SAUDE_MS, integracoesQuery } from './api.ts';
import { dataHora, LinksDelivery, SePermitido, vazio } from './comum.tsx';

// Route appSistema (issue 20 "Delivery apps"): every integration of the user's stores and its health — the
// last poll, the last error and when, the app's orders today and the ones needing attention — with a
// "Consultar agora" that polls the app at once.

/** A poll older than three intervals (or none on an active integration) is a warning. */
function pollingAtrasado(i: IntegracaoSaida, agora: number): boolean {
  if (!i.ativo) return false;
  if (!i.saude.ultimoPolling) return true;
  return agora - Date.parse(i.saude.ultimoPolling) > 3 * i.intervaloPollingSegundos * 1000;
}

/** The last error is current when no poll succeeded after it. */
const erroAtual = (i: IntegracaoSaida) =>
  Boolean(
    i.saude.ultimoErro &&
      (!i.saude.ultimoPolling ||
        !i.saude.ultimoErroEm ||
        Date.parse(i.saude.ultimoErroEm) >= Date.parse(i.saude.ultimoPolling)),
  );

function BotaoConsultar({ integracao }: { integracao: IntegracaoSaida }) {
  const cliente = useQueryClient();
  const [consultando, setConsultando] = useState(false);
  const consultar = async () => {
    setConsultando(true);
    try {
      const r = await consultarAgora(integracao._id);
      notificar({
        tipo: 'success',
        mensagem:
          r.recebidos === 0
            ? `${integracao.appNome}: nenhum evento novo.`
            : `${integracao.appNome}: ${r.recebidos} evento(s) recebido(s), ${r.novos} novo(s).`,
      });
    } catch {
      // The API client showed the server's message.
    } finally {
      setConsultando(false);
      await cliente.invalidateQueries({ queryKey: chavesDelivery.todas });
    }
  };
  return (
    <SePermitido empresa={integracao.empresa._id}>
      <Button
        size="small"
        icon={<SyncOutlined />}
        loading={consultando}
        disabled={!integracao.ativo}
        onClick={() => void consultar()}
        aria-label={`Consultar agora ${integracao.appNome} ${integracao.empresa.descricao}`}
      >
        Consultar agora
      </Button>
    </SePermitido>
  );
}

export function AppSistemaPage() {
  const consulta = useQuery(integracoesQuery(INTERVALO_SAUDE_MS));
  const agora = Date.now();
  return (
    <Card
      title="Integrações com aplicativos de delivery"
      extra={<LinksDelivery atual="appSistema" />}
      styles={{ body: { paddingTop: 12 } }}
    >
      <Typography.Paragraph type="secondary">
        Saúde de cada integração: a última consulta ao aplicativo, o último erro e os pedidos do dia. A lista
        se atualiza a cada 30 segundos.
      </Typography.Paragraph>
      <Table<IntegracaoSaida>
        rowKey="_id"
        size="small"
        loading={consulta.isLoading}
        dataSource={consulta.data ?? []}
        pagination={false}
        locale={{ emptyText: vazio('Nenhuma integração cadastrada. Cadastre em Credenciais.') }}
        columns={[
          {
            title: 'Aplicativo',
            render: (_, i) => (
              <Flex vertical gap={0}>
                <strong>{i.appNome}</strong>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {i.protocolo === 'marketplace'
                    ? 'Marketplace (polling)'
                    : i.protocolo === 'open-delivery'
                      ? 'Open Delivery'
                      : i.protocolo}
                </Typography.Text>
              </Flex>
            ),
          },
          { title: 'Loja', render: (_, i) => i.empresa.descricao },
          {
            title: 'Situação',
            render: (_, i) => (
              <Flex vertical gap={2} align="flex-start">
                {i.ativo ? <Tag color="green">Ativa</Tag> : <Tag>Inativa</Tag>}
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {i.aceiteAutomatico ? 'Aceite automático' : 'Aceite pelo operador'}
                </Typography.Text>
              </Flex>
            ),
          },
          {
            title: 'Última consulta',
            render: (_, i) =>
              pollingAtrasado(i, agora) ? (
                <Tooltip title={`Consulta esperada a cada ${i.intervaloPollingSegundos} s`}>
                  <Tag color="orange">
                    {i.saude.ultimoPolling ? dataHora(i.saude.ultimoPolling) : 'Nunca'}
                  </Tag>
                </Tooltip>
              ) : (
                dataHora(i.saude.ultimoPolling)
              ),
          },
          {
            title: 'Último erro',
            render: (_, i) =>
              i.saude.ultimoErro ? (
                <Flex vertical gap={2}>
                  <Typography.Text
                    type={erroAtual(i) ? 'danger' : 'secondary'}
                    style={{ whiteSpace: 'normal', maxWidth: 280, display: 'block' }}
                  >
                    {i.saude.ultimoErro}
                  </Typography.Text>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {dataHora(i.saude.ultimoErroEm)}
                  </Typography.Text>
                </Flex>
              ) : (
                '—'
              ),
          },
          { title: 'Pedidos hoje', align: 'right', render: (_, i) => i.saude.pedidosHoje },
          {
            title: 'Atenção',
            align: 'right',
            render: (_, i) =>
              i.saude.pedidosAtencao > 0 ? (
                <Link to="/appIntegracaoDelivery">
                  <Tag color="red">{i.saude.pedidosAtencao}</Tag>
                </Link>
              ) : (
                0
              ),
          },
          {
            title: 'Ações',
            render: (_, i) => (
              <Flex gap={8} align="center">
                <BotaoConsultar integracao={i} />
                <Link to={`/appTerceiros?integracao=${i._id}`}>Editar</Link>
                <Link to={`/appTerceirosCadastro?integracao=${i._id}`}>Itens</Link>
              </Flex>
            ),
          },
        ]}
      />
    </Card>
  );
}
