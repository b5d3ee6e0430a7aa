// PIX BR Code (static, with amount): EMV QR Code Merchant Presented Mode as the Banco Central's
// "Manual de Padrões para Iniciação do Pix" lays it out; ID 63 is CRC16/CCITT-FALSE (poly 0x1021,
// init 0xFFFF) of the whole payload including "6304".

export interface DadosPix {
  /** PIX key of the store: CPF/CNPJ, e-mail, +55 phone or random key (EVP). */
  chave: string;
  /** Amount in reais as a decimal string ("12.50"); omitted or "0.00" = the payer types it. */
  valor?: string;
  /** Merchant name (59), at most 25 characters. */
  nome: string;
  /** Merchant city (60), at most 15 characters. */
  cidade: string;
  /** Transaction id (62-05), letters and digits, at most 25; '***' when none. */
  txid?: string;
  /** Free description shown by some banks (26-02). */
  descricao?: string;
}

function campo(id: string, valor: string): string {
  if (valor.length > 99) throw new Error(`Campo ${id} do BR Code maior que 99 caracteres`);
  return `${id}${String(valor.length).padStart(2, '0')}${valor}`;
}

/** EMV text fields admit plain ASCII only: accents are dropped. */
function ascii(texto: string, maximo: number): string {
  return texto
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7E]/g, '')
    .trim()
    .slice(0, maximo);
}

export function crc16Ccitt(texto: string): string {
  let crc = 0xffff;
  for (let i = 0; i < texto.length; i++) {
    crc ^= texto.charCodeAt(i) << 8;
    for (let b = 0; b < 8; b++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

export function montarPayloadPix(d: DadosPix): string {
  const chave = d.chave.trim();
  if (chave === '') throw new Error('Chave PIX não informada');
  const conta =
    campo('00', 'br.gov.bcb.pix') +
    campo('01', chave) +
    (d.descricao ? campo('02', ascii(d.descricao, 40)) : '');
  const valor = d.valor && Number(d.valor) > 0 ? Number(d.valor).toFixed(2) : undefined;
  const txid = (d.txid ?? '').replace(/[^A-Za-z0-9]/g, '').slice(0, 25) || '***';
  const semCrc =
    campo('00', '01') +
    campo('26', conta) +
    campo('52', '0000') +
    campo('53', '986') +
    (valor ? campo('54', valor) : '') +
    campo('58', 'BR') +
    campo('59', ascii(d.nome, 25) || 'LOJA') +
    campo('60', ascii(d.cidade, 15) || 'BRASIL') +
    campo('62', campo('05', txid)) +
    '6304';
  return semCrc + crc16Ccitt(semCrc);
}
