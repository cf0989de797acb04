import { createHmac } from 'node:crypto';

/** `X-Careboard-Signature` for a body, as an RTLS vendor signs it: t=<unix seconds>,v1=<hex HMAC>. */
export function signature(secret: string, body: string, nowMs = Date.now()): string {
  const t = Math.floor(nowMs / 1000);
  const v1 = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  return `t=${t},v1=${v1}`;
}
