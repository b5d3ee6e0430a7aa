import { itensDoGrupo } from '../catalogos/grupos.ts';
import {
  lerDataEntrada,
  lerNumeroEntrada,
  textoInseguroEm,
  validarTextoSeguro,
} from '../validadores/entrada.ts';
import { type ResultadoRegra, validarQuantidade, validarValor } from '../validadores/genericos.ts';
import { MENSAGENS_VALIDACAO } from '../validadores/mensagens.ts';
import type { Campo, DefinicaoRecurso, ValidadorTexto } from './definir-recurso.ts';
import { MENSAGENS_RECURSO as M, REGRAS_TEXTO } from './regras-texto.ts';

// Validates the body of a create/update against a resource definition, with the spec's generic messages.
// The same function checks the generic form in the web app and the API input on the server.

export interface ResultadoValidacao {
  /** Field -> first error message, in pt-BR. */
  erros: Record<string, string>;
  /** Accepted values, normalised (trimmed texts, numbers as decimal strings for decimal fields). */
  valores: Record<string, unknown>;
}

const ID = /^[0-9a-f]{24}$/;

function validarCampo(campo: Campo, valor: unknown): ResultadoRegra | { valor: unknown } {
  switch (campo.tipo) {
    case 'texto': {
      if (typeof valor !== 'string') return M.texto;
      const seguro = validarTextoSeguro(valor);
      if (seguro !== true) return seguro;
      const texto = valor.trim();
      if (campo.min !== undefined || campo.max !== undefined) {
        const r = validarQuantidade(texto, { min: campo.min, max: campo.max });
        if (r !== true) return r;
      }
      if (campo.opcoes && texto !== '' && !campo.opcoes.includes(texto)) return M.catalogo;
      if (campo.validador && texto !== '') {
        const r = REGRAS_TEXTO[campo.validador as ValidadorTexto](texto);
        if (r !== true) return r;
      }
      return { valor: texto };
    }
    case 'inteiro':
    case 'decimal': {
      // Decimal notation within the column's limits (issue 14 point 8: 30 digits, 2^31, '0x1F' are refused).
      const lido = lerNumeroEntrada(valor, { inteiro: campo.tipo === 'inteiro' });
      if ('erro' in lido) return lido.erro;
      const n = lido.numero;
      if (campo.catalogoId && !(itensDoGrupo(campo.catalogoId) ?? []).some((i) => i.id === n))
        return M.catalogo;
      if (campo.min !== undefined || campo.max !== undefined) {
        const r = validarValor(n, { min: campo.min, max: campo.max });
        if (r !== true) return r;
      }
      // Decimals keep the text the client sent (no float round trip), normalised by the column's scale.
      return { valor: campo.tipo === 'decimal' ? lido.texto : n };
    }
    case 'booleano':
      return typeof valor === 'boolean' ? { valor } : M.booleano;
    case 'data': {
      // A real day (not 2020-02-30, year 0 or 275760); DD/MM/YYYY is stored as ISO.
      const data = lerDataEntrada(valor);
      return data === undefined ? M.data : { valor: data };
    }
    case 'ref':
      return typeof valor === 'string' && ID.test(valor) ? { valor } : M.referencia;
    case 'refs':
      return Array.isArray(valor) &&
        valor.length <= 1000 &&
        valor.every((v) => typeof v === 'string' && ID.test(v))
        ? { valor }
        : M.referencia;
    case 'catalogo': {
      // The stored value is the catalogue entry itself, looked up by the id the client sent.
      const itens = itensDoGrupo(campo.catalogo) ?? [];
      const achar = (v: unknown) => {
        const id = typeof v === 'object' && v !== null ? (v as { id?: unknown }).id : v;
        return itens.find((i) => i.id === id);
      };
      if (campo.multiplo) {
        if (!Array.isArray(valor)) return M.catalogo;
        const encontrados = valor.map(achar);
        return encontrados.every((e) => e !== undefined) ? { valor: encontrados } : M.catalogo;
      }
      const encontrado = achar(valor);
      return encontrado ? { valor: encontrado } : M.catalogo;
    }
    case 'json': {
      if (typeof valor !== 'object') return M.json;
      if (JSON.stringify(valor).length > 200_000) return M.json;
      const inseguro = textoInseguroEm(valor);
      if (!inseguro) return { valor };
      return inseguro.caminho ? `${inseguro.mensagem} (em ${inseguro.caminho})` : inseguro.mensagem;
    }
  }
}

function vazio(valor: unknown): boolean {
  return valor === undefined || valor === null || (typeof valor === 'string' && valor.trim() === '');
}

