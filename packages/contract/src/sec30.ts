/**
 * SEC30 password transport (spec §5): when the build option and the server setting say SEC30, the
 * password fields travel AES-256-GCM encrypted as base64(iv ‖ ciphertext ‖ tag). The key is
 * SHA-256 of `keyLabel + window`, window = floor(unix seconds / 30); the server also accepts the
 * previous window. Obfuscation on top of TLS, not a secret: anyone with the client code can derive it.
 */
export const sec30 = {
  mode: 'SEC30',
  windowS: 30,
  ivBytes: 12,
  tagBytes: 16,
  keyLabel: 'starlight-sec30:',
} as const;

export const sec30Window = (epochMs: number): number => Math.floor(epochMs / 1000 / sec30.windowS);

/** Password fields encrypted in each form's request body. */
export const sec30Fields = ['password', 'password_confirm', 'old_password'] as const;
