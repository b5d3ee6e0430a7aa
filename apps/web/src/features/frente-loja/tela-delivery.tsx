import { CLIENTE_PADRAO, formatarMoeda, TIPO_VENDA } from '@retaguarda/domain';
import { Alert, Button, Card, Descriptions, Flex, Spin, Tag, Typography } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { BuscaCliente, descricaoPessoa, type Pessoa, paraClienteVenda } from './cliente-busca.tsx';
import type { DadosFrenteLoja, ProdutoFrenteLoja } from './dados-referencia.ts';
import { EnderecoClienteDialog } from './endereco-cliente-dialog.tsx';
import { formatarDistancia, localizarEntrega, type ResultadoEntrega, taxaDaEntrega } from './entrega-loja.ts';
import type { IndiceProdutos } from './indice-produtos.ts';
import { TelaVenda } from './tela-venda.tsx';
import type { AmbienteVenda } from './venda-local.ts';

// Delivery (55): find the customer by the spec's classification (CPF, CNPJ, phone, rg, e-mail, name) or
// register one quickly (defaults PR, Brasil, DDD 41) with the address from the CEP lookup. The address is then
// geocoded and must lie in this store's service area (entrega-loja.ts, with the spec's messages); the fee comes
// from the domain engine with the road distance, and the server measures again when the sale is created.
// A refused address offers only fixing it or another customer; a maps service out of reach lets the
// operator go on without the distance (fee by neighbourhood, else the default).

type Localizacao = { estado: 'localizando' } | ResultadoEntrega | { situacao: 'semLocalizar' };

