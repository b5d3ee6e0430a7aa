import { chaves } from '../../lib/api/chaves.ts';
import { api, ErroApi, MENSAGEM_FALHA_COMUNICACAO, mensagemDoErro } from '../../lib/api/cliente.ts';
import { obterConfig } from '../../lib/api/config.ts';
import { notificar } from '../../lib/notify/notificar.ts';
import { obterSessao } from '../../lib/session/sessao.ts';

// Calls of the server's fiscal module (apps/server/src/modules/fiscal/README.md) and of the fiscal reports
// (apps/server/src/modules/fiscal-relatorios). Binary answers (XML, zip, DANFE) are fetched with the session
// headers and saved through a blob link.

export type StatusNota = 'processado' | 'erro' | 'contingencia';

export interface Nfce {
  _id: string;
  empresa: string;
  venda: string | null;
  posicao: number | null;
  statusNota: StatusNota;
  qrCode: string | null;
  urlChave: string | null;
  protocoloRecebimento: string | null;
  dataRecebimento: string | null;
  cancelado: boolean;
  cpfCnpj: string | null;
  chave: string;
  numero: number;
  serie: number;
  tpEmis: number;
  tpAmb: number;
  cStat: number | null;
  xMotivo: string | null;
  valor: string;
  dhEmi: string;
  pendenteEnvio: boolean;
  tentativas: number;
  aviso: string | null;
  cancelamento: { protocolo?: string; dataHora?: string; motivo?: string } | null;
  createdAt: string;
  xml?: string;
}

export interface FiltroNfce {
  empresa?: string;
  dataInicial?: string;
  dataFinal?: string;
  statusNota?: StatusNota[];
  serie?: number;
  cancelado?: boolean;
  numero?: number;
  chave?: string;
}

export interface RespostaEmissao {
  valido: boolean;
  data: Nfce & { message?: string };
  json?: { retorno: { cStat: number | null; xMotivo: string | null; aviso: string | null } };
  jsonMsg?: string;
}

export interface Certificado {
  titular: string;
  documento: string;
  validoDe: string;
  validoAte: string;
  vencido: boolean;
  diasParaVencer: number;
  demonstracao: boolean;
}

export interface ResponsavelTecnico {
  CNPJ: string;
  xContato: string;
  email: string;
  fone: string;
}

export interface Contingencia {
  habilitado: boolean;
  dataHora: string | null;
  numeroNota: number | null;
  xJust: string | null;
}

export interface ConfiguracaoFiscal {
  empresa: string;
  descricao: string;
  cnpj: string;
  razaoSocial: string | null;
  uf: string | null;
  CRT: number | null;
  ambiente: number | null;
  serie: number | null;
  tipoEmissao: number | null;
  formatoDANFE: number | null;
  consumidorFinal: number | null;
  contingenciaNfce: Contingencia;
  ie: string | null;
  im: string | null;
  cnae: string | null;
  codigoMunicipio: string | null;
  telefone: string | null;
  cscId: string | null;
  cscConfigurado: boolean;
  responsavelTecnico: ResponsavelTecnico | null;
  versaoQrCode: number | null;
  limiteSemIdentificacao: string | null;
  /** The server issues the NFC-e when the POS ends a sale. */
  emitirNfce: boolean;
  /** Card payments through TEF / an integrated POS (NFC-e card group tpIntegra 1; else 2). */
  pagamentoIntegrado: boolean;
  certificado: Certificado | null;
}

export type AlteracaoFiscal = Partial<
  Omit<ConfiguracaoFiscal, 'empresa' | 'descricao' | 'cnpj' | 'contingenciaNfce' | 'certificado'>
> & { cscToken?: string | null };

export interface Sequencial {
  empresa: string;
  modelo: '65' | 'bnf';
  serie: number;
  ultimoNumero: number;
  proximoNumero: number;
}

