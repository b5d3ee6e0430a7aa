import http from 'node:http';
import type { AddressInfo } from 'node:net';

// A local stand-in for the ViaCEP service (GET /ws/{cep}/json/), which cannot be reached from the test and
// demo machines. Same URL shape and answers: the address, or `{ "erro": true }` for an unknown code, and
// HTTP 400 for a malformed one.

export interface EnderecoCep {
  cep: string;
  logradouro: string;
  complemento: string;
  bairro: string;
  localidade: string;
  uf: string;
  ibge: string;
}

export const CEPS_DEMO: readonly EnderecoCep[] = [
  {
    cep: '80020-000',
    logradouro: 'Rua XV de Novembro',
    complemento: '',
    bairro: 'Centro',
    localidade: 'Curitiba',
    uf: 'PR',
    ibge: '4106902',
  },
  {
    cep: '80060-000',
    logradouro: 'Rua Marechal Deodoro',
    complemento: '',
    bairro: 'Centro',
    localidade: 'Curitiba',
    uf: 'PR',
    ibge: '4106902',
  },
  {
    cep: '80250-104',
    logradouro: 'Avenida Sete de Setembro',
    complemento: 'de 2501 a 3299 - lado ímpar',
    bairro: 'Rebouças',
    localidade: 'Curitiba',
    uf: 'PR',
    ibge: '4106902',
  },
  {
    cep: '80420-090',
    logradouro: 'Avenida do Batel',
    complemento: '',
    bairro: 'Batel',
    localidade: 'Curitiba',
    uf: 'PR',
    ibge: '4106902',
  },
  {
    cep: '80410-000',
    logradouro: 'Rua das Flores',
    complemento: '',
    bairro: 'Centro',
    localidade: 'Curitiba',
    uf: 'PR',
    ibge: '4106902',
  },
  {
    cep: '81200-000',
    logradouro: 'Rua Professor Pedro Viriato Parigot de Souza',
    complemento: '',
    bairro: 'Mossunguê',
    localidade: 'Curitiba',
    uf: 'PR',
    ibge: '4106902',
  },
  {
    cep: '01310-100',
    logradouro: 'Avenida Paulista',
    complemento: 'de 612 a 1510 - lado par',
    bairro: 'Bela Vista',
    localidade: 'São Paulo',
    uf: 'SP',
    ibge: '3550308',
  },
];

export async function iniciarSimuladorCep(opcoes: { porta?: number; atrasoMs?: number } = {}) {
  const porCep = new Map(CEPS_DEMO.map((e) => [e.cep.replace('-', ''), e]));
  let fora = false;
  const servidor = http.createServer((req, res) => {
    const m = /^\/ws\/([^/]*)\/json\/?$/.exec(req.url ?? '');
    const responder = (status: number, corpo: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify(corpo));
    };
    if (fora) {
      req.socket.destroy();
      return;
    }
    setTimeout(() => {
      if (!m || !/^\d{8}$/.test(m[1] ?? '')) return responder(400, { erro: 'Bad Request' });
      const e = porCep.get(m[1]!);
      responder(200, e ?? { erro: true });
    }, opcoes.atrasoMs ?? 0);
  });
  await new Promise<void>((resolve) => servidor.listen(opcoes.porta ?? 0, '127.0.0.1', resolve));
  const { port } = servidor.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/ws`,
    /** Makes the service drop every connection (a network cut). */
    derrubar(valor: boolean) {
      fora = valor;
    },
    fechar: () => new Promise<void>((resolve) => servidor.close(() => resolve())),
  };
}
