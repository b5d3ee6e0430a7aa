import { AppstoreOutlined } from '@ant-design/icons';
import { Button, Dropdown, Flex } from 'antd';

// Entry points of the kitchen and dispatch screens from the Frente Loja, offered by the bound terminal's
// functions (terminal.funcoes, spec 2 "Terminal functions"): a menu in the POS header and, on a terminal
// with no sale function (a kitchen TV, the dispatch desk), large buttons in place of the sale screens.

export const TELAS_OPERACAO = [
  { funcao: 'kds', rota: 'kds', titulo: 'KDS (cozinha)' },
  { funcao: 'expedicao', rota: 'expedicao', titulo: 'Expedição' },
  { funcao: 'saidaMotoboy', rota: 'saidaMotoboy', titulo: 'Saída de Motoboy' },
  { funcao: 'portaria', rota: 'portaria', titulo: 'Portaria' },
] as const;

export function telasDoTerminal(funcoes: readonly string[]) {
  return TELAS_OPERACAO.filter((t) => funcoes.includes(t.funcao));
}

/** Menu button of the POS header; nothing when the terminal has none of these functions. */
export function AtalhosOperacao({ funcoes, grande }: { funcoes: readonly string[]; grande?: boolean }) {
  const telas = telasDoTerminal(funcoes);
  if (telas.length === 0) return null;
  if (grande) {
    return (
      <Flex gap={12} wrap justify="center" data-testid="atalhos-operacao-grandes">
        {telas.map((t) => (
          <Button key={t.rota} size="large" type="primary" href={`#/frenteLoja/${t.rota}`}>
            {t.titulo}
          </Button>
        ))}
      </Flex>
    );
  }
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: telas.map((t) => ({ key: t.rota, label: <a href={`#/frenteLoja/${t.rota}`}>{t.titulo}</a> })),
      }}
    >
      <Button icon={<AppstoreOutlined />} data-testid="atalhos-operacao">
        Operação
      </Button>
    </Dropdown>
  );
}
