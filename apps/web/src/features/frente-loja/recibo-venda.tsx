import { PERMISSAO } from '@retaguarda/domain';
import {
  type ComprovanteEntrada,
  type ComprovanteResposta,
  type ComprovanteVenda,
  comprovanteDaLoja,
  type DocumentoComprovante,
  documentoDaEscolha,
  MENSAGENS_COMPROVANTE,
  notaValida,
  TEXTO_HOMOLOGACAO_DANFE,
} from '@retaguarda/domain/impressao/comprovante';
import { Button, Flex, Modal, Tag, Typography } from 'antd';
import { type KeyboardEvent, useCallback, useRef, useState } from 'react';
import { api, ErroApi } from '../../lib/api/cliente.ts';
import { notificar } from '../../lib/notify/notificar.ts';
import { useLiberacaoSupervisor } from '../liberacao/liberacao-supervisor.tsx';
import type { DadosFrenteLoja } from './dados-referencia.ts';

// The customer's receipt (issue 13 point 4): at the end of a counter sale the store's choice happens
// (empresa.configuracoes.comprovanteVenda: the DANFE NFC-e, the non-fiscal receipt, or ask the cashier), and the
// 'Vendas' tab reprints any past sale. The server prints it on the terminal's printer (print module); a reprint
// needs permission 55 (DANFE) or 54 (receipt), else the supervisor's release.

interface VendaComNotas {
  _id: string;
  nfce?: Record<string, unknown>[];
}

export const comprovanteApi = {
  imprimir: (venda: string, corpo: ComprovanteEntrada) =>
    api.post<ComprovanteResposta>(`venda/${venda}/comprovante`, corpo, {
      acao: 'ao imprimir o comprovante',
      silencioso: true,
    }),
};

/** The valid notes (authorised or offline) the server wrote into venda.nfce. */
export const notasValidas = (v: VendaComNotas) => (v.nfce ?? []).filter(notaValida);

/** Tag shown wherever a homologation note appears on screen: never taken for a real note. */
export function TagHomologacao() {
  return (
    <Tag color="warning" data-testid="tag-homologacao">
      Homologação · sem valor fiscal
    </Tag>
  );
}

/**
 * Prints the receipt of an ended sale and tells the cashier what went out; a reprint asks for the supervisor
 * when the operator lacks the permission. Answers what was printed, or null.
 */
export function useImprimirComprovante(terminal: string) {
  const { liberar } = useLiberacaoSupervisor();
  return useCallback(
    async (venda: VendaComNotas, documento?: DocumentoComprovante): Promise<ComprovanteResposta | null> => {
      const corpo: ComprovanteEntrada = { terminal, ...(documento ? { documento } : {}) };
      try {
        let r: ComprovanteResposta;
        try {
          r = await comprovanteApi.imprimir(venda._id, corpo);
        } catch (erro) {
          if (!(erro instanceof ErroApi && erro.message === 'Supervisor não informado')) throw erro;
          const nfce = documento !== 'naoFiscal' && notasValidas(venda).length > 0;
          const l = await liberar({
            permissao: nfce ? PERMISSAO.reimprimirNfce : PERMISSAO.reimprimirConta,
            senhaObrigatoria: true,
          });
          if (!l) return null;
          r = await comprovanteApi.imprimir(venda._id, {
            ...corpo,
            ...(l.liberacao ? { liberacao: l.liberacao } : {}),
          });
        }
        const homologacao = r.notas.some((n) => n.homologacao);
        notificar({
          tipo: 'success',
          mensagem: MENSAGENS_COMPROVANTE.enviado(r.documento, r.notas[0]?.numero),
          ...(homologacao ? { descricao: TEXTO_HOMOLOGACAO_DANFE } : {}),
        });
        if (r.aviso) notificar({ tipo: 'warning', mensagem: r.aviso });
        return r;
      } catch (erro) {
        notificar({
          tipo: 'error',
          mensagem: `Comprovante não impresso: ${erro instanceof Error ? erro.message : String(erro)}`,
        });
        return null;
      }
    },
    [terminal, liberar],
  );
}

