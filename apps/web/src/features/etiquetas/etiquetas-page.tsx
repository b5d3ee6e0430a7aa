import { formatosEtiqueta } from '@retaguarda/domain';
import {
  type ProdutoEtiqueta,
  type RespostaPreviaEtiquetas,
  UNIDADES_CONTEUDO,
  type UnidadeConteudo,
} from '@retaguarda/domain/etiquetas/index';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Collapse,
  DatePicker,
  Empty,
  Form,
  Input,
  InputNumber,
  Select,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useDeferredValue, useEffect, useState } from 'react';
import { notificar } from '../../lib/notify/notificar.ts';
import { useSessao } from '../../lib/session/sessao.ts';
import { SeletorEmpresaUsuario } from '../auth/empresas-usuario.tsx';
import {
  impressorasEtiquetasQuery,
  imprimirEtiquetas,
  previaEtiquetas,
  produtosAlterados,
  produtosEtiquetasQuery,
} from './api.ts';
import { etiquetasA4Pdf } from './pdf.ts';
import { PreviaEtiqueta } from './previa-etiqueta.tsx';

// Route `gerenciarEtiquetas` (issue 20 "Labels"): choose products (by hand or "changed since" a day, after a
// price correction or a new promotion), the label format, the label printer (a print sector of the store) and
// how many of each; preview, print through the store's print agent, or download an A4 sheet as PDF.

interface ItemTela {
  produto: string;
  rotulo: string;
  quantidade: number;
  validadeDias?: number;
  /** "400 g", "2 L": package content for the unit price per kg/L. */
  conteudo?: string;
  motivo?: ProdutoEtiqueta['motivo'];
}

const CONTEUDO = /^(\d+(?:[.,]\d+)?)\s*(kg|g|l|ml)$/i;

/** "400 g" -> {quantidade: '400', unidade: 'g'}; '' -> undefined; anything else -> null (refused). */
export function lerConteudo(
  texto: string | undefined,
): { quantidade: string; unidade: UnidadeConteudo } | undefined | null {
  const t = (texto ?? '').trim();
  if (!t) return undefined;
  const m = CONTEUDO.exec(t);
  if (!m) return null;
  const u = (m[2] as string).toLowerCase();
  const unidade = UNIDADES_CONTEUDO.find((x) => x.toLowerCase() === u) as UnidadeConteudo;
  return { quantidade: (m[1] as string).replace(',', '.'), unidade };
}

