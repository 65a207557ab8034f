// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, onTestFinished, test } from 'vitest';
import { loadBuiltEnvironmentMap } from '../config/build-environment.ts';
import { LOGIN_MESSAGE_KEYS } from '../lib/login-messages.ts';
import LoginForm from './LoginForm.tsx';

const strings = {
  userId: 'User ID', password: 'Password', submit: 'Log In', submitting: 'Logging in…', showPassword: 'Show password', hidePassword: 'Hide password',
  userIdRequired: 'User ID is required', noSpaces: 'Please enter without spaces', userIdInvalid: 'Please enter valid userId',
  passwordRequired: 'Password is required', passwordTooShort: 'Password too short', passwordTooLong: 'Passwords can have at most 128 characters.', incomplete: 'To continue, fill in correctly:',
  userIdInvalidFix: 'Use only letters, digits and the characters @ . _ - (at most 100).', passwordTooShortFix: 'Use at least 4 characters.',
  messages: Object.fromEntries(LOGIN_MESSAGE_KEYS.map((key) => [key, key])) as Record<(typeof LOGIN_MESSAGE_KEYS)[number], string>,
};
const environmentMap = loadBuiltEnvironmentMap(undefined, 'MOCK');

afterEach(cleanup);

function renderForm() {
  render(<LoginForm strings={strings} wlKey="nxn" environmentMap={environmentMap} clickMonitor={false} />);
  return { user: userEvent.setup(), submit: screen.getByRole('button', { name: 'Log In' }) };
}

test('keeps submit disabled until both fields are valid, saying which are missing', async () => {
  const { user, submit } = renderForm();
  const description = () => (submit.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean).map((id) => document.getElementById(id)?.textContent).join(' ');
  expect(submit.getAttribute('aria-disabled')).toBe('true');
  expect(description()).toBe('To continue, fill in correctly: User ID Password');
  await user.type(screen.getByLabelText('User ID'), 'jdoe');
  expect(submit.getAttribute('aria-disabled')).toBe('true');
  expect(description()).toBe('To continue, fill in correctly: Password');
  await user.type(screen.getByLabelText('Password'), 'Summer#2026');
  expect(submit.getAttribute('aria-disabled')).toBe('false');
  expect(description()).toBe('');
  // Focusable all along: aria-disabled, never disabled, until the form goes out.
  expect((submit as HTMLButtonElement).disabled).toBe(false);
});

test('a press on the disabled-looking Log In, or an Enter in a field, is refused with the messages, announced, and the first field to mend focused', async () => {
  const { user, submit } = renderForm();
  let sent = 0;
  // On the document: after the island's own handler (React listens at its root), so a refusal shows as prevented.
  const count = (event: Event) => { if (!event.defaultPrevented) sent += 1; event.preventDefault(); };
  document.addEventListener('submit', count);
  onTestFinished(() => { document.removeEventListener('submit', count); });
  await user.type(screen.getByLabelText('Password'), 'abc{Enter}');
  expect(sent).toBe(0);
  expect(screen.getByText('User ID is required')).toBeTruthy();
  expect(screen.getByText('Password too short Use at least 4 characters.')).toBeTruthy();
  expect(screen.getByTestId('refusal').textContent).toBe('User ID: User ID is required. Password: Password too short Use at least 4 characters.');
  expect(document.activeElement).toBe(screen.getByLabelText('User ID'));
  await user.type(screen.getByLabelText('User ID'), 'jdoe');
  await user.click(submit);
  expect(sent).toBe(0);
  expect(screen.getByTestId('refusal').textContent).toBe('Password: Password too short Use at least 4 characters.');
  expect(document.activeElement).toBe(screen.getByLabelText('Password'));
});

test('shows field errors only once a field was changed and left', async () => {
  const { user } = renderForm();
  const userId = screen.getByLabelText('User ID');
  await user.click(userId);
  await user.tab();
  // Touched but pristine: no error yet.
  expect(screen.queryByText('User ID is required')).toBeNull();
  const password = screen.getByLabelText('Password');
  await user.type(password, 'abc');
  // Changed but not yet left: no error yet.
  expect(screen.queryByText('Password too short Use at least 4 characters.')).toBeNull();
  await user.tab();
  expect(screen.getByText('Password too short Use at least 4 characters.')).toBeTruthy();
  await user.type(userId, 'j doe');
  expect(screen.getByText('Please enter without spaces')).toBeTruthy();
  expect(userId.getAttribute('aria-invalid')).toBe('true');
  expect(userId.getAttribute('aria-describedby')).toBe(screen.getByText('Please enter without spaces').id);
  await user.clear(userId);
  expect(screen.getByText('User ID is required')).toBeTruthy();
  await user.type(userId, 'jdoe!');
  expect(screen.getByText('Please enter valid userId Use only letters, digits and the characters @ . _ - (at most 100).')).toBeTruthy();
  await user.clear(password);
  expect(screen.getByText('Password is required')).toBeTruthy();
});

