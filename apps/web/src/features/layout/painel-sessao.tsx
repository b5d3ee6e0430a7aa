import { useQuery } from '@tanstack/react-query';
import { Descriptions, Drawer } from 'antd';
import dayjs from 'dayjs';
import { chaves } from '../../lib/api/chaves.ts';
import { api } from '../../lib/api/cliente.ts';
import { alternarDrawerDireito, useSessao } from '../../lib/session/sessao.ts';
import type { StatusSocket } from '../../lib/socket/socket-cliente.ts';
import { BUILD_ID } from '../atualizacao/versao.ts';
import { ROTULO_STATUS_SOCKET } from './status-socket.ts';

/** Right drawer: who and where the session is, and the server clock (GET getDataHoraServidor, 15 s). */
export function PainelSessao({ statusSocket }: { statusSocket: StatusSocket }) {
  const aberto = useSessao((s) => s.drawerDireito);
  const usuario = useSessao((s) => s.usuario);
  const grupo = useSessao((s) => s.grupoEmpresarial);
  const empresa = useSessao((s) => s.empresa);
  const dataHora = useQuery({
    queryKey: chaves.dataHoraServidor(),
    queryFn: () =>
      api.get<{ dataHora: string }>('getDataHoraServidor', {
        timeoutMs: 15_000,
        acao: 'ao obter a data do servidor',
      }),
    enabled: aberto,
    staleTime: 0,
  });
  return (
    <Drawer
      title="Sessão"
      placement="right"
      open={aberto}
      onClose={() => alternarDrawerDireito(false)}
      size={340}
    >
      <Descriptions column={1} size="small" layout="vertical">
        <Descriptions.Item label="Usuário">
          {usuario?.usuario.nome} ({usuario?.usuario.codigoInterno})
        </Descriptions.Item>
        <Descriptions.Item label="Grupo Empresarial">{grupo?.descricao}</Descriptions.Item>
        <Descriptions.Item label="Empresa">{empresa?.descricao || empresa?.nomeFantasia}</Descriptions.Item>
        <Descriptions.Item label="Nome fantasia">{empresa?.nomeFantasia ?? '-'}</Descriptions.Item>
        <Descriptions.Item label="CNPJ">{empresa?.cnpj ?? '-'}</Descriptions.Item>
        <Descriptions.Item label="Tempo real">{ROTULO_STATUS_SOCKET[statusSocket].texto}</Descriptions.Item>
        <Descriptions.Item label="Data/hora do servidor">
          {dataHora.data ? dayjs(dataHora.data.dataHora).format('DD/MM/YYYY HH:mm:ss') : '-'}
        </Descriptions.Item>
        <Descriptions.Item label="Versão">{BUILD_ID}</Descriptions.Item>
      </Descriptions>
    </Drawer>
  );
}
