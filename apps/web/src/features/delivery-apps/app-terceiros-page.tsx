import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { erroZodPtBr } from '@retaguarda/domain';
import {
  APPS_DELIVERY,
  type IntegracaoEntrada,
  type IntegracaoSaida,
  integracaoEntradaSchema,
  NOMES_PROTOCOLO,
  PROTOCOLOS_DELIVERY,
} from '@retaguarda/domain/delivery-apps/index';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Form, Input, InputNumber, Select, Switch, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { notificar } from '../../lib/notify/notificar.ts';
import { useSessao } from '../../lib/session/sessao.ts';
import { SeletorEmpresaUsuario, useTemPermissao } from '../auth/empresas-usuario.tsx';
import { chavesDelivery, integracoesQuery, salvarIntegracao } from './api.ts';
import { LinksDelivery, PERMISSAO_INTEGRACOES, SePermitido, vazio } from './comum.tsx';

// Route appTerceiros (issue 20 "Delivery apps"): the credentials of each store's integration. The client
// secret goes to the server and never comes back: the list says only whether it is set, and on an edit a
// blank field keeps the stored one. The menu address (GET /merchant) is shown to hand to the app.

/** The form's fields: the domain's entry with the numbers and the secret as the inputs hold them. */
interface Campos {
  empresa: string | undefined;
  app: number | undefined;
  protocolo: string;
  merchantId: string;
  appIdExterno: string;
  baseUrl: string;
  authUrl: string;
  clientId: string;
  clientSecret: string;
  ativo: boolean;
  aceiteAutomatico: boolean;
  intervaloPollingSegundos: number | null;
}

const NOMES_CAMPOS: Record<keyof Campos, string> = {
  empresa: 'Loja',
  app: 'Aplicativo',
  protocolo: 'Protocolo',
  merchantId: 'Merchant ID (X-App-MerchantId)',
  appIdExterno: 'App ID (X-App-Id)',
  baseUrl: 'Endereço da API do aplicativo',
  authUrl: 'Endereço do token (opcional)',
  clientId: 'Client ID',
  clientSecret: 'Client secret',
  ativo: 'Ativa',
  aceiteAutomatico: 'Aceitar pedidos automaticamente',
  intervaloPollingSegundos: 'Intervalo de consulta (segundos)',
};

export const MENSAGEM_SEGREDO_OBRIGATORIO = 'Informe o client secret da integração.';

function camposDe(i: IntegracaoSaida | undefined, empresa: string | undefined): Campos {
  return {
    empresa: i?.empresa._id ?? empresa,
    app: i?.app,
    protocolo: i?.protocolo ?? 'open-delivery',
    merchantId: i?.merchantId ?? '',
    appIdExterno: i?.appIdExterno ?? '',
    baseUrl: i?.baseUrl ?? '',
    authUrl: i?.authUrl ?? '',
    clientId: i?.clientId ?? '',
    clientSecret: '',
    ativo: i?.ativo ?? true,
    aceiteAutomatico: i?.aceiteAutomatico ?? false,
    intervaloPollingSegundos: i?.intervaloPollingSegundos ?? 30,
  };
}

/** The entry sent: blank optional fields left out (a blank secret keeps the stored one). */
function entradaDe(c: Campos): Record<string, unknown> {
  return {
    empresa: c.empresa ?? '',
    app: c.app,
    protocolo: c.protocolo,
    merchantId: c.merchantId,
    appIdExterno: c.appIdExterno,
    baseUrl: c.baseUrl,
    ...(c.authUrl.trim() ? { authUrl: c.authUrl } : {}),
    clientId: c.clientId,
    ...(c.clientSecret ? { clientSecret: c.clientSecret } : {}),
    ativo: c.ativo,
    aceiteAutomatico: c.aceiteAutomatico,
    intervaloPollingSegundos: c.intervaloPollingSegundos ?? undefined,
  };
}

