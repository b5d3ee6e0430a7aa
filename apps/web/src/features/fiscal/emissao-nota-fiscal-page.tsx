import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  DatePicker,
  Descriptions,
  Drawer,
  Form,
  Input,
  InputNumber,
  Modal,
  Select,
  Space,
  Table,
  Tabs,
  Typography,
  theme,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { notificar } from '../../lib/notify/notificar.ts';
import { useSessao } from '../../lib/session/sessao.ts';
import { permissoesQuery } from '../auth/queries.ts';
import { useLiberacaoSupervisor } from '../liberacao/liberacao-supervisor.tsx';
import {
  baixarXml,
  buscarNota,
  cancelarNota,
  chavesFiscal,
  danfeEscpos,
  danfeHtml,
  type FiltroNfce,
  imprimirNoTerminal,
  listarNotas,
  listarTerminais,
  type Nfce,
  reenviarNota,
  type StatusNota,
} from './api.ts';
import {
  formatarChave,
  formatarDataHora,
  formatarMoeda,
  limitesPeriodo,
  SeletorEmpresa,
  TagStatus,
  useNfceAlterada,
} from './comum.tsx';
import { MENSAGEM_MOTIVO_CURTO, MOTIVO_MINIMO, motivoValido } from './regras.ts';

// emissaoNotaFiscal (issue 7 item 6): the store's NFC-e by period, status, series and store (filters and
// pagination on the server), the detail with protocol and XML, resend, cancel through the supervisor
// release, DANFE (HTML preview, browser print or the store's printer) and the XML download. Every
// `nfceAlterada` of the store refreshes the list (a queued offline note authorised in the background).

const TAMANHO_PAGINA = 20;
/** Spec 6: NF-e/NFC-e cancel permission of the sales module. */
export const PERMISSAO_CANCELAR_NOTA = 29;

const OPCOES_STATUS: { value: string; label: string }[] = [
  { value: 'processado', label: 'Autorizada' },
  { value: 'contingencia', label: 'Contingência' },
  { value: 'erro', label: 'Erro' },
  { value: 'cancelada', label: 'Cancelada' },
];

export function filtroDaTela(
  empresa: string | undefined,
  periodo: [Dayjs, Dayjs],
  status: string[],
  serie: number | null,
  numero: number | null,
): FiltroNfce {
  const filtro: FiltroNfce = { ...limitesPeriodo(periodo[0], periodo[1]) };
  if (empresa) filtro.empresa = empresa;
  const statusNota = status.filter((s): s is StatusNota => s !== 'cancelada');
  if (status.includes('cancelada') && statusNota.length === 0) filtro.cancelado = true;
  else if (statusNota.length > 0) {
    filtro.statusNota = statusNota;
    if (!status.includes('cancelada')) filtro.cancelado = false;
  }
  if (serie !== null) filtro.serie = serie;
  if (numero !== null) filtro.numero = numero;
  return filtro;
}

