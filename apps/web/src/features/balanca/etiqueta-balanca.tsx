import {
  type ConfiguracaoCodigoBalanca,
  configuracaoCodigoBalancaSchema,
  exemploCodigoBalanca,
} from '@retaguarda/domain';
import { permissoesDoRecurso } from '@retaguarda/domain/catalogos/permissoes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, InputNumber, Select, Space, Switch, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { notificar } from '../../lib/notify/notificar.ts';
import { useTemPermissao } from '../auth/empresas-usuario.tsx';
import { configuracaoCodigoBalancaQuery, salvarConfiguracaoCodigoBalanca } from './api.ts';

// How the store's POS reads the label the scale prints (EAN-13 starting with 2): the lengths and the kind of
// value must match what the scale was set to print, so the screen shows the label's layout and an example.

const TIPOS_VALOR = [
  { value: 'peso', label: 'Peso (kg)' },
  { value: 'preco', label: 'Preço total (R$)' },
] as const;

/** '2 CCCCC 0 PPPPP D': the label's digits, as the scale's manual draws them. */
function desenhoEtiqueta(c: ConfiguracaoCodigoBalanca): string {
  const ignorados = 11 - c.tamanhoCodigo - c.tamanhoValor;
  const valor = c.tipoValor === 'peso' ? 'P' : 'V';
  return ['2', 'C'.repeat(c.tamanhoCodigo), '0'.repeat(ignorados), valor.repeat(c.tamanhoValor), 'D']
    .filter(Boolean)
    .join(' ');
}

export function EtiquetaBalanca({ empresa }: { empresa: string }) {
  const cliente = useQueryClient();
  const podeAlterar = useTemPermissao(empresa, permissoesDoRecurso('balanca').alterar);
  const { data } = useQuery(configuracaoCodigoBalancaQuery(empresa));
  const [config, setConfig] = useState<ConfiguracaoCodigoBalanca | null>(null);
  useEffect(() => setConfig(data?.configuracao ?? null), [data]);

  const salvar = useMutation({
    mutationFn: salvarConfiguracaoCodigoBalanca,
    onSuccess: (resposta) => {
      cliente.setQueryData(configuracaoCodigoBalancaQuery(empresa).queryKey, resposta);
      notificar({ tipo: 'success', mensagem: 'Etiqueta da balança salva: o PDV a lê na próxima carga.' });
    },
  });

  if (!config) return <Card title="Etiqueta da balança no PDV" loading style={{ maxWidth: 760 }} />;
  const validada = configuracaoCodigoBalancaSchema.safeParse(config);
  const erro = validada.success ? null : (validada.error.issues[0]?.message ?? 'Configuração inválida.');
  const mudar = (parte: Partial<ConfiguracaoCodigoBalanca>) => setConfig({ ...config, ...parte });
  const numero = (campo: 'tamanhoCodigo' | 'tamanhoValor' | 'casasDecimais') => (v: number | null) =>
    v !== null && mudar({ [campo]: v });

  return (
    <Card title="Etiqueta da balança no PDV" style={{ maxWidth: 760 }}>
      <Typography.Paragraph type="secondary">
        Como o PDV desta loja lê o código de barras impresso pela balança (EAN-13 começando com 2): deve ser
        igual ao configurado na balança.
      </Typography.Paragraph>
      <Form
        layout="vertical"
        onFinish={() => validada.success && salvar.mutate({ empresa, configuracao: config })}
      >
        <Form.Item label="Ler etiquetas da balança no PDV" htmlFor="etiqueta-habilitado">
          <Switch
            id="etiqueta-habilitado"
            checked={config.habilitado}
            disabled={!podeAlterar}
            onChange={(habilitado) => mudar({ habilitado })}
          />
        </Form.Item>
        <Space wrap size="large" align="start">
          <Form.Item label="Valor na etiqueta" htmlFor="etiqueta-tipo">
            <Select
              id="etiqueta-tipo"
              aria-label="Valor na etiqueta"
              style={{ width: 180 }}
              disabled={!podeAlterar}
              value={config.tipoValor}
              onChange={(tipoValor) => mudar({ tipoValor, casasDecimais: tipoValor === 'peso' ? 3 : 2 })}
              options={[...TIPOS_VALOR]}
            />
          </Form.Item>
          <Form.Item label="Dígitos do código (PLU)" htmlFor="etiqueta-codigo">
            <InputNumber
              id="etiqueta-codigo"
              min={4}
              max={6}
              disabled={!podeAlterar}
              value={config.tamanhoCodigo}
              onChange={numero('tamanhoCodigo')}
            />
          </Form.Item>
          <Form.Item label="Dígitos do valor" htmlFor="etiqueta-valor">
            <InputNumber
              id="etiqueta-valor"
              min={4}
              max={6}
              disabled={!podeAlterar}
              value={config.tamanhoValor}
              onChange={numero('tamanhoValor')}
            />
          </Form.Item>
          <Form.Item label="Casas decimais do valor" htmlFor="etiqueta-casas">
            <InputNumber
              id="etiqueta-casas"
              min={0}
              max={3}
              disabled={!podeAlterar}
              value={config.casasDecimais}
              onChange={numero('casasDecimais')}
            />
          </Form.Item>
        </Space>
        {erro ? (
          <Alert type="error" showIcon title={erro} />
        ) : (
          <Typography.Paragraph data-testid="etiqueta-exemplo">
            Formato: <Typography.Text code>{desenhoEtiqueta(config)}</Typography.Text> · exemplo (PLU 123,{' '}
            {config.tipoValor === 'peso' ? '1 kg' : 'R$ 10,00'}):{' '}
            <Typography.Text code>{exemploCodigoBalanca(config)}</Typography.Text>
          </Typography.Paragraph>
        )}
        {podeAlterar && (
          <Button htmlType="submit" disabled={!!erro} loading={salvar.isPending}>
            Salvar etiqueta
          </Button>
        )}
      </Form>
    </Card>
  );
}
