// End-to-end: the Content-Security-Policy of every page. Each page carries the policy; the
// browser enforces it (an inline script does not run); and the suite's guard reports any
// breach (tests/support/browser.js), so that every other test fails on one.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { usePage } from '../../support/session.js';

const session = usePage();

const REQUIRED = [
  "script-src 'self' 'wasm-unsafe-eval'", "worker-src 'self'", "object-src 'none'", "base-uri 'none'",
  "form-action 'none'", "img-src 'self' data: blob:", "default-src 'self'",
];

for (const [name, query] of [['index.html', '?n=6'], ['embed.html', 'embed.html?n=6']]) {
  test(`${name} carries the policy, and the browser holds it`, async () => {
    const page = await session.open(query);
    const policy = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
    const directives = policy.split(';').map((d) => d.trim());
    for (const directive of REQUIRED) assert.ok(directives.includes(directive), `${name} lacks “${directive}”: ${policy}`);
    assert.ok(!/unsafe-inline|unsafe-eval'|\*/.test(policy.replace("'wasm-unsafe-eval'", '')), policy);
    // An inline script is refused, and the refusal is reported as a problem. (An eval cannot be
    // tried from here: code the test runs comes through the DevTools protocol, which the
    // policy does not govern.)
    session.expectProblem(/CSP violation: script-src/);
    session.expectProblem(/Content Security Policy/);
    const reported = page.waitForEvent('console', { predicate: (m) => m.text().startsWith('CSP violation: script-src') });
    const ran = await page.evaluate(() => {
      globalThis.inlineRan = false;
      const script = document.createElement('script');
      script.textContent = 'globalThis.inlineRan = true;';
      document.body.append(script); // an inline script runs (or not) as it is inserted
      return globalThis.inlineRan;
    });
    assert.equal(ran, false, 'the inline script ran');
    await assert.doesNotReject(reported, 'the guard reported the breach');
  });
}