export function EmissaoNotaFiscalPage() {
  const empresaSessao = useSessao((s) => s.empresa?._id);
  const [params, setParams] = useSearchParams();
  const pagina = Number(params.get('pagina') ?? '1') || 1;
  const notaAberta = params.get('nota');
  const [empresa, setEmpresa] = useState<string | undefined>(empresaSessao);
  const [periodo, setPeriodo] = useState<[Dayjs, Dayjs]>(() => [dayjs().subtract(6, 'day'), dayjs()]);
  const [status, setStatus] = useState<string[]>([]);
  const [serie, setSerie] = useState<number | null>(null);
  const [numero, setNumero] = useState<number | null>(null);
  const queryClient = useQueryClient();

  const mudarParam = useCallback(
    (nome: string, valor: string | null) =>
      setParams((p) => {
        const n = new URLSearchParams(p);
        if (valor === null) n.delete(nome);
        else n.set(nome, valor);
        return n;
      }),
    [setParams],
  );
  const filtro = useMemo(
    () => filtroDaTela(empresa, periodo, status, serie, numero),
    [empresa, periodo, status, serie, numero],
  );
  const lista = useQuery({
    queryKey: chavesFiscal.lista(filtro, pagina, TAMANHO_PAGINA),
    queryFn: () => listarNotas(filtro, pagina, TAMANHO_PAGINA),
    placeholderData: keepPreviousData,
  });
  const linhas = (lista.data ?? []).slice(0, TAMANHO_PAGINA);
  const temProxima = (lista.data?.length ?? 0) > TAMANHO_PAGINA;

  useNfceAlterada(
    useCallback(() => void queryClient.invalidateQueries({ queryKey: chavesFiscal.notas() }), [queryClient]),
  );

  const filtrar = (f: () => void) => {
    f();
    mudarParam('pagina', null);
  };

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Form layout="inline" aria-label="Filtros">
        <Form.Item label="Empresa">
          <SeletorEmpresa valor={empresa} aoMudar={(e) => filtrar(() => setEmpresa(e))} />
        </Form.Item>
        <Form.Item label="Período">
          <DatePicker.RangePicker
            format="DD/MM/YYYY"
            allowClear={false}
            value={periodo}
            onChange={(v) => {
              if (v?.[0] && v[1]) {
                const [a, b] = [v[0], v[1]];
                filtrar(() => setPeriodo([a, b]));
              }
            }}
          />
        </Form.Item>
        <Form.Item label="Status">
          <Select
            mode="multiple"
            aria-label="Status"
            allowClear
            placeholder="Todos"
            style={{ minWidth: 180 }}
            options={OPCOES_STATUS}
            value={status}
            onChange={(v) => filtrar(() => setStatus(v))}
          />
        </Form.Item>
        <Form.Item label="Série">
          <InputNumber
            aria-label="Série"
            min={0}
            max={999}
            value={serie}
            onChange={(v) => filtrar(() => setSerie(v))}
            style={{ width: 80 }}
          />
        </Form.Item>
        <Form.Item label="Número">
          <InputNumber
            aria-label="Número"
            min={1}
            value={numero}
            onChange={(v) => filtrar(() => setNumero(v))}
            style={{ width: 110 }}
          />
        </Form.Item>
        <Form.Item>
          <Button onClick={() => void lista.refetch()} loading={lista.isFetching}>
            Atualizar
          </Button>
        </Form.Item>
      </Form>
      <Table<Nfce>
        rowKey="_id"
        size="small"
        loading={lista.isFetching}
        dataSource={linhas}
        scroll={{ x: 1000 }}
        onRow={(nota) => ({ onDoubleClick: () => mudarParam('nota', nota._id) })}
        pagination={{
          current: pagina,
          pageSize: TAMANHO_PAGINA,
          // No count query: the next page exists while the server sent one row more than a page.
          total: (pagina - 1) * TAMANHO_PAGINA + linhas.length + (temProxima ? 1 : 0),
          showSizeChanger: false,
          onChange: (p) => mudarParam('pagina', p === 1 ? null : String(p)),
        }}
        columns={[
          { title: 'Número', dataIndex: 'numero', width: 90 },
          { title: 'Série', dataIndex: 'serie', width: 70 },
          { title: 'Emissão', dataIndex: 'dhEmi', width: 170, render: (v: string) => formatarDataHora(v) },
          { title: 'Status', key: 'status', width: 120, render: (_, n) => <TagStatus nota={n} /> },
          {
            title: 'Retorno SEFAZ',
            key: 'retorno',
            ellipsis: true,
            render: (_, n) => (n.cStat ? `${n.cStat} - ${n.xMotivo ?? ''}` : (n.xMotivo ?? '')),
          },
          {
            title: 'Emissão tipo',
            dataIndex: 'tpEmis',
            width: 110,
            render: (v: number) => (v === 9 ? 'Off-line' : 'Normal'),
          },
          { title: 'CPF/CNPJ', dataIndex: 'cpfCnpj', width: 140 },
          {
            title: 'Valor',
            dataIndex: 'valor',
            width: 110,
            align: 'right',
            render: (v: string) => formatarMoeda(v),
          },
          {
            title: '',
            key: 'acoes',
            width: 90,
            render: (_, n) => (
              <Button size="small" onClick={() => mudarParam('nota', n._id)}>
                Detalhes
              </Button>
            ),
          },
        ]}
      />
      {notaAberta && <DetalheNota id={notaAberta} aoFechar={() => mudarParam('nota', null)} />}
    </Space>
  );
}

