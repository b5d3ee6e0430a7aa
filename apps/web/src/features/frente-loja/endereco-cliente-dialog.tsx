import { Button, Flex, Form, Input, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { api } from '../../lib/api/cliente.ts';
import { notificar } from '../../lib/notify/notificar.ts';
import { CamposEndereco } from './campos-endereco.tsx';
import { type EnderecoPessoa, type Pessoa, preencherPeloCep } from './cliente-busca.tsx';

// Fixes the customer's registered address from the delivery screen (the geocoder refused it, or the customer
// moved): PUT pessoa/:id with the new address; the location found for the old one is dropped.

export function EnderecoClienteDialog({
  cliente,
  aoFechar,
  aoSalvar,
}: {
  cliente: Pessoa | null;
  aoFechar: () => void;
  aoSalvar: (p: Pessoa) => void;
}) {
  const [form] = Form.useForm();
  const [gravando, setGravando] = useState(false);
  useEffect(() => {
    if (cliente) form.setFieldsValue({ uf: 'PR', ...cliente.endereco });
    else form.resetFields();
  }, [cliente, form]);

  const salvar = async (v: Record<string, string>) => {
    if (!cliente) return;
    setGravando(true);
    try {
      const endereco: EnderecoPessoa & Record<string, unknown> = {
        ...cliente.endereco,
        cep: v.cep ?? '',
        logradouro: v.logradouro ?? '',
        numero: v.numero ?? '',
        complemento: v.complemento ?? '',
        bairro: v.bairro ?? '',
        cidade: v.cidade ?? '',
        uf: v.uf || 'PR',
        pais: cliente.endereco?.pais || 'Brasil',
        localizacao: null,
      };
      await api.put(`pessoa/${cliente._id}`, { endereco }, { acao: 'ao gravar o endereço' });
      notificar({ tipo: 'success', mensagem: `Endereço de ${cliente.nome} atualizado.` });
      aoSalvar({ ...cliente, endereco });
    } catch {
      // toast shown
    } finally {
      setGravando(false);
    }
  };

  return (
    <Modal
      open={cliente !== null}
      title={`Endereço de entrega · ${cliente?.nome ?? ''}`}
      okText="Salvar endereço"
      okButtonProps={{ loading: gravando }}
      onOk={() => form.submit()}
      onCancel={aoFechar}
      width={640}
      forceRender
    >
      <Form form={form} layout="vertical" onFinish={salvar} requiredMark={false}>
        <Flex gap={8} align="end">
          <Form.Item label="CEP" name="cep" style={{ width: 160 }}>
            <Input maxLength={9} onPressEnter={() => void preencherPeloCep(form)} />
          </Form.Item>
          <Form.Item>
            <Button onClick={() => void preencherPeloCep(form)}>Buscar CEP</Button>
          </Form.Item>
        </Flex>
        <CamposEndereco cidadeObrigatoria />
      </Form>
    </Modal>
  );
}
