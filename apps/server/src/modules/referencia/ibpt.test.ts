import { describe, expect, it } from 'vitest';
import { COLUNAS_IBPT, ErroArquivoIbpt, lerTabelaIbpt } from './ibpt.ts';

const CABECALHO = COLUNAS_IBPT.join(';');
const LINHA =
  '22021000;;0;Águas, incluídas as águas minerais, com adição de açúcar;13.45;15.10;18.00;0.00;20/01/2025;31/03/2025;5D4A1B;25.1.A;IBPTax';

function erros(conteudo: string | Uint8Array): string[] {
  try {
    lerTabelaIbpt(typeof conteudo === 'string' ? Buffer.from(conteudo, 'utf8') : conteudo);
  } catch (erro) {
    if (erro instanceof ErroArquivoIbpt) return erro.erros;
    throw erro;
  }
  return [];
}

describe('IBPT table reader', () => {
  it('reads the IBPT layout in ISO-8859-1 as IBPT ships it (accents kept, dates ISO, rates as text)', () => {
    const latin1 = Buffer.from(`${CABECALHO}\r\n${LINHA}\r\n`, 'latin1');
    const [linha, ...resto] = lerTabelaIbpt(latin1);
    expect(resto).toEqual([]);
    expect(linha).toEqual({
      codigo: '22021000',
      ex: '',
      tipo: 0,
      descricao: 'Águas, incluídas as águas minerais, com adição de açúcar',
      nacionalfederal: '13.45',
      importadosfederal: '15.10',
      estadual: '18.00',
      municipal: '0.00',
      vigenciainicio: '2025-01-20',
      vigenciafim: '2025-03-31',
      chave: '5D4A1B',
      versao: '25.1.A',
      fonte: 'IBPTax',
    });
  });

  it('reads UTF-8 with BOM, quoted descriptions holding ";" and decimal commas', () => {
    const texto = `\uFEFF${CABECALHO}\n1234;01;1;"Serviço ""especial""; com ponto e vírgula";4,5;4,5;0;2,01;;;;;\n`;
    const [linha] = lerTabelaIbpt(Buffer.from(texto, 'utf8'));
    expect(linha?.descricao).toBe('Serviço "especial"; com ponto e vírgula');
    expect(linha?.nacionalfederal).toBe('4.5');
    expect(linha?.municipal).toBe('2.01');
    expect(linha?.tipo).toBe(1);
    expect(linha?.vigenciainicio).toBeNull();
  });

  it('refuses a file out of the layout with the expected header', () => {
    expect(erros('codigo,ex,tipo\n1,2,3')).toEqual([
      `Arquivo fora do layout do IBPT: a primeira linha deve ser ${CABECALHO}.`,
    ]);
    expect(erros(`${CABECALHO}\n\n`)).toEqual(['O arquivo não tem nenhuma linha de dados.']);
  });

  it('reports every bad row with its line number and reason', () => {
    const texto = [
      CABECALHO,
      LINHA,
      '22021000;;0;Repetida;1;1;1;1;;;;;',
      '2202X;;5;Código e tipo ruins;abc;1;1;1;31/02/2025;;;;',
      '10;;0;Poucas colunas;1',
      '11;;0;Vigência invertida;1;1;1;1;10/02/2025;01/02/2025;;;',
      '12;;0;Alíquota acima de 100;101;1;1;1;;;;;',
    ].join('\n');
    expect(erros(texto)).toEqual([
      'Linha 3: código 22021000 repetido (linha 2).',
      "Linha 4: código '2202X' inválido (apenas dígitos, até 10); tipo '5' inválido (0 NCM, 1 NBS, 2 LC 116); nacionalfederal 'abc' inválido (percentual de 0 a 100); vigenciainicio '31/02/2025' não é uma data dd/mm/aaaa.",
      "Linha 5: esperadas 13 colunas separadas por ';', encontradas 5.",
      'Linha 6: vigenciafim anterior a vigenciainicio.',
      "Linha 7: nacionalfederal '101' inválido (percentual de 0 a 100).",
    ]);
  });

  it('lists 20 errors and counts the rest', () => {
    const ruins = Array.from({ length: 25 }, (_, i) => `X${i};;0;ruim;1;1;1;1;;;;;`);
    const lista = erros([CABECALHO, ...ruins].join('\n'));
    expect(lista).toHaveLength(21);
    expect(lista.at(-1)).toBe('... e mais 5 linha(s) com erro.');
  });

  it('refuses more than 20,000 rows', () => {
    const linhas = Array.from({ length: 20_001 }, (_, i) => `${10_000_000 + i};;0;x;1;1;1;1;;;;;`);
    expect(erros([CABECALHO, ...linhas].join('\n'))).toEqual([
      'O arquivo tem 20.001 linhas; o limite é 20.000.',
    ]);
  });
});
