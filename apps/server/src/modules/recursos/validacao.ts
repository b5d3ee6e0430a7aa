import type { Campo, DefinicaoRecurso } from '@retaguarda/domain';
import { MENSAGENS_NCM, validarRecurso } from '@retaguarda/domain';
import { ncmExiste, VIGENCIA_NCM } from '@retaguarda/fiscal';
import { colunaDoCampo } from '../../db/tabela-recurso.ts';
import { ErroNegocio } from '../../lib/envelope.ts';
import { ehId, novoId } from '../../lib/ids.ts';

export interface ValorColuna {
  campo: Campo;
  valor: unknown;
}

/** 'agrupadores.0.produtos' -> 'Agrupadores 1 › Produtos' (labels of the definition, 1-based records). */
export function rotuloDoCaminho(def: DefinicaoRecurso, caminho: string): string {
  const partes = caminho.split('.');
  const nomes: string[] = [];
  let campos: Readonly<Record<string, Campo>> | undefined = def.campos;
  for (const parte of partes) {
    if (/^\d+$/.test(parte)) {
      nomes[nomes.length - 1] = `${nomes.at(-1) ?? ''} ${Number(parte) + 1}`;
      continue;
    }
    const campo: Campo | undefined = campos?.[parte];
    nomes.push(campo?.rotulo ?? parte);
    campos = campo?.tipo === 'json' ? campo.subcampos : undefined;
  }
  return nomes.join(' › ');
}

/** Records of `idItens` lists get an id when they come without one (the sale engine keys groups by it). */
function darIdsAosItens(campo: Campo, valor: unknown): unknown {
  if (campo.tipo !== 'json' || !campo.idItens || !Array.isArray(valor)) return valor;
  return valor.map((item) =>
    typeof item === 'object' && item !== null && !ehId((item as { _id?: unknown })._id)
      ? { ...item, _id: novoId() }
      : item,
  );
}

/** Validates with the domain's rules and maps accepted fields to their SQL columns; refuses with every message. */
export function validarEntrada(
  def: DefinicaoRecurso,
  corpo: unknown,
  parcial: boolean,
): Record<string, ValorColuna> {
  const { erros, valores } = validarRecurso(def, corpo, parcial);
  // The official NCM table is the server's (the browser only checks the 8 digits): a code that is not in it would
  // spend a note number on a rejection (778) at the first sale (issue 15 point 7).
  for (const [nome, campo] of Object.entries(def.campos)) {
    const v = valores[nome];
    if (
      campo.tipo === 'texto' &&
      campo.validador === 'ncm' &&
      typeof v === 'string' &&
      v !== '' &&
      !erros[nome]
    ) {
      if (!ncmExiste(v)) erros[nome] = MENSAGENS_NCM.inexistente(v, VIGENCIA_NCM);
    }
  }
  const campos = Object.keys(erros);
  if (campos.length > 0) {
    const detalhes = campos.map((c) => `${rotuloDoCaminho(def, c)}: ${erros[c]}`);
    throw new ErroNegocio(detalhes.join('; '), { erros });
  }
  const colunas: Record<string, ValorColuna> = {};
  for (const [nome, valor] of Object.entries(valores)) {
    const campo = def.campos[nome];
    if (campo) colunas[colunaDoCampo(nome, campo)] = { campo, valor: darIdsAosItens(campo, valor) };
  }
  return colunas;
}
