/**
 * The sound of a new notification (SPEC §7: `/voice`, played at volume 0.5): a soft two-tone
 * chime, E6 then C6 with a little bell overtone, 0.42 s of 16-bit mono PCM at 22,050 Hz in a
 * RIFF/WAVE file (~18 KB). Made once, in code, so there is no binary file to ship.
 */
const SAMPLE_RATE = 22_050;

function tone(out: Float64Array, startS: number, freq: number, lengthS: number, gain: number) {
  const start = Math.round(startS * SAMPLE_RATE);
  const length = Math.min(Math.round(lengthS * SAMPLE_RATE), out.length - start);
  const attack = Math.round(0.005 * SAMPLE_RATE);
  for (let i = 0; i < length; i++) {
    const t = i / SAMPLE_RATE;
    const envelope = Math.min(1, i / attack) * Math.exp(-t * 9);
    const wave = Math.sin(2 * Math.PI * freq * t) + 0.25 * Math.sin(2 * Math.PI * freq * 2.01 * t) * Math.exp(-t * 12);
    out[start + i] += gain * envelope * wave;
  }
}

export function chimeWav(): Buffer {
  const seconds = 0.42;
  const samples = new Float64Array(Math.round(seconds * SAMPLE_RATE));
  tone(samples, 0, 1318.51, 0.42, 0.45); // E6
  tone(samples, 0.12, 1046.5, 0.3, 0.5); // C6
  const fadeOut = Math.round(0.03 * SAMPLE_RATE);
  const data = Buffer.alloc(samples.length * 2);
  for (let i = 0; i < samples.length; i++) {
    const fade = Math.min(1, (samples.length - i) / fadeOut);
    const value = Math.max(-1, Math.min(1, samples[i] * fade));
    data.writeInt16LE(Math.round(value * 32_767 * 0.8), i * 2);
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16); // fmt chunk size
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(SAMPLE_RATE, 24);
  header.writeUInt32LE(SAMPLE_RATE * 2, 28); // byte rate
  header.writeUInt16LE(2, 32); // block align
  header.writeUInt16LE(16, 34); // bits per sample
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

let cached: Buffer | null = null;

/** The chime, made on first use. */
export function voiceFile(): Buffer {
  return (cached ??= chimeWav());
}
