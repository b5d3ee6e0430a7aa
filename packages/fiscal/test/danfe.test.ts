import { describe, expect, it } from 'vitest';
import { danfeComoTexto, danfeHtml, danfeParaEscPos, montarDanfeNfce } from '../src/danfe/danfe.ts';
import { ComandosEscPos } from '../src/escpos/comandos.ts';
import { codificar } from '../src/escpos/paginas-codigo.ts';
import { gerarNfce } from '../src/nfce/assinar.ts';
import { dadosTeste, gerarCertificadoTeste, itemTeste } from './apoio.ts';

const cert = gerarCertificadoTeste().certificado;
const hex = (b: Uint8Array | number[]) => Buffer.from(b).toString('hex');

describe('ESC/POS', () => {
  it('inicializa com a página de código e acentua em CP860 e CP850', () => {
    expect(hex(new ComandosEscPos({ paginaCodigo: 'CP860' }).inicializar().bytes())).toBe('1b401b7403');
    expect(hex(new ComandosEscPos({ paginaCodigo: 'CP850' }).inicializar().bytes())).toBe('1b401b7402');
    // ç ã õ Ó É
    expect(codificar('çãõÓÉ', 'CP860')).toEqual([0x87, 0x84, 0x94, 0x9f, 0x90]);
    expect(codificar('çãõÓÉ', 'CP850')).toEqual([0x87, 0xc6, 0xe4, 0xe0, 0x90]);
    expect(codificar('€ – ñ', 'CP860')).toEqual([0x3f, 0x20, 0x3f, 0x20, 0xa4]);
  });

  it('negrito, expandido, condensado, alinhamento, corte e gaveta', () => {
    const b = new ComandosEscPos()
      .negrito(true)
      .negrito(false)
      .expandido(true)
      .condensado(true)
      .alinhar('centro')
      .alinhar('direita')
      .cortar()
      .cortar(true)
      .abrirGaveta()
      .bytes();
    expect(hex(b)).toBe('1b45011b45001d21111b4d011b61011b61021d5642001d5641001b700019fa');
  });

  it('QR code com GS ( k: modelo 2, tamanho, correção, armazenar (pL pH) e imprimir', () => {
    const dados = 'https://x.gov.br/q?p=1|2|3';
    const b = hex(new ComandosEscPos().qrCode(dados, { tamanho: 5, correcao: 'M' }).bytes());
    const len = dados.length + 3;
    expect(b).toBe(
      `1d286b040031413200` +
        `1d286b0300314305` +
        `1d286b0300314531` +
        `1d286b${len.toString(16).padStart(2, '0')}00315030${Buffer.from(dados).toString('hex')}` +
        `1d286b0300315130`,
    );
  });
});

describe('DANFE NFC-e', () => {
  it('48 colunas: cabeçalho, itens, totais, pagamentos, troco, chave, consumidor, protocolo e QR', () => {
    const n = gerarNfce(
      dadosTeste({
        itens: [itemTeste(1), itemTeste(2, { xProd: 'Refri & Cia <lata 350ml>', qCom: '1', vUnCom: '6.5' })],
        pagamentos: [
          { tPag: '01', vPag: '20' },
          { tPag: '17', vPag: '10' },
        ],
      }),
      cert,
    );
    const linhas = montarDanfeNfce({
      nota: n,
      protocolo: { nProt: '135260000000123', dhRecbto: '2026-11-21T10:30:05-03:00' },
    });
    const texto = danfeComoTexto(linhas);
    for (const l of texto.split('\n').filter((x) => !x.startsWith('[QR]')))
      expect(l.length).toBeLessThanOrEqual(48);
    expect(texto).toMatch(/Documento Auxiliar da Nota Fiscal de Consumidor\n +Eletrônica/);
    expect(texto).toMatch(/Valor a Pagar R\$ +27,17/);
    expect(texto).toMatch(/PIX +10,00/);
    expect(texto).toMatch(/Troco R\$ +2,83/);
    expect(texto).toContain('1 UN x 6,50 = 6,50');
    expect(texto).toContain('CONSUMIDOR NÃO IDENTIFICADO');
    expect(texto).toMatch(/EMITIDA EM AMBIENTE DE HOMOLOGAÇÃO -\n +SEM VALOR FISCAL/);
    expect(texto).toContain('Protocolo de autorização: 135260000000123');
    expect(texto).toContain(n.chave.slice(0, 4));
    expect(texto).toContain(`[QR] ${n.qrCode}`);
    expect(texto).toContain('NFC-e nº 000001234 Série 001 21/11/2026 10:30:00');

    const bytes = danfeParaEscPos(linhas, { colunas: 48, paginaCodigo: 'CP860' });
    const h = hex(bytes);
    expect(h.startsWith('1b401b7403')).toBe(true);
    expect(h).toContain(Buffer.from(n.qrCode, 'latin1').toString('hex'));
    expect(h.endsWith('1d564200')).toBe(true);
    // "Eletrônica" with ô = 0x93 in CP860
    expect(h).toContain(
      Buffer.from([0x45, 0x6c, 0x65, 0x74, 0x72, 0x93, 0x6e, 0x69, 0x63, 0x61]).toString('hex'),
    );

    const html = danfeHtml(linhas);
    expect(html).toContain('<svg');
    expect(html).toContain('Refri &amp; Cia &lt;lata 350ml&gt;');
  });

  it('64 colunas condensado e contingência pendente de autorização', () => {
    const n = gerarNfce(
      dadosTeste({
        tpEmis: 9,
        destinatario: { documento: '52998224725' },
        contingencia: { dhCont: '2026-11-21T10:00:00-03:00', xJust: 'SEFAZ fora do ar no momento' },
      }),
      cert,
    );
    const linhas = montarDanfeNfce({ nota: n, colunas: 64 });
    const texto = danfeComoTexto(linhas, 64);
    for (const l of texto.split('\n').filter((x) => !x.startsWith('[QR]')))
      expect(l.length).toBeLessThanOrEqual(64);
    expect(texto).toContain('EMITIDA EM CONTINGÊNCIA');
    expect(texto).toContain('Pendente de autorização');
    expect(texto).toContain('CONSUMIDOR - CPF 52998224725');
    expect(hex(danfeParaEscPos(linhas, { colunas: 64 }))).toContain('1b4d01');
  });

  it('um CNPJ alfanumérico do consumidor sai com as letras (NT 2025.001)', () => {
    const n = gerarNfce(dadosTeste({ destinatario: { documento: '12.abc.345/01de-35' } }), cert);
    const texto = danfeComoTexto(montarDanfeNfce({ nota: n }), 48);
    expect(texto).toContain('CONSUMIDOR - CNPJ 12ABC34501DE35');
  });
});