function FormularioIntegracao({
  integracao,
  aoTerminar,
}: {
  integracao: IntegracaoSaida | undefined;
  aoTerminar: () => void;
}) {
  const empresaSessao = useSessao((s) => s.empresa?._id);
  const cliente = useQueryClient();
  const [campos, setCampos] = useState<Campos>(() => camposDe(integracao, empresaSessao));
  const [erros, setErros] = useState<Partial<Record<keyof Campos, string>>>({});
  const [salvando, setSalvando] = useState(false);
  const permitido = useTemPermissao(campos.empresa, PERMISSAO_INTEGRACOES);
  const mudar = <K extends keyof Campos>(k: K, v: Campos[K]) => {
    setCampos((c) => ({ ...c, [k]: v }));
    setErros((e) => ({ ...e, [k]: undefined }));
  };

  const salvar = async () => {
    const lido = integracaoEntradaSchema.safeParse(entradaDe(campos), { error: erroZodPtBr });
    const novos: Partial<Record<keyof Campos, string>> = {};
    if (!lido.success)
      for (const p of lido.error.issues) {
        const k = p.path[0] as keyof Campos;
        novos[k] ??= k === 'app' && campos.app === undefined ? 'Escolha o aplicativo' : p.message;
      }
    if (!integracao && !campos.clientSecret) novos.clientSecret = MENSAGEM_SEGREDO_OBRIGATORIO;
    setErros(novos);
    if (!lido.success || Object.keys(novos).length > 0) return;
    setSalvando(true);
    try {
      await salvarIntegracao(integracao?._id, lido.data as IntegracaoEntrada);
      notificar({
        tipo: 'success',
        mensagem: integracao ? 'Integração alterada.' : 'Integração cadastrada.',
      });
      await cliente.invalidateQueries({ queryKey: chavesDelivery.integracoes() });
      aoTerminar();
    } catch {
      // The API client showed the server's message.
    } finally {
      setSalvando(false);
    }
  };

  const item = (k: keyof Campos, filho: React.ReactNode, extra?: React.ReactNode) => (
    <Form.Item
      label={NOMES_CAMPOS[k]}
      htmlFor={`integracao-${k}`}
      validateStatus={erros[k] ? 'error' : undefined}
      help={erros[k]}
      extra={extra}
      style={{ marginBottom: 12 }}
    >
      {filho}
    </Form.Item>
  );
  const texto = (
    k: 'merchantId' | 'appIdExterno' | 'baseUrl' | 'authUrl' | 'clientId',
    placeholder?: string,
  ) =>
    item(
      k,
      <Input
        id={`integracao-${k}`}
        value={campos[k]}
        placeholder={placeholder}
        onChange={(e) => mudar(k, e.target.value)}
      />,
    );

  return (
    <Card
      title={
        integracao
          ? `Editar integração — ${integracao.appNome} · ${integracao.empresa.descricao}`
          : 'Nova integração'
      }
      size="small"
    >
      <Form layout="vertical" onFinish={() => void salvar()}>
        <Flex gap={16} wrap>
          <div style={{ flex: '1 1 320px', minWidth: 280 }}>
            {item(
              'empresa',
              <SeletorEmpresaUsuario
                id="integracao-empresa"
                rotulo="Loja"
                valor={campos.empresa}
                aoMudar={(v) => mudar('empresa', v)}
              />,
            )}
            {item(
              'app',
              <Select
                id="integracao-app"
                aria-label="Aplicativo"
                value={campos.app}
                placeholder="Selecione"
                onChange={(v: number) => mudar('app', v)}
                options={APPS_DELIVERY.map((a) => ({ value: a.id, label: a.nome }))}
              />,
            )}
            {item(
              'protocolo',
              <Select
                id="integracao-protocolo"
                aria-label="Protocolo"
                value={campos.protocolo}
                onChange={(v: string) => mudar('protocolo', v)}
                options={PROTOCOLOS_DELIVERY.map((p) => ({
                  value: p,
                  label: NOMES_PROTOCOLO[p],
                }))}
              />,
            )}
            {texto(
              'merchantId',
              campos.protocolo === 'marketplace'
                ? 'id (UUID) da loja no marketplace'
                : 'CNPJ + UUID da loja no aplicativo',
            )}
            {texto(
              'appIdExterno',
              campos.protocolo === 'marketplace' ? 'marketplace (não usado)' : undefined,
            )}
          </div>
          <div style={{ flex: '1 1 320px', minWidth: 280 }}>
            {texto('baseUrl', 'https://api.aplicativo.com.br')}
            {texto('authUrl', 'Quando o /oauth/token fica em outro endereço')}
            {texto('clientId')}
            {item(
              'clientSecret',
              <Input.Password
                id="integracao-clientSecret"
                autoComplete="new-password"
                value={campos.clientSecret}
                placeholder={integracao?.segredoDefinido ? 'Definido — deixe em branco para manter' : ''}
                onChange={(e) => mudar('clientSecret', e.target.value)}
              />,
              integracao ? 'Em branco mantém o segredo guardado.' : undefined,
            )}
            {item(
              'intervaloPollingSegundos',
              <InputNumber
                id="integracao-intervaloPollingSegundos"
                min={5}
                max={300}
                value={campos.intervaloPollingSegundos}
                onChange={(v) => mudar('intervaloPollingSegundos', v)}
              />,
            )}
            <Flex gap={24} wrap style={{ marginBottom: 12 }}>
              <label htmlFor="integracao-ativo">
                <Flex gap={8} align="center">
                  <Switch id="integracao-ativo" checked={campos.ativo} onChange={(v) => mudar('ativo', v)} />
                  {NOMES_CAMPOS.ativo}
                </Flex>
              </label>
              <label htmlFor="integracao-aceiteAutomatico">
                <Flex gap={8} align="center">
                  <Switch
                    id="integracao-aceiteAutomatico"
                    checked={campos.aceiteAutomatico}
                    onChange={(v) => mudar('aceiteAutomatico', v)}
                  />
                  {NOMES_CAMPOS.aceiteAutomatico}
                </Flex>
              </label>
            </Flex>
          </div>
        </Flex>
        <Flex gap={8}>
          <Button type="primary" htmlType="submit" loading={salvando} disabled={!permitido}>
            Salvar integração
          </Button>
          <Button onClick={aoTerminar}>Cancelar</Button>
        </Flex>
      </Form>
    </Card>
  );
}

