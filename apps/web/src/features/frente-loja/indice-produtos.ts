// Product search of the POS: barcode (GTIN), internal code and name, answering every keystroke on a
// 100,000-product catalogue well under a frame (16 ms). Built once when the reference data loads:
// exact maps for barcode and code, and buckets of product positions by the first 1, 2 and 3 letters
// of each word of the name, so a keystroke scans only the products that have a word starting so.

export interface ProdutoBusca {
  _id: string;
  descricao: string;
  codigoInterno: number | string | null;
  gtin?: string | null;
  preco: string;
  tipoProduto: string;
}

export interface IndiceProdutos<P extends ProdutoBusca = ProdutoBusca> {
  produtos: readonly P[];
  buscar(texto: string, limite?: number): P[];
  porCodigoBarras(codigo: string): P | undefined;
}

/** Lower case, no accents, words separated by one space, with a leading space for prefix checks. */
export function normalizarBusca(texto: string): string {
  return ` ${texto
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()}`;
}

const LIMITE_PADRAO = 50;

export function criarIndiceProdutos<P extends ProdutoBusca>(lista: readonly P[]): IndiceProdutos<P> {
  const produtos = [...lista].sort((a, b) => a.descricao.localeCompare(b.descricao, 'pt-BR'));
  const nomes: string[] = new Array(produtos.length);
  const porGtin = new Map<string, number>();
  const porCodigo = new Map<string, number>();
  const baldes = new Map<string, number[]>();
  for (let i = 0; i < produtos.length; i++) {
    const p = produtos[i] as P;
    const nome = normalizarBusca(p.descricao);
    nomes[i] = nome;
    if (p.gtin) porGtin.set(p.gtin.replace(/^0+/, ''), i);
    if (p.codigoInterno !== null && p.codigoInterno !== '') porCodigo.set(String(p.codigoInterno), i);
    const vistos = new Set<string>();
    for (const palavra of nome.split(' ')) {
      for (let n = 1; n <= Math.min(3, palavra.length); n++) {
        const chave = palavra.slice(0, n);
        if (vistos.has(chave)) continue;
        vistos.add(chave);
        const balde = baldes.get(chave);
        if (balde) balde.push(i);
        else baldes.set(chave, [i]);
      }
    }
  }

  const porCodigoBarras = (codigo: string): P | undefined => {
    const i = porGtin.get(codigo.replace(/\D/g, '').replace(/^0+/, ''));
    return i === undefined ? undefined : produtos[i];
  };

  function buscar(texto: string, limite = LIMITE_PADRAO): P[] {
    const consulta = normalizarBusca(texto);
    const termos = consulta.split(' ').filter((t) => t !== '');
    if (termos.length === 0) return [];
    const saida: P[] = [];
    const usados = new Set<number>();
    const incluir = (i: number | undefined) => {
      if (i === undefined || usados.has(i)) return;
      usados.add(i);
      saida.push(produtos[i] as P);
    };
    const bruto = texto.trim();
    if (/^\d+$/.test(bruto)) {
      incluir(porGtin.get(bruto.replace(/^0+/, '')));
      incluir(porCodigo.get(bruto));
    }
    // The word with the smallest bucket guides the scan (in 'Produto Catálogo 9567' the number, not the longest
    // word shared by every name); every word must start a word of the name.
    let balde: number[] | undefined;
    for (const termo of termos) {
      const candidato = baldes.get(termo.slice(0, 3));
      if (!candidato) return saida;
      if (!balde || candidato.length < balde.length) balde = candidato;
    }
    if (!balde) return saida;
    const prefixos = termos.map((t) => ` ${t}`);
    for (let k = 0; k < balde.length && saida.length < limite; k++) {
      const i = balde[k] as number;
      const nome = nomes[i] as string;
      let todos = true;
      for (const p of prefixos) {
        if (!nome.includes(p)) {
          todos = false;
          break;
        }
      }
      if (todos) incluir(i);
    }
    return saida;
  }

  return { produtos, buscar, porCodigoBarras };
}
