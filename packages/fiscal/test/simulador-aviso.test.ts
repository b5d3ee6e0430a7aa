// Issue 15 point 3: what the local simulator authorises is printed as the simulator's, never as SEFAZ's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AVISO_SIMULADOR, danfeComoTexto, montarDanfeNfce } from '../src/danfe/danfe.ts';
import { gerarNfce } from '../src/nfce/assinar.ts';
import { iniciarSimuladorSefaz, type SimuladorSefaz } from '../src/simulador/servidor.ts';
import { ClienteSefaz } from '../src/soap/cliente.ts';
import { transmitirNfce } from '../src/transmitir.ts';
import { dadosAgora, gerarCertificadoTeste } from './apoio.ts';

const { certificado: cert } = gerarCertificadoTeste();
let sim: SimuladorSefaz;
let cliente: ClienteSefaz;

beforeAll(async () => {
  sim = await iniciarSimuladorSefaz();
  cliente = new ClienteSefaz({
    uf: 'SP',
    tpAmb: 2,
    certificado: cert,
    urlBase: sim.url,
    ca: sim.certificadoPem,
  });
});
afterAll(async () => {
  cliente.fechar();
  await sim.fechar();
});

describe('DANFE de nota autorizada pelo simulador', () => {
  it('diz que a autorização é do simulador local; um protocolo de SEFAZ não leva o aviso', async () => {
    const n = gerarNfce(dadosAgora({ nNF: 9001 }), cert);
    const r = await transmitirNfce(n, cliente);
    if (r.situacao !== 'autorizada') throw new Error(JSON.stringify(r));
    const verAplic = /<verAplic>([^<]+)<\/verAplic>/.exec(r.xmlProc)?.[1];
    expect(verAplic).toMatch(/^SIMULADOR/);
    const simulada = danfeComoTexto(
      montarDanfeNfce({ nota: n, protocolo: { nProt: r.nProt, dhRecbto: r.dhRecbto, verAplic } }),
    );
    expect(simulada).toContain('AUTORIZADA PELO SIMULADOR LOCAL DA SEFAZ -');
    expect(simulada).toContain('SEM VALOR FISCAL');
    const sefaz = danfeComoTexto(
      montarDanfeNfce({
        nota: n,
        protocolo: { nProt: r.nProt, dhRecbto: r.dhRecbto, verAplic: 'SP_NFCE_PL_009_V400' },
      }),
    );
    expect(sefaz).not.toContain(AVISO_SIMULADOR.slice(0, 20));
  });
});