export interface ItemEntrada {
  _id: string;
  nItem: number;
  cProd: string;
  cEAN: string | null;
  xProd: string;
  NCM: string | null;
  CFOP: string | null;
  uCom: string;
  qCom: string;
  vUnCom: string;
  vProd: string;
  produtoGeral: string | null;
  fatorConversao: string | null;
}

export interface NotaEntrada {
  _id: string;
  empresa: string;
  chave: string;
  modelo: string;
  serie: number;
  numero: number;
  dhEmi: string;
  emitente: { CNPJ: string; xNome: string };
  valorTotal: string;
  status: string;
  itens: ItemEntrada[];
}

export const chavesFiscal = {
  todas: [...chaves.todas, 'fiscal'] as const,
  notas: () => [...chavesFiscal.todas, 'nfce'] as const,
  lista: (filtro: FiltroNfce, pagina: number, tamanho: number) =>
    [...chavesFiscal.notas(), 'lista', filtro, pagina, tamanho] as const,
  nota: (id: string) => [...chavesFiscal.notas(), 'registro', id] as const,
  configuracao: (empresa: string) => [...chavesFiscal.todas, 'configuracao', empresa] as const,
  sequencial: (empresa: string, modelo: string, serie: number | null) =>
    [...chavesFiscal.todas, 'sequencial', empresa, modelo, serie] as const,
  entradas: (empresa: string) => [...chavesFiscal.todas, 'entradas', empresa] as const,
  entrada: (id: string) => [...chavesFiscal.todas, 'entrada', id] as const,
  relatorio: (nome: string, consulta: unknown) =>
    [...chavesFiscal.todas, 'relatorio', nome, consulta] as const,
};

/** One page plus one row more: the list knows whether a next page exists without a count query. */
export const listarNotas = (filtro: FiltroNfce, pagina: number, tamanho: number) =>
  api.post<Nfce[]>(
    'nfce/getPopulate',
    { filtro, limit: tamanho + 1, skip: (pagina - 1) * tamanho },
    { acao: 'ao listar as notas' },
  );

export const buscarNota = (id: string) => api.get<Nfce>(`nfce/${id}`, { acao: 'ao buscar a nota' });

/** The answer carries `json`/`jsonMsg` beside the envelope, so it is read raw (README "Issuing"). */
export async function reenviarNota(id: string): Promise<RespostaEmissao> {
  const r = await requisitar('POST', `nfce/${id}/reenviar`, {});
  return (await r.json()) as RespostaEmissao;
}

export const cancelarNota = (nota: Nfce, motivo: string, liberacao?: string) =>
  api.post<Nfce & { retorno: { protocolo: string; xMotivo: string } }>(
    'cancelar',
    {
      tipo: 'nfce',
      chave: nota.chave,
      protocolo: nota.protocoloRecebimento ?? undefined,
      motivo,
      empresa: nota.empresa,
      ...(liberacao ? { liberacao } : {}),
    },
    { acao: 'ao cancelar a nota', silencioso: true },
  );

export const imprimirNoTerminal = (nota: Nfce, terminal: string, escposBase64: string) =>
  api.post<unknown>(
    'impressao',
    {
      terminal,
      tipoImpressao: 1,
      descricao: `NFC-e nº ${nota.numero} série ${nota.serie}`,
      conteudo: escposBase64,
      origemId: nota._id,
    },
    { acao: 'ao enviar a impressão' },
  );

export const danfeEscpos = (id: string) =>
  api.get<{ texto: string; escposBase64: string }>(`nfce/${id}/danfe`, { acao: 'ao gerar o DANFE' });

export const listarTerminais = (empresa: string) =>
  api.post<{ _id: string; descricao: string }[]>(
    'terminal/getPopulate',
    { filtro: { empresa, lixo: false }, select: ['descricao'], limit: 200 },
    { acao: 'ao listar os terminais' },
  );

export const buscarConfiguracao = (empresa: string) =>
  api.get<ConfiguracaoFiscal>(`fiscal/configuracao/${empresa}`, { acao: 'ao buscar a configuração fiscal' });

