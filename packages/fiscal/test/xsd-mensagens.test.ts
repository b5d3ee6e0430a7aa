import { describe, expect, it } from 'vitest';
import { gerarNfce } from '../src/nfce/assinar.ts';
import { ErroXsd } from '../src/xsd.ts';
import { conferirNfceNoXsd, separarSecoes, traduzirErroXsd } from '../src/xsd-mensagens.ts';
import { dadosTeste, gerarCertificadoTeste, itemTeste } from './apoio.ts';

// libxml2's schema errors (English, line numbers only) said in pt-BR with the field, the item and where to fix it.
const NS = '{http://www.portalfiscal.inf.br/nfe}';
const erro = (resto: string) => `Schemas validity error : Element '${NS}${resto}`;

describe('erros do XSD em pt-BR', () => {
  it('traduz cada faceta: formato, tamanho mínimo e máximo, lista, elemento fora do lugar ou faltando', () => {
    expect(
      traduzirErroXsd(
        erro("NCM': [facet 'pattern'] The value '123' is not accepted by the pattern '[0-9]{2}|[0-9]{8}'."),
      ),
    ).toBe('NCM com o valor "123" fora do formato (8 dígitos da tabela NCM)');
    expect(
      traduzirErroXsd(
        erro("IE': [facet 'pattern'] The value '' is not accepted by the pattern '[0-9]{2,14}|ISENTO'."),
      ),
    ).toBe('inscrição estadual em branco (use somente dígitos (2 a 14) ou ISENTO)');
    expect(
      traduzirErroXsd(
        erro(
          "xProd': [facet 'maxLength'] The value has a length of '130'; this exceeds the allowed maximum length of '120'.",
        ),
      ),
    ).toBe('descrição tem 130 caracteres; o máximo é 120');
    expect(
      traduzirErroXsd(
        erro(
          "uCom': [facet 'minLength'] The value has a length of '0'; this underruns the allowed minimum length of '1'.",
        ),
      ),
    ).toBe('unidade em branco');
    expect(
      traduzirErroXsd(
        erro("tPag': [facet 'enumeration'] The value '55' is not an element of the set {'01', '02'}."),
      ),
    ).toBe('forma de pagamento com o valor "55" fora dos valores aceitos');
    expect(traduzirErroXsd(erro(`CEST': This element is not expected. Expected is ( ${NS}CFOP ).`))).toBe(
      'CEST não é aceito nesta posição (esperado: CFOP)',
    );
    expect(
      traduzirErroXsd(erro(`prod': Missing child element(s). Expected is one of ( ${NS}NCM, ${NS}CEST ).`)),
    ).toBe('prod: falta NCM ou CEST');
    // The "atomic type" line only repeats the facet error before it.
    expect(traduzirErroXsd(erro("NCM': '123' is not a valid value of the local atomic type."))).toBeNull();
    expect(traduzirErroXsd('qualquer outra coisa')).toBe(
      'documento inválido pelo esquema oficial (qualquer outra coisa)',
    );
  });

  it('separa a nota em uma seção por linha: cabeçalho, empresa, cada item, totais, pagamento', () => {
    const { xml, secoes } = separarSecoes(
      '<NFe><infNFe><ide/><emit>e</emit><det nItem="1">a</det><det nItem="2">b</det><total>t</total><pag><detPag>p</detPag></pag></infNFe></NFe>',
    );
    expect(xml.split('\n')).toHaveLength(secoes.length);
    expect(secoes).toEqual([
      { tipo: 'ide' },
      { tipo: 'emit' },
      { tipo: 'item', nItem: 1 },
      { tipo: 'item', nItem: 2 },
      { tipo: 'total' },
      { tipo: 'pag' },
    ]);
  });

  it('nota assinada inválida: diz o campo, o item pelo nome e onde corrigir; nota válida não tem erros', async () => {
    const cert = gerarCertificadoTeste().certificado;
    const d = dadosTeste(
      {
        itens: [itemTeste(1), itemTeste(2, { xProd: 'Refrigerante Lata', NCM: '123', uCom: '' })],
        pagamentos: [{ tPag: '01', vPag: '500.00' }],
      },
      0,
    );
    d.emitente.IE = '';
    const frases = await conferirNfceNoXsd(
      gerarNfce(d, cert).xml,
      d.itens.map((i) => i.xProd),
    );
    expect(frases).toEqual([
      'Empresa: inscrição estadual em branco (use somente dígitos (2 a 14) ou ISENTO); corrija no cadastro da empresa ou na configuração fiscal (Empresa > Fiscal).',
      'Item 2 (Refrigerante Lata): NCM com o valor "123" fora do formato (8 dígitos da tabela NCM); corrija no cadastro do produto.',
      'Item 2 (Refrigerante Lata): unidade em branco; corrija no cadastro do produto.',
    ]);
    expect(frases.join(' ')).not.toMatch(/Element|facet|pattern|Schemas/);
    expect(await conferirNfceNoXsd(gerarNfce(dadosTeste({}, 3), cert).xml)).toEqual([]);
  });
});

describe('ErroXsd (antes do envio) em pt-BR', () => {
  it('a mensagem diz campo e problema, sem o inglês do libxml2', () => {
    const e = new ErroXsd('enviNFe', [
      "Schemas validity error : Element '{http://www.portalfiscal.inf.br/nfe}NCM': [facet 'pattern'] The value '1' is not accepted by the pattern '[0-9]{8}'.",
      "Schemas validity error : Element '{http://www.portalfiscal.inf.br/nfe}NCM': '1' is not a valid value of the local atomic type.",
    ]);
    expect(e.message).toBe(
      'XML inválido pelo esquema oficial da SEFAZ (enviNFe): NCM com o valor "1" fora do formato (8 dígitos da tabela NCM)',
    );
  });
});
