// SOAP 1.2 operations of NF-e/NFC-e 4.00, namespaces and actions from the official WSDLs
// (fiscal-ref/wsdl/nfe_v4.00/*.wsdl).
import type { ServicoSefaz } from '../dados/sefaz.ts';

export interface OperacaoSoap {
  servico: ServicoSefaz;
  /** WSDL service name, also the last segment of its namespace. */
  nome: string;
  metodo: string;
  namespace: string;
  acao: string;
  /** Path used by the simulator and by `urlBase` overrides. */
  caminho: string;
}

const NS_WSDL = 'http://www.portalfiscal.inf.br/nfe/wsdl/';

function op(servico: ServicoSefaz, nome: string, metodo: string, caminho: string): OperacaoSoap {
  const namespace = NS_WSDL + nome;
  return { servico, nome, metodo, namespace, acao: `${namespace}/${metodo}`, caminho };
}

export const OPERACOES = {
  autorizacao: op(
    'NfeAutorizacao',
    'NFeAutorizacao4',
    'nfeAutorizacaoLote',
    '/ws/NfeAutorizacao/NFeAutorizacao4.asmx',
  ),
  retAutorizacao: op(
    'NfeRetAutorizacao',
    'NFeRetAutorizacao4',
    'nfeRetAutorizacaoLote',
    '/ws/NfeRetAutorizacao/NFeRetAutorizacao4.asmx',
  ),
  consultaProtocolo: op(
    'NfeConsultaProtocolo',
    'NFeConsultaProtocolo4',
    'nfeConsultaNF',
    '/ws/NfeConsulta/NfeConsulta4.asmx',
  ),
  statusServico: op(
    'NfeStatusServico',
    'NFeStatusServico4',
    'nfeStatusServicoNF',
    '/ws/NfeStatusServico/NfeStatusServico4.asmx',
  ),
  recepcaoEvento: op(
    'RecepcaoEvento',
    'NFeRecepcaoEvento4',
    'nfeRecepcaoEvento',
    '/ws/recepcaoevento/recepcaoevento4.asmx',
  ),
  inutilizacao: op(
    'NfeInutilizacao',
    'NFeInutilizacao4',
    'nfeInutilizacaoNF',
    '/ws/nfeinutilizacao/nfeinutilizacao4.asmx',
  ),
} as const;

export type NomeOperacao = keyof typeof OPERACOES;

export const NS_SOAP12 = 'http://www.w3.org/2003/05/soap-envelope';

export function envelopeSoap(operacao: OperacaoSoap, corpo: string): string {
  return (
    `<?xml version="1.0" encoding="utf-8"?><soap12:Envelope xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ` +
    `xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:soap12="${NS_SOAP12}"><soap12:Body>` +
    `<nfeDadosMsg xmlns="${operacao.namespace}">${corpo}</nfeDadosMsg></soap12:Body></soap12:Envelope>`
  );
}

export function tipoConteudo(operacao: OperacaoSoap): string {
  return `application/soap+xml; charset=utf-8; action="${operacao.acao}"`;
}

/** Operation of a request, read from the namespace of nfeDadosMsg (or the action). */
export function operacaoDaRequisicao(corpo: string, acao?: string): OperacaoSoap | undefined {
  const m = /<(?:\w+:)?nfeDadosMsg[^>]*xmlns(?::\w+)?="([^"]+)"/.exec(corpo);
  const ns = m?.[1] ?? acao?.replace(/\/[^/]+$/, '');
  return Object.values(OPERACOES).find((o) => o.namespace === ns);
}

/** Inner XML of nfeDadosMsg / nfeResultMsg. */
export function conteudoMensagem(
  envelope: string,
  elemento: 'nfeDadosMsg' | 'nfeResultMsg',
): string | undefined {
  const ini = new RegExp(`<(?:\\w+:)?${elemento}\\b[^>]*>`).exec(envelope);
  if (!ini) return undefined;
  const inicio = ini.index + ini[0].length;
  const fim = envelope.search(new RegExp(`</(?:\\w+:)?${elemento}>`));
  return fim < 0 ? undefined : envelope.slice(inicio, fim);
}
