import { ToolOutlined } from '@ant-design/icons';
import { Result } from 'antd';

/** Honest placeholder for a screen that a later issue builds: no fake data. */
export function EmConstrucaoPage() {
  return (
    <Result
      icon={<ToolOutlined />}
      title="Em construção"
      subTitle="Esta tela ainda não está disponível nesta versão."
      data-testid="em-construcao"
    />
  );
}
