import { PrinterOutlined } from '@ant-design/icons';
import { modelosImpressora, tiposImpressao } from '@retaguarda/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Flex, Menu, Segmented, Select, Spin, Tabs, Tag, Typography } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { ErroApi } from '../../lib/api/cliente.ts';
import { notificar } from '../../lib/notify/notificar.ts';
import { useSessao } from '../../lib/session/sessao.ts';
import {
  buscarAmostras,
  buscarPrevia,
  chavesImpressao,
  comColunas,
  type Documento,
  imprimir,
  listarSetores,
  listarTerminais,
} from './api.ts';

// layoutsImpressao: every receipt layout of the print module with sample data, shown as the paper comes out
// of the chosen printer model (monospace at 48 or 64 columns, bold and double size where the model has
// them), and optionally printed for real on a printer of the store (through its print sector).

/** Menu order and names of the layouts (the samples come from GET /api/impressao/amostras). */
export const NOMES_LAYOUT: Record<string, string> = {
  producao: 'Produção (cozinha)',
  expedicao: 'Expedição',
  conta: 'Conta',
  recibo: 'Recibo não fiscal',
  pagamento: 'Pagamento',
  convenio: 'Convênio',
  cortesia: 'Cortesia',
  cancelamento: 'Cancelamento',
  sangria: 'Sangria',
  suprimento: 'Suprimento',
  fechamento: 'Fechamento de caixa',
  nfce: 'NFC-e (DANFE)',
  outros: 'Outros (teste de impressão)',
};
const ORDEM = Object.keys(NOMES_LAYOUT);

/** Models that print receipts (label printers refuse them: the server says so when one is chosen). */
const MODELOS = modelosImpressora.itens.map((m) => ({
  value: m.id,
  label: m.etiqueta ? `${m.descricao} - não imprime comprovantes` : m.descricao,
}));

