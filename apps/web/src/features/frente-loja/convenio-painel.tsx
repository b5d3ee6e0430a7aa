import { formatarMoeda } from '@retaguarda/domain';
import { Alert, Button, Descriptions, Flex, Input, List, Spin, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { buscarClientes, type Pessoa } from './cliente-busca.tsx';
import { vendaApi } from './venda-api.ts';

// Convênio (credit account) on the payment screen: the customer of the sale or one picked here, and their
// balance in this store from getSaldoConvenio (limit, used, available, blocked). The server checks the
// limit again when the payment is launched.

export interface SaldoConvenio {
  empresa?: string;
  bloqueado?: boolean;
  limite?: string;
  utilizado?: string;
  saldo?: string;
}

export function ConvenioPainel({
  empresa,
  cliente,
  aoEscolherCliente,
}: {
  empresa: string;
  cliente: { _id: string; nome: string } | null;
  aoEscolherCliente: (c: { _id: string; nome: string } | null) => void;
}) {
  const [saldo, setSaldo] = useState<SaldoConvenio | null | 'sem'>(null);
  const [carregando, setCarregando] = useState(false);
  const [busca, setBusca] = useState('');
  const [achados, setAchados] = useState<Pessoa[] | null>(null);

  useEffect(() => {
    setSaldo(null);
    if (!cliente) return;
    let vivo = true;
    setCarregando(true);
    vendaApi
      .saldoConvenio(empresa, cliente._id)
      .then((lista) => {
        if (!vivo) return;
        const daLoja = (lista as SaldoConvenio[]).find((x) => !x.empresa || x.empresa === empresa);
        setSaldo(daLoja ?? 'sem');
      })
      .catch(() => vivo && setSaldo('sem'))
      .finally(() => vivo && setCarregando(false));
    return () => {
      vivo = false;
    };
  }, [empresa, cliente]);

  const buscar = async () => {
    if (!busca.trim()) return;
    try {
      setAchados(await buscarClientes(busca));
    } catch {
      setAchados([]);
    }
  };

  return (
    <div data-testid="painel-convenio" style={{ marginTop: 16 }}>
      {cliente ? (
        <Flex justify="space-between" align="center">
          <Typography.Text>
            Cliente do convênio: <Typography.Text strong>{cliente.nome}</Typography.Text>
          </Typography.Text>
          <Button onClick={() => aoEscolherCliente(null)}>Trocar cliente</Button>
        </Flex>
      ) : (
        <>
          <Typography.Text type="secondary">
            Convênio exige um cliente: busque pelo nome, CPF ou telefone.
          </Typography.Text>
          <Flex gap={8} style={{ marginTop: 8 }}>
            <Input
              size="large"
              aria-label="Cliente do convênio"
              placeholder="CPF, telefone ou nome"
              value={busca}
              onChange={(e) => setBusca(e.target.value)}
              onPressEnter={() => void buscar()}
            />
            <Button size="large" onClick={() => void buscar()}>
              Buscar
            </Button>
          </Flex>
          {achados && (
            <List
              size="small"
              style={{ maxHeight: 180, overflowY: 'auto', marginTop: 4 }}
              dataSource={achados}
              locale={{ emptyText: 'Nenhum cliente encontrado.' }}
              renderItem={(p) => (
                <List.Item
                  actions={[
                    <Button
                      key="u"
                      type="primary"
                      onClick={() => aoEscolherCliente({ _id: p._id, nome: p.nome })}
                    >
                      Usar
                    </Button>,
                  ]}
                >
                  {p.nome}
                </List.Item>
              )}
            />
          )}
        </>
      )}
      {carregando && <Spin style={{ marginTop: 8 }} />}
      {cliente && saldo === 'sem' && (
        <Alert style={{ marginTop: 8 }} type="warning" showIcon title="Cliente não permite Convênio" />
      )}
      {cliente && saldo && saldo !== 'sem' && (
        <Descriptions size="small" column={1} bordered style={{ marginTop: 8 }} data-testid="saldo-convenio">
          <Descriptions.Item label="Limite">{formatarMoeda(saldo.limite ?? '0')}</Descriptions.Item>
          <Descriptions.Item label="Utilizado">{formatarMoeda(saldo.utilizado ?? '0')}</Descriptions.Item>
          <Descriptions.Item label="Disponível">
            <Typography.Text strong data-testid="convenio-disponivel">
              {formatarMoeda(saldo.saldo ?? '0')}
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label="Situação">
            {saldo.bloqueado ? <Tag color="error">Bloqueado</Tag> : <Tag color="success">Liberado</Tag>}
          </Descriptions.Item>
        </Descriptions>
      )}
    </div>
  );
}
