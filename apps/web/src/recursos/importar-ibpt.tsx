import { UploadOutlined } from '@ant-design/icons';
import { recursos, ufs } from '@retaguarda/domain';
import { Alert, Button, Descriptions, Flex, Modal, Select, Typography } from 'antd';
import { useRef, useState } from 'react';
import type { Personalizacao } from '../features/recursos/personalizacao.ts';
import { mensagemDoErro } from '../lib/api/cliente.ts';
import { obterConfig } from '../lib/api/config.ts';
import { notificar } from '../lib/notify/notificar.ts';
import { obterSessao } from '../lib/session/sessao.ts';

// olhoNoImposto (a tab of configuracaoImposto): the generic list of the IBPT table plus the import of the CSV IBPT publishes per state
// (api/olhoNoImposto/importar). The server replaces the state's whole table in one transaction or, when a
// line is wrong, imports nothing and lists the lines; this dialog shows exactly that.

interface Resumo {
  uf: string;
  linhas: number;
  substituidas: number;
  versao: string | null;
  vigenciainicio: string | null;
  vigenciafim: string | null;
  fonte: string | null;
}

type Resultado = { ok: true; resumo: Resumo } | { ok: false; mensagem: string; erros: string[] };

const SIGLAS = ufs.itens.map((u) => u.sigla as string).sort();
const dataBr = (iso: string | null) => (iso ? iso.split('-').reverse().join('/') : '—');

async function enviar(arquivo: File, uf: string): Promise<Resultado> {
  const dados = new FormData();
  dados.append('uf', uf);
  dados.append('arquivo', arquivo);
  const cabecalhos: Record<string, string> = { version: __BUILD_ID__ };
  const sessao = obterSessao();
  if (sessao.usuario?.token) cabecalhos.token = sessao.usuario.token;
  if (sessao.empresa?._id) cabecalhos.empresa = sessao.empresa._id;
  const base = obterConfig().baseUrl.replace(/\/?$/, '/');
  let resposta: Response;
  try {
    resposta = await fetch(`${base}olhoNoImposto/importar`, {
      method: 'POST',
      headers: cabecalhos,
      body: dados,
    });
  } catch {
    return { ok: false, mensagem: 'Falha de comunicação!', erros: [] };
  }
  const corpo = (await resposta.json().catch(() => ({}))) as { valido?: boolean; data?: unknown };
  if (resposta.status === 200 && corpo.valido === true) return { ok: true, resumo: corpo.data as Resumo };
  const erros = (corpo.data as { erros?: unknown } | undefined)?.erros;
  const lista = Array.isArray(erros) ? erros.map(String) : [];
  const { mensagem } = mensagemDoErro(corpo.data);
  return {
    ok: false,
    mensagem: lista.length > 0 ? 'Nada foi importado: corrija o arquivo e envie de novo.' : mensagem,
    erros: lista,
  };
}

function ImportarIbpt({ recarregar }: { recarregar: () => void }) {
  const [aberto, setAberto] = useState(false);
  const [uf, setUf] = useState<string | null>(null);
  const [arquivo, setArquivo] = useState<File | null>(null);
  const [enviando, setEnviando] = useState(false);
  const [resultado, setResultado] = useState<Resultado | null>(null);
  const entrada = useRef<HTMLInputElement>(null);

  function escolher(f: File | undefined) {
    setResultado(null);
    setArquivo(f ?? null);
    // IBPT names its files TabelaIBPTaxPR25.2.A.csv: the state comes from the name.
    const daNome = f && /IBPTax([A-Z]{2})/i.exec(f.name)?.[1]?.toUpperCase();
    if (daNome && SIGLAS.includes(daNome)) setUf(daNome);
  }

  async function importar() {
    if (!arquivo || !uf) return;
    setEnviando(true);
    const r = await enviar(arquivo, uf);
    setEnviando(false);
    setResultado(r);
    if (r.ok) {
      notificar({
        tipo: 'success',
        mensagem: `Tabela do IBPT de ${r.resumo.uf} importada: ${r.resumo.linhas.toLocaleString('pt-BR')} linhas.`,
      });
      recarregar();
    }
  }

  function fechar() {
    setAberto(false);
    setResultado(null);
    setArquivo(null);
    if (entrada.current) entrada.current.value = '';
  }

  return (
    <>
      <Button icon={<UploadOutlined />} onClick={() => setAberto(true)}>
        Importar tabela IBPT
      </Button>
      <Modal
        open={aberto}
        title="Importar tabela do IBPT (De Olho no Imposto)"
        onCancel={fechar}
        width={640}
        footer={[
          <Button key="fechar" onClick={fechar}>
            Fechar
          </Button>,
          <Button
            key="importar"
            type="primary"
            loading={enviando}
            disabled={!arquivo || !uf}
            onClick={() => void importar()}
          >
            Importar
          </Button>,
        ]}
      >
        <Flex vertical gap={12}>
          <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
            Envie o arquivo CSV publicado pelo IBPT para o estado (até 20.000 linhas). A tabela atual da UF é
            substituída por inteiro; se alguma linha estiver errada, nada é importado.
          </Typography.Paragraph>
          <Flex gap={8} align="center" wrap>
            <input
              ref={entrada}
              type="file"
              accept=".csv,text/csv"
              aria-label="Arquivo CSV do IBPT"
              onChange={(e) => escolher(e.target.files?.[0])}
            />
            <Select
              aria-label="UF"
              placeholder="UF"
              style={{ width: 96 }}
              value={uf}
              options={SIGLAS.map((s) => ({ value: s, label: s }))}
              onChange={(v: string) => setUf(v)}
              showSearch
            />
          </Flex>
          {resultado?.ok && (
            <Alert
              type="success"
              showIcon
              message={`Tabela de ${resultado.resumo.uf} importada`}
              description={
                <Descriptions size="small" column={2}>
                  <Descriptions.Item label="Linhas">
                    {resultado.resumo.linhas.toLocaleString('pt-BR')}
                  </Descriptions.Item>
                  <Descriptions.Item label="Substituídas">
                    {resultado.resumo.substituidas.toLocaleString('pt-BR')}
                  </Descriptions.Item>
                  <Descriptions.Item label="Versão">{resultado.resumo.versao ?? '—'}</Descriptions.Item>
                  <Descriptions.Item label="Fonte">{resultado.resumo.fonte ?? '—'}</Descriptions.Item>
                  <Descriptions.Item label="Vigência">
                    {dataBr(resultado.resumo.vigenciainicio)} a {dataBr(resultado.resumo.vigenciafim)}
                  </Descriptions.Item>
                </Descriptions>
              }
            />
          )}
          {resultado && !resultado.ok && (
            <Alert
              type="error"
              showIcon
              message={resultado.mensagem}
              description={
                resultado.erros.length > 0 && (
                  <ul
                    data-testid="erros-ibpt"
                    style={{ margin: 0, paddingLeft: 18, maxHeight: 240, overflow: 'auto' }}
                  >
                    {resultado.erros.map((e) => (
                      <li key={e}>{e}</li>
                    ))}
                  </ul>
                )
              }
            />
          )}
        </Flex>
      </Modal>
    </>
  );
}

/** The IBPT table as a tab of the tax configuration screen, with its import. */
export const abaOlhoNoImposto = {
  chave: 'olhoNoImposto',
  titulo: 'Olho no Imposto (IBPT)',
  def: recursos.olhoNoImposto,
  personalizacao: {
    acoesLista: ({ podeIncluir, recarregar }) =>
      podeIncluir ? <ImportarIbpt recarregar={recarregar} /> : null,
  } satisfies Personalizacao,
};