export const salvarConfiguracao = (empresa: string, alteracao: AlteracaoFiscal) =>
  api.put<ConfiguracaoFiscal>(`fiscal/configuracao/${empresa}`, alteracao, {
    acao: 'ao salvar a configuração fiscal',
  });

export const enviarCertificado = (empresa: string, pfxBase64: string, senha: string) =>
  api.post<Certificado>(
    `fiscal/certificado/${empresa}`,
    { pfxBase64, senha },
    { acao: 'ao enviar o certificado' },
  );

export const alterarContingencia = (empresa: string, habilitado: boolean, xJust?: string) =>
  api.post<Contingencia>(
    `fiscal/contingencia/${empresa}`,
    habilitado ? { habilitado, xJust } : { habilitado },
    { acao: 'ao alterar a contingência' },
  );

export const buscarSequencial = (empresa: string, modelo: '65' | 'bnf', serie: number | null) =>
  api.get<Sequencial>(
    modelo === '65'
      ? `getSequencialNota/${empresa}${serie === null ? '' : `?serie=${serie}`}`
      : `getSequencialBnf/${empresa}`,
    { acao: 'ao buscar a numeração' },
  );

export const definirNumeracao = (
  empresa: string,
  modelo: '65' | 'bnf',
  serie: number,
  ultimoNumero: number,
) =>
  api.put<Sequencial>(
    `fiscal/numeracao/${empresa}`,
    { modelo, serie, ultimoNumero },
    { acao: 'ao definir a numeração' },
  );

export const enviarXmlEntrada = (empresa: string, xml: string) =>
  api.post<NotaEntrada>('uploadXmlNfe', { xml, empresa }, { acao: 'ao importar o XML' });

export const listarEntradas = (empresa: string) =>
  api.post<NotaEntrada[]>(
    'notaEntrada/getPopulate',
    { filtro: { empresa }, limit: 100 },
    { acao: 'ao listar as notas de entrada' },
  );

export const buscarEntrada = (id: string) =>
  api.get<NotaEntrada>(`notaEntrada/${id}`, { acao: 'ao buscar a nota de entrada' });

export const vincularItens = (
  id: string,
  itens: { _id: string; produtoGeral: string | null; fatorConversao?: string }[],
) => api.put<NotaEntrada>(`notaEntrada/${id}/itens`, { itens }, { acao: 'ao vincular os itens' });

// ------------------------------------------------------------------------------------------ binary calls

function urlApi(caminho: string): string {
  const base = obterConfig().baseUrl;
  return `${base.endsWith('/') ? base : `${base}/`}${caminho}`;
}

async function requisitar(metodo: 'GET' | 'POST', caminho: string, corpo?: unknown): Promise<Response> {
  const cabecalhos: Record<string, string> = { version: __BUILD_ID__ };
  const token = obterSessao().usuario?.token;
  if (token) cabecalhos.token = token;
  const empresa = obterSessao().empresa?._id;
  if (empresa) cabecalhos.empresa = empresa;
  if (corpo !== undefined) cabecalhos['Content-Type'] = 'application/json';
  let r: Response;
  try {
    r = await fetch(urlApi(caminho), {
      method: metodo,
      headers: cabecalhos,
      ...(corpo === undefined ? {} : { body: JSON.stringify(corpo) }),
    });
  } catch (erro) {
    throw new ErroApi('rede', erro instanceof Error ? erro.message : MENSAGEM_FALHA_COMUNICACAO);
  }
  if (r.status !== 200) throw new ErroApi('http', MENSAGEM_FALHA_COMUNICACAO, null, r.status);
  return r;
}

/**
 * A binary download (XML, zip, HTML). A JSON answer is the envelope of a refusal (e.g. 'Nenhuma nota
 * encontrada no período informado.'): its message is shown and the call rejects.
 */