/** A record of a list whose every value is blank (the form's 'Adicionar' line left untouched). */
function registroEmBranco(registro: unknown): boolean {
  return (
    typeof registro === 'object' &&
    registro !== null &&
    !Array.isArray(registro) &&
    Object.values(registro).every(vazio)
  );
}

/** A required field also needs an element when it is a list (references, catalogue choices, records). */
function faltando(campo: Campo, valor: unknown): boolean {
  return vazio(valor) || (campo.obrigatorio === true && Array.isArray(valor) && valor.length === 0);
}

/**
 * Sub-fields of a json block with a fixed shape. Keys of errors are dotted paths ('endereco.cep',
 * 'outrosTelefones.1.numero'); an empty block or an empty record of a list is "not filled". Unknown
 * keys of the block are kept as sent (other modules may store more in the same block).
 */
function validarSubcampos(
  campo: Extract<Campo, { tipo: 'json' }>,
  nome: string,
  valor: unknown,
  erros: Record<string, string>,
): unknown {
  const blocoVazio = typeof valor === 'object' && valor !== null && Object.keys(valor).length === 0;
  if (campo.opcoes) {
    const opcoes = campo.opcoes;
    if (blocoVazio) return [];
    if (!Array.isArray(valor) || !valor.every((v) => typeof v === 'string' && opcoes.includes(v))) {
      erros[nome] = M.catalogo;
    }
    return valor;
  }
  const subcampos = campo.subcampos;
  if (!subcampos) return valor;
  const registro = (bloco: unknown, prefixo: string): unknown => {
    if (typeof bloco !== 'object' || bloco === null || Array.isArray(bloco)) {
      erros[prefixo] = M.json;
      return bloco;
    }
    const entrada = bloco as Record<string, unknown>;
    if (Object.values(entrada).every(vazio)) return entrada;
    const saida: Record<string, unknown> = { ...entrada };
    for (const [sub, def] of Object.entries(subcampos)) {
      const v = entrada[sub];
      if (faltando(def, v)) {
        if (def.obrigatorio) erros[`${prefixo}.${sub}`] = MENSAGENS_VALIDACAO.obrigatorio;
        continue;
      }
      const r =
        def.tipo === 'json'
          ? { valor: validarSubcampos(def, `${prefixo}.${sub}`, v, erros) }
          : validarCampo(def, v);
      if (typeof r === 'string') erros[`${prefixo}.${sub}`] = r;
      else if (r !== true) saida[sub] = r.valor;
    }
    return saida;
  };
  if (campo.lista) {
    if (!Array.isArray(valor)) {
      if (blocoVazio) return [];
      erros[nome] = M.json;
      return valor;
    }
    return valor.map((item, i) => registro(item, `${nome}.${i}`));
  }
  return registro(valor, nome);
}

export function validarRecurso(def: DefinicaoRecurso, corpo: unknown, parcial: boolean): ResultadoValidacao {
  const erros: Record<string, string> = {};
  const valores: Record<string, unknown> = {};
  if (typeof corpo !== 'object' || corpo === null || Array.isArray(corpo)) {
    return { erros: { _: M.json }, valores };
  }
  const entrada = corpo as Record<string, unknown>;
  for (const [nome, campo] of Object.entries(def.campos)) {
    // A private field is never accepted from a client; a read-only one is the server's (its code): both are
    // left out of what gets written, whatever the body says.
    if (campo.privado || campo.somenteLeitura) continue;
    if (nome === 'empresa' && def.escopo === 'empresa') continue;
    const presente = Object.hasOwn(entrada, nome);
    const valor = entrada[nome];
    if (faltando(campo, valor)) {
      if (campo.obrigatorio && (!parcial || presente)) erros[nome] = MENSAGENS_VALIDACAO.obrigatorio;
      else if (presente) valores[nome] = vazio(valor) ? null : valor;
      continue;
    }
    const r = validarCampo(campo, valor);
    if (r === true) continue;
    if (typeof r === 'string') erros[nome] = r;
    else valores[nome] = campo.tipo === 'json' ? validarSubcampos(campo, nome, r.valor, erros) : r.valor;
    // A required list of records sent as an empty block ({}) or with only blank records is still empty.
    const lista = valores[nome];
    if (campo.obrigatorio && Array.isArray(lista) && !lista.some((r) => !registroEmBranco(r)))
      erros[nome] = MENSAGENS_VALIDACAO.obrigatorio;
  }
  if (def.validar && Object.keys(erros).length === 0) Object.assign(erros, def.validar(valores));
  return { erros, valores };
}
