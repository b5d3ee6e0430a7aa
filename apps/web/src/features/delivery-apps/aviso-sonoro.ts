// The new-order beep of the order desk: two short tones made with Web Audio (no audio file). Browsers keep an
// AudioContext suspended until the page gets a user gesture, so the context is created (or resumed) on the
// first click or key and the desk offers an "Ativar som" button while it is not running.

type ContextoAudio = AudioContext;

let contexto: ContextoAudio | null = null;

function construtor(): (new () => ContextoAudio) | undefined {
  const w = globalThis as {
    AudioContext?: new () => ContextoAudio;
    webkitAudioContext?: new () => ContextoAudio;
  };
  return w.AudioContext ?? w.webkitAudioContext;
}

/** Whether this browser can beep at all. */
export const somDisponivel = () => construtor() !== undefined;

/** Whether a beep would be heard now (the context exists and runs). */
export const somAtivo = () => contexto?.state === 'running';

/** Creates or resumes the context; call it from a user gesture. Answers whether the sound is on. */
export async function ativarSom(): Promise<boolean> {
  const C = construtor();
  if (!C) return false;
  contexto ??= new C();
  if (contexto.state !== 'running') {
    try {
      await contexto.resume();
    } catch {
      return false;
    }
  }
  return somAtivo();
}

/** Two tones (880 Hz then 1320 Hz, 0.15 s each); silent while the browser has not allowed the sound. */
export function tocarAviso(): boolean {
  if (contexto?.state !== 'running') return false;
  const inicio = contexto.currentTime;
  for (const [i, frequencia] of [880, 1320].entries()) {
    const osc = contexto.createOscillator();
    const ganho = contexto.createGain();
    osc.type = 'sine';
    osc.frequency.value = frequencia;
    const t = inicio + i * 0.18;
    ganho.gain.setValueAtTime(0.0001, t);
    ganho.gain.exponentialRampToValueAtTime(0.3, t + 0.02);
    ganho.gain.exponentialRampToValueAtTime(0.0001, t + 0.15);
    osc.connect(ganho);
    ganho.connect(contexto.destination);
    osc.start(t);
    osc.stop(t + 0.16);
  }
  return true;
}

/** Tests: forget the context. */
export function reiniciarSomParaTeste(): void {
  contexto = null;
}
