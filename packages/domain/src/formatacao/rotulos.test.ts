import { describe, expect, it } from 'vitest';
import { itensDoGrupo } from '../catalogos/grupos.ts';
import { RECURSOS } from '../recursos/registro.ts';
import { rotuloDoCodigo } from './rotulos.ts';

// Issue 16.6: a closed list never shows its raw code.

/** A raw code: camelCase or all lower-case, or a spec word missing its accent. */
const pareceCodigo = (t: string) =>
  /^[a-z][A-Za-z0-9]*$/.test(t) || ['Generico', 'Funcionario', 'Garcon', 'Servico', 'Rodizio'].includes(t);

describe('rótulos dos códigos', () => {
  it("os da issue: 'producao', 'Generico', 'Funcionario'", () => {
    expect(rotuloDoCodigo('producao')).toBe('Produção');
    expect(rotuloDoCodigo('Generico')).toBe('Genérico');
    expect(rotuloDoCodigo('Funcionario')).toBe('Funcionário');
    expect(rotuloDoCodigo('precoLocal')).toBe('Preco local');
    expect(rotuloDoCodigo('Pagamento no Caixa')).toBe('Pagamento no Caixa');
  });

  it('nenhuma opção de campo de nenhum recurso, nem descrição de catálogo, aparece como código', () => {
    const vistos: string[] = [];
    const campos = (c: Record<string, unknown>): void => {
      for (const campo of Object.values(c) as {
        opcoes?: readonly string[];
        subcampos?: Record<string, unknown>;
        catalogo?: string;
        catalogoId?: string;
      }[]) {
        for (const o of campo.opcoes ?? []) vistos.push(o);
        if (campo.subcampos) campos(campo.subcampos);
        const grupo = campo.catalogo ?? campo.catalogoId;
        for (const i of grupo ? (itensDoGrupo(grupo) ?? []) : []) vistos.push(i.descricao);
      }
    };
    for (const def of RECURSOS) campos(def.campos as Record<string, unknown>);
    expect(vistos.length).toBeGreaterThan(50);
    for (const v of vistos) expect(pareceCodigo(rotuloDoCodigo(v)), v).toBe(false);
  });
});
