import { randomBytes } from 'node:crypto';
import { createChallenge, randomInt, verifySolution, type Challenge, type Solution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { SharedState } from '../../plugins/shared-state';

/**
 * ALTCHA proof of work, self-hosted. A challenge asks the browser to find a counter (0…max) whose SHA-256 key has a
 * given prefix; the answer comes back as `captchaValue` (base64 JSON {challenge, solution}). One solved challenge
 * covers a browsing session of searches (USES_PER_SOLUTION) until it expires, so patients solve it rarely.
 */
export const CHALLENGE_TTL_SECONDS = 20 * 60;
export const USES_PER_SOLUTION = 100;
/** About 25k SHA-256 on average: well under a second in a browser. */
const MAX_COUNTER = 50_000;

export class Captcha {
  private readonly secret: string;

  /** Uses of each solution are counted in the shared state, so every API process sees the same count. */
  constructor(
    private readonly shared: SharedState,
    secret?: string,
  ) {
    this.secret = secret ?? randomBytes(32).toString('hex');
  }

  async challenge(): Promise<Challenge> {
    return createChallenge({
      algorithm: 'SHA-256',
      cost: 1,
      counter: randomInt(MAX_COUNTER),
      deriveKey,
      hmacSignatureSecret: this.secret,
      expiresAt: new Date(Date.now() + CHALLENGE_TTL_SECONDS * 1000),
    });
  }

  /** True for a genuine, unexpired solution that has not used up its searches. Never throws. */
  async verify(captchaValue: string | undefined): Promise<boolean> {
    if (!captchaValue || captchaValue.length > 4096) return false;
    let payload: { challenge?: Challenge; solution?: Solution };
    try {
      payload = JSON.parse(Buffer.from(captchaValue, 'base64').toString('utf8'));
    } catch {
      return false;
    }
    if (!payload?.challenge?.parameters || !payload.solution) return false;
    try {
      const result = await verifySolution({
        challenge: payload.challenge,
        solution: payload.solution,
        deriveKey,
        hmacSignatureSecret: this.secret,
      });
      if (!result.verified) return false;
    } catch {
      return false;
    }
    const expiresAt = (payload.challenge.parameters.expiresAt ?? Date.now() / 1000 + CHALLENGE_TTL_SECONDS) * 1000;
    const { current } = await this.shared.incr(`captcha:${payload.challenge.signature}`, Math.max(1000, expiresAt - Date.now()));
    return current <= USES_PER_SOLUTION;
  }
}
