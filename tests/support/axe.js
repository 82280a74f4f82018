// Accessibility audits with axe-core (from npm), run inside the page under test.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The impacts that fail a test. */
export const BLOCKING = ['serious', 'critical'];

/**
 * Runs every axe-core rule on the page as it is now; resolves to the violations of serious or
 * critical impact, each as one readable line: "rule (impact): help — target, target".
 */
export function seriousViolations(page) {
  return violations(page, BLOCKING);
}

/** Every axe-core violation of the page as it is now, of any impact (minor, moderate, serious,
 *  critical): for a view that should have none at all. Lines as seriousViolations gives them. */
export function everyViolation(page) {
  return violations(page, ['minor', 'moderate', 'serious', 'critical']);
}

/** The violations whose impact is one of `impacts`, one readable line each. */
async function violations(page, impacts) {
  // Evaluated through the DevTools protocol: a <script> tag of it would be inline script, which
  // the page's Content-Security-Policy refuses.
  if (!(await page.evaluate(() => Boolean(globalThis.axe)))) await page.evaluate(`${axeSource}\n;undefined`);
  const violations = await page.evaluate(async () => (await globalThis.axe.run(document)).violations
    .map(({ id, impact, help, nodes }) => ({ id, impact, help, targets: nodes.map((n) => n.target.join(' ')) })));
  return violations
    .filter((v) => impacts.includes(v.impact))
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.targets.slice(0, 5).join(', ')}${v.targets.length > 5 ? ', …' : ''}`);
}
