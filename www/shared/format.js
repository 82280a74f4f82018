// Every number, plural, duration and percentage the page writes, in one place. Pure; no DOM.

/** Intl's formatter, made on first need only: the first Intl.NumberFormat of a page loads the
 *  browser's locale data, a long task (tens of ms) that the first load does without. */
let intlGrouped = null;

/** 1234567 → "1,234,567" (rounded to a whole number; grouped by thousands up to 2^53), the
 *  text Intl.NumberFormat('en') writes. A finite whole number below 10^21 (String() writes
 *  all its digits) is grouped here; the rest (∞, NaN, -0, 10^21 and over) by Intl. */
export function grouped(value) {
  const whole = Math.round(value);
  if (Number.isFinite(whole) && Math.abs(whole) < 1e21 && !Object.is(whole, -0)) {
    return String(whole).replace(/\B(?=(\d{3})+$)/g, ',');
  }
  intlGrouped ??= new Intl.NumberFormat('en');
  return intlGrouped.format(whole);
}

/** (1, 'queen') → "1 queen"; (3, 'queen') → "3 queens"; (2, 'class', 'classes') → "2 classes". */
export const plural = (howMany, word, words = `${word}s`) => `${grouped(howMany)} ${howMany === 1 ? word : words}`;

/** The word alone, agreeing with `howMany`: (1, 'step') → "step", (5, 'step') → "steps". */
export const agree = (howMany, word, words = `${word}s`) => (howMany === 1 ? word : words);

/** Milliseconds → "850 ms", "4.21 s", "3 min 05 s", "3 h 29 min", "2 days 4 h". */
export function duration(ms) {
  if (!Number.isFinite(ms)) return '–';
  if (ms < 0.5) return '< 1 ms';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 59_950) return `${(ms / 1000).toFixed(ms < 9995 ? 2 : 1)} s`;
  return timeSpan(ms / 1000);
}

/** Seconds as a person says them: "45 s", "3 min 20 s", "2 h 05 min", "4 days", "3.2 million years". */
export function timeSpan(seconds) {
  if (!Number.isFinite(seconds)) return 'forever';
  if (seconds < 59.5) return `${Math.max(1, Math.round(seconds))} s`;
  if (seconds < 3570) {
    const whole = Math.round(seconds);
    return `${Math.floor(whole / 60)} min ${String(whole % 60).padStart(2, '0')} s`;
  }
  if (seconds < 86_370) {
    const minutes = Math.round(seconds / 60);
    return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
  }
  const days = Math.round(seconds / 86_400);
  if (days < 365) return plural(days, 'day');
  const years = seconds / (86_400 * 365.25);
  if (years < 1e6) return plural(Math.round(years), 'year');
  if (years < 1e12) return `${(years / 1e6).toPrecision(2)} million years`;
  const exponent = Math.floor(Math.log10(years));
  return `${(years / 10 ** exponent).toFixed(1)} × 10^${exponent} years`;
}

/** Work in a time, in `unit` (a counting method's work unit; nodes by default) → "173 M nodes/s". */
export function rate(work, ms, unit = 'nodes') {
  if (!(ms > 0)) return '–';
  const perSecond = (work / ms) * 1000;
  return perSecond >= 1e6 ? `${(perSecond / 1e6).toFixed(0)} M ${unit}/s` : `${grouped(perSecond)} ${unit}/s`;
}

/** 1 → "1 worker", 2 → "2 workers". */
export const workerCount = (howMany) => plural(howMany, 'worker');

/** A steps-per-second speed: "1 step/s", "1,000 steps/s", "as fast as possible". */
export const stepsPerSecond = (speed) => (speed === Infinity ? 'as fast as possible' : `${plural(speed, 'step')}/s`);

/** A fraction (0..1) as a percentage rounded down, with 2 significant digits below 1%:
 *  in decimals down to 0.000010% ("0.00093%"), in powers of ten below. */
export function percentDown(fraction) {
  const percent = fraction * 100;
  if (percent >= 100) return '99.9%'; // 100% only at the end
  if (percent >= 1) return `${(Math.floor(percent * 10) / 10).toFixed(1)}%`;
  if (percent <= 0) return '0%';
  let exponent = Math.floor(Math.log10(percent));
  let mantissa = Math.floor((percent / 10 ** exponent) * 10) / 10;
  if (mantissa >= 10) [mantissa, exponent] = [mantissa / 10, exponent + 1]; // log10 rounding
  if (exponent >= -5) {
    const decimals = 1 - exponent;
    const factor = 10 ** decimals;
    return `${(Math.floor(percent * factor) / factor).toFixed(decimals)}%`;
  }
  return `${mantissa.toFixed(1)} × 10^${exponent}%`;
}

/** A range of fractions as percentages: "between 1.2% and 3.4%", or "about 1.0 × 10^-16%" when both read alike. */
export function percentRange(low, high) {
  const [a, b] = [percentDown(low), percentDown(high)];
  return a === b ? `about ${a}` : `between ${a} and ${b}`;
}

/** A count that may be astronomically large: exact with its digits, or "6.0 × 10^15". */
export function large(value) {
  if (value < 1e15) return grouped(value);
  const exponent = Math.floor(Math.log10(value));
  return `${(value / 10 ** exponent).toFixed(1)} × 10^${exponent}`;
}
