import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Col,
  Descriptions,
  Form,
  Input,
  InputNumber,
  Row,
  Select,
  Space,
  Tag,
  Upload,
} from 'antd';
import { useEffect, useState } from 'react';
import { notificar } from '../../lib/notify/notificar.ts';
import {
  type AlteracaoFiscal,
  alterarContingencia,
  buscarConfiguracao,
  type ConfiguracaoFiscal,
  chavesFiscal,
  enviarCertificado,
  salvarConfiguracao,
} from './api.ts';
import { formatarData, formatarDataHora } from './comum.tsx';
import { MENSAGEM_JUSTIFICATIVA_CONTINGENCIA, motivoValido } from './regras.ts';

// The store's fiscal setup (issue 7 item 1, spec 3.1/3.2): CRT, environment, NFC-e series, emission type,
// DANFE format, final consumer, CSC, technical-responsible data, the A1 certificate and the contingency.

// Spec 3.2 enumerations.
export const OPCOES_CRT = [
  { value: 1, label: '1 - Simples Nacional' },
  { value: 2, label: '2 - Simples Nacional – Excesso SRB' },
  { value: 3, label: '3 - Regime Normal' },
];
export const OPCOES_AMBIENTE = [
  { value: 1, label: '1 - Produção' },
  { value: 2, label: '2 - Homologação' },
];
/** Spec 3.2: for NFC-e only 9 (offline) is a contingency the server issues itself. */
export const OPCOES_TIPO_EMISSAO = [
  { value: 1, label: '1 - Normal' },
  { value: 9, label: '9 - Contingência off-line NFC-e' },
];
export const OPCOES_FORMATO_DANFE = [
  { value: 0, label: '0 - Sem DANFE' },
  { value: 1, label: '1 - Sem DANFE' },
  { value: 2, label: '2 - Normal paisagem' },
  { value: 3, label: '3 - Simplificado' },
  { value: 4, label: '4 - DANFE NFC-e' },
  { value: 5, label: '5 - NFC-e em mensagem eletrônica' },
];
export const OPCOES_CONSUMIDOR_FINAL = [
  { value: 1, label: '1 - Normal' },
  { value: 2, label: '2 - Consumidor Final' },
];

interface CamposFormulario {
  CRT: number | null;
  ambiente: number | null;
  serie: number | null;
  tipoEmissao: number | null;
  formatoDANFE: number | null;
  consumidorFinal: number | null;
  razaoSocial: string | null;
  ie: string | null;
  im: string | null;
  cnae: string | null;
  uf: string | null;
  codigoMunicipio: string | null;
  telefone: string | null;
  cscId: string | null;
  cscToken?: string;
  emitirNfce: boolean;
  pagamentoIntegrado?: boolean;
  rtCNPJ?: string;
  rtContato?: string;
  rtEmail?: string;
  rtFone?: string;
}

function camposDe(c: ConfiguracaoFiscal): CamposFormulario {
  return {
    CRT: c.CRT,
    ambiente: c.ambiente,
    serie: c.serie,
    tipoEmissao: c.tipoEmissao,
    formatoDANFE: c.formatoDANFE,
    consumidorFinal: c.consumidorFinal,
    razaoSocial: c.razaoSocial,
    ie: c.ie,
    im: c.im,
    cnae: c.cnae,
    uf: c.uf,
    codigoMunicipio: c.codigoMunicipio,
    telefone: c.telefone,
    cscId: c.cscId,
    cscToken: '',
    emitirNfce: c.emitirNfce,
    pagamentoIntegrado: c.pagamentoIntegrado === true,
    rtCNPJ: c.responsavelTecnico?.CNPJ ?? '',
    rtContato: c.responsavelTecnico?.xContato ?? '',
    rtEmail: c.responsavelTecnico?.email ?? '',
    rtFone: c.responsavelTecnico?.fone ?? '',
  };
}