export async function baixarBinario(
  metodo: 'GET' | 'POST',
  caminho: string,
  corpo: unknown,
  acao: string,
): Promise<{ blob: Blob; nome: string }> {
  try {
    const r = await requisitar(metodo, caminho, corpo);
    if ((r.headers.get('content-type') ?? '').includes('application/json')) {
      const env = (await r.json()) as { valido?: boolean; data?: unknown };
      throw new ErroApi('envelope', mensagemDoErro(env.data).mensagem, env.data, 200);
    }
    const disposicao = r.headers.get('content-disposition') ?? '';
    const nome = /filename="?([^";]+)"?/.exec(disposicao)?.[1] ?? 'arquivo';
    return { blob: await r.blob(), nome };
  } catch (erro) {
    const mensagem = erro instanceof Error ? erro.message : String(erro);
    notificar({ tipo: 'error', mensagem: `Erro ${acao}: ${mensagem}` });
    throw erro;
  }
}

export function salvarBlob(blob: Blob, nome: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = nome;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export async function baixarXml(nota: Nfce): Promise<void> {
  const { blob, nome } = await baixarBinario('GET', `nfce/${nota._id}/xml`, undefined, 'ao baixar o XML');
  salvarBlob(blob, nome === 'arquivo' ? `${nota.chave}.xml` : nome);
}

export async function danfeHtml(id: string): Promise<string> {
  const { blob } = await baixarBinario('GET', `nfce/${id}/danfe.html`, undefined, 'ao gerar o DANFE');
  return blob.text();
}

export async function baixarZipPeriodo(
  rota: 'baixarNotas' | 'exportarDados',
  empresa: string,
  dataInicial: string,
  dataFinal: string,
): Promise<string> {
  const { blob, nome } = await baixarBinario(
    'POST',
    rota,
    { empresa, dataInicial, dataFinal },
    rota === 'baixarNotas' ? 'ao baixar as notas' : 'ao exportar os dados',
  );
  const final = nome === 'arquivo' ? `${rota}.zip` : nome;
  salvarBlob(blob, final);
  return final;
}

// ------------------------------------------------------------------------------------------ reports

export interface ResumoFiscal {
  dias: {
    dia: string;
    quantidade: number;
    autorizadas: number;
    canceladas: number;
    contingencia: number;
    erro: number;
    valorAutorizado: string;
    valorCancelado: string;
    valorContingencia: string;
  }[];
  cfopCst: {
    CFOP: string;
    cst: string;
    itens: number;
    valorProdutos: string;
    descontos: string;
    valorContabil: string;
    baseIcms: string;
    valorIcms: string;
    tributosAproximados: string;
  }[];
  pagamentos: { tPag: string; descricao: string; quantidade: number; valor: string }[];
  totais: {
    notas: number;
    autorizadas: number;
    canceladas: number;
    contingencia: number;
    erro: number;
    valorAutorizado: string;
    valorCancelado: string;
    valorContingencia: string;
    troco: string;
  };
}

export interface DocumentoDfe {
  _id: string;
  direcao: 'emitida' | 'recebida';
  modelo: string;
  empresa: string;
  chave: string;
  numero: number;
  serie: number;
  dhEmi: string;
  participante: string;
  valor: string;
  situacao: string;
  tpEmis: number;
  cStat: number | null;
  xMotivo: string;
  protocolo: string;
}

export interface RelatorioDfe {
  resumo: { direcao: string; modelo: string; situacao: string; quantidade: number; valor: string }[];
  documentos: DocumentoDfe[];
  inutilizacoes: {
    empresa: string;
    serie: number | null;
    numeroInicial: number | null;
    numeroFinal: number | null;
    justificativa: string;
    protocolo: string;
    cStat: number | null;
    dataHora: string;
  }[];
}

export interface ConsultaPeriodo {
  empresa: string[];
  dataInicial: string;
  dataFinal: string;
}

export const relatorioResumoFiscal = (c: ConsultaPeriodo) =>
  api.post<ResumoFiscal>('relatorioVendasResumoFiscal', c, { acao: 'ao gerar o resumo fiscal' });

export const relatorioDfe = (c: ConsultaPeriodo) =>
  api.post<RelatorioDfe>('relatorioDFE', c, { acao: 'ao gerar o relatório de DF-e' });
