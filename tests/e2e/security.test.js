// End-to-end: the Content-Security-Policy of every page. Each page carries the policy; the
// browser enforces it (an inline script does not run); and the suite's guard reports any
// breach (tests/support/browser.js), so that every other test fails on one.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { usePage } from '../support/session.js';

const session = usePage();

const REQUIRED = [
  "script-src 'self' 'wasm-unsafe-eval'", "worker-src 'self' blob:", "object-src 'none'", "base-uri 'none'",
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
    const ran = await page.evaluate(async () => {
      globalThis.inlineRan = false;
      const script = document.createElement('script');
      script.textContent = 'globalThis.inlineRan = true;';
      document.body.append(script);
      await new Promise((resolve) => setTimeout(resolve, 100));
      return globalThis.inlineRan;
    });
    assert.equal(ran, false, 'the inline script ran');
    await page.waitForTimeout(200);
    assert.ok(page.problems.some((p) => p.startsWith('console error: CSP violation: script-src')), page.problems.join('\n'));
  });
}
