import { z } from 'zod';
import { escreverQuantidade, lerDinheiro, lerQuantidade, multiplicarDividir } from '../dinheiro/decimal.ts';
import type { Resultado } from '../venda/erros.ts';

// In-store barcodes (issue 20, "Scales"): the scale prints an EAN-13 starting with '2' (GS1 prefixes
// 20-29 are reserved for restricted in-store circulation). Layout, left to right:
//   '2' | product code (tamanhoCodigo) | ignored digits (often the price's own check digit) | value
//   (tamanhoValor, weight or total price) | EAN-13 check digit.
// The store chooses the lengths on the scale; the POS must read them the same way (empresa.configuracoes.balanca).

export const TAMANHO_EAN13 = 13;
/** Digits between the prefix and the check digit: code + ignored + value. */
const DIGITOS_UTEIS = TAMANHO_EAN13 - 2;

export const configuracaoCodigoBalancaSchema = z
  .object({
    /** Off: codes starting with '2' are ordinary barcodes searched in the catalogue. */
    habilitado: z.boolean(),
    /** Digits of the product code after the '2' (the scale's PLU = produtoGeral.codigoInterno). */
    tamanhoCodigo: z.number().int().min(4).max(6),
    /** 'peso': the value is the weight in kg; 'preco': the total price of the label. */
    tipoValor: z.enum(['peso', 'preco']),
    tamanhoValor: z.number().int().min(4).max(6),
    /** Decimals of the value in the barcode (weight usually 3, price 2). */
    casasDecimais: z.number().int().min(0).max(3),
  })
  .refine((c) => c.tamanhoCodigo + c.tamanhoValor <= DIGITOS_UTEIS, {
    message: `Código do produto e valor somam mais de ${DIGITOS_UTEIS} dígitos no EAN-13.`,
    path: ['tamanhoValor'],
  });

export type ConfiguracaoCodigoBalanca = z.infer<typeof configuracaoCodigoBalancaSchema>;

/** The store's setting as stored (empresa.configuracoes.balanca), or undefined when absent or inconsistent. */
export function configuracaoCodigoBalancaDe(valor: unknown): ConfiguracaoCodigoBalanca | undefined {
  const r = configuracaoCodigoBalancaSchema.safeParse(valor);
  return r.success ? r.data : undefined;
}

/** The usual Toledo/Filizola setting: 2 CCCCC 0 PPPPP D, weight in grams. */
export const CONFIGURACAO_CODIGO_BALANCA_PADRAO: ConfiguracaoCodigoBalanca = {
  habilitado: false,
  tamanhoCodigo: 5,
  tipoValor: 'peso',
  tamanhoValor: 5,
  casasDecimais: 3,
};

export type LeituraCodigoBalanca =
  | { readonly tipoValor: 'peso'; readonly codigoProduto: number; readonly pesoKg: string }
  | { readonly tipoValor: 'preco'; readonly codigoProduto: number; readonly preco: string };

/** GS1 check digit of the first 12 digits (weights 1 and 3 from the left). */
export function digitoEan13(doze: string): number {
  let soma = 0;
  for (let i = 0; i < 12; i++) soma += Number(doze[i]) * (i % 2 === 0 ? 1 : 3);
  return (10 - (soma % 10)) % 10;
}

/** Whether the POS should read this code as an in-store scale label for the store's setting. */
export function ehCodigoBalanca(codigo: string, config: ConfiguracaoCodigoBalanca | undefined): boolean {
  return !!config?.habilitado && /^2\d{12}$/.test(codigo.trim());
}

/** Integer of `digitos` read as a number with `casas` decimals, written with `saida` decimals. */
function escreverValor(digitos: string, casas: number, saida: number): string {
  const n = digitos.replace(/^0+(?=\d)/, '');
  const inteiro = casas === 0 ? n : n.slice(0, -casas) || '0';
  const fracao = casas === 0 ? '' : n.padStart(casas, '0').slice(-casas);
  return `${inteiro.replace(/^0+(?=\d)/, '')}.${fracao.padEnd(saida, '0').slice(0, saida)}`;
}

/** Reads an in-store barcode; refuses a wrong length, prefix or check digit with a pt-BR message. */
export function lerCodigoBalanca(
  codigo: string,
  config: ConfiguracaoCodigoBalanca,
): Resultado<LeituraCodigoBalanca> {
  const c = codigo.trim();
  if (!/^\d{13}$/.test(c)) {
    return { ok: false, mensagem: 'Código de balança inválido: o EAN-13 deve ter 13 dígitos numéricos.' };
  }
  if (c[0] !== '2') return { ok: false, mensagem: 'Código de balança inválido: deve começar com 2.' };
  const esperado = digitoEan13(c.slice(0, 12));
  if (Number(c[12]) !== esperado) {
    return {
      ok: false,
      mensagem: `Dígito verificador inválido no código de balança ${c} (esperado ${esperado}): leia a etiqueta novamente.`,
    };
  }
  const codigoProduto = Number(c.slice(1, 1 + config.tamanhoCodigo));
  const valor = c.slice(12 - config.tamanhoValor, 12);
  if (Number(valor) === 0) {
    return {
      ok: false,
      mensagem: `Código de balança ${c} sem ${config.tipoValor === 'peso' ? 'peso' : 'preço'}.`,
    };
  }
  // Weight in kg with 3 decimals and price with 2 (spec 1 §9: weights keep 3+ decimals, money 2).
  return config.tipoValor === 'peso'
    ? {
        ok: true,
        valor: { tipoValor: 'peso', codigoProduto, pesoKg: escreverValor(valor, config.casasDecimais, 3) },
      }
    : {
        ok: true,
        valor: { tipoValor: 'preco', codigoProduto, preco: escreverValor(valor, config.casasDecimais, 2) },
      };
}

