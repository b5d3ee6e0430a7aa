import type { Resultado } from '../../venda/erros.ts';
import { linhaCadTxt, linhaSetorTxt } from './filizola.ts';
import { type CodificacaoArquivo, codificarTexto, juntarLinhas } from './texto-fixo.ts';
import type { ArquivoBalanca, ItemBalanca, MarcaArquivoBalanca } from './tipos.ts';
import { NOMES_MARCA_BALANCA } from './tipos.ts';
import { linhaDepartamentoMgv, linhaItensMgv, linhaTxItens } from './toledo.ts';
import { linhasInfNutri, linhasTxInfo } from './toledo-extras.ts';
import { linhaProdutosUrano } from './urano.ts';

// The files of one brand for one store's selection (issue 20 "Scales"), ready for the zip. Pure: the
// server reads the products and prices, this only lays them out and encodes them.

/** The encoding each scale program reads (all are Windows programs that read ANSI text). */
export const CODIFICACAO_PADRAO_BALANCA: CodificacaoArquivo = 'windows-1252';

function arquivo(nome: string, linhas: readonly string[], codificacao: CodificacaoArquivo): ArquivoBalanca {
  return { nome, conteudo: codificarTexto(juntarLinhas(linhas), codificacao) };
}

/** Departments (Toledo) in code order, one line each. */
function departamentos(itens: readonly ItemBalanca[]): string[] {
  const mapa = new Map<number, string>();
  for (const i of itens) if (!mapa.has(i.departamento)) mapa.set(i.departamento, i.departamentoDescricao);
  return [...mapa].sort((a, b) => a[0] - b[0]).map(([c, d]) => linhaDepartamentoMgv(c, d));
}

function montar(
  marca: MarcaArquivoBalanca,
  itens: readonly ItemBalanca[],
  cod: CodificacaoArquivo,
): ArquivoBalanca[] {
  switch (marca) {
    case 'toledo': {
      // MGV 5/6 reads ITENSMGV.TXT; the older programs read TXITENS.TXT: both go, the store loads its own.
      const arquivos = [
        arquivo('ITENSMGV.TXT', itens.map(linhaItensMgv), cod),
        arquivo('DEPTO.TXT', departamentos(itens), cod),
        arquivo('TXITENS.TXT', itens.map(linhaTxItens), cod),
      ];
      // The companion files go only when some product has a table or a text (ITENSMGV points at them).
      const nutricao = linhasInfNutri(itens);
      if (nutricao.length > 0) arquivos.push(arquivo('INFNUTRI.TXT', nutricao, cod));
      const info = linhasTxInfo(itens);
      if (info.length > 0) arquivos.push(arquivo('TXINFO.TXT', info, cod));
      return arquivos;
    }
    case 'filizola': {
      const posicoes = new Map<string, number>();
      const setor = itens.map((i) => {
        const p = (posicoes.get(i.departamentoDescricao) ?? 0) + 1;
        posicoes.set(i.departamentoDescricao, p);
        return linhaSetorTxt(i, p);
      });
      return [arquivo('CADTXT.TXT', itens.map(linhaCadTxt), cod), arquivo('SETORTXT.TXT', setor, cod)];
    }
    case 'uranoPopS':
    case 'uranoPopZ':
      return [arquivo('PRODUTOS.TXT', itens.map(linhaProdutosUrano), cod)];
    case 'elginDp20':
    case 'windC3':
      // No published layout was found to write and check these against; refusing beats a file the scale rejects.
      throw new RangeError(`Arquivo de carga da balança ${NOMES_MARCA_BALANCA[marca]} ainda não disponível.`);
  }
}

export function gerarArquivosBalanca(
  marca: MarcaArquivoBalanca,
  itens: readonly ItemBalanca[],
  codificacao: CodificacaoArquivo = CODIFICACAO_PADRAO_BALANCA,
): Resultado<ArquivoBalanca[]> {
  if (itens.length === 0) return { ok: false, mensagem: 'Nenhum produto de balança para gerar o arquivo.' };
  const ordenados = [...itens].sort((a, b) => a.codigo - b.codigo);
  try {
    return { ok: true, valor: montar(marca, ordenados, codificacao) };
  } catch (erro) {
    // Every refusal of the layouts is a RangeError with a pt-BR message (a code or price that does not fit).
    if (erro instanceof RangeError) return { ok: false, mensagem: erro.message };
    throw erro;
  }
}
