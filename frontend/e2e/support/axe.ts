import { createRequire } from 'node:module';
import * as fs from 'node:fs';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
/** axe-core's browser build, injected into the page under test. */
const AXE_SOURCE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: unknown[] }>;
}

/**
 * The WCAG 2.1 A/AA violations axe finds on the page as it is now, one line each
 * ("rule (impact): help → selectors"), so a failing test says what to fix.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  // A toast sliding in (or out) is half transparent for a moment: check what the reader sees once
  // every transition and finite animation has settled (endless ones, such as spinners, never do).
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every((a) => a.playState !== 'running' || (!(a instanceof CSSTransition) && a.effect?.getComputedTiming().endTime === Infinity)),
      undefined,
      { timeout: 3_000 },
    )
    .catch(() => undefined);
  // Evaluated over the DevTools protocol: the app's CSP (script-src 'self') rightly refuses an inline tag.
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: object, options: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
    // A toast stacked behind the front one is drawn faded on purpose (it expands on hover), so its
    // contrast is not what a reader gets; the front toast and everything else are checked.
    // A toast on its way out (data-removed) is fading by design, too.
    const context = { include: [document], exclude: [['[data-sonner-toast][data-front="false"]'], ['[data-sonner-toast][data-removed="true"]']] };
    const result = await axe.run(context, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
    return result.violations;
  });
  return violations.map((v) => `${v.id} (${v.impact ?? 'n/a'}): ${v.help} → ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