/** Builds the label's barcode the scale would print (tests and label previews); `valor` is a decimal string. */
export function gerarCodigoBalanca(
  codigoProduto: number,
  valor: string,
  config: ConfiguracaoCodigoBalanca,
): string {
  const codigo = String(codigoProduto);
  if (!Number.isInteger(codigoProduto) || codigoProduto < 0 || codigo.length > config.tamanhoCodigo) {
    throw new RangeError(`Código do produto ${codigoProduto} não cabe em ${config.tamanhoCodigo} dígitos`);
  }
  const m = /^(\d+)(?:\.(\d+))?$/.exec(valor.trim());
  if (!m) throw new RangeError(`Valor inválido: ${valor}`);
  const fracao = (m[2] ?? '').padEnd(config.casasDecimais, '0');
  if (fracao.length > config.casasDecimais && /[1-9]/.test(fracao.slice(config.casasDecimais))) {
    throw new RangeError(`Valor ${valor} tem mais de ${config.casasDecimais} casas decimais`);
  }
  const digitos = `${m[1]}${fracao.slice(0, config.casasDecimais)}`.replace(/^0+(?=\d)/, '');
  if (digitos.length > config.tamanhoValor) {
    throw new RangeError(`Valor ${valor} não cabe em ${config.tamanhoValor} dígitos`);
  }
  const meio = '0'.repeat(DIGITOS_UTEIS - config.tamanhoCodigo - config.tamanhoValor);
  const doze = `2${codigo.padStart(config.tamanhoCodigo, '0')}${meio}${digitos.padStart(config.tamanhoValor, '0')}`;
  return `${doze}${digitoEan13(doze)}`;
}

/**
 * Quantity launched for a label: the weight itself, or total price / unit price truncated to 4 decimals
 * (spec 1 §9: quantities are truncated to 4 decimals). A unit price of zero cannot turn a price into a quantity.
 */
export function quantidadeCodigoBalanca(
  leitura: LeituraCodigoBalanca,
  precoUnitario: string,
): Resultado<string> {
  if (leitura.tipoValor === 'peso')
    return { ok: true, valor: escreverQuantidade(lerQuantidade(leitura.pesoKg)) };
  const unitario = lerDinheiro(precoUnitario);
  if (unitario <= 0) {
    return {
      ok: false,
      mensagem: 'Produto sem preço unitário: não é possível calcular a quantidade da etiqueta.',
    };
  }
  return {
    ok: true,
    valor: escreverQuantidade(multiplicarDividir(lerDinheiro(leitura.preco), 10_000, unitario, 'truncar')),
  };
}

/** POST /api/balanca/configuracaoCodigo: the store whose label setting is read. */
export const configuracaoCodigoBalancaLojaSchema = z.object({
  empresa: z.string().min(1, 'Empresa não informada.').max(40),
});

/** POST /api/balanca/salvarConfiguracaoCodigo: the store and how its POS reads the scale's labels. */
export const salvarConfiguracaoCodigoBalancaSchema = configuracaoCodigoBalancaLojaSchema.extend({
  configuracao: configuracaoCodigoBalancaSchema,
});
export type SalvarConfiguracaoCodigoBalanca = z.infer<typeof salvarConfiguracaoCodigoBalancaSchema>;

/** The answer of both routes: the store's setting, or the usual one (off) when the store never set it. */
export const respostaConfiguracaoCodigoBalancaSchema = z.object({
  configuracao: configuracaoCodigoBalancaSchema,
  /** An example label (1 kg / R$ 10,00 of PLU 123) as the POS will read it, to compare with a printed one. */
  exemplo: z.string(),
});
export type RespostaConfiguracaoCodigoBalanca = z.infer<typeof respostaConfiguracaoCodigoBalancaSchema>;

/** The example label shown beside the setting: PLU 123, 1 kg or R$ 10,00. */
export function exemploCodigoBalanca(config: ConfiguracaoCodigoBalanca): string {
  return gerarCodigoBalanca(123, config.tipoValor === 'peso' ? '1' : '10', config);
}

/** POST /api/balanca/produtos: the selection's search (the store's active products, the first 30). */
export const buscaProdutosBalancaSchema = configuracaoCodigoBalancaLojaSchema.extend({
  busca: z.string().max(100).optional(),
});

/** A product of that search: the PLU the scale keys is its internal code. */
export interface ProdutoBalancaOpcao {
  _id: string;
  descricao: string;
  codigoInterno: number | null;
  unidade: string | null;
}
