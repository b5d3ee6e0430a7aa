import { type Campo, completarGtin, type DefinicaoRecurso, itensDoGrupo, recursos } from '@retaguarda/domain';
import type { AppTeste } from './app-teste.ts';

// Factories of valid bodies for any registered resource, derived from its definition (STYLE: factories with
// overrides), so the generated tests cover every resource without copy-paste.

let sequencia = 0;

function texto(campo: Extract<Campo, { tipo: 'texto' }>, n: number): string {
  if (campo.opcoes?.[0] !== undefined) return campo.opcoes[0];
  switch (campo.validador) {
    case 'cpf':
    case 'cpfCnpj':
      return '52998224725';
    case 'cnpj':
      return '11222333000181';
    case 'email':
      return `teste${n}@exemplo.com.br`;
    case 'cep':
      return '80020000';
    case 'gtin':
      return completarGtin(`789${String(100000000 + n).slice(-9)}`);
    case 'ncm':
      // Soft drinks: an 8-digit code of the official table.
      return '22021000';
    case 'codigoPlano':
      return `9.${n % 10000}`;
  }
  const base = `Teste ${n}`;
  const max = campo.max ?? 100;
  return base.length > max
    ? String(n)
        .slice(-max)
        .padStart(campo.min ?? 0, '0')
    : base.padEnd(campo.min ?? 0, 'x');
}

export async function corpoValido(
  t: AppTeste,
  token: string,
  def: DefinicaoRecurso,
  empresa: string,
): Promise<Record<string, unknown>> {
  const corpo = await valoresDosCampos(t, token, def.campos, empresa);
  if (def.escopo === 'empresa') corpo.empresa = empresa;
  return corpo;
}

/**
 * Valid values of some fields (a definition's, or a json block's sub-fields). A reference inside a block points
 * at another row than the body's own references (`usados`): a recipe's ingredient is not the recipe's product.
 */
async function valoresDosCampos(
  t: AppTeste,
  token: string,
  campos: Readonly<Record<string, Campo>>,
  empresa: string,
  usados: ReadonlySet<unknown> = new Set(),
): Promise<Record<string, unknown>> {
  const n = ++sequencia;
  const corpo: Record<string, unknown> = {};
  for (const [nome, campo] of Object.entries(campos)) {
    if (campo.privado) continue;
    switch (campo.tipo) {
      case 'texto':
        corpo[nome] = texto(campo, n);
        break;
      case 'inteiro':
        if (campo.catalogoId) {
          corpo[nome] = itensDoGrupo(campo.catalogoId)?.[0]?.id;
          break;
        }
        corpo[nome] = Math.min(campo.max ?? 1_000_000, (campo.min ?? 1) + (campo.unico ? 1000 + n : 0));
        break;
      case 'decimal':
        corpo[nome] = '12.34';
        break;
      case 'booleano':
        corpo[nome] = true;
        break;
      case 'data':
        corpo[nome] = '2026-01-15T12:00:00.000Z';
        break;
      case 'ref':
      case 'refs': {
        const r = await t.post(`/api/${campo.tabela}/getPopulate`, { limit: 2 }, token, { empresa });
        let id = r.lista.find((l) => !usados.has(l._id))?._id;
        // A required reference with nothing to point at yet (e.g. no KDS station in the demo): create one.
        const alvo = recursos.recursoPorTabela(campo.tabela);
        if (!id && campo.obrigatorio && alvo) {
          const criado = await t.post(
            `/api/${campo.tabela}`,
            await corpoValido(t, token, alvo, empresa),
            token,
            { empresa },
          );
          id = criado.corpo.data._id;
        }
        if (id) corpo[nome] = campo.tipo === 'ref' ? id : [id];
        break;
      }
      case 'catalogo': {
        const primeiro = itensDoGrupo(campo.catalogo)?.[0];
        if (!primeiro) throw new Error(`catálogo desconhecido: ${campo.catalogo}`);
        corpo[nome] = campo.multiplo ? [{ id: primeiro.id }] : { id: primeiro.id };
        break;
      }
      case 'json': {
        // A required block of records gets one valid record (combo groups, price-table lines).
        if (campo.obrigatorio && campo.subcampos) {
          const registro = await valoresDosCampos(
            t,
            token,
            campo.subcampos,
            empresa,
            new Set(Object.values(corpo)),
          );
          corpo[nome] = campo.lista ? [registro] : registro;
        } else corpo[nome] = campo.opcoes ? campo.opcoes.slice(0, 1) : {};
        break;
      }
    }
  }
  return corpo;
}
