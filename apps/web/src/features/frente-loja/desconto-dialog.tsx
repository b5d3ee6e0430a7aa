import { Form, InputNumber, Modal, Radio } from 'antd';
import { useEffect, useRef, useState } from 'react';

// Item discount modes of spec 1 section 5 (0 new unit price, 1 unit discount, 2 percent, 3 subtotal
// discount, 4 new subtotal) and general discount modes (0 value, 1 percent).
export const MODOS_DESCONTO_ITEM = [
  { value: 0, label: 'Novo valor unitário' },
  { value: 1, label: 'Desconto unitário' },
  { value: 2, label: 'Percentual' },
  { value: 3, label: 'Desconto no subtotal' },
  { value: 4, label: 'Novo subtotal' },
] as const;
export const MODOS_DESCONTO_GERAL = [
  { value: 0, label: 'Valor (R$)' },
  { value: 1, label: 'Percentual (%)' },
] as const;

export function DescontoDialog({
  aberto,
  titulo,
  modos,
  aoConfirmar,
  aoFechar,
}: {
  aberto: boolean;
  titulo: string;
  modos: readonly { value: number; label: string }[];
  aoConfirmar: (modo: number, valor: string) => void;
  aoFechar: () => void;
}) {
  const [modo, setModo] = useState<number>(modos[0]?.value ?? 0);
  const [valor, setValor] = useState<number | null>(null);
  const campo = useRef<{ focus: () => void }>(null);
  // Enter in the value applies, as the 'Aplicar' button (the keyboard-only till).
  const aplicar = () => valor !== null && valor > 0 && aoConfirmar(modo, String(valor));
  useEffect(() => {
    if (aberto) {
      setValor(null);
      setModo(modos[0]?.value ?? 0);
    }
  }, [aberto, modos]);
  return (
    <Modal
      open={aberto}
      title={titulo}
      okText="Aplicar"
      cancelText="Cancelar"
      onCancel={aoFechar}
      okButtonProps={{ disabled: valor === null || valor <= 0, size: 'large' }}
      cancelButtonProps={{ size: 'large' }}
      onOk={aplicar}
      destroyOnHidden
      afterOpenChange={(visivel) =>
        visivel && document.activeElement?.id !== 'desconto-valor' && campo.current?.focus()
      }
      // The release opens right after: focus handed back to the sale on close would leave its login field
      // mid-typing (Tab then lands back in the login).
      focusable={{ focusTriggerAfterClose: false }}
    >
      <Form layout="vertical">
        <Form.Item label="Modo">
          <Radio.Group
            optionType="button"
            buttonStyle="solid"
            size="large"
            value={modo}
            onChange={(e) => setModo(e.target.value as number)}
            options={modos.map((m) => ({ value: m.value, label: m.label }))}
          />
        </Form.Item>
        <Form.Item label="Valor do desconto" htmlFor="desconto-valor">
          <InputNumber
            id="desconto-valor"
            ref={campo as never}
            size="large"
            autoFocus
            onPressEnter={aplicar}
            min={0}
            precision={2}
            decimalSeparator=","
            value={valor}
            onChange={setValor}
            style={{ width: '100%' }}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
