import { describe, expect, it } from 'vitest';
import { avisoNfceDaVenda } from './venda-api.ts';

// After ending a sale the POS shows the NFC-e the server issued (venda.nfce) or why it did not (avisoNfce).
describe('avisoNfceDaVenda', () => {
  it('autorizada, contingência, rejeitada, recusada antes da SEFAZ e loja sem NFC-e', () => {
    const online = { numero: 1, tpEmis: 1, statusNota: 'erro', xMotivo: 'Sem retorno da SEFAZ' };
    expect(avisoNfceDaVenda({ nfce: [{ numero: 7, statusNota: 'processado' }] })).toEqual({
      tipo: 'success',
      mensagem: 'NFC-e nº 7 autorizada.',
    });
    expect(avisoNfceDaVenda({ nfce: [online, { numero: 2, statusNota: 'contingencia' }] })).toEqual({
      tipo: 'info',
      mensagem: 'NFC-e nº 2 emitida em contingência (off-line): será transmitida automaticamente.',
    });
    expect(
      avisoNfceDaVenda({ nfce: [{ numero: 3, statusNota: 'erro', xMotivo: 'Rejeição: CFOP inválido' }] }),
    ).toEqual({ tipo: 'warning', mensagem: 'NFC-e nº 3 não autorizada: Rejeição: CFOP inválido' });
    expect(
      avisoNfceDaVenda({ nfce: [], avisoNfce: 'NFC-e não emitida: Produto X sem configuração' }),
    ).toEqual({
      tipo: 'warning',
      mensagem: 'NFC-e não emitida: Produto X sem configuração',
    });
    expect(avisoNfceDaVenda({ nfce: [] })).toBeNull();
    expect(avisoNfceDaVenda({ nfce: [{ numero: 4, statusNota: 'processado', cancelado: true }] })).toBeNull();
  });
});