function DetalheNota({ id, aoFechar }: { id: string; aoFechar: () => void }) {
  const queryClient = useQueryClient();
  const { token } = theme.useToken();
  const nota = useQuery({ queryKey: chavesFiscal.nota(id), queryFn: () => buscarNota(id) });
  const [reenviando, setReenviando] = useState(false);
  const [cancelando, setCancelando] = useState(false);
  const [danfe, setDanfe] = useState(false);
  const n = nota.data;

  const atualizar = () => queryClient.invalidateQueries({ queryKey: chavesFiscal.notas() });

  const reenviar = async () => {
    if (!n) return;
    setReenviando(true);
    try {
      const r = await reenviarNota(n._id);
      if (r.valido) notificar({ tipo: 'success', mensagem: r.jsonMsg ?? 'Nota reenviada.' });
      else notificar({ tipo: 'error', mensagem: r.data.message ?? r.jsonMsg ?? 'Falha ao reenviar a nota.' });
    } catch {
      // the client already showed the communication error
    } finally {
      setReenviando(false);
      await atualizar();
    }
  };

  return (
    <Drawer
      open
      width={760}
      title={n ? `NFC-e nº ${n.numero} série ${n.serie}` : 'NFC-e'}
      onClose={aoFechar}
      loading={nota.isPending}
      extra={
        n && (
          <Space wrap>
            {n.statusNota === 'erro' && !n.cancelado && (
              <Button onClick={() => void reenviar()} loading={reenviando}>
                Reenviar
              </Button>
            )}
            {n.statusNota === 'processado' && !n.cancelado && (
              <Button danger onClick={() => setCancelando(true)}>
                Cancelar nota
              </Button>
            )}
            <Button onClick={() => setDanfe(true)}>DANFE</Button>
            <Button onClick={() => void baixarXml(n).catch(() => undefined)}>Baixar XML</Button>
          </Space>
        )
      }
    >
      {n && (
        <Space orientation="vertical" style={{ width: '100%' }}>
          {n.aviso && <Alert type="warning" showIcon message={n.aviso} />}
          {n.statusNota === 'contingencia' && (
            <Alert
              type="info"
              showIcon
              message="Nota emitida em contingência off-line: será transmitida automaticamente quando a SEFAZ responder."
            />
          )}
          <Tabs
            items={[
              {
                key: 'dados',
                label: 'Dados',
                children: (
                  <Descriptions size="small" column={1} bordered>
                    <Descriptions.Item label="Status">
                      <TagStatus nota={n} />
                    </Descriptions.Item>
                    <Descriptions.Item label="Chave de acesso">
                      <Typography.Text copyable={{ text: n.chave }} data-testid="chave-nota">
                        {formatarChave(n.chave)}
                      </Typography.Text>
                    </Descriptions.Item>
                    <Descriptions.Item label="Emissão">{formatarDataHora(n.dhEmi)}</Descriptions.Item>
                    <Descriptions.Item label="Tipo de emissão">
                      {n.tpEmis === 9 ? '9 - Contingência off-line' : '1 - Normal'}
                    </Descriptions.Item>
                    <Descriptions.Item label="Ambiente">
                      {n.tpAmb === 1 ? '1 - Produção' : '2 - Homologação'}
                    </Descriptions.Item>
                    <Descriptions.Item label="Retorno SEFAZ">
                      {n.cStat ? `${n.cStat} - ${n.xMotivo ?? ''}` : (n.xMotivo ?? '')}
                    </Descriptions.Item>
                    <Descriptions.Item label="Protocolo">
                      <span data-testid="protocolo-nota">{n.protocoloRecebimento ?? ''}</span>
                    </Descriptions.Item>
                    <Descriptions.Item label="Recebimento">
                      {formatarDataHora(n.dataRecebimento)}
                    </Descriptions.Item>
                    <Descriptions.Item label="CPF/CNPJ do consumidor">{n.cpfCnpj ?? ''}</Descriptions.Item>
                    <Descriptions.Item label="Valor">{formatarMoeda(n.valor)}</Descriptions.Item>
                    {n.pendenteEnvio && (
                      <Descriptions.Item label="Tentativas de envio">{n.tentativas}</Descriptions.Item>
                    )}
                    {n.cancelamento && (
                      <Descriptions.Item label="Cancelamento">
                        {[
                          n.cancelamento.protocolo,
                          formatarDataHora(n.cancelamento.dataHora),
                          n.cancelamento.motivo,
                        ]
                          .filter(Boolean)
                          .join(' · ')}
                      </Descriptions.Item>
                    )}
                  </Descriptions>
                ),
              },
              {
                key: 'xml',
                label: 'XML',
                children: (
                  <pre
                    data-testid="xml-nota"
                    style={{
                      maxHeight: 520,
                      overflow: 'auto',
                      whiteSpace: 'pre-wrap',
                      wordBreak: 'break-all',
                      fontSize: 12,
                      padding: token.paddingSM,
                      background: token.colorFillQuaternary,
                      borderRadius: token.borderRadius,
                    }}
                  >
                    {n.xml ?? ''}
                  </pre>
                ),
              },
            ]}
          />
        </Space>
      )}
      {n && cancelando && (
        <CancelarNotaDialog
          nota={n}
          aoFechar={(feito) => {
            setCancelando(false);
            if (feito) void atualizar();
          }}
        />
      )}
      {n && danfe && <DanfeDialog nota={n} aoFechar={() => setDanfe(false)} />}
    </Drawer>
  );
}

