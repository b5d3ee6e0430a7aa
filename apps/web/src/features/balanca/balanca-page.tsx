import {
  type CodificacaoArquivo,
  codificacoesArquivo,
  type MarcaArquivoBalanca,
  marcasArquivoBalanca,
  NOMES_MARCA_BALANCA,
} from '@retaguarda/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Select, Space, Typography } from 'antd';
import { useDeferredValue, useState } from 'react';
import { useSessao } from '../../lib/session/sessao.ts';
import { SeletorEmpresaUsuario } from '../auth/empresas-usuario.tsx';
import { baixarArquivoBalanca, produtosBalancaQuery } from './api.ts';
import { EtiquetaBalanca } from './etiqueta-balanca.tsx';

// Route `balanca` (issue 20 "Scales"): the item files of a scale brand for one store, in a zip to load
// in the scale's program. No selection: every product sold by kg active in the store. Below, how the store's POS
// reads the labels the scale prints.

/** Brands whose layout we write; the others are listed so the store sees they are known but not ready. */
const SEM_LAYOUT: ReadonlySet<MarcaArquivoBalanca> = new Set(['elginDp20', 'windC3']);

const ARQUIVOS: Readonly<Record<MarcaArquivoBalanca, string>> = {
  toledo: 'ITENSMGV.TXT (MGV 5/6), DEPTO.TXT e TXITENS.TXT (programas antigos)',
  filizola: 'CADTXT.TXT e SETORTXT.TXT',
  uranoPopS: 'PRODUTOS.TXT (URF32)',
  uranoPopZ: 'PRODUTOS.TXT (URF32)',
  elginDp20: 'layout ainda não disponível',
  windC3: 'layout ainda não disponível',
};

export function BalancaPage() {
  const empresaSessao = useSessao((s) => s.empresa?._id);
  const [empresa, setEmpresa] = useState(empresaSessao);
  const [marca, setMarca] = useState<MarcaArquivoBalanca>('toledo');
  const [codificacao, setCodificacao] = useState<CodificacaoArquivo>('windows-1252');
  const [produtos, setProdutos] = useState<string[]>([]);
  const [busca, setBusca] = useState('');
  const termo = useDeferredValue(busca.trim());
  const { data: opcoes, isFetching } = useQuery({
    ...produtosBalancaQuery(empresa ?? '', termo),
    enabled: Boolean(empresa),
  });
  const [baixando, setBaixando] = useState(false);
  const [ultimo, setUltimo] = useState<string | null>(null);
  // Labels of products already chosen stay shown when the search changes.
  const [rotulos, setRotulos] = useState<Record<string, string>>({});

  const baixar = async () => {
    if (!empresa) return;
    setBaixando(true);
    setUltimo(null);
    try {
      setUltimo(
        await baixarArquivoBalanca({
          empresa,
          balanca: marca,
          codificacao,
          ...(produtos.length > 0 ? { produtos } : {}),
        }),
      );
    } catch {
      // the message was shown by the download
    } finally {
      setBaixando(false);
    }
  };

  const listadas = new Map((opcoes ?? []).map((p) => [p._id, `${p.codigoInterno ?? '—'} · ${p.descricao}`]));
  for (const id of produtos) if (!listadas.has(id)) listadas.set(id, rotulos[id] ?? id);

  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <Card title="Balança — arquivo de carga de itens" style={{ maxWidth: 760 }}>
        <Typography.Paragraph type="secondary">
          Gera o arquivo de itens da balança (código PLU = código interno do produto, preço da loja) em um zip
          para carregar no programa do fabricante. Sem produtos escolhidos, vão todos os vendidos por quilo
          (unidade KG) ativos na loja.
        </Typography.Paragraph>
        <Form layout="vertical" onFinish={() => void baixar()}>
          <Form.Item label="Empresa" htmlFor="balanca-empresa">
            <SeletorEmpresaUsuario id="balanca-empresa" valor={empresa} aoMudar={setEmpresa} />
          </Form.Item>
          <Form.Item label="Marca da balança" htmlFor="balanca-marca" extra={`Arquivos: ${ARQUIVOS[marca]}`}>
            <Select
              id="balanca-marca"
              aria-label="Marca da balança"
              style={{ maxWidth: 320 }}
              value={marca}
              onChange={setMarca}
              options={marcasArquivoBalanca.map((m) => ({
                value: m,
                label: SEM_LAYOUT.has(m) ? `${NOMES_MARCA_BALANCA[m]} (em breve)` : NOMES_MARCA_BALANCA[m],
                disabled: SEM_LAYOUT.has(m),
              }))}
            />
          </Form.Item>
          <Form.Item label="Codificação do arquivo" htmlFor="balanca-codificacao">
            <Select
              id="balanca-codificacao"
              aria-label="Codificação do arquivo"
              style={{ maxWidth: 320 }}
              value={codificacao}
              onChange={setCodificacao}
              options={codificacoesArquivo.itens.map((c) => ({
                value: c.sigla as CodificacaoArquivo,
                label: c.descricao,
              }))}
            />
          </Form.Item>
          <Form.Item label="Produtos (opcional)" htmlFor="balanca-produtos">
            <Select
              id="balanca-produtos"
              aria-label="Produtos"
              mode="multiple"
              allowClear
              showSearch
              filterOption={false}
              placeholder="Todos os produtos vendidos por quilo"
              loading={isFetching}
              value={produtos}
              onSearch={setBusca}
              onChange={(ids: string[]) => {
                setProdutos(ids);
                setRotulos((r) => ({
                  ...r,
                  ...Object.fromEntries(ids.map((id) => [id, listadas.get(id) ?? id])),
                }));
              }}
              options={[...listadas].map(([value, label]) => ({ value, label }))}
            />
          </Form.Item>
          <Space orientation="vertical">
            <Button type="primary" htmlType="submit" loading={baixando} disabled={!empresa}>
              Baixar zip
            </Button>
            {ultimo && <Alert type="success" showIcon title={`Arquivo ${ultimo} gerado.`} />}
          </Space>
        </Form>
      </Card>
      {empresa && <EtiquetaBalanca key={empresa} empresa={empresa} />}
    </Space>
  );
}