/**
 * The receipt step after a sale ends: `aoEncerrar(venda)` prints what the store chose, or opens the question
 * (keyboard: 1 DANFE, 2 receipt, Esc no print). Render `elemento` once beside the sale screen.
 */
export function useReciboVenda(dados: DadosFrenteLoja | null) {
  const imprimir = useImprimirComprovante(dados?.terminal._id ?? '');
  const [pergunta, setPergunta] = useState<VendaComNotas | null>(null);
  const escolha: ComprovanteVenda = comprovanteDaLoja(dados?.empresa.configuracoes);

  const aoEncerrar = useCallback(
    (venda: VendaComNotas & { status?: { id: number } }) => {
      // Only a sale the server ended (a sale kept offline gets its receipt when it reaches the server).
      if (!dados || venda.status?.id !== 59) return;
      const documento = documentoDaEscolha(escolha);
      if (documento) void imprimir(venda, documento);
      else setPergunta(venda);
    },
    [dados, escolha, imprimir],
  );

  const responder = (documento: DocumentoComprovante | null) => {
    const venda = pergunta;
    setPergunta(null);
    if (venda && documento) void imprimir(venda, documento);
  };

  const elemento = (
    <PerguntaComprovante venda={pergunta} aoResponder={responder} aoCancelar={() => responder(null)} />
  );
  return { aoEncerrar, elemento, escolha };
}

function PerguntaComprovante({
  venda,
  aoResponder,
  aoCancelar,
}: {
  venda: VendaComNotas | null;
  aoResponder: (d: DocumentoComprovante | null) => void;
  aoCancelar: () => void;
}) {
  const primeiro = useRef<HTMLButtonElement>(null);
  const notas = venda ? notasValidas(venda) : [];
  const nota = notas[0];
  const semNota = notas.length === 0;
  const homologacao = notas.some((n) => n.tpAmb === 2);
  const teclas = (e: KeyboardEvent) => {
    if (e.key === '1' && !semNota) {
      e.preventDefault();
      aoResponder('nfce');
    } else if (e.key === '2') {
      e.preventDefault();
      aoResponder('naoFiscal');
    } else if (e.key === '3') {
      e.preventDefault();
      aoResponder(null);
    }
  };
  return (
    <Modal
      open={venda !== null}
      title="Comprovante do cliente"
      onCancel={aoCancelar}
      footer={null}
      destroyOnHidden
      afterOpenChange={(aberto) => aberto && primeiro.current?.focus()}
      width={460}
    >
      {/* biome-ignore lint/a11y/noStaticElementInteractions: number keys choose, as the buttons say */}
      <div onKeyDown={teclas} data-testid="pergunta-comprovante">
        <Typography.Paragraph type="secondary">
          Escolha pelo teclado: 1, 2 ou 3 (Esc não imprime).
        </Typography.Paragraph>
        <Flex vertical gap={8}>
          <Button
            ref={primeiro}
            size="large"
            type="primary"
            disabled={semNota}
            onClick={() => aoResponder('nfce')}
            data-testid="comprovante-nfce"
            autoFocus
          >
            1 · DANFE NFC-e{nota ? ` nº ${String(nota.numero)}` : ' (venda sem NFC-e autorizada)'}
          </Button>
          {homologacao && (
            <Flex justify="center">
              <TagHomologacao />
            </Flex>
          )}
          <Button
            ref={semNota ? primeiro : undefined}
            size="large"
            onClick={() => aoResponder('naoFiscal')}
            data-testid="comprovante-nao-fiscal"
          >
            2 · Recibo não fiscal
          </Button>
          <Button size="large" onClick={() => aoResponder(null)} data-testid="comprovante-nenhum">
            3 · Não imprimir
          </Button>
        </Flex>
      </div>
    </Modal>
  );
}