function baixar(bytes: Uint8Array, nome: string): void {
  const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type: 'application/pdf' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = nome;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function EtiquetasPage() {
  const empresaSessao = useSessao((s) => s.empresa?._id);
  const [empresa, setEmpresa] = useState(empresaSessao);
  const { data: impressoras } = useQuery(impressorasEtiquetasQuery(empresa));
  const [setor, setSetor] = useState<string>();
  const [terminal, setTerminal] = useState<string>();
  const [formato, setFormato] = useState(13);
  const [itens, setItens] = useState<ItemTela[]>([]);
  const [busca, setBusca] = useState('');
  const termo = useDeferredValue(busca.trim());
  const { data: opcoes, isFetching } = useQuery(produtosEtiquetasQuery(termo));
  const [desde, setDesde] = useState<Dayjs | null>(dayjs().subtract(7, 'day'));
  const [ocupado, setOcupado] = useState<'previa' | 'imprimir' | 'pdf' | 'alterados' | null>(null);
  const [previa, setPrevia] = useState<RespostaPreviaEtiquetas | null>(null);
  const [resultado, setResultado] = useState<string | null>(null);
  const [erro, setErro] = useState<string | null>(null);

  const setorEscolhido = impressoras?.setores.find((s) => s._id === setor);
  // The store's first label printer and terminal by default; the printer's registered format with it.
  useEffect(() => {
    if (!impressoras) return;
    // A label printer (ZPL, EPL, PPLA) before a receipt printer (ESC/POS).
    const primeiro = impressoras.setores.find((s) => s.linguagem !== 'ESCPOS') ?? impressoras.setores[0];
    setSetor((atual) => (impressoras.setores.some((s) => s._id === atual) ? atual : primeiro?._id));
    setTerminal((atual) =>
      impressoras.terminais.some((t) => t._id === atual) ? atual : impressoras.terminais[0]?._id,
    );
  }, [impressoras]);
  useEffect(() => {
    if (setorEscolhido?.formatoEtiqueta) setFormato(setorEscolhido.formatoEtiqueta);
  }, [setorEscolhido?.formatoEtiqueta]);

  const adicionar = (novos: ItemTela[]) =>
    setItens((atuais) => {
      const ids = new Set(atuais.map((i) => i.produto));
      return [...atuais, ...novos.filter((n) => !ids.has(n.produto))];
    });

  /** The selection as the server reads it; a content it cannot read stops here with a message. */
  const corpoItens = () => {
    const r = [];
    for (const i of itens) {
      const conteudo = lerConteudo(i.conteudo);
      if (conteudo === null) {
        setErro(
          `Conteúdo "${i.conteudo}" de ${i.rotulo} não reconhecido: use por exemplo 400 g, 1,5 kg, 350 ml ou 2 L.`,
        );
        return undefined;
      }
      r.push({
        produto: i.produto,
        quantidade: i.quantidade,
        ...(i.validadeDias ? { validadeDias: i.validadeDias } : {}),
        ...(conteudo ? { conteudo } : {}),
      });
    }
    return r;
  };

  const executar = async (acao: 'previa' | 'imprimir' | 'pdf') => {
    if (!empresa) return;
    setErro(null);
    setResultado(null);
    if (itens.length === 0) {
      setErro('Nenhum produto selecionado para as etiquetas.');
      return;
    }
    const corpo = corpoItens();
    if (!corpo) return;
    setOcupado(acao);
    try {
      if (acao === 'imprimir') {
        if (!setor || !terminal) {
          setErro('Escolha a impressora de etiquetas e o terminal.');
          return;
        }
        const r = await imprimirEtiquetas({
          empresa,
          formato,
          terminal,
          setorImpressao: setor,
          itens: corpo,
        });
        setResultado(
          `${r.total} etiqueta${r.total > 1 ? 's' : ''} enviada${r.total > 1 ? 's' : ''} para a fila de impressão (${setorEscolhido?.nomeLinguagem ?? r.linguagem}, ${r.bytes} bytes).`,
        );
        return;
      }
      const p = await previaEtiquetas({
        empresa,
        formato,
        ...(setorEscolhido ? { modelo: setorEscolhido.modelo } : {}),
        itens: corpo,
      });
      setPrevia(p);
      if (acao === 'pdf') {
        const pdf = await etiquetasA4Pdf(
          p.layouts.map((layout, i) => ({ layout, quantidade: corpo[i]?.quantidade ?? 1 })),
          p.formato,
        );
        baixar(pdf, `etiquetas-${p.formato.larguraMm}x${p.formato.alturaMm}-${p.dia}.pdf`);
        setResultado(`PDF com ${p.total} etiqueta${p.total > 1 ? 's' : ''} em folhas A4 gerado.`);
      }
    } catch (e) {
      // the API call showed its message; keep it on the screen too
      setErro(e instanceof Error ? e.message : String(e));
    } finally {
      setOcupado(null);
    }
  };

  const buscarAlterados = async () => {
    if (!empresa || !desde) return;
    setOcupado('alterados');
    setErro(null);
    try {
      const lista = await produtosAlterados(empresa, desde.format('YYYY-MM-DD'));
      adicionar(
        lista.map((p) => ({
          produto: p.produto,
          rotulo: `${p.codigoInterno ?? '—'} · ${p.etiqueta.descricao}`,
          quantidade: 1,
          ...(p.motivo ? { motivo: p.motivo } : {}),
        })),
      );
      notificar({
        tipo: lista.length ? 'success' : 'info',
        mensagem: lista.length
          ? `${lista.length} produto${lista.length > 1 ? 's' : ''} alterado${lista.length > 1 ? 's' : ''} desde ${desde.format('DD/MM/YYYY')}.`
          : `Nenhum produto alterado desde ${desde.format('DD/MM/YYYY')}.`,
      });
    } catch {
      // message shown by the call
    } finally {
      setOcupado(null);
    }
  };

  const alterar = (produto: string, campos: Partial<ItemTela>) =>
    setItens((a) => a.map((i) => (i.produto === produto ? { ...i, ...campos } : i)));

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Card title="Etiquetas de gôndola e de produto">
        <Form layout="vertical">
          <Space wrap size="middle" align="start">
            <Form.Item label="Empresa" htmlFor="etiquetas-empresa">
              <SeletorEmpresaUsuario id="etiquetas-empresa" valor={empresa} aoMudar={setEmpresa} />
            </Form.Item>
            <Form.Item
              label="Impressora de etiquetas"
              htmlFor="etiquetas-setor"
              extra={
                setorEscolhido ? `${setorEscolhido.impressora} · ${setorEscolhido.nomeLinguagem}` : undefined
              }
            >
              <Select
                id="etiquetas-setor"
                aria-label="Impressora de etiquetas"
                style={{ width: 260 }}
                value={setor}
                onChange={setSetor}
                placeholder="Nenhum setor com impressora de etiquetas"
                options={(impressoras?.setores ?? []).map((s) => ({
                  value: s._id,
                  label: `${s.descricao} (${s.nomeLinguagem})`,
                }))}
              />
            </Form.Item>
            <Form.Item label="Terminal" htmlFor="etiquetas-terminal">
              <Select
                id="etiquetas-terminal"
                aria-label="Terminal"
                style={{ width: 200 }}
                value={terminal}
                onChange={setTerminal}
                options={(impressoras?.terminais ?? []).map((t) => ({ value: t._id, label: t.descricao }))}
              />
            </Form.Item>
            <Form.Item label="Formato" htmlFor="etiquetas-formato">
              <Select
                id="etiquetas-formato"
                aria-label="Formato"
                style={{ width: 250 }}
                value={formato}
                onChange={setFormato}
                options={formatosEtiqueta.itens.map((f) => ({ value: f.id, label: f.descricao }))}
              />
            </Form.Item>
          </Space>
          <Space wrap size="middle" align="end">
            <Form.Item label="Adicionar produto" htmlFor="etiquetas-produto" style={{ marginBottom: 0 }}>
              <Select
                id="etiquetas-produto"
                aria-label="Adicionar produto"
                showSearch
                filterOption={false}
                style={{ width: 360 }}
                placeholder="Buscar pela descrição"
                loading={isFetching}
                value={null}
                onSearch={setBusca}
                onChange={(id: string) => {
                  const p = opcoes?.find((o) => o._id === id);
                  if (p)
                    adicionar([
                      { produto: p._id, rotulo: `${p.codigoInterno ?? '—'} · ${p.descricao}`, quantidade: 1 },
                    ]);
                }}
                options={(opcoes ?? []).map((p) => ({
                  value: p._id,
                  label: `${p.codigoInterno ?? '—'} · ${p.descricao}`,
                }))}
              />
            </Form.Item>
            <Form.Item label="Alterados desde" htmlFor="etiquetas-desde" style={{ marginBottom: 0 }}>
              <Space.Compact>
                <DatePicker
                  id="etiquetas-desde"
                  aria-label="Alterados desde"
                  format="DD/MM/YYYY"
                  value={desde}
                  onChange={setDesde}
                  allowClear={false}
                />
                <Button onClick={() => void buscarAlterados()} loading={ocupado === 'alterados'}>
                  Adicionar alterados
                </Button>
              </Space.Compact>
            </Form.Item>
            {itens.length > 0 && (
              <Button danger type="text" onClick={() => setItens([])}>
                Limpar seleção
              </Button>
            )}
          </Space>
        </Form>
      </Card>

      <Card size="small" title={`Produtos (${itens.length})`}>
        <Table<ItemTela>
          size="small"
          rowKey="produto"
          dataSource={itens}
          pagination={itens.length > 10 ? { pageSize: 10 } : false}
          locale={{
            emptyText: <Empty description="Adicione produtos ou busque os alterados desde uma data." />,
          }}
          columns={[
            {
              title: 'Produto',
              dataIndex: 'rotulo',
              render: (r: string, i) => (
                <Space>
                  {r}
                  {i.motivo && (
                    <Tag color={i.motivo === 'promocao' ? 'orange' : 'blue'}>
                      {i.motivo === 'promocao' ? 'promoção' : 'preço'}
                    </Tag>
                  )}
                </Space>
              ),
            },
            {
              title: 'Quantidade',
              width: 120,
              render: (_, i) => (
                <InputNumber
                  aria-label={`Quantidade de ${i.rotulo}`}
                  min={1}
                  max={999}
                  value={i.quantidade}
                  onChange={(v) => alterar(i.produto, { quantidade: v ?? 1 })}
                />
              ),
            },
            {
              title: 'Validade (dias)',
              width: 140,
              render: (_, i) => (
                <InputNumber
                  aria-label={`Validade em dias de ${i.rotulo}`}
                  min={1}
                  max={3650}
                  placeholder="pesáveis"
                  value={i.validadeDias ?? null}
                  onChange={(v) => alterar(i.produto, { validadeDias: v ?? undefined })}
                />
              ),
            },
            {
              title: 'Conteúdo',
              width: 140,
              render: (_, i) => (
                <Input
                  aria-label={`Conteúdo de ${i.rotulo}`}
                  placeholder="ex.: 400 g"
                  value={i.conteudo ?? ''}
                  onChange={(e) => alterar(i.produto, { conteudo: e.target.value })}
                />
              ),
            },
            {
              title: '',
              width: 90,
              render: (_, i) => (
                <Button type="link" onClick={() => setItens((a) => a.filter((x) => x.produto !== i.produto))}>
                  Remover
                </Button>
              ),
            },
          ]}
        />
        <Space wrap style={{ marginTop: 12 }}>
          <Button onClick={() => void executar('previa')} loading={ocupado === 'previa'} disabled={!empresa}>
            Pré-visualizar
          </Button>
          <Button
            type="primary"
            onClick={() => void executar('imprimir')}
            loading={ocupado === 'imprimir'}
            disabled={!empresa || !setor}
          >
            Imprimir na impressora de etiquetas
          </Button>
          <Button onClick={() => void executar('pdf')} loading={ocupado === 'pdf'} disabled={!empresa}>
            Baixar PDF (folha A4)
          </Button>
        </Space>
        {erro && <Alert style={{ marginTop: 12 }} type="error" showIcon title={erro} />}
        {resultado && <Alert style={{ marginTop: 12 }} type="success" showIcon title={resultado} />}
      </Card>

      {previa && (
        <Card
          size="small"
          title={`Pré-visualização — ${previa.formato.descricao} · ${previa.total} etiquetas`}
        >
          {previa.avisos.map((a) => (
            <Alert key={a} type="warning" showIcon title={a} style={{ marginBottom: 8 }} />
          ))}
          <Space wrap size="middle">
            {previa.layouts.map((l, i) => (
              <PreviaEtiqueta
                // biome-ignore lint/suspicious/noArrayIndexKey: one preview per selected product, in order
                key={i}
                layout={l}
                titulo={`Etiqueta de ${previa.produtos[i]?.etiqueta.descricao ?? ''}`}
              />
            ))}
          </Space>
          {previa.comandos && (
            <Collapse
              style={{ marginTop: 12 }}
              size="small"
              items={[
                {
                  key: 'comandos',
                  label: `Comandos ${setorEscolhido?.nomeLinguagem ?? previa.comandos.linguagem} enviados à impressora`,
                  children: (
                    <Typography.Paragraph>
                      <pre style={{ maxHeight: 240, overflow: 'auto', margin: 0 }}>
                        {previa.comandos.texto}
                      </pre>
                    </Typography.Paragraph>
                  ),
                },
              ]}
            />
          )}
        </Card>
      )}
    </Space>
  );
}
