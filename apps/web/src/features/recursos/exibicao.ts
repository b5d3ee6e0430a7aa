import {
  type Campo,
  type DefinicaoRecurso,
  itensDoGrupo,
  recursos,
  rotuloDoCodigo,
} from '@retaguarda/domain';

// How a stored value reads in a list cell and in an export (pt-BR).

export type Registro = Record<string, unknown> & { _id?: string };

const numero = (casas: number) =>
  new Intl.NumberFormat('pt-BR', { minimumFractionDigits: casas, maximumFractionDigits: casas });

/** Label of a row of any resource: its first searchable text field, else descricao/nome, else the id. */
export function rotuloRegistro(def: DefinicaoRecurso | undefined, linha: Registro): string {
  const candidatos = def
    ? Object.entries(def.campos)
        .filter(([, c]) => c.tipo === 'texto' && c.busca)
        .map(([n]) => n)
    : [];
  for (const nome of [...candidatos, 'descricao', 'nome', 'sigla', 'codigo']) {
    const v = linha[nome];
    if (typeof v === 'string' && v !== '') return v;
  }
  return String(linha._id ?? '');
}

function dataBr(valor: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(valor);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : valor;
}

export function textoDoValor(campo: Campo, valor: unknown): string {
  if (valor === undefined || valor === null || valor === '') return '';
  switch (campo.tipo) {
    case 'booleano':
      return valor === true ? 'Sim' : 'Não';
    case 'data':
      return typeof valor === 'string' ? dataBr(valor) : '';
    case 'decimal': {
      const n = Number(valor);
      return Number.isFinite(n) ? numero(Math.min(campo.casas ?? 2, 4)).format(n) : String(valor);
    }
    case 'inteiro': {
      if (campo.catalogoId) {
        const item = (itensDoGrupo(campo.catalogoId) ?? []).find((i) => i.id === valor);
        if (item) return rotuloDoCodigo(item.descricao);
      }
      return String(valor);
    }
    case 'catalogo': {
      const lista = Array.isArray(valor) ? valor : [valor];
      return lista
        .map((v) =>
          rotuloDoCodigo(v && typeof v === 'object' && 'descricao' in v ? String(v.descricao) : String(v)),
        )
        .join(', ');
    }
    case 'ref':
    case 'refs': {
      const destino = recursos.recursoPorTabela(campo.tabela);
      const lista = Array.isArray(valor) ? valor : [valor];
      return lista
        .map((v) => (v && typeof v === 'object' ? rotuloRegistro(destino, v as Registro) : String(v)))
        .join(', ');
    }
    case 'json':
      if (Array.isArray(valor) && valor.every((v) => typeof v === 'string'))
        return valor.map((v) => (campo.opcoes ? rotuloDoCodigo(v) : v)).join(', ');
      if (Array.isArray(valor)) return `${valor.length} ${valor.length === 1 ? 'item' : 'itens'}`;
      return '';
    default:
      return campo.tipo === 'texto' && campo.opcoes ? rotuloDoCodigo(String(valor)) : String(valor);
  }
}
