import { expect, test } from 'vitest';
import { BaseDriver } from '../journeys/base-driver.ts';
import type { Cookie, EngineName } from '../journeys/driver.ts';
import type { PageRequest, Probe } from '../journeys/in-page.ts';

/**
 * The journeys' driver repeats only what is safe to repeat: looking for an element, and an action that says it
 * did nothing. An action that failed after it may have acted (a click whose answer was lost, a fill cut off by
 * a navigation) is never sent again: a second click can submit twice, and the retry would hide the first failure.
 */
class ScriptedDriver extends BaseDriver {
  readonly engine: EngineName = 'chromium';
  clicks = 0;
  fills = 0;
  private readonly script: { probe: Array<'shown' | 'hidden' | 'throws'>; click: Array<'done' | 'nothing' | 'throws'>; fill?: 'throws' };
  constructor(script: ScriptedDriver['script']) {
    super('http://portal.test');
    this.script = script;
  }

  override probe(): Promise<Probe> {
    const next = this.script.probe.shift() ?? 'shown';
    if (next === 'throws') return Promise.reject(new Error('Execution context was destroyed'));
    return Promise.resolve({ count: 1, visible: next === 'shown', text: '', value: null, focused: false, attribute: null });
  }

  protected clickShown(): Promise<boolean> {
    const next = this.script.click.shift() ?? 'done';
    if (next === 'nothing') return Promise.resolve(false);
    this.clicks += 1;
    return next === 'throws' ? Promise.reject(new Error('the page went away during the click')) : Promise.resolve(true);
  }

  protected override request(request: PageRequest): Promise<boolean> {
    if (request.op !== 'fill') return Promise.resolve(true);
    this.fills += 1;
    return this.script.fill === 'throws' ? Promise.reject(new Error('navigated during the fill')) : Promise.resolve(true);
  }

  protected navigate(): Promise<void> { return Promise.resolve(); }
  reload(): Promise<void> { return Promise.resolve(); }
  url(): Promise<string> { return Promise.resolve(this.baseUrl); }
  type(): Promise<void> { return Promise.resolve(); }
  press(): Promise<void> { return Promise.resolve(); }
  evaluate<A, R>(fn: (arg: A) => R, arg: A): Promise<Awaited<R>> { return Promise.resolve<Awaited<R>>(fn(arg) as Awaited<R>); }
  inject(): Promise<void> { return Promise.resolve(); }
  cookies(): Promise<Cookie[]> { return Promise.resolve([]); }
  setCookie(): Promise<void> { return Promise.resolve(); }
  clearCookies(): Promise<void> { return Promise.resolve(); }
  close(): Promise<void> { return Promise.resolve(); }
}

const button = { role: 'button', name: 'Log In' } as const;

test('a click that failed after it was sent is not sent again: the first failure is the step\'s', async () => {
  const driver = new ScriptedDriver({ probe: [], click: ['throws', 'done'] });
  await expect(driver.click(button)).rejects.toThrow('the page went away during the click');
  expect(driver.clicks).toBe(1);
});

test('a fill that failed half-way is not typed again', async () => {
  const driver = new ScriptedDriver({ probe: [], click: [], fill: 'throws' });
  await expect(driver.fill({ label: 'User ID' }, 'jdoe')).rejects.toThrow('navigated during the fill');
  expect(driver.fills).toBe(1);
});

test('looking for the element is repeated through a navigation and until it shows, then the click is sent once', async () => {
  const driver = new ScriptedDriver({ probe: ['throws', 'hidden', 'shown', 'shown'], click: ['nothing', 'done'] });
  await driver.click(button);
  expect(driver.clicks).toBe(1);
});
