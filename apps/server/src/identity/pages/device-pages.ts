import { alert, escapeHtml, page } from './layout.ts';

/**
 * The provider's code form carries its own unlabeled text input with an inline
 * handler (which our CSP blocks); it is taken out and replaced by a labelled one.
 */
function withoutProviderInput(form: string): string {
  return form.replace(/<input\s[^>]*?name="user_code"[\s\S]*?(?:<\/input>|\/?>)/, '');
}

/**
 * Where the user types the code shown on the screen. `form` is the provider's
 * form (with its anti-forgery field); our input and buttons attach to it by id.
 */
export function deviceCodeInputPage(form: string, error?: string): string {
  return page(
    'Activate a display',
    `<p>Enter the code shown on the display.</p>
    ${alert(error)}
    ${withoutProviderInput(form)}
    <label for="user_code">Code</label>
    <input id="user_code" form="op.deviceInputForm" name="user_code" type="text" required maxlength="20" autocomplete="off" autocapitalize="characters" spellcheck="false" autofocus>
    <div class="actions"><button class="primary" type="submit" form="op.deviceInputForm">Continue</button></div>`,
  );
}

export interface DeviceDetails {
  readonly customer: string;
  readonly requestedAt: Date | undefined;
  readonly ip: string | undefined;
  readonly browser: string | undefined;
  readonly userCode: string;
}

/**
 * What is being activated, with Confirm and Deny. The provider's confirm form
 * already holds `confirm=yes`; Deny adds `abort=yes`, which the provider checks first.
 * (A second `confirm` field would be refused as a duplicate parameter.)
 */
export function deviceConfirmPage(form: string, device: DeviceDetails): string {
  const when = device.requestedAt ? device.requestedAt.toUTCString() : 'unknown';
  return page(
    'Activate this display?',
    `<p>A display is asking to show boards of <strong>${escapeHtml(device.customer)}</strong>. Confirm only if the code below is the one on the screen in front of you.</p>
    <dl>
      <dt>Code</dt><dd><code class="user-code">${escapeHtml(device.userCode)}</code></dd>
      <dt>Organization</dt><dd>${escapeHtml(device.customer)}</dd>
      <dt>Requested</dt><dd>${escapeHtml(when)}</dd>
      <dt>Address</dt><dd>${escapeHtml(device.ip ?? 'unknown')}</dd>
      <dt>Browser</dt><dd>${escapeHtml(device.browser ?? 'unknown')}</dd>
    </dl>
    ${form}
    <div class="actions">
      <button class="primary" type="submit" form="op.deviceConfirmForm">Confirm</button>
      <button class="secondary" type="submit" form="op.deviceConfirmForm" name="abort" value="yes">Deny</button>
    </div>`,
  );
}

export function deviceSuccessPage(customer: string): string {
  return page(
    'Display activated',
    `<p>The display now shows boards of <strong>${escapeHtml(customer)}</strong>. You can close this page.</p>`,
  );
}
