import { describe, expect, it } from 'vitest';
import {
  assinar,
  codificarUri,
  dataHoraAmz,
  lerAutorizacao,
  sha256Hex,
} from '../src/modules/armazenamento/assinatura-v4.ts';

// The signer against AWS's published SigV4 vectors: the Signature Version 4 test suite (get-vanilla,
// get-vanilla-empty-query-key, post-vanilla: AKIDEXAMPLE, service "service") and the S3 API reference's
// "GET Object" header-based example (examplebucket, Range header, signed empty payload).

const SUITE = { chaveAcesso: 'AKIDEXAMPLE', segredo: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY' };
const VAZIO = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
const cabecalhosSuite = { Host: 'example.amazonaws.com', 'X-Amz-Date': '20150830T123600Z' };

describe('SigV4 signer (AWS published vectors)', () => {
  it('get-vanilla: canonical request, string to sign and signature', () => {
    const r = assinar(
      { metodo: 'GET', caminho: '/', consulta: [], cabecalhos: cabecalhosSuite, hashCorpo: VAZIO },
      SUITE,
      'us-east-1',
      'service',
    );
    expect(r.pedidoCanonico).toBe(
      [
        'GET',
        '/',
        '',
        'host:example.amazonaws.com',
        'x-amz-date:20150830T123600Z',
        '',
        'host;x-amz-date',
        VAZIO,
      ].join('\n'),
    );
    expect(r.textoAAssinar).toBe(
      [
        'AWS4-HMAC-SHA256',
        '20150830T123600Z',
        '20150830/us-east-1/service/aws4_request',
        'bb579772317eb040ac9ed261061d46c1f17a8133879d6129b6e1c25292927e63',
      ].join('\n'),
    );
    expect(r.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, SignedHeaders=host;x-amz-date, Signature=5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31',
    );
  });

  it('get-vanilla-empty-query-key and post-vanilla', () => {
    const consulta = assinar(
      {
        metodo: 'GET',
        caminho: '/',
        consulta: [['Param1', 'value1']],
        cabecalhos: cabecalhosSuite,
        hashCorpo: VAZIO,
      },
      SUITE,
      'us-east-1',
      'service',
    );
    expect(consulta.assinatura).toBe('a67d582fa61cc504c4bae71f336f98b97f1ea3c7a6bfe1b6e45aec72011b9aeb');
    const post = assinar(
      { metodo: 'POST', caminho: '/', consulta: [], cabecalhos: cabecalhosSuite, hashCorpo: VAZIO },
      SUITE,
      'us-east-1',
      'service',
    );
    expect(post.assinatura).toBe('5da7c1a2acd57cee7505fc6676e4e544621c30862966e37dddb68e92efbe5d6b');
  });

  it('S3 API reference example: GET /test.txt with a Range header', () => {
    const r = assinar(
      {
        metodo: 'GET',
        caminho: '/test.txt',
        consulta: [],
        cabecalhos: {
          Host: 'examplebucket.s3.amazonaws.com',
          Range: 'bytes=0-9',
          'x-amz-content-sha256': sha256Hex(''),
          'x-amz-date': '20130524T000000Z',
        },
        hashCorpo: sha256Hex(''),
      },
      { chaveAcesso: 'AKIAIOSFODNN7EXAMPLE', segredo: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY' },
      'us-east-1',
      's3',
    );
    expect(r.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
    // One character of the secret off gives another signature.
    const errada = assinar(
      {
        metodo: 'GET',
        caminho: '/test.txt',
        consulta: [],
        cabecalhos: { Host: 'examplebucket.s3.amazonaws.com', 'x-amz-date': '20130524T000000Z' },
        hashCorpo: VAZIO,
      },
      { chaveAcesso: 'AKIAIOSFODNN7EXAMPLE', segredo: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEX' },
      'us-east-1',
      's3',
    );
    expect(errada.assinatura).not.toBe(r.assinatura);
  });

  it('encodes as RFC 3986 wants, dates and reads an Authorization header back', () => {
    expect(codificarUri('a b/ç~*+')).toBe('a%20b%2F%C3%A7~%2A%2B');
    expect(codificarUri('pasta/a b.png', true)).toBe('pasta/a%20b.png');
    expect(dataHoraAmz(new Date('2015-08-30T12:36:00.123Z'))).toBe('20150830T123600Z');
    expect(
      lerAutorizacao(
        'AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, SignedHeaders=host;x-amz-date, Signature=abc',
      ),
    ).toEqual({
      chaveAcesso: 'AKIDEXAMPLE',
      escopo: { data: '20150830', regiao: 'us-east-1', servico: 'service' },
      assinados: ['host', 'x-amz-date'],
      assinatura: 'abc',
    });
    expect(lerAutorizacao('AWS AKID:abc')).toBeUndefined();
    expect(() =>
      assinar(
        { metodo: 'GET', caminho: '/', consulta: [], cabecalhos: { host: 'x' }, hashCorpo: VAZIO },
        SUITE,
        'r',
        's',
      ),
    ).toThrow('x-amz-date');
  });
});
