import { formatarMoeda, PERMISSAO, statusVenda, tiposVenda } from '@retaguarda/domain';
import { Button, Card, Flex, Segmented, Table, Tag, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { notificar } from '../../lib/notify/notificar.ts';
import { useLiberacaoSupervisor } from '../liberacao/liberacao-supervisor.tsx';
import { CpfNotaDialog } from './cpf-nota-dialog.tsx';
import type { DadosFrenteLoja, ProdutoFrenteLoja } from './dados-referencia.ts';
import type { IndiceProdutos } from './indice-produtos.ts';
import { notasValidas, TagHomologacao, useImprimirComprovante } from './recibo-venda.tsx';
import { TelaVenda } from './tela-venda.tsx';
import { avisoNfceDaVenda, type VendaServidor, vendaApi } from './venda-api.ts';
import type { AmbienteVenda } from './venda-local.ts';

// The store's sales of the current period: an ended sale is reopened with the supervisor's release
// (permission 19) and shown for editing; an open one is opened. An ended sale's receipt is reprinted here
// (the DANFE NFC-e when it has a valid note, else the non-fiscal receipt; recibo-venda.tsx). Counter and delivery show the period
// sequence, tables and tabs their number (spec 1 section 9).

type Filtro = 'encerradas' | 'abertas';

const numeroDe = (v: VendaServidor) =>
  v.tipoVenda.id === 53 || v.tipoVenda.id === 55 ? (v.sequencialPeriodo ?? v.numero) : v.numero;

const identificacao = (v: VendaServidor) =>
  v.mesa
    ? `Mesa ${v.mesa}`
    : v.comanda
      ? `Comanda ${v.comanda}`
      : (v.cliente?.nome ?? v.vendaDescricao ?? '');

export function TelaVendas({
  dados,
  indice,
  amb,
  periodoId,
  registrarRecarga,
}: {
  dados: DadosFrenteLoja;
  /** The terminal's open period: the ended sales listed are this period's. */
  periodoId: string | null;
  indice: IndiceProdutos<ProdutoFrenteLoja>;
  amb: AmbienteVenda;
  registrarRecarga: (fn: (() => void) | null) => void;
}) {
  const { liberar } = useLiberacaoSupervisor();
  const [filtro, setFiltro] = useState<Filtro>('encerradas');
  const [vendas, setVendas] = useState<VendaServidor[]>([]);
  const [carregando, setCarregando] = useState(false);
  const [selecionada, setSelecionada] = useState<string | null>(null);
  const [aberta, setAberta] = useState<VendaServidor | null>(null);
  const imprimirComprovante = useImprimirComprovante(dados.terminal._id);
  // CPF na nota of an ended sale whose note was not issued yet: corrected, then the note issued.
  const [corrigindo, setCorrigindo] = useState<{ ocupado: boolean } | null>(null);

  const carregar = useCallback(async () => {
    setCarregando(true);
    try {
      setVendas(
        await vendaApi.buscar({
          empresa: dados.empresa._id,
          'status.id': filtro === 'encerradas' ? 59 : { $in: [57, 58] },
          ...(periodoId && filtro === 'encerradas' ? { periodo: periodoId } : {}),
        }),
      );
    } catch {
      // toast shown
    } finally {
      setCarregando(false);
    }
  }, [dados.empresa._id, periodoId, filtro]);

  useEffect(() => {
    if (!aberta) void carregar();
  }, [aberta, carregar]);

  const venda = vendas.find((v) => v._id === selecionada) ?? null;

  const reabrir = async () => {
    if (!venda) return;
    const l = await liberar({
      permissao: PERMISSAO.reabrirVenda,
      senhaObrigatoria: true,
      mostrarMotivo: true,
    });
    if (!l) return;
    try {
      const v = await vendaApi.reabrir(venda._id, l.liberacao);
      notificar({ tipo: 'success', mensagem: `Venda ${numeroDe(v)} reaberta.` });
      setAberta(v);
    } catch {
      // toast shown
    }
  };

  const corrigirEEmitir = async (documento: string | null) => {
    if (!venda) return;
    setCorrigindo({ ocupado: true });
    try {
      await vendaApi.alterarCpfCnpj(venda._id, documento, dados.terminal._id);
      await vendaApi.emitirNfce(venda._id);
      const v = await vendaApi.obter(venda._id);
      setCorrigindo(null);
      notificar(
        avisoNfceDaVenda(v) ?? {
          tipo: 'warning',
          mensagem: 'NFC-e não emitida: confira a configuração fiscal da loja.',
        },
      );
      await carregar();
      // The customer's DANFE (or the receipt) of the note just issued, on the terminal's printer.
      if (notasValidas(v).length > 0) await imprimirComprovante(v, 'nfce');
    } catch {
      // the toast of the API client says why; the dialog stays for another try
      setCorrigindo({ ocupado: false });
    }
  };

  if (aberta) {
    const tipo = aberta.tipoVenda.id as 53 | 54 | 55 | 56;
    return (
      <TelaVenda
        key={aberta._id}
        dados={dados}
        indice={indice}
        amb={amb}
        tipoVenda={tipo}
        vendaInicial={aberta}
        titulo={
          aberta.mesa || aberta.comanda
            ? identificacao(aberta)
            : `${tiposVenda.porId(tipo)?.descricao ?? 'Venda'} ${identificacao(aberta)}`.trim()
        }
        offline={false}
        aoOffline={() => undefined}
        aoTerminar={() => {
          setAberta(null);
          setSelecionada(null);
        }}
        registrarRecarga={registrarRecarga}
      />
    );
  }

  return (
    <Card
      title="Vendas do período"
      data-testid="tela-vendas"
      styles={{ body: { paddingTop: 8 } }}
      extra={
        <Segmented<Filtro>
          size="large"
          value={filtro}
          onChange={(f) => {
            setFiltro(f);
            setSelecionada(null);
          }}
          options={[
            { value: 'encerradas', label: 'Encerradas' },
            { value: 'abertas', label: 'Em aberto' },
          ]}
        />
      }
    >
      <Table<VendaServidor>
        size="middle"
        rowKey="_id"
        loading={carregando}
        dataSource={vendas}
        pagination={false}
        scroll={{ y: 430 }}
        locale={{ emptyText: 'Nenhuma venda.' }}
        rowSelection={{
          type: 'radio',
          selectedRowKeys: selecionada ? [selecionada] : [],
          onChange: (chaves) => setSelecionada((chaves[0] as string | undefined) ?? null),
        }}
        onRow={(v) => ({ onClick: () => setSelecionada(v._id), 'data-testid': `venda-${numeroDe(v)}` })}
        columns={[
          { title: 'Nº', width: 70, render: (_, v) => numeroDe(v) },
          {
            title: 'Tipo',
            width: 110,
            render: (_, v) => v.tipoVenda.descricao ?? tiposVenda.porId(v.tipoVenda.id as 53)?.descricao,
          },
          { title: 'Identificação', ellipsis: true, render: (_, v) => identificacao(v) },
          {
            title: 'Hora',
            width: 80,
            render: (_, v) =>
              new Date(v.data).toLocaleTimeString('pt-BR', { hour: '2-digit', minute: '2-digit' }),
          },
          { title: 'Total', width: 120, align: 'right', render: (_, v) => formatarMoeda(v.total) },
          {
            title: 'NFC-e',
            width: 215,
            render: (_, v) => {
              const nota = notasValidas(v)[0];
              if (!nota) return <Typography.Text type="secondary">-</Typography.Text>;
              return (
                <Flex vertical gap={2} align="start">
                  <span>nº {String(nota.numero)}</span>
                  {nota.tpAmb === 2 && <TagHomologacao />}
                </Flex>
              );
            },
          },
          {
            title: 'Situação',
            width: 130,
            render: (_, v) => <Tag>{statusVenda.porId(v.status.id as 57)?.descricao ?? v.status.id}</Tag>,
          },
        ]}
      />
      <Flex gap={8} justify="end" style={{ marginTop: 12 }}>
        <Typography.Text type="secondary" style={{ marginInlineEnd: 'auto', alignSelf: 'center' }}>
          {venda ? `Selecionada: nº ${numeroDe(venda)} · ${formatarMoeda(venda.total)}` : 'Toque numa venda.'}
        </Typography.Text>
        <Button size="large" onClick={() => void carregar()}>
          Atualizar
        </Button>
        {filtro === 'encerradas' && (
          <Button
            size="large"
            disabled={!venda}
            onClick={() => venda && void imprimirComprovante(venda)}
            data-testid="reimprimir-comprovante"
          >
            {venda && notasValidas(venda).length > 0 ? 'Reimprimir DANFE NFC-e' : 'Reimprimir recibo'}
          </Button>
        )}
        {filtro === 'encerradas' && (
          <Button
            size="large"
            disabled={!venda || notasValidas(venda).length > 0}
            onClick={() => setCorrigindo({ ocupado: false })}
            data-testid="corrigir-cpf-emitir"
            title="Venda encerrada sem NFC-e: informe ou corrija o CPF/CNPJ e emita a nota"
          >
            CPF e emitir NFC-e
          </Button>
        )}
        {filtro === 'encerradas' ? (
          <Button
            size="large"
            type="primary"
            disabled={!venda}
            onClick={() => void reabrir()}
            data-testid="reabrir-venda"
          >
            Reabrir venda
          </Button>
        ) : (
          <Button size="large" type="primary" disabled={!venda} onClick={() => venda && setAberta(venda)}>
            Abrir venda
          </Button>
        )}
      </Flex>
      <CpfNotaDialog
        aberto={corrigindo !== null}
        valor={venda?.cpfCnpj}
        ocupado={corrigindo?.ocupado === true}
        titulo={venda ? `CPF/CNPJ na nota da venda nº ${numeroDe(venda)}` : 'CPF/CNPJ na nota'}
        textoConfirmar="Confirmar e emitir NFC-e"
        aoConfirmar={(d) => void corrigirEEmitir(d)}
        aoFechar={() => setCorrigindo(null)}
      />
    </Card>
  );
}
