import type { Campo, DefinicaoRecurso } from '@retaguarda/domain';
import { validarRecurso } from '@retaguarda/domain';
import { colunaDoCampo } from '../../db/tabela-recurso.ts';
import { ErroNegocio } from '../../lib/envelope.ts';

export interface ValorColuna {
  campo: Campo;
  valor: unknown;
}

/** Validates with the domain's rules and maps accepted fields to their SQL columns; refuses with every message. */
export function validarEntrada(
  def: DefinicaoRecurso,
  corpo: unknown,
  parcial: boolean,
): Record<string, ValorColuna> {
  const { erros, valores } = validarRecurso(def, corpo, parcial);
  const campos = Object.keys(erros);
  if (campos.length > 0) {
    const detalhes = campos.map((c) => `${def.campos[c]?.rotulo ?? c}: ${erros[c]}`);
    throw new ErroNegocio(detalhes.join('; '), { erros });
  }
  const colunas: Record<string, ValorColuna> = {};
  for (const [nome, valor] of Object.entries(valores)) {
    const campo = def.campos[nome];
    if (campo) colunas[colunaDoCampo(nome, campo)] = { campo, valor };
  }
  return colunas;
}