test('the password toggle says what a press does: Show password, then Hide password while the password shows', async () => {
  const { user } = renderForm();
  const password = screen.getByLabelText('Password');
  const toggle = screen.getByRole('button', { name: 'Show password' });
  expect(password.getAttribute('type')).toBe('password');
  await user.click(toggle);
  expect(password.getAttribute('type')).toBe('text');
  expect(toggle.textContent).toBe('Hide password');
  expect(screen.queryByRole('button', { name: 'Show password' })).toBeNull();
  await user.click(screen.getByRole('button', { name: 'Hide password' }));
  expect(password.getAttribute('type')).toBe('password');
  expect(toggle.textContent).toBe('Show password');
});

test('a user id pasted with blanks at either end signs in without them; a long one is said, never cut', async () => {
  const { user, submit } = renderForm();
  const userId = screen.getByLabelText<HTMLInputElement>('User ID');
  await user.click(userId);
  await user.paste(` ${'x'.repeat(120)}`);
  await user.tab();
  expect(userId.value).toBe(` ${'x'.repeat(120)}`);
  expect(screen.getByText('Please enter valid userId Use only letters, digits and the characters @ . _ - (at most 100).')).toBeTruthy();
  await user.clear(userId);
  await user.paste(' jdoe\t');
  await user.type(screen.getByLabelText('Password'), 'Summer#2026');
  expect(screen.queryByText('Please enter without spaces')).toBeNull();
  // What the browser would post: the form's fields once every submit listener (React's too) has run.
  let posted: FormDataEntryValue | null = null;
  const read = (event: Event) => {
    posted = new FormData(event.target as HTMLFormElement).get('USER');
    event.preventDefault();
  };
  document.addEventListener('submit', read);
  try {
    await user.click(submit);
  } finally {
    document.removeEventListener('submit', read);
  }
  expect(posted).toBe('jdoe');
});

test('posts the SiteMinder fields with autofill hints', () => {
  renderForm();
  const form = document.querySelector('form');
  const names = [...(form?.querySelectorAll('input') ?? [])].map((input) => input.name);
  expect(names).toEqual(['SMENC', 'TARGET', 'BGTARGET', 'postpreservationdata', 'SUBMIT', 'wl', 'USER', 'PASSWRD']);
  // The password manager's and the passkey autofill's field (design.md, "Passkeys").
  expect(screen.getByLabelText('User ID').getAttribute('autocomplete')).toBe('username webauthn');
  expect(screen.getByLabelText('Password').getAttribute('autocomplete')).toBe('current-password');
  expect(form?.getAttribute('method')).toBe('post');
});

test('coming back from the back/forward cache starts over without the password', async () => {
  const { user, submit } = renderForm();
  await user.type(screen.getByLabelText('User ID'), 'jdoe');
  await user.type(screen.getByLabelText('Password'), 'Summer#2026');
  await user.click(screen.getByRole('button', { name: 'Show password' }));
  const form = document.querySelector('form');
  form?.addEventListener('submit', (event) => event.preventDefault());
  await user.click(submit);
  // Refusing a second press, and keeping the focus (aria-disabled, not disabled: WCAG 2.4.3).
  const sending = screen.getByRole('button', { name: 'Logging in…' });
  expect(sending.getAttribute('aria-disabled')).toBe('true');
  expect(sending).toHaveProperty('disabled', false);
  // Sent from a password field, never from a shown (text) one.
  expect(screen.getByLabelText('Password').getAttribute('type')).toBe('password');
  act(() => {
    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
  });
  expect(screen.getByLabelText<HTMLInputElement>('User ID').value).toBe('jdoe');
  expect(screen.getByLabelText<HTMLInputElement>('Password').value).toBe('');
  expect(screen.getByLabelText('Password').getAttribute('type')).toBe('password');
  expect(screen.queryByText('Password is required')).toBeNull();
  expect(screen.getByRole('button', { name: 'Log In' }).getAttribute('aria-disabled')).toBe('true');
});