function CancelarNotaDialog({ nota, aoFechar }: { nota: Nfce; aoFechar: (feito: boolean) => void }) {
  const [motivo, setMotivo] = useState('');
  const [tocado, setTocado] = useState(false);
  const [enviando, setEnviando] = useState(false);
  // Hidden while the supervisor release dialog is open: that dialog must be on top and reachable.
  const [liberando, setLiberando] = useState(false);
  const { liberar } = useLiberacaoSupervisor();
  const usuario = useSessao((s) => s.usuario);
  const empresa = useSessao((s) => s.empresa);
  const permissoes = useQuery({
    ...permissoesQuery(empresa?._id ?? '', usuario?.usuario._id ?? ''),
    enabled: Boolean(usuario && empresa),
  });
  const valido = motivoValido(motivo);

  const confirmar = async () => {
    setTocado(true);
    if (!valido) return;
    let liberacao: string | undefined;
    // Permission 29 of the user, else a supervisor's release token (README "Events").
    if (!permissoes.data?.has(PERMISSAO_CANCELAR_NOTA)) {
      setLiberando(true);
      // The release is bound to this NFC-e: it cannot cancel another one.
      const r = await liberar({
        permissao: PERMISSAO_CANCELAR_NOTA,
        senhaObrigatoria: true,
        vinculo: { chaveNota: nota.chave },
      }).finally(() => setLiberando(false));
      if (!r) return;
      liberacao = r.liberacao;
    }
    setEnviando(true);
    try {
      const r = await cancelarNota(nota, motivo.trim(), liberacao);
      notificar({
        tipo: 'success',
        mensagem: `Nota cancelada. Protocolo ${r.retorno.protocolo}`,
      });
      aoFechar(true);
    } catch (erro) {
      notificar({
        tipo: 'error',
        mensagem: erro instanceof Error ? erro.message : String(erro),
        duracao: 10,
      });
    } finally {
      setEnviando(false);
    }
  };

  return (
    <Modal
      open={!liberando}
      title={`Cancelar NFC-e nº ${nota.numero}`}
      okText="Cancelar nota"
      cancelText="Voltar"
      okButtonProps={{ danger: true, loading: enviando }}
      onOk={() => void confirmar()}
      onCancel={() => aoFechar(false)}
    >
      <Form layout="vertical">
        <Form.Item
          label="Motivo do cancelamento"
          required
          validateStatus={tocado && !valido ? 'error' : undefined}
          help={
            tocado && !valido ? MENSAGEM_MOTIVO_CURTO : `${motivo.trim().length}/${MOTIVO_MINIMO} caracteres`
          }
        >
          <Input.TextArea
            aria-label="Motivo do cancelamento"
            rows={3}
            maxLength={255}
            value={motivo}
            onChange={(e) => setMotivo(e.target.value)}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function DanfeDialog({ nota, aoFechar }: { nota: Nfce; aoFechar: () => void }) {
  const quadro = useRef<HTMLIFrameElement>(null);
  const html = useQuery({
    queryKey: [...chavesFiscal.nota(nota._id), 'danfe'],
    queryFn: () => danfeHtml(nota._id),
  });
  const terminais = useQuery({
    queryKey: [...chavesFiscal.todas, 'terminais', nota.empresa],
    queryFn: () => listarTerminais(nota.empresa),
  });
  const [terminal, setTerminal] = useState<string>();
  const [enviando, setEnviando] = useState(false);

  const enviar = async () => {
    if (!terminal) return;
    setEnviando(true);
    try {
      const { escposBase64 } = await danfeEscpos(nota._id);
      await imprimirNoTerminal(nota, terminal, escposBase64);
      notificar({ tipo: 'success', mensagem: 'DANFE enviado para a impressora.' });
    } catch {
      // the client showed the message
    } finally {
      setEnviando(false);
    }
  };

  return (
    <Modal
      open
      width={480}
      title={`DANFE NFC-e nº ${nota.numero}`}
      onCancel={aoFechar}
      footer={
        <Space wrap>
          <Select
            aria-label="Terminal"
            placeholder="Terminal"
            style={{ width: 170 }}
            loading={terminais.isPending}
            value={terminal}
            onChange={setTerminal}
            options={(terminais.data ?? []).map((t) => ({ value: t._id, label: t.descricao }))}
          />
          <Button disabled={!terminal} loading={enviando} onClick={() => void enviar()}>
            Enviar à impressora
          </Button>
          <Button type="primary" onClick={() => quadro.current?.contentWindow?.print()} disabled={!html.data}>
            Imprimir
          </Button>
        </Space>
      }
    >
      <iframe
        ref={quadro}
        title="DANFE NFC-e"
        data-testid="danfe"
        srcDoc={html.data ?? ''}
        sandbox="allow-modals allow-same-origin"
        // The DANFE is paper: white in both themes, as printed.
        style={{ width: '100%', height: 520, border: 0, background: 'white' }}
      />
    </Modal>
  );
}