/** Form values -> PUT body: empty texts clear (null); the CSC token only when typed (never returned). */
export function alteracaoDe(v: CamposFormulario): AlteracaoFiscal {
  const texto = (s: string | null | undefined) => (s && s.trim() !== '' ? s.trim() : null);
  const rt = [v.rtCNPJ, v.rtContato, v.rtEmail, v.rtFone].some((s) => texto(s) !== null)
    ? {
        CNPJ: (v.rtCNPJ ?? '').replace(/\D/g, ''),
        xContato: texto(v.rtContato) ?? '',
        email: texto(v.rtEmail) ?? '',
        fone: (v.rtFone ?? '').replace(/\D/g, ''),
      }
    : null;
  const alteracao: AlteracaoFiscal = {
    CRT: v.CRT,
    ambiente: v.ambiente,
    serie: v.serie,
    tipoEmissao: v.tipoEmissao,
    formatoDANFE: v.formatoDANFE,
    consumidorFinal: v.consumidorFinal,
    razaoSocial: texto(v.razaoSocial),
    ie: texto(v.ie),
    im: texto(v.im),
    cnae: texto(v.cnae),
    uf: texto(v.uf)?.toUpperCase() ?? null,
    codigoMunicipio: texto(v.codigoMunicipio),
    telefone: texto(v.telefone),
    cscId: texto(v.cscId),
    emitirNfce: v.emitirNfce === true,
    pagamentoIntegrado: v.pagamentoIntegrado === true,
    responsavelTecnico: rt,
  };
  if (texto(v.cscToken)) alteracao.cscToken = texto(v.cscToken);
  return alteracao;
}

