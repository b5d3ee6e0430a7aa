import { formatarMoeda } from '@retaguarda/domain';
import { Button, Empty, Modal, Tag } from 'antd';
import type { ProdutoFrenteLoja } from '../frente-loja/dados-referencia.ts';

// Additions of a line (products of type Adicional / Complemento Consumo of the store): one tap adds one,
// the same tap again adds another; the count of each shows on its button. Closed with Enter or Esc.

export function AdicionaisDialog({
  linha,
  adicionais,
  quantidades,
  aoAdicionar,
  aoFechar,
}: {
  /** Description of the line the additions go with; null closes the dialog. */
  linha: string | null;
  adicionais: readonly ProdutoFrenteLoja[];
  quantidades: ReadonlyMap<string, number>;
  aoAdicionar: (p: ProdutoFrenteLoja) => void;
  aoFechar: () => void;
}) {
  return (
    <Modal
      open={linha !== null}
      title={`Adicionais: ${linha ?? ''}`}
      okText="Concluir"
      onOk={aoFechar}
      onCancel={aoFechar}
      cancelButtonProps={{ style: { display: 'none' } }}
      okButtonProps={{ size: 'large' }}
      width={640}
      destroyOnHidden
    >
      {adicionais.length === 0 ? (
        <Empty description="Esta loja não tem adicionais cadastrados." />
      ) : (
        <div
          style={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 8 }}
          data-testid="adicionais"
        >
          {adicionais.map((a) => {
            const n = quantidades.get(a._id) ?? 0;
            return (
              <Button
                key={a._id}
                size="large"
                type={n > 0 ? 'primary' : 'default'}
                ghost={n > 0}
                onClick={() => aoAdicionar(a)}
                style={{ minHeight: 56, height: 'auto', whiteSpace: 'normal', lineHeight: 1.2 }}
              >
                <span>
                  {a.descricao}
                  <br />
                  <small>{formatarMoeda(a.preco)}</small>
                  {n > 0 && (
                    <Tag color="blue" style={{ marginInlineStart: 6 }}>
                      ×{n}
                    </Tag>
                  )}
                </span>
              </Button>
            );
          })}
        </div>
      )}
    </Modal>
  );
}
