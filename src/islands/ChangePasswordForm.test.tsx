// @vitest-environment jsdom
// @vitest-environment-options {"url": "https://portal-qa.nxn.example/self-service/cwa/fps-self-change-pw?uid=jdoe&uti=external"}
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { afterEach, expect, test } from 'vitest';
import type { PortalKind } from '../domain/portal-kinds.ts';
import { loadBuiltEnvironmentMap } from '../config/build-environment.ts';
import { CHANGE_PASSWORD_ERROR_CODES } from '../domain/error-codes.ts';
import ChangePasswordForm from './ChangePasswordForm.tsx';
import type { ChangePasswordStrings } from './ChangePasswordForm.tsx';

const text = (key: string) => key;
const strings: ChangePasswordStrings = {
  intro: text('intro'), ftuIntro: text('ftuIntro'), userId: text('userId'), current: text('current'), next: text('next'), confirm: text('confirm'),
  show: text('show'), hide: text('hide'), submit: text('submit'), rules: text('rules'), length: 'At least {{min}} characters',
  lengthByType: 'At least 8 characters (16 for internal users)', upper: text('upper'), lower: text('lower'), digit: text('digit'),
  special: text('special'), match: text('match'), differs: text('differs'), met: text('met'), unmet: text('unmet'), tooLong: text('tooLong'), incomplete: text('incomplete'),
  errors: { ...Object.fromEntries(CHANGE_PASSWORD_ERROR_CODES.map((code) => [code, code])), generic: 'generic' } as ChangePasswordStrings['errors'],
};

afterEach(cleanup);

/** The smagentname the rendered form posts with once the host is resolved, on this file's QA host (portal-qa.nxn.example). */
async function agentPosted(portalKind: PortalKind): Promise<string | null> {
  const { container } = render(<ChangePasswordForm strings={strings} wlKey="cwa" environmentMap={loadBuiltEnvironmentMap(undefined, 'MOCK')} portalKind={portalKind} clickMonitor={false} />);
  const agent = () => new URLSearchParams((container.querySelector('form')?.getAttribute('action') ?? '').split('?')[1]).get('smagentname');
  // Production's agent until the environment resolution (loaded after the page) has read the host.
  await waitFor(() => { expect(agent()).toMatch(/qa$/); });
  return agent();
}

test('on a QA host an investor portal posts the password change to the investor QA agent', async () => {
  expect(await agentPosted('investor')).toBe('nxnportalqa');
});

test('on a QA host a client portal posts the password change to the client QA agent', async () => {
  expect(await agentPosted('client')).toBe('nxnclientqa');
});

test('the static HTML carries the length rule of every user type for the pre-paint mark to pick; once running, only the query\'s', async () => {
  const form = <ChangePasswordForm strings={strings} wlKey="cwa" environmentMap={loadBuiltEnvironmentMap(undefined, 'MOCK')} portalKind="investor" clickMonitor={false} />;
  const html = new DOMParser().parseFromString(renderToString(form), 'text/html');
  const text = (variant: string) => html.querySelector(`.rule-length--${variant}`)?.textContent;
  expect([text('any'), text('external'), text('internal')]).toEqual(['At least 8 characters (16 for internal users)', 'At least 8 characters', 'At least 16 characters']);
  const { container } = render(form);
  // This file's address has uti=external.
  await waitFor(() => { expect(container.querySelector('[data-rule="length"]')?.textContent).toContain('At least 8 characters'); });
  expect(container.querySelector('.rule-length')).toBeNull();
  expect(container.textContent).not.toContain('16');
});

test('the show toggle says what a press does', async () => {
  render(<ChangePasswordForm strings={strings} wlKey="cwa" environmentMap={loadBuiltEnvironmentMap(undefined, 'MOCK')} portalKind="investor" clickMonitor={false} />);
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'show' }));
  expect(screen.getByLabelText('next').getAttribute('type')).toBe('text');
  await user.click(screen.getByRole('button', { name: 'hide' }));
  expect(screen.getByLabelText('next').getAttribute('type')).toBe('password');
});