export function ConfiguracaoFiscalEmpresa({ empresa }: { empresa: string }) {
  const queryClient = useQueryClient();
  const [form] = Form.useForm<CamposFormulario>();
  const config = useQuery({
    queryKey: chavesFiscal.configuracao(empresa),
    queryFn: () => buscarConfiguracao(empresa),
  });
  useEffect(() => {
    if (config.data) form.setFieldsValue(camposDe(config.data));
  }, [config.data, form]);
  const salvar = useMutation({
    mutationFn: (v: CamposFormulario) => salvarConfiguracao(empresa, alteracaoDe(v)),
    onSuccess: (c) => {
      queryClient.setQueryData(chavesFiscal.configuracao(empresa), c);
      notificar({ tipo: 'success', mensagem: 'Configuração fiscal salva.' });
    },
  });
  const c = config.data;

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={14}>
        <Card
          title={c ? `Configuração fiscal — ${c.descricao} (CNPJ ${c.cnpj})` : 'Configuração fiscal'}
          loading={config.isPending}
          size="small"
        >
          <Form<CamposFormulario> form={form} layout="vertical" onFinish={(v) => salvar.mutate(v)}>
            <Row gutter={12}>
              <Col span={12}>
                <Form.Item name="CRT" label="Regime tributário (CRT)" rules={[{ required: true }]}>
                  <Select options={OPCOES_CRT} />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="ambiente" label="Ambiente" rules={[{ required: true }]}>
                  <Select options={OPCOES_AMBIENTE} />
                </Form.Item>
              </Col>
              <Col span={6}>
                <Form.Item name="serie" label="Série NFC-e" rules={[{ required: true }]}>
                  <InputNumber min={0} max={899} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
              <Col span={9}>
                <Form.Item name="tipoEmissao" label="Tipo de emissão">
                  <Select options={OPCOES_TIPO_EMISSAO} />
                </Form.Item>
              </Col>
              <Col span={9}>
                <Form.Item name="formatoDANFE" label="Formato do DANFE">
                  <Select options={OPCOES_FORMATO_DANFE} />
                </Form.Item>
              </Col>
              <Col span={8}>
                <Form.Item name="consumidorFinal" label="Consumidor final">
                  <Select options={OPCOES_CONSUMIDOR_FINAL} />
                </Form.Item>
              </Col>
              <Col span={16}>
                <Form.Item name="razaoSocial" label="Razão social">
                  <Input />
                </Form.Item>
              </Col>
              <Col span={6}>
                <Form.Item name="ie" label="Inscr. estadual">
                  <Input />
                </Form.Item>
              </Col>
              <Col span={5}>
                <Form.Item name="im" label="Inscr. municipal">
                  <Input />
                </Form.Item>
              </Col>
              <Col span={4}>
                <Form.Item name="cnae" label="CNAE">
                  <Input />
                </Form.Item>
              </Col>
              <Col span={3}>
                <Form.Item name="uf" label="UF">
                  <Input maxLength={2} />
                </Form.Item>
              </Col>
              <Col span={6}>
                <Form.Item
                  name="codigoMunicipio"
                  label="Município IBGE"
                  rules={[{ pattern: /^\d{7}$/, message: 'Código IBGE de 7 dígitos.' }]}
                >
                  <Input maxLength={7} />
                </Form.Item>
              </Col>
              <Col span={8}>
                <Form.Item name="telefone" label="Telefone">
                  <Input />
                </Form.Item>
              </Col>
              <Col span={8}>
                <Form.Item name="cscId" label="CSC id">
                  <Input />
                </Form.Item>
              </Col>
              <Col span={16}>
                <Form.Item
                  name="cscToken"
                  label="CSC token"
                  extra={
                    c?.cscConfigurado
                      ? 'Token configurado; preencha só para trocar.'
                      : 'Nenhum token configurado.'
                  }
                >
                  <Input.Password autoComplete="new-password" />
                </Form.Item>
              </Col>
              <Col span={24}>
                <Form.Item
                  name="emitirNfce"
                  valuePropName="checked"
                  extra="O servidor emite a nota com a venda gravada; na falta da SEFAZ, em contingência off-line."
                >
                  <Checkbox data-testid="emitir-nfce">Emitir a NFC-e ao encerrar a venda no PDV</Checkbox>
                </Form.Item>
              </Col>
              <Col span={24}>
                <Form.Item
                  name="pagamentoIntegrado"
                  valuePropName="checked"
                  extra="Marque quando o cartão passa por TEF ou POS integrado ao sistema: a NFC-e informa tpIntegra 1. Sem marcar, POS avulso (tpIntegra 2)."
                >
                  <Checkbox data-testid="pagamento-integrado">Pagamento com cartão integrado (TEF)</Checkbox>
                </Form.Item>
              </Col>
            </Row>
            <Card type="inner" size="small" title="Responsável técnico" style={{ marginBottom: 16 }}>
              <Row gutter={12}>
                <Col span={8}>
                  <Form.Item name="rtCNPJ" label="CNPJ">
                    <Input />
                  </Form.Item>
                </Col>
                <Col span={16}>
                  <Form.Item name="rtContato" label="Contato">
                    <Input />
                  </Form.Item>
                </Col>
                <Col span={14}>
                  <Form.Item
                    name="rtEmail"
                    label="E-mail de suporte"
                    rules={[{ type: 'email', message: 'E-mail inválido.' }]}
                  >
                    <Input />
                  </Form.Item>
                </Col>
                <Col span={10}>
                  <Form.Item name="rtFone" label="Telefone de suporte">
                    <Input />
                  </Form.Item>
                </Col>
              </Row>
            </Card>
            <Button type="primary" htmlType="submit" loading={salvar.isPending}>
              Salvar
            </Button>
          </Form>
        </Card>
      </Col>
      <Col xs={24} xl={10}>
        <Space orientation="vertical" style={{ width: '100%' }} size="middle">
          <CertificadoCard empresa={empresa} config={c} />
          <ContingenciaCard empresa={empresa} config={c} />
        </Space>
      </Col>
    </Row>
  );
}

function lerBase64(arquivo: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const leitor = new FileReader();
    leitor.onload = () => resolve(String(leitor.result).replace(/^data:[^,]*,/, ''));
    leitor.onerror = () => reject(leitor.error);
    leitor.readAsDataURL(arquivo);
  });
}

