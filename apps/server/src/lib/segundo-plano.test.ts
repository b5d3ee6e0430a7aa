import { describe, expect, it } from 'vitest';
import { FilasPorChave, TrabalhoEmSegundoPlano } from './segundo-plano.ts';

const pausa = (ms: number) => new Promise((ok) => setTimeout(ok, ms));

describe('FilasPorChave', () => {
  it('uma chave roda na ordem pedida, uma de cada vez, mesmo depois de uma falha; chaves diferentes em paralelo', async () => {
    const filas = new FilasPorChave();
    const log: string[] = [];
    const passo =
      (nome: string, ms: number, falhar = false) =>
      async () => {
        log.push(`+${nome}`);
        await pausa(ms);
        log.push(`-${nome}`);
        if (falhar) throw new Error(nome);
        return nome;
      };
    const a1 = filas.enfileirar('a', passo('a1', 20, true));
    const a2 = filas.enfileirar('a', passo('a2', 5));
    const b1 = filas.enfileirar('b', passo('b1', 5));
    await expect(a1).rejects.toThrow('a1');
    expect(await a2).toBe('a2');
    expect(await b1).toBe('b1');
    // a2 starts only after a1 ended (failed); b1 ran while a1 was running.
    expect(log.indexOf('+a2')).toBeGreaterThan(log.indexOf('-a1'));
    expect(log.indexOf('-b1')).toBeLessThan(log.indexOf('-a1'));
    expect(filas.tamanho).toBe(0);
  });

  it('esperar() inclui o que foi enfileirado durante a espera', async () => {
    const filas = new FilasPorChave();
    let feito = false;
    void filas.enfileirar('x', async () => {
      await pausa(5);
      void filas.enfileirar('y', async () => {
        await pausa(10);
        feito = true;
      });
    });
    await filas.esperar();
    expect(feito).toBe(true);
  });
});

describe('TrabalhoEmSegundoPlano', () => {
  it('esperar() aguarda o que foi iniciado, falhas incluídas, e o que começou durante a espera', async () => {
    const t = new TrabalhoEmSegundoPlano();
    let feito = 0;
    t.iniciar(pausa(5).then(() => feito++));
    t.iniciar(pausa(1).then(() => Promise.reject(new Error('falhou')))).catch(() => undefined);
    t.iniciar(
      pausa(2).then(() => {
        t.iniciar(pausa(10).then(() => feito++));
      }),
    );
    expect(t.tamanho).toBe(3);
    await t.esperar();
    expect(feito).toBe(2);
    expect(t.tamanho).toBe(0);
  });
});
