// @vitest-environment jsdom
// @vitest-environment-options {"url": "https://portal-qa.nxn.example/self-service/cwa/fps-self-change-pw?uid=jdoe&uti=external"}
import { cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, expect, test } from 'vitest';
import type { PortalKind } from '../domain/portal-kinds.ts';
import { loadEnvironmentMap } from '../config/load-environment-map.ts';
import { CHANGE_PASSWORD_ERROR_CODES } from '../domain/error-codes.ts';
import ChangePasswordForm from './ChangePasswordForm.tsx';
import type { ChangePasswordStrings } from './ChangePasswordForm.tsx';

const text = (key: string) => key;
const strings: ChangePasswordStrings = {
  intro: text('intro'), ftuIntro: text('ftuIntro'), userId: text('userId'), current: text('current'), next: text('next'), confirm: text('confirm'),
  show: text('show'), submit: text('submit'), rules: text('rules'), length: text('length'), upper: text('upper'), lower: text('lower'), digit: text('digit'),
  special: text('special'), match: text('match'), differs: text('differs'), met: text('met'), unmet: text('unmet'), tooLong: text('tooLong'),
  errors: { ...Object.fromEntries(CHANGE_PASSWORD_ERROR_CODES.map((code) => [code, code])), generic: 'generic' } as ChangePasswordStrings['errors'],
};

afterEach(cleanup);

/** The smagentname the rendered form posts with once the host is resolved, on this file's QA host (portal-qa.nxn.example). */
async function agentPosted(portalKind: PortalKind): Promise<string | null> {
  const { container } = render(<ChangePasswordForm strings={strings} wlKey="cwa" environmentMap={loadEnvironmentMap()} portalKind={portalKind} clickMonitor={false} />);
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