function CertificadoCard({ empresa, config }: { empresa: string; config: ConfiguracaoFiscal | undefined }) {
  const queryClient = useQueryClient();
  const [arquivo, setArquivo] = useState<File | null>(null);
  const [senha, setSenha] = useState('');
  const enviar = useMutation({
    mutationFn: async () => {
      if (!arquivo) throw new Error('Selecione o arquivo do certificado.');
      return enviarCertificado(empresa, await lerBase64(arquivo), senha);
    },
    onSuccess: () => {
      setArquivo(null);
      setSenha('');
      notificar({ tipo: 'success', mensagem: 'Certificado A1 instalado.' });
      void queryClient.invalidateQueries({ queryKey: chavesFiscal.configuracao(empresa) });
    },
  });
  const cert = config?.certificado;
  return (
    <Card size="small" title="Certificado digital A1" loading={!config}>
      {cert ? (
        <Descriptions size="small" column={1} data-testid="certificado">
          <Descriptions.Item label="Titular">{cert.titular}</Descriptions.Item>
          <Descriptions.Item label="Documento">{cert.documento}</Descriptions.Item>
          <Descriptions.Item label="Validade">
            <Space wrap>
              {`${formatarData(cert.validoDe)} a ${formatarData(cert.validoAte)}`}
              {cert.vencido ? (
                <Tag color="error">Vencido</Tag>
              ) : (
                <Tag
                  color={cert.diasParaVencer <= 30 ? 'warning' : 'success'}
                >{`${cert.diasParaVencer} dias`}</Tag>
              )}
              {cert.demonstracao && <Tag>Demonstração (homologação)</Tag>}
            </Space>
          </Descriptions.Item>
        </Descriptions>
      ) : (
        <Alert type="warning" showIcon message="Nenhum certificado instalado." style={{ marginBottom: 12 }} />
      )}
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Upload
          accept=".pfx,.p12"
          maxCount={1}
          beforeUpload={(f) => {
            setArquivo(f);
            return false;
          }}
          onRemove={() => setArquivo(null)}
          fileList={arquivo ? [{ uid: '1', name: arquivo.name, status: 'done' }] : []}
        >
          <Button>Selecionar arquivo .pfx</Button>
        </Upload>
        <Input.Password
          aria-label="Senha do certificado"
          placeholder="Senha do certificado"
          autoComplete="new-password"
          value={senha}
          onChange={(e) => setSenha(e.target.value)}
        />
        <Button
          type="primary"
          disabled={!arquivo || senha === ''}
          loading={enviar.isPending}
          onClick={() => enviar.mutate()}
        >
          Enviar certificado
        </Button>
      </Space>
    </Card>
  );
}

function ContingenciaCard({ empresa, config }: { empresa: string; config: ConfiguracaoFiscal | undefined }) {
  const queryClient = useQueryClient();
  const [xJust, setXJust] = useState('');
  const [tocado, setTocado] = useState(false);
  const alterar = useMutation({
    mutationFn: (habilitar: boolean) => alterarContingencia(empresa, habilitar, xJust.trim()),
    onSuccess: (r) => {
      setXJust('');
      setTocado(false);
      notificar({
        tipo: 'success',
        mensagem: r.habilitado ? 'Contingência habilitada.' : 'Contingência desabilitada.',
      });
      void queryClient.invalidateQueries({ queryKey: chavesFiscal.configuracao(empresa) });
    },
  });
  const cont = config?.contingenciaNfce;
  const valido = motivoValido(xJust);
  return (
    <Card size="small" title="Contingência NFC-e" loading={!config}>
      {cont?.habilitado ? (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Alert
            type="warning"
            showIcon
            data-testid="contingencia-ativa"
            message="Contingência habilitada: as notas são emitidas off-line (tpEmis 9) e transmitidas depois."
            description={`Desde ${formatarDataHora(cont.dataHora)}, a partir da nota nº ${cont.numeroNota ?? ''}. Justificativa: ${cont.xJust ?? ''}`}
          />
          <Button loading={alterar.isPending} onClick={() => alterar.mutate(false)}>
            Desabilitar contingência
          </Button>
        </Space>
      ) : (
        <Form layout="vertical">
          <Form.Item
            label="Justificativa"
            validateStatus={tocado && !valido ? 'error' : undefined}
            help={tocado && !valido ? MENSAGEM_JUSTIFICATIVA_CONTINGENCIA : undefined}
          >
            <Input.TextArea
              aria-label="Justificativa da contingência"
              rows={2}
              maxLength={256}
              value={xJust}
              onChange={(e) => setXJust(e.target.value)}
            />
          </Form.Item>
          <Button
            danger
            loading={alterar.isPending}
            onClick={() => {
              setTocado(true);
              if (valido) alterar.mutate(true);
            }}
          >
            Habilitar contingência
          </Button>
        </Form>
      )}
    </Card>
  );
}