export function LayoutsImpressaoPage() {
  const empresa = useSessao((s) => s.empresa);
  const escuro = useSessao((s) => s.escuro);
  const [layout, setLayout] = useState('producao');
  const [colunas, setColunas] = useState<48 | 64>(48);
  const [modelo, setModelo] = useState(1);
  const [terminal, setTerminal] = useState<string>();
  const [setor, setSetor] = useState<string>();
  const [enviando, setEnviando] = useState(false);
  const quadro = useRef<HTMLIFrameElement>(null);
  const somenteTexto = modelosImpressora.porId(modelo as 0)?.sigla === 'TEXTO';
  const largura = somenteTexto ? 48 : colunas;

  const amostras = useQuery({ queryKey: chavesImpressao.amostras(), queryFn: buscarAmostras });
  const documento = useMemo(() => {
    const d = amostras.data?.find((a) => a.layout === layout);
    return d ? comColunas(d, largura) : undefined;
  }, [amostras.data, layout, largura]);
  const previa = useQuery({
    queryKey: chavesImpressao.previa(layout, largura, modelo),
    queryFn: () => buscarPrevia(documento as Documento, modelo),
    enabled: documento !== undefined,
    retry: false,
  });
  const terminais = useQuery({
    queryKey: chavesImpressao.terminais(empresa?._id ?? ''),
    queryFn: () => listarTerminais(empresa?._id ?? ''),
    enabled: Boolean(empresa),
  });
  const setores = useQuery({
    queryKey: chavesImpressao.setores(empresa?._id ?? ''),
    queryFn: () => listarSetores(empresa?._id ?? ''),
    enabled: Boolean(empresa),
  });

  const enviar = async () => {
    if (!terminal || !documento) return;
    setEnviando(true);
    try {
      const jobs = await imprimir(terminal, setor, documento);
      notificar({
        tipo: 'success',
        mensagem: `Enviado para a impressora: ${jobs.length} ${jobs.length === 1 ? 'via' : 'vias'}.`,
      });
    } catch {
      // the client showed the server's message
    } finally {
      setEnviando(false);
    }
  };

  const layouts = [...(amostras.data ?? [])].sort(
    (a, b) => ORDEM.indexOf(a.layout) - ORDEM.indexOf(b.layout),
  );
  const erroPrevia =
    previa.error instanceof ErroApi ? previa.error.message : previa.error ? 'Erro Não Catalogado.' : null;
  const tipo = previa.data ? tiposImpressao.porId(previa.data.tipoImpressao as 1)?.descricao : undefined;

  return (
    <Flex gap={16} align="flex-start" wrap data-testid="layouts-impressao">
      <Card size="small" title="Layout" style={{ width: 240 }} styles={{ body: { padding: 4 } }}>
        {amostras.isPending ? (
          <Spin />
        ) : (
          <Menu
            mode="inline"
            selectedKeys={[layout]}
            onClick={(e) => setLayout(e.key)}
            style={{ borderInlineEnd: 0 }}
            items={layouts.map((a) => ({ key: a.layout, label: NOMES_LAYOUT[a.layout] ?? a.layout }))}
            data-testid="lista-layouts"
          />
        )}
      </Card>

      <Flex vertical gap={12} style={{ flex: 1, minWidth: 360 }}>
        <Card size="small">
          <Flex gap={16} wrap align="center">
            <label htmlFor="layout-modelo">
              <Typography.Text strong>Modelo da impressora</Typography.Text>
            </label>
            <Select
              id="layout-modelo"
              aria-label="Modelo da impressora"
              style={{ width: 300 }}
              value={modelo}
              onChange={setModelo}
              options={MODELOS}
            />
            <Segmented<48 | 64>
              aria-label="Largura"
              value={largura}
              onChange={setColunas}
              options={[
                { value: 48, label: '48 colunas' },
                { value: 64, label: '64 colunas (condensada)', disabled: somenteTexto },
              ]}
            />
          </Flex>
          <Typography.Paragraph type="secondary" style={{ margin: '8px 0 12px' }}>
            Bobina de 80 mm: 48 colunas na fonte normal ou 64 na condensada; as linhas expandidas (títulos,
            mesa, valores) usam metade: 24 ou 32 colunas.
            {somenteTexto &&
              ' A impressora somente texto não tem negrito, expandido, condensado nem QR Code.'}
          </Typography.Paragraph>
          {/* A real job: the terminal's queue, printed by the store's print agent on the sector's printer. */}
          <Flex gap={8} wrap align="center">
            <Typography.Text strong>Imprimir de verdade</Typography.Text>
            <Select
              aria-label="Terminal"
              placeholder="Terminal"
              style={{ width: 200 }}
              loading={terminais.isPending}
              value={terminal}
              onChange={setTerminal}
              options={(terminais.data ?? []).map((t) => ({ value: t._id, label: t.descricao }))}
              notFoundContent={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Sem terminais" />}
            />
            <Select
              aria-label="Setor de impressão"
              placeholder="Setor do terminal (padrão)"
              style={{ width: 220 }}
              allowClear
              loading={setores.isPending}
              value={setor}
              onChange={setSetor}
              options={(setores.data ?? []).map((s) => ({ value: s._id, label: s.descricao }))}
            />
            <Button
              type="primary"
              icon={<PrinterOutlined />}
              disabled={!terminal || !previa.data}
              loading={enviando}
              onClick={() => void enviar()}
            >
              Enviar à impressora
            </Button>
            <Button disabled={!previa.data} onClick={() => quadro.current?.contentWindow?.print()}>
              Imprimir pelo navegador
            </Button>
          </Flex>
        </Card>

        {erroPrevia && <Alert type="warning" showIcon title={erroPrevia} data-testid="erro-previa" />}

        {previa.data && !erroPrevia && (
          <Flex gap={16} wrap align="flex-start">
            <Card
              size="small"
              style={{ flex: '0 1 auto' }}
              title={
                <Flex gap={8} align="center" wrap>
                  <span data-testid="titulo-previa">{previa.data.titulo}</span>
                  {tipo && <Tag>{tipo}</Tag>}
                  <Tag color="blue">{previa.data.colunas} colunas</Tag>
                  <Tag>{previa.data.tamanho} bytes</Tag>
                </Flex>
              }
            >
              <Tabs
                size="small"
                items={[
                  {
                    key: 'papel',
                    label: 'Papel',
                    children: (
                      <iframe
                        ref={quadro}
                        title={`Prévia: ${previa.data.titulo}`}
                        data-testid="previa-papel"
                        srcDoc={previa.data.html}
                        sandbox="allow-modals allow-same-origin"
                        // Paper is white in both themes, as printed.
                        style={{
                          width: previa.data.colunas === 64 ? 500 : 480,
                          height: 640,
                          border: 0,
                          background: 'white',
                          boxShadow: escuro ? '0 0 0 1px #444' : undefined,
                        }}
                      />
                    ),
                  },
                  {
                    key: 'texto',
                    label: 'Texto',
                    children: (
                      <pre
                        data-testid="previa-texto"
                        style={{
                          margin: 0,
                          fontSize: 12,
                          lineHeight: 1.25,
                          maxHeight: 640,
                          overflow: 'auto',
                        }}
                      >
                        {previa.data.texto}
                      </pre>
                    ),
                  },
                ]}
              />
            </Card>
          </Flex>
        )}
        {previa.isFetching && !previa.data && <Spin />}
      </Flex>
    </Flex>
  );
}
