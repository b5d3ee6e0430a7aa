import { analisarCpfCnpjDigitado, formatarCpfCnpj } from '@retaguarda/domain';
import { Button, Flex, Input, type InputRef, Modal, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';

// "CPF na nota" (issue 15 point 6), shared by the POS and the call center: the consumer's CPF or CNPJ typed with
// the keyboard (F3 opens it), masked and checked as it is typed by the domain's rule (CPF at 11 digits, CNPJ at
// 14 characters, alphanumeric CNPJ included). Enter confirms a valid document or an empty field (no document);
// anything else stays with the spec's message and is never confirmed.

export const TECLA_CPF_NOTA = 'F3';

export interface CpfNotaDialogProps {
  aberto: boolean;
  /** The sale's document (no mask), or null. */
  valor: string | null | undefined;
  /** Sending to the server: the buttons wait. */
  ocupado?: boolean;
  titulo?: string;
  /** Text of the confirm button (e.g. 'Corrigir e emitir NFC-e'). */
  textoConfirmar?: string;
  aoConfirmar: (documento: string | null) => void;
  aoFechar: () => void;
}

export function CpfNotaDialog(p: CpfNotaDialogProps) {
  const [texto, setTexto] = useState('');
  // The message of an Enter on an incomplete document (a wrong one shows its message while typed).
  const [tentou, setTentou] = useState(false);
  const entrada = useRef<InputRef>(null);
  useEffect(() => {
    if (!p.aberto) return;
    setTexto(formatarCpfCnpj(p.valor ?? ''));
    setTentou(false);
  }, [p.aberto, p.valor]);
  const a = analisarCpfCnpjDigitado(texto);
  const mensagem = a.situacao === 'invalido' || (tentou && a.situacao === 'incompleto') ? a.mensagem : null;

  const confirmar = () => {
    if (p.ocupado) return;
    if (a.situacao === 'vazio') p.aoConfirmar(null);
    else if (a.situacao === 'valido') p.aoConfirmar(a.documento);
    else {
      setTentou(true);
      entrada.current?.focus();
    }
  };

  return (
    <Modal
      open={p.aberto}
      title={p.titulo ?? 'CPF/CNPJ na nota'}
      // Above the payment dialog it may be opened from.
      zIndex={1100}
      // No close button: the field is the first focusable element, so the focus lock brings a stolen focus
      // (the payment finishing its opening under this dialog) back to it. Esc and 'Cancelar (Esc)' close.
      closable={false}
      onCancel={p.aoFechar}
      destroyOnHidden
      afterOpenChange={(aberto) => aberto && entrada.current?.focus({ cursor: 'end' })}
      footer={
        <Flex justify="space-between" gap={8}>
          <Button
            size="large"
            disabled={p.ocupado}
            onClick={() => p.aoConfirmar(null)}
            data-testid="cpf-nota-sem"
          >
            Sem CPF na nota
          </Button>
          <Flex gap={8}>
            <Button size="large" onClick={p.aoFechar}>
              Cancelar (Esc)
            </Button>
            <Button
              size="large"
              type="primary"
              loading={p.ocupado}
              disabled={a.situacao === 'invalido'}
              onClick={confirmar}
              data-testid="cpf-nota-confirmar"
            >
              {p.textoConfirmar ?? 'Confirmar (Enter)'}
            </Button>
          </Flex>
        </Flex>
      }
    >
      <div data-testid="cpf-nota-dialog">
        <Input
          ref={entrada}
          size="large"
          autoFocus
          autoComplete="off"
          spellCheck={false}
          aria-label="CPF ou CNPJ do consumidor"
          aria-invalid={mensagem !== null}
          aria-describedby="cpf-nota-situacao"
          placeholder="000.000.000-00 ou 00.000.000/0000-00"
          status={mensagem ? 'error' : undefined}
          value={a.exibicao}
          onChange={(e) => {
            setTexto(e.target.value);
            setTentou(false);
          }}
          onPressEnter={(e) => {
            // No keypress after it: the focus may already be on the dialog below (its close button).
            e.preventDefault();
            confirmar();
          }}
          style={{ fontSize: 24, letterSpacing: 1 }}
        />
        <div id="cpf-nota-situacao" style={{ minHeight: 24, marginTop: 8 }}>
          {mensagem ? (
            <Typography.Text type="danger" role="alert" data-testid="cpf-nota-mensagem" strong>
              {mensagem}
            </Typography.Text>
          ) : a.situacao === 'valido' ? (
            <Typography.Text type="success" data-testid="cpf-nota-valido" strong>
              {a.tipo} válido
            </Typography.Text>
          ) : (
            <Typography.Text type="secondary">
              CPF: 11 dígitos · CNPJ: 14 caracteres (letras e números). Vazio: nota sem CPF.
            </Typography.Text>
          )}
        </div>
      </div>
    </Modal>
  );
}
