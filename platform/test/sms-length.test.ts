import { describe, expect, it } from 'vitest';
import { fitTwoSegments, smsSegments } from '../src/messaging/sms-length.ts';

describe('SMS segments', () => {
  it('counts GSM-7 texts 160 to one segment and 153 to each of several, the extension characters twice', () => {
    expect(smsSegments('a'.repeat(160))).toBe(1);
    expect(smsSegments('a'.repeat(161))).toBe(2);
    expect(smsSegments('a'.repeat(306))).toBe(2);
    expect(smsSegments('a'.repeat(307))).toBe(3);
    expect(smsSegments(`${'a'.repeat(159)}€`)).toBe(2);
    // é, ñ and ü are GSM-7's own.
    expect(smsSegments(`${'é'.repeat(80)}${'ñ'.repeat(80)}`)).toBe(1);
  });

  it('counts any other text in UCS-2: 70 to one segment, 67 to each of several', () => {
    expect(smsSegments('á'.repeat(70))).toBe(1);
    expect(smsSegments('á'.repeat(71))).toBe(2);
    expect(smsSegments('á'.repeat(134))).toBe(2);
    expect(smsSegments('á'.repeat(135))).toBe(3);
  });

  it('keeps a short text as written and spells a longer one in GSM-7, keeping the accents GSM-7 has', () => {
    expect(fitTwoSegments('Nueva rotación en Casa Gaviota.')).toBe('Nueva rotación en Casa Gaviota.');
    const long = `La rotación en Casa Gaviota que tienes asignada tiene como hora límite el 20 ene y aún no ha empezado; l’équipe, señal. ${'x'.repeat(60)}`;
    const fitted = fitTwoSegments(long);
    expect(fitted).toBe(
      `La rotacion en Casa Gaviota que tienes asignada tiene como hora limite el 20 ene y aun no ha empezado; l'équipe, señal. ${'x'.repeat(60)}`,
    );
    expect(smsSegments(fitted)).toBe(2);
  });
});
