import { formatarMoeda } from '@retaguarda/domain';
import { Button, Flex, InputNumber, Modal, Typography } from 'antd';
import { useEffect, useState } from 'react';
import type { ProdutoFrenteLoja } from './dados-referencia.ts';

// Pizza builder (spec 1 section 5 "Pizza"): flavours of the same family, parts up to the family maximum
// (maximoFracao); the price (highest fraction or weighted average) comes from the engine.

export interface ParteEscolhida {
  produto: ProdutoFrenteLoja;
  quantidadeParte: number;
}

export function PizzaDialog({
  base,
  sabores,
  aoConfirmar,
  aoFechar,
}: {
  base: ProdutoFrenteLoja | null;
  sabores: readonly ProdutoFrenteLoja[];
  aoConfirmar: (partes: ParteEscolhida[], quantidade: string) => void;
  aoFechar: () => void;
}) {
  const maximo = base?.maximoFracao ?? 1;
  const [partes, setPartes] = useState<ParteEscolhida[]>([]);
  const [quantidade, setQuantidade] = useState<number | null>(1);
  useEffect(() => {
    setPartes(base ? [{ produto: base, quantidadeParte: 1 }] : []);
    setQuantidade(1);
  }, [base]);
  const usadas = partes.reduce((s, p) => s + p.quantidadeParte, 0);

  const alternar = (p: ProdutoFrenteLoja) => {
    setPartes((atuais) => {
      const existe = atuais.find((x) => x.produto._id === p._id);
      if (existe) return atuais.filter((x) => x.produto._id !== p._id);
      return [...atuais, { produto: p, quantidadeParte: 1 }];
    });
  };

  return (
    <Modal
      open={base !== null}
      title={`Montar pizza (até ${maximo} ${maximo > 1 ? 'partes' : 'parte'})`}
      okText="Lançar pizza"
      cancelText="Cancelar"
      onOk={() => aoConfirmar(partes, String(quantidade ?? 1))}
      onCancel={aoFechar}
      okButtonProps={{ disabled: partes.length === 0, size: 'large' }}
      cancelButtonProps={{ size: 'large' }}
      width={720}
      destroyOnHidden
    >
      <Typography.Paragraph type={usadas > maximo ? 'danger' : 'secondary'} data-testid="pizza-partes">
        Partes: {usadas} de {maximo}
      </Typography.Paragraph>
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 8 }}>
        {sabores.map((s) => {
          const escolhida = partes.find((x) => x.produto._id === s._id);
          return (
            <Button
              key={s._id}
              size="large"
              type={escolhida ? 'primary' : 'default'}
              aria-pressed={escolhida !== undefined}
              disabled={!escolhida && usadas >= maximo}
              onClick={() => alternar(s)}
              style={{ minHeight: 56, whiteSpace: 'normal', lineHeight: 1.1 }}
            >
              {s.descricao}
              <br />
              <small>{formatarMoeda(s.preco)}</small>
            </Button>
          );
        })}
      </div>
      <Flex gap={8} align="center" style={{ marginTop: 16 }}>
        <Typography.Text>Quantidade</Typography.Text>
        <InputNumber
          aria-label="Quantidade de pizzas"
          min={1}
          precision={0}
          value={quantidade}
          onChange={setQuantidade}
        />
      </Flex>
    </Modal>
  );
}