export function AppTerceirosPage() {
  const consulta = useQuery(integracoesQuery());
  const [params, setParams] = useSearchParams();
  const [nova, setNova] = useState(false);
  const editando = params.get('integracao') ?? undefined;
  const integracao = consulta.data?.find((i) => i._id === editando);
  const fechar = () => {
    setNova(false);
    if (editando) setParams({}, { replace: true });
  };
  const abrirEdicao = (id: string) => {
    setNova(false);
    setParams({ integracao: id }, { replace: true });
  };
  const empresaSessao = useSessao((s) => s.empresa?._id);

  return (
    <Flex vertical gap={16}>
      <Card title="Credenciais dos aplicativos de delivery" extra={<LinksDelivery atual="appTerceiros" />}>
        <Flex vertical gap={12}>
          <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
            Uma integração por loja e aplicativo. O client secret é guardado cifrado e nunca volta para a
            tela. Entregue ao aplicativo o endereço do cardápio de cada loja.
          </Typography.Paragraph>
          {empresaSessao && (
            <SePermitido empresa={empresaSessao}>
              <Button
                type="primary"
                icon={<PlusOutlined />}
                style={{ alignSelf: 'flex-start' }}
                onClick={() => {
                  if (editando) setParams({}, { replace: true });
                  setNova(true);
                }}
              >
                Nova integração
              </Button>
            </SePermitido>
          )}
          <Table<IntegracaoSaida>
            rowKey="_id"
            size="small"
            loading={consulta.isLoading}
            dataSource={consulta.data ?? []}
            pagination={false}
            locale={{ emptyText: vazio('Nenhuma integração cadastrada.') }}
            columns={[
              {
                title: 'Loja',
                render: (_, i) => <span style={{ whiteSpace: 'nowrap' }}>{i.empresa.descricao}</span>,
              },
              { title: 'Aplicativo', render: (_, i) => i.appNome },
              {
                title: 'Credenciais',
                render: (_, i) => (
                  <Flex vertical gap={0} style={{ maxWidth: 300 }}>
                    <span>Client ID: {i.clientId}</span>
                    <Typography.Text
                      type="secondary"
                      style={{ fontSize: 12 }}
                      ellipsis={{ tooltip: i.merchantId }}
                    >
                      Merchant ID: {i.merchantId}
                    </Typography.Text>
                  </Flex>
                ),
              },
              {
                title: 'Client secret',
                render: (_, i) =>
                  i.segredoDefinido ? <Tag color="green">definido</Tag> : <Tag color="red">não definido</Tag>,
              },
              {
                title: 'Endereço do cardápio',
                render: (_, i) => (
                  <Typography.Text
                    copyable={{ text: i.urlCardapio, tooltips: ['Copiar', 'Copiado'] }}
                    style={{ display: 'block', maxWidth: 380, wordBreak: 'break-all', fontSize: 12 }}
                  >
                    <code>{i.urlCardapio}</code>
                  </Typography.Text>
                ),
              },
              {
                title: 'Situação',
                render: (_, i) => (i.ativo ? <Tag color="green">Ativa</Tag> : <Tag>Inativa</Tag>),
              },
              {
                title: 'Ações',
                render: (_, i) => (
                  <SePermitido empresa={i.empresa._id}>
                    <Button
                      size="small"
                      icon={<EditOutlined />}
                      aria-label={`Editar ${i.appNome} ${i.empresa.descricao}`}
                      onClick={() => abrirEdicao(i._id)}
                    >
                      Editar
                    </Button>
                  </SePermitido>
                ),
              },
            ]}
          />
        </Flex>
      </Card>
      {(nova || integracao) && (
        <FormularioIntegracao
          key={integracao?._id ?? 'nova'}
          integracao={nova ? undefined : integracao}
          aoTerminar={fechar}
        />
      )}
    </Flex>
  );
}
