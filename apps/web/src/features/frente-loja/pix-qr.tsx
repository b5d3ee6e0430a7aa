import { Alert, Typography } from 'antd';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { montarPayloadPix } from './pix.ts';

/** BR Code QR of the amount; confirmation is manual until a payment provider is configured. */
export function PixQr({
  chave,
  valor,
  nome,
  cidade,
  txid,
}: {
  chave: string;
  valor: string;
  nome: string;
  cidade: string;
  txid: string;
}) {
  const [imagem, setImagem] = useState<string | null>(null);
  let payload = '';
  try {
    payload = chave ? montarPayloadPix({ chave, valor, nome, cidade, txid }) : '';
  } catch {
    payload = '';
  }
  useEffect(() => {
    if (!payload) return;
    let vivo = true;
    void QRCode.toDataURL(payload, { margin: 1, width: 200 }).then((url) => vivo && setImagem(url));
    return () => {
      vivo = false;
    };
  }, [payload]);
  if (!payload) return <Alert type="warning" showIcon title="Chave PIX não configurada na empresa." />;
  return (
    <div style={{ textAlign: 'center' }} data-testid="pix-qr">
      {imagem && (
        <img
          src={imagem}
          alt="QR Code PIX"
          width={200}
          height={200}
          style={{ background: '#fff', padding: 4 }}
        />
      )}
      <Typography.Paragraph
        copyable={{ text: payload }}
        style={{ fontSize: 11, wordBreak: 'break-all' }}
        data-testid="pix-payload"
      >
        {payload}
      </Typography.Paragraph>
      <Typography.Text type="secondary">
        Confira o recebimento no aplicativo do banco e confirme.
      </Typography.Text>
    </div>
  );
}
