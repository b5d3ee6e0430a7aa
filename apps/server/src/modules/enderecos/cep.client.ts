import { removerMascaraCep } from '@retaguarda/domain';
import { ErroNegocio } from '../../lib/envelope.ts';

export interface EnderecoCep {
  cep: string;
  logradouro: string;
  complemento: string;
  bairro: string;
  localidade: string;
  uf: string;
  ibge: string;
}

// Postal-code lookup against a ViaCEP-style JSON service (GET {base}/{cep}/json/). The address of the
// service is a setting (CEP_URL); answers are cached, since addresses of a CEP practically never change.
export class ClienteCep {
  private readonly cache = new Map<string, EnderecoCep>();

  constructor(
    private readonly base: string,
    private readonly timeoutMs = 5000,
  ) {}

  async buscar(entrada: string): Promise<EnderecoCep> {
    const cep = removerMascaraCep(String(entrada ?? ''));
    if (!/^\d{8}$/.test(cep)) throw new ErroNegocio('CEP inválido!');
    const emCache = this.cache.get(cep);
    if (emCache) return emCache;
    let resposta: Response;
    try {
      resposta = await fetch(`${this.base.replace(/\/$/, '')}/${cep}/json/`, {
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch {
      throw new ErroNegocio('Falha de comunicação! Verifique sua internet.');
    }
    if (resposta.status === 400) throw new ErroNegocio('CEP inválido!');
    if (!resposta.ok)
      throw new ErroNegocio(`Falha ao consultar o CEP: ${resposta.status} ${resposta.statusText}`);
    const corpo = (await resposta.json()) as Partial<EnderecoCep> & { erro?: unknown };
    if (corpo.erro) throw new ErroNegocio('CEP não localizado!');
    const endereco: EnderecoCep = {
      cep: corpo.cep ?? `${cep.slice(0, 5)}-${cep.slice(5)}`,
      logradouro: corpo.logradouro ?? '',
      complemento: corpo.complemento ?? '',
      bairro: corpo.bairro ?? '',
      localidade: corpo.localidade ?? '',
      uf: corpo.uf ?? '',
      ibge: corpo.ibge ?? '',
    };
    if (this.cache.size > 20_000) this.cache.clear();
    this.cache.set(cep, endereco);
    return endereco;
  }
}