export function TelaDelivery({
  dados,
  indice,
  amb,
  registrarRecarga,
}: {
  dados: DadosFrenteLoja;
  indice: IndiceProdutos<ProdutoFrenteLoja>;
  amb: AmbienteVenda;
  registrarRecarga: (fn: (() => void) | null) => void;
}) {
  const [cliente, setCliente] = useState<Pessoa | null>(null);
  const [entrega, setEntrega] = useState<Localizacao>({ estado: 'localizando' });
  const [vendendo, setVendendo] = useState(false);
  const [editando, setEditando] = useState(false);
  const [contador, setContador] = useState(0);

  const pedido = useRef(0);
  const localizar = useCallback(
    async (p: Pessoa) => {
      // Only the answer for the customer on screen counts (a slow one for the previous is dropped).
      const n = ++pedido.current;
      setEntrega({ estado: 'localizando' });
      const r = await localizarEntrega(p, dados.empresa, dados.configuracao);
      if (n === pedido.current) setEntrega(r);
    },
    [dados.empresa, dados.configuracao],
  );

  useEffect(() => {
    if (cliente) void localizar(cliente);
  }, [cliente, localizar]);

  const trocarCliente = () => {
    pedido.current++;
    setCliente(null);
    setVendendo(false);
    setContador((n) => n + 1);
  };

  if (cliente && vendendo && 'situacao' in entrega && entrega.situacao !== 'recusada') {
    const distancia =
      entrega.situacao === 'atendida' && entrega.distanciaMetros !== null
        ? entrega.distanciaMetros
        : undefined;
    return (
      <TelaVenda
        key={`${cliente._id}-${contador}`}
        dados={dados}
        indice={indice}
        amb={amb}
        tipoVenda={TIPO_VENDA.delivery}
        clienteLocal={paraClienteVenda(cliente)}
        criacao={{
          cliente: cliente._id,
          vendaDescricao: cliente.nome,
          ...(distancia === undefined ? {} : { distanciaEntregaMetros: distancia }),
        }}
        titulo={`Delivery · ${cliente.nome}`}
        offline={false}
        aoOffline={() => undefined}
        aoTerminar={trocarCliente}
        registrarRecarga={registrarRecarga}
      />
    );
  }

  if (cliente) {
    return (
      <Card
        title={`Delivery · ${cliente.nome}`}
        data-testid="tela-delivery-entrega"
        extra={<Typography.Text type="secondary">{dados.empresa.descricao}</Typography.Text>}
      >
        <Descriptions size="small" column={1} bordered>
          <Descriptions.Item label="Cliente">{cliente.nome}</Descriptions.Item>
          <Descriptions.Item label="Endereço cadastrado">
            {descricaoPessoa(cliente) || 'Sem endereço cadastrado'}
            {cliente.endereco?.cidade ? ` · ${cliente.endereco.cidade}/${cliente.endereco.uf ?? ''}` : ''}
          </Descriptions.Item>
          {'situacao' in entrega && entrega.situacao === 'atendida' && (
            <>
              <Descriptions.Item label="Endereço no mapa">
                <span data-testid="endereco-mapa">{entrega.enderecoFormatado}</span>
              </Descriptions.Item>
              <Descriptions.Item label="Área de atendimento">
                {entrega.area ? (
                  <Tag color="success" data-testid="area-entrega">
                    {entrega.area.descricao || dados.empresa.descricao}
                  </Tag>
                ) : (
                  <Typography.Text type="secondary">
                    A loja não tem áreas de atendimento cadastradas
                  </Typography.Text>
                )}
              </Descriptions.Item>
              <Descriptions.Item label="Distância">
                <span data-testid="distancia-entrega">
                  {entrega.distanciaMetros === null
                    ? 'Loja sem localização: taxa pelo bairro'
                    : `${formatarDistancia(entrega.distanciaMetros)} ${entrega.porRota ? 'pela rota' : 'em linha reta'}`}
                </span>
              </Descriptions.Item>
              <Descriptions.Item label="Taxa de entrega">
                <Typography.Text strong data-testid="taxa-entrega-previa">
                  {formatarMoeda(entrega.taxaEntrega)}
                </Typography.Text>
              </Descriptions.Item>
            </>
          )}
          {'situacao' in entrega && entrega.situacao === 'semLocalizar' && (
            <Descriptions.Item label="Taxa de entrega">
              <Typography.Text strong data-testid="taxa-entrega-previa">
                {formatarMoeda(taxaDaEntrega(cliente, null, dados.configuracao))}
              </Typography.Text>{' '}
              <Typography.Text type="secondary">(sem localizar: pelo bairro, ou a padrão)</Typography.Text>
            </Descriptions.Item>
          )}
        </Descriptions>

        {'estado' in entrega && (
          <Flex gap={8} align="center" style={{ marginTop: 16 }} data-testid="localizando-endereco">
            <Spin size="small" />
            <Typography.Text type="secondary">Localizando o endereço no mapa...</Typography.Text>
          </Flex>
        )}
        {'situacao' in entrega && entrega.situacao === 'recusada' && (
          <Alert
            style={{ marginTop: 16 }}
            type="error"
            showIcon
            data-testid="entrega-recusada"
            title={entrega.mensagem}
            description={
              entrega.foraDaArea
                ? `A ${dados.empresa.descricao} não entrega em ${entrega.enderecoFormatado ?? 'este endereço'}. Corrija o endereço ou escolha outro cliente.`
                : 'Corrija o endereço do cliente ou escolha outro cliente.'
            }
          />
        )}
        {'situacao' in entrega && entrega.situacao === 'semComunicacao' && (
          <Alert
            style={{ marginTop: 16 }}
            type="warning"
            showIcon
            data-testid="entrega-sem-comunicacao"
            title={entrega.mensagem}
            description="O mapa não respondeu: tente de novo, ou siga sem a distância (taxa pelo bairro, ou a padrão)."
          />
        )}

        <Flex gap={8} wrap style={{ marginTop: 16 }}>
          {'situacao' in entrega &&
            (entrega.situacao === 'atendida' || entrega.situacao === 'semLocalizar') && (
              <Button size="large" type="primary" autoFocus onClick={() => setVendendo(true)}>
                Iniciar venda
              </Button>
            )}
          {'situacao' in entrega && entrega.situacao === 'semComunicacao' && (
            <>
              <Button size="large" type="primary" onClick={() => void localizar(cliente)}>
                Tentar novamente
              </Button>
              <Button size="large" onClick={() => setEntrega({ situacao: 'semLocalizar' })}>
                Seguir sem localizar
              </Button>
            </>
          )}
          <Button size="large" onClick={() => setEditando(true)}>
            Editar endereço
          </Button>
          <Button size="large" onClick={trocarCliente}>
            Trocar cliente
          </Button>
        </Flex>
        <EnderecoClienteDialog
          cliente={editando ? cliente : null}
          aoFechar={() => setEditando(false)}
          aoSalvar={(p) => {
            setEditando(false);
            setCliente(p);
          }}
        />
      </Card>
    );
  }

  return (
    <Card title="Delivery: cliente" data-testid="tela-delivery">
      <BuscaCliente key={contador} aoEscolher={setCliente} />
      <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
        Sem cliente escolhido a venda é do {CLIENTE_PADRAO.nome} e não tem taxa de entrega. O endereço do
        cliente é localizado no mapa e precisa estar na área de atendimento da loja.
      </Typography.Paragraph>
    </Card>
  );
}
