// Public surface of @retaguarda/fiscal.
export * from './assinatura.ts';
export * from './certificado.ts';
export * from './chave.ts';
export * from './dados/sefaz.ts';
export * from './datas.ts';
export * from './nfce/assinar.ts';
export * from './nfce/montar.ts';
export * from './qrcode.ts';
export type * from './tipos.ts';
export * from './ufs.ts';
export * from './xsd.ts';
