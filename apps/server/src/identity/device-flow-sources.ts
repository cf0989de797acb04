import type { KoaContextWithOIDC } from 'oidc-provider';
import { deviceCodeInputPage, deviceConfirmPage, deviceSuccessPage } from './pages/device-pages.ts';

/** What the code page says for each way a typed code can fail; the same text for unknown and malformed codes. */
function inputError(error: unknown): string | undefined {
  if (!error) return undefined;
  const name = (error as { name?: string }).name;
  switch (name) {
    case 'AbortedError':
      return 'Activation denied. The display was not activated; it will show a new code shortly.';
    case 'ExpiredError':
      return 'This code has expired. The display will show a new one shortly.';
    case 'AlreadyUsedError':
      return 'This code has already been used.';
    case 'NoCodeError':
    case 'NotFoundError':
      return 'That code is not valid. Check the code on the display and try again.';
    default:
      return 'The code could not be checked. Try again.';
  }
}

export async function userCodeInputSource(
  ctx: KoaContextWithOIDC,
  form: string,
  _out: unknown,
  error?: unknown,
): Promise<void> {
  ctx.type = 'html';
  ctx.body = deviceCodeInputPage(form, inputError(error));
}

export async function userCodeConfirmSource(
  ctx: KoaContextWithOIDC,
  form: string,
  client: { clientName?: string; clientId: string },
  deviceInfo: { ip?: string; ua?: string } | undefined,
  userCode: string,
): Promise<void> {
  const iat = (ctx.oidc.entities.DeviceCode as { iat?: number } | undefined)?.iat;
  ctx.type = 'html';
  ctx.body = deviceConfirmPage(form, {
    customer: client.clientName ?? client.clientId,
    requestedAt: iat ? new Date(iat * 1000) : undefined,
    ip: deviceInfo?.ip,
    browser: deviceInfo?.ua,
    userCode,
  });
}

export async function successSource(ctx: KoaContextWithOIDC): Promise<void> {
  const client = ctx.oidc.client;
  ctx.type = 'html';
  ctx.body = deviceSuccessPage(client?.clientName ?? client?.clientId ?? '');
}
