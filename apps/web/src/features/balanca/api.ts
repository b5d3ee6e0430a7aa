import type {
  DownloadArquivoBalanca,
  ProdutoBalancaOpcao,
  RespostaConfiguracaoCodigoBalanca,
  SalvarConfiguracaoCodigoBalanca,
} from '@retaguarda/domain';
import { queryOptions } from '@tanstack/react-query';
import { chaves } from '../../lib/api/chaves.ts';
import { api, ErroApi, MENSAGEM_FALHA_COMUNICACAO, mensagemDoErro } from '../../lib/api/cliente.ts';
import { obterConfig } from '../../lib/api/config.ts';
import { notificar } from '../../lib/notify/notificar.ts';
import { obterSessao } from '../../lib/session/sessao.ts';

// The scale screen's calls: the product search of the optional selection, the zip download of
// POST /api/downloadArquivoBalanca (its body is the domain's downloadArquivoBalancaSchema) and the store's label setting.

/** The store's active products whose description contains `busca` (the first 30), for the selection list. */
export const produtosBalancaQuery = (empresa: string, busca: string) =>
  queryOptions({
    queryKey: [...chaves.recursoTodos('produtoGeral'), 'balanca', empresa, busca] as const,
    queryFn: () =>
      api.post<ProdutoBalancaOpcao[]>(
        'balanca/produtos',
        { empresa, ...(busca ? { busca } : {}) },
        { acao: 'ao buscar os produtos' },
      ),
    staleTime: 30_000,
  });

function urlApi(caminho: string): string {
  const base = obterConfig().baseUrl;
  return `${base.endsWith('/') ? base : `${base}/`}${caminho}`;
}

/**
 * Downloads the zip and saves it; a JSON answer is a refusal (unknown brand, store not the user's, no
 * weighed product): its pt-BR message is shown and the call rejects. Answers the file name.
 */
export async function baixarArquivoBalanca(corpo: DownloadArquivoBalanca): Promise<string> {
  try {
    const cabecalhos: Record<string, string> = { version: __BUILD_ID__, 'Content-Type': 'application/json' };
    const token = obterSessao().usuario?.token;
    if (token) cabecalhos.token = token;
    let r: Response;
    try {
      r = await fetch(urlApi('downloadArquivoBalanca'), {
        method: 'POST',
        headers: cabecalhos,
        body: JSON.stringify(corpo),
      });
    } catch (erro) {
      throw new ErroApi('rede', erro instanceof Error ? erro.message : MENSAGEM_FALHA_COMUNICACAO);
    }
    if (r.status !== 200) throw new ErroApi('http', MENSAGEM_FALHA_COMUNICACAO, null, r.status);
    if ((r.headers.get('content-type') ?? '').includes('application/json')) {
      const env = (await r.json()) as { data?: unknown };
      throw new ErroApi('envelope', mensagemDoErro(env.data).mensagem, env.data, 200);
    }
    const nome =
      /filename="?([^";]+)"?/.exec(r.headers.get('content-disposition') ?? '')?.[1] ?? 'balanca.zip';
    const url = URL.createObjectURL(await r.blob());
    const a = document.createElement('a');
    a.href = url;
    a.download = nome;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    return nome;
  } catch (erro) {
    notificar({
      tipo: 'error',
      mensagem: `Erro ao gerar o arquivo da balança: ${erro instanceof Error ? erro.message : String(erro)}`,
    });
    throw erro;
  }
}

/** How the store's POS reads the scale's labels (POST /api/balanca/configuracaoCodigo). */
export const configuracaoCodigoBalancaQuery = (empresa: string) =>
  queryOptions({
    queryKey: [...chaves.recursoTodos('empresa'), 'balanca', empresa] as const,
    queryFn: () =>
      api.post<RespostaConfiguracaoCodigoBalanca>(
        'balanca/configuracaoCodigo',
        { empresa },
        { acao: 'ao ler a etiqueta da balança' },
      ),
  });

export const salvarConfiguracaoCodigoBalanca = (corpo: SalvarConfiguracaoCodigoBalanca) =>
  api.post<RespostaConfiguracaoCodigoBalanca>('balanca/salvarConfiguracaoCodigo', corpo, {
    acao: 'ao salvar a etiqueta da balança',
  });
