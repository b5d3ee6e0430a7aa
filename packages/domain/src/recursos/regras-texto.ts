import { validarCClassTrib } from '../catalogos/tributos.ts';
import { validarCep, validarEmail } from '../validadores/contato.ts';
import { validarCnpj, validarCpf, validarCpfCnpj } from '../validadores/documentos.ts';
import type { ResultadoRegra } from '../validadores/genericos.ts';
import { gtinValido } from '../validadores/gtin.ts';
import { validarFormatoNcm } from '../validadores/ncm.ts';
import type { ValidadorTexto } from './definir-recurso.ts';
import { validarCodigoPlano } from './regras-financeiro.ts';

// The text validators a field definition can name, bound to the domain's validators and their messages.
export const REGRAS_TEXTO: Record<ValidadorTexto, (valor: string) => ResultadoRegra> = {
  cpf: validarCpf,
  cnpj: validarCnpj,
  cpfCnpj: validarCpfCnpj,
  email: validarEmail,
  cep: validarCep,
  // The spec names no GTIN message; this one follows the CPF/CNPJ pattern.
  gtin: (valor) => gtinValido(valor) || 'GTIN Inválido',
  cClassTrib: validarCClassTrib,
  ncm: validarFormatoNcm,
  codigoPlano: validarCodigoPlano,
};

// Type mismatches a generic form can't produce but a raw API call can.
export const MENSAGENS_RECURSO = {
  texto: 'Valor inválido: informe um texto.',
  numero: 'Valor inválido: informe um número.',
  inteiro: 'Valor inválido: informe um número inteiro.',
  booleano: 'Valor inválido: informe sim ou não.',
  data: 'Data Inválida',
  referencia: 'Referência inválida.',
  catalogo: 'Opção inválida.',
  json: 'Dados inválidos.',
} as const;
