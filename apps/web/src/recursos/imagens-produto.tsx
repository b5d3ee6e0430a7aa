import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Flex, Image, Typography } from 'antd';
import { useRef, useState } from 'react';
import type { PropsCampo } from '../features/recursos/campo-formulario.tsx';
import { api, mensagemDoErro } from '../lib/api/cliente.ts';
import { obterConfig } from '../lib/api/config.ts';
import { notificar } from '../lib/notify/notificar.ts';
import { obterSessao } from '../lib/session/sessao.ts';

// Product images on the storage service (spec 7: api/uploadS3 multipart file1, caminho, thumbnails; api/deleteS3
// removes the file, its thumbnails and the extra 1024-height one). Stored as `[{ caminho, url, thumbnails }]`.

export interface Imagem {
  caminho: string;
  url: string;
  thumbnails?: { largura: number | null; altura: number; caminho: string; url: string }[];
}

const MINIATURAS = '200x200,400x400';

async function enviarArquivo(arquivo: File): Promise<Imagem> {
  const dados = new FormData();
  dados.append('caminho', 'produtos');
  dados.append('thumbnails', MINIATURAS);
  dados.append('file1', arquivo);
  const cabecalhos: Record<string, string> = { version: __BUILD_ID__ };
  const token = obterSessao().usuario?.token;
  if (token) cabecalhos.token = token;
  const base = obterConfig().baseUrl.replace(/\/?$/, '/');
  const resposta = await fetch(`${base}uploadS3`, { method: 'POST', headers: cabecalhos, body: dados });
  const corpo = (await resposta.json().catch(() => ({}))) as { valido?: boolean; data?: unknown };
  if (resposta.status !== 200 || corpo.valido !== true) {
    const { mensagem } = mensagemDoErro(corpo.data);
    // Spec 8: 'Falha ao fazer upload: ...' (the server message already starts so when it is the upload's).
    throw new Error(
      mensagem.startsWith('Falha ao fazer upload') ? mensagem : `Falha ao fazer upload: ${mensagem}`,
    );
  }
  return corpo.data as Imagem;
}

export function ImagensProduto({ valor, onChange, somenteLeitura }: PropsCampo) {
  const imagens = Array.isArray(valor) ? (valor as Imagem[]) : [];
  const entrada = useRef<HTMLInputElement>(null);
  const [enviando, setEnviando] = useState(false);

  async function escolher(arquivos: FileList | null) {
    if (!arquivos || arquivos.length === 0) return;
    setEnviando(true);
    const novas: Imagem[] = [];
    for (const arquivo of Array.from(arquivos)) {
      try {
        novas.push(await enviarArquivo(arquivo));
      } catch (erro) {
        notificar({ tipo: 'error', mensagem: erro instanceof Error ? erro.message : String(erro) });
      }
    }
    setEnviando(false);
    if (novas.length > 0) onChange([...imagens, ...novas]);
    if (entrada.current) entrada.current.value = '';
  }

  async function remover(imagem: Imagem) {
    try {
      await api.post('deleteS3', { caminho: imagem.caminho }, { acao: 'ao deletar imagem' });
      onChange(imagens.filter((i) => i.caminho !== imagem.caminho));
    } catch {
      // The API client showed the server message ('Erro ao deletar imagem: ...').
    }
  }

  return (
    <Flex vertical gap={8}>
      <Flex gap={8} wrap>
        {imagens.length === 0 && <Typography.Text type="secondary">Nenhuma imagem</Typography.Text>}
        {imagens.map((img) => (
          <Flex key={img.caminho} vertical align="center" gap={4}>
            <Image
              src={img.thumbnails?.[0]?.url ?? img.url}
              preview={{ src: img.url }}
              width={96}
              height={96}
              style={{ objectFit: 'cover' }}
              alt="Imagem do produto"
            />
            {!somenteLeitura && (
              <Button size="small" danger icon={<DeleteOutlined />} onClick={() => void remover(img)}>
                Remover
              </Button>
            )}
          </Flex>
        ))}
      </Flex>
      {!somenteLeitura && (
        <>
          <input
            ref={entrada}
            type="file"
            accept="image/*"
            multiple
            hidden
            aria-label="Arquivo de imagem"
            onChange={(e) => void escolher(e.target.files)}
          />
          <Button
            icon={<UploadOutlined />}
            loading={enviando}
            onClick={() => entrada.current?.click()}
            style={{ alignSelf: 'flex-start' }}
          >
            Enviar imagens
          </Button>
        </>
      )}
    </Flex>
  );
}
